package design

import (
	"math/bits"
	"sync"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// A screen tells cheaply that a snake has more solutions than wanted: it
// searches the snake's foldings from one end until they are more than
// that many solutions can have, and gives up after a budget of nodes.
// Snakes drawn from random foldings come out in proportion to their
// solutions, so most draws of a big box have many, and a full count of
// thousands of solutions takes seconds where the screen takes
// milliseconds. A snake the screen does not reject is counted by the
// solver, which alone decides what is kept: the screen only counts
// foldings it has found, so it never rejects a snake with few enough.
//
// The search is plain: 64-bit sets of cells, the top of the tree walked
// once per class of the path's stabiliser (the symmetries fixing the
// path's cells), each folding weighed by its class's members, and a path
// abandoned when a free cell has no free neighbour, or when two free
// cells that are not next to the head have one (each would have to be the
// last cell).
type screen struct {
	box  symmetry.Box
	n    int
	all  uint64
	nb   [symmetry.MaxCells][symmetry.NumDirs]int8
	perm [][symmetry.MaxCells]int8
	// still: the symmetries that fix every cell.
	still uint64
	// around[c]: c's neighbours; ahead[c][d]: the one in direction d;
	// across[c][a]: those off axis a.
	around [symmetry.MaxCells]uint64
	ahead  [symmetry.MaxCells][symmetry.NumDirs]uint64
	across [symmetry.MaxCells][3]uint64
	// shifts: for each direction, the cells that have a neighbour that
	// way, and the shift of the index to it.
	has   [symmetry.NumDirs]uint64
	shift [symmetry.NumDirs]int
}

var screens sync.Map // symmetry.Box -> *screen

func screenOf(b symmetry.Box) *screen {
	if s, ok := screens.Load(b); ok {
		return s.(*screen)
	}
	s := &screen{box: b, n: b.Len()}
	s.all = ^uint64(0) >> (symmetry.MaxCells - s.n)
	strides := [3]int{1, b.Size[0], b.Size[0] * b.Size[1]}
	for d := range symmetry.Dir(symmetry.NumDirs) {
		s.shift[d] = strides[d.Axis()]
		if d.Neg() {
			s.shift[d] = -s.shift[d]
		}
	}
	for c := range s.n {
		p := b.Coord(c)
		for d := range symmetry.Dir(symmetry.NumDirs) {
			s.nb[c][d] = -1
			if q := b.Step(p, d); b.Contains(q) {
				e := b.Index(q)
				s.nb[c][d] = int8(e)
				s.around[c] |= 1 << e
				s.ahead[c][d] = 1 << e
				s.has[d] |= 1 << c
				for a := range 3 {
					if a != d.Axis() {
						s.across[c][a] |= 1 << e
					}
				}
			}
		}
	}
	for k, t := range b.Group() {
		var m [symmetry.MaxCells]int8
		fixed := true
		for c := range s.n {
			m[c] = int8(b.Index(t.Cell(b, b.Coord(c))))
			fixed = fixed && int(m[c]) == c
		}
		s.perm = append(s.perm, m)
		if fixed {
			s.still |= 1 << k
		}
	}
	v, _ := screens.LoadOrStore(b, s)
	return v.(*screen)
}

// screenNodes is the budget of a screen from each end: some tens of
// milliseconds, less than a solver takes on most 4x4x4 snakes with many
// solutions.
const screenNodes = 2_000_000

// screening is one screen of snake q.
type screening struct {
	*screen
	q      solver.Seq
	limit  uint64 // the weighted foldings beyond which q has too many
	budget uint64 // the most nodes to visit
	found  uint64
	nodes  uint64
}

// tooMany reports whether snake q of box b has certainly more than k
// solutions: its foldings from one end, found within the screen's budget
// from either, are more than k solutions can have (|G| each, or 2|G| for
// a palindrome's). A snake's tree can be much smaller from one end than
// from the other, so both are tried.
func tooMany(b symmetry.Box, q solver.Seq, k int) bool {
	for _, rd := range []solver.Seq{q, q.Reverse()} {
		s := &screening{screen: screenOf(b), q: rd, budget: screenNodes}
		s.limit = uint64(b.Orbit()) * uint64(k)
		if q.Palindrome() {
			s.limit *= 2
		}
		s.run()
		if s.found > s.limit {
			return true
		}
	}
	return false
}

// run searches from the root: cubelet 0 in every cell.
func (s *screening) run() {
	var path [symmetry.MaxCells]int8
	s.top(path[:0], 0, 1<<len(s.perm)-1, 1)
}

// done reports whether the screen is over: too many foldings found, or
// the budget spent.
func (s *screening) done() bool { return s.found > s.limit || s.nodes > s.budget }

// top searches the children of the node of path, entered by move last,
// one per class of the stabiliser stab, each counting for weight times
// its class's members.
func (s *screening) top(path []int8, last symmetry.Dir, stab uint64, weight uint64) {
	i := len(path) - 1
	cand := s.all
	var occ uint64
	for _, c := range path {
		occ |= 1 << c
	}
	if i >= 0 {
		cand = s.moves(i, path[i], last) &^ occ
	}
	for cand != 0 && !s.done() {
		c := int8(bits.TrailingZeros64(cand))
		var class, sub uint64
		for g := stab; g != 0; g &= g - 1 {
			k := bits.TrailingZeros64(g)
			img := s.perm[k][c]
			class |= 1 << img
			if img == c {
				sub |= 1 << k
			}
		}
		cand &^= class
		var d symmetry.Dir
		if i >= 0 {
			d = s.dirTo(path[i], c)
		}
		w := weight * uint64(bits.OnesCount64(class))
		p := append(path, c)
		switch {
		case len(p) == s.n:
			s.found += w
		case sub&^s.still != 0:
			s.top(p, d, sub, w)
		default:
			s.search(p, d, w)
		}
	}
}

// moves returns the cells cubelet i+1 may take from cubelet i in cell h,
// entered by move last.
func (s *screening) moves(i int, h int8, last symmetry.Dir) uint64 {
	switch {
	case i == 0:
		return s.around[h]
	case s.q.Turn(i):
		return s.across[h][last.Axis()]
	}
	return s.ahead[h][last]
}

func (s *screening) dirTo(a, c int8) symmetry.Dir {
	for d, e := range s.nb[a] {
		if e == c {
			return symmetry.Dir(d)
		}
	}
	panic("design: cells not neighbours")
}

// dead reports whether no folding completes the path whose cells are occ,
// with head h and left free cells to fill: a free cell with no free
// neighbour can never be entered and left, nor entered at all unless it
// is next to the head and the last cell; a free cell with one free
// neighbour, not next to the head, can only be the last cell, and only
// one cell is.
func (s *screening) dead(occ uint64, h int8, left int) bool {
	free := s.all &^ occ
	var n0, n1 uint64 // free neighbours of each cell, saturating at 2: bit 0, bit 1
	for d := range symmetry.NumDirs {
		var nbr uint64 // the cells whose neighbour in direction d is free
		if sh := s.shift[d]; sh > 0 {
			nbr = free >> sh & s.has[d]
		} else {
			nbr = free << -sh & s.has[d]
		}
		n1 |= n0 & nbr
		n0 ^= nbr
		n0 &^= n1
	}
	deg0 := free &^ n0 &^ n1
	deg1 := free & n0
	if deg0 != 0 && left > 1 {
		return true
	}
	return bits.OnesCount64(deg1&^s.around[h]) > 1
}

// search counts the foldings below the node of path, entered by move
// last, each of weight w, depth first with its own stack.
func (s *screening) search(path []int8, last symmetry.Dir, w uint64) {
	end := s.n - 1
	var occ uint64
	for _, c := range path {
		occ |= 1 << c
	}
	base := len(path) - 1
	var cand [symmetry.MaxCells]uint64
	var head [symmetry.MaxCells]int8
	var dir [symmetry.MaxCells]symmetry.Dir
	i := base
	head[i], dir[i] = path[base], last
	cand[i] = s.moves(i, head[i], last) &^ occ
	if s.dead(occ, head[i], end-i) {
		cand[i] = 0
	}
	for {
		for cand[i] == 0 {
			if i == base {
				return
			}
			occ &^= 1 << head[i]
			i--
		}
		c := int8(bits.TrailingZeros64(cand[i]))
		cand[i] &= cand[i] - 1
		s.nodes++
		if i+1 == end {
			s.found += w
			if s.done() {
				return
			}
			continue
		}
		if s.nodes%1024 == 0 && s.done() {
			return
		}
		d := s.dirTo(head[i], c)
		i++
		occ |= 1 << c
		head[i], dir[i] = c, d
		cand[i] = s.moves(i, c, d) &^ occ
		if cand[i] != 0 && s.dead(occ, c, end-i) {
			cand[i] = 0
		}
	}
}
