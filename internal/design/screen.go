package design

import (
	"math/bits"
	"slices"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// A screen tells cheaply that a snake has more solutions than wanted: it
// searches the snake's foldings until it has found more distinct
// solutions than asked for, and gives up after a budget of nodes. Snakes
// drawn from random foldings come out in proportion to their solutions,
// so most draws of a big box have many, and a full count of thousands of
// solutions takes seconds where the screen takes milliseconds. A snake
// the screen does not reject is counted by the solver, which alone
// decides what is kept: the screen only counts solutions it has found,
// each told apart by its canonical form, so it never rejects a snake
// with few enough.
//
// The search knows one folding of the snake, the draw's, and tries its
// cells first: it meets that folding after L placements, and then, as it
// backs up, the foldings that differ from it in its last runs, then
// earlier ones. A snake with many solutions mostly has some that differ
// from any one of them near an end, and the two ends are searched in
// turn. The search is plain: 64-bit sets of cells; cubelet 1 in the
// known folding's first cell, then in one cell of each other orbit of the
// box's symmetries (every solution has an image that starts there); a
// path abandoned when a free cell has no free neighbour, or when two free
// cells that are not next to the head have one (each would have to be
// the last cell).
type screen struct {
	box symmetry.Box
	n   int
	all uint64
	// The neighbour tables: Nb, Around, Ahead and Across.
	symmetry.Neighbours
	// has[d]: the cells that have a neighbour in direction d; shift[d]:
	// the change of index to it.
	has   [symmetry.NumDirs]uint64
	shift [symmetry.NumDirs]int
	// orbit[c]: the least cell of c's orbit under the box's symmetries;
	// reps: those cells.
	orbit [symmetry.MaxCells]int8
	reps  []int8
}

// screens holds each box's screen tables, computed once.
var screens = symmetry.NewMemo(newScreen)

func screenOf(b symmetry.Box) *screen { return screens.Of(b) }

func newScreen(b symmetry.Box) *screen {
	s := &screen{box: b, n: b.Len(), Neighbours: *b.Neighbours()}
	s.all = ^uint64(0) >> (symmetry.MaxCells - s.n)
	strides := [3]int{1, b.Size[0], b.Size[0] * b.Size[1]}
	for d := range symmetry.Dir(symmetry.NumDirs) {
		s.shift[d] = strides[d.Axis()]
		if d.Neg() {
			s.shift[d] = -s.shift[d]
		}
	}
	for c := range s.n {
		s.orbit[c] = int8(c)
		for d, e := range s.Nb[c] {
			if e >= 0 {
				s.has[d] |= 1 << c
			}
		}
	}
	for _, t := range b.Group() {
		for c := range s.n {
			img := int8(b.Index(t.Cell(b, b.Coord(c))))
			s.orbit[c] = min(s.orbit[c], img)
		}
	}
	for c := range s.n {
		if int(s.orbit[c]) == c {
			s.reps = append(s.reps, int8(c))
		}
	}
	return s
}

// screenNodes is the budget of a screen from each end: some tens of
// milliseconds, less than a solver takes on most 4x4x4 snakes with many
// solutions.
const screenNodes = 2_000_000

// screenMost is the most solutions a screen looks for: it keeps the
// canonical form of each it finds, so that a request for more solutions
// is left to the solver.
const screenMost = 10_000

// screening is one screen of snake q.
type screening struct {
	*screen
	q      solver.Seq // the snake
	rd     solver.Seq // the reading searched: q, or q from its other end
	known  []int8     // the cells of a folding of rd
	k      int        // the solutions beyond which q has too many
	budget uint64     // the most nodes to visit from each end
	nodes  uint64
	sols   map[string]bool // the canonical forms found
}

// tooMany reports whether snake q of box b, of which known is a folding
// (its moves from q's first cubelet), certainly has more than k
// solutions: the screen finds more than k of them within its budget of
// nodes from each end.
func tooMany(b symmetry.Box, q solver.Seq, known []symmetry.Dir, k int, budget uint64) bool {
	if k >= screenMost {
		return false
	}
	s := &screening{screen: screenOf(b), q: q, k: k, budget: budget, sols: map[string]bool{}}
	s.run(known)
	return s.done()
}

// run searches from each end in turn, the known folding's cells first,
// until it has found more than k solutions or spent its budget from
// both ends.
func (s *screening) run(known []symmetry.Dir) {
	start, ok := s.box.Start(known)
	if !ok {
		panic("design: the known folding does not fit the box")
	}
	cells, err := s.box.Cells(start, known)
	if err != nil {
		panic("design: the known folding does not fit the box")
	}
	s.known = make([]int8, len(cells))
	for i, c := range cells {
		s.known[i] = int8(s.box.Index(c))
	}
	s.rd = s.q
	for {
		s.nodes = 0
		s.end()
		if s.done() || s.q.Palindrome() || s.rd != s.q {
			return
		}
		s.rd = s.q.Reverse()
		slices.Reverse(s.known)
	}
}

// done reports whether the screen has found more than k solutions.
func (s *screening) done() bool { return len(s.sols) > s.k }

// end searches the reading s.rd: cubelet 1 in the known folding's first
// cell, then in one cell of each other orbit.
func (s *screening) end() {
	s.search(s.known[0])
	for _, r := range s.reps {
		if r != s.orbit[s.known[0]] && !s.done() && s.nodes <= s.budget {
			s.search(r)
		}
	}
}

// moves returns the cells cubelet i+1 may take from cubelet i in cell h,
// entered by move last.
func (s *screening) moves(i int, h int8, last symmetry.Dir) uint64 {
	switch {
	case i == 0:
		return s.Around[h]
	case s.rd.Turn(i):
		return s.Across[h][last.Axis()]
	}
	return s.Ahead[h][last]
}

func (s *screening) dirTo(a, c int8) symmetry.Dir {
	for d, e := range s.Nb[a] {
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
	return bits.OnesCount64(deg1&^s.Around[h]) > 1
}

// found files a complete folding of s.rd by its solution's canonical
// form.
func (s *screening) found(dirs []symmetry.Dir) {
	d := slices.Clone(dirs)
	if s.rd != s.q {
		d = symmetry.Reverse(nil, d)
	}
	c := s.box.Normalize(nil, d)
	if s.q.Palindrome() {
		if r := s.box.Normalize(nil, symmetry.Reverse(nil, d)); slices.Compare(r, c) < 0 {
			c = r
		}
	}
	s.sols[string(c)] = true
}

// search searches the foldings of s.rd with cubelet 1 in cell root,
// depth first with its own stack, the known folding's cell first at each
// node of the known folding's path, until the screen is done or its
// budget spent.
func (s *screening) search(root int8) {
	end := s.n - 1
	var cand [symmetry.MaxCells]uint64
	var head [symmetry.MaxCells]int8
	var dir [symmetry.MaxCells]symmetry.Dir
	// first[i]: the known folding's next cell, to try first at depth i,
	// or -1; on[i]: the path to depth i is the known folding's.
	var first [symmetry.MaxCells]int8
	var on [symmetry.MaxCells]bool
	i := 0
	head[0], on[0] = root, root == s.known[0]
	occ := uint64(1) << root
	cand[0] = s.moves(0, root, 0)
	first[0] = -1
	if on[0] {
		first[0] = s.known[1]
	}
	for {
		for cand[i] == 0 {
			if i == 0 {
				return
			}
			occ &^= 1 << head[i]
			i--
		}
		var c int8
		if f := first[i]; f >= 0 && cand[i]>>f&1 != 0 {
			c = f
		} else {
			c = int8(bits.TrailingZeros64(cand[i]))
		}
		first[i] = -1
		cand[i] &^= 1 << c
		s.nodes++
		d := s.dirTo(head[i], c)
		dir[i+1] = d
		if i+1 == end {
			s.found(dir[1 : end+1])
			if s.done() {
				return
			}
			continue
		}
		if s.nodes%1024 == 0 && s.nodes > s.budget {
			return
		}
		i++
		occ |= 1 << c
		head[i] = c
		on[i] = on[i-1] && c == s.known[i]
		first[i] = -1
		if on[i] {
			first[i] = s.known[i+1]
		}
		cand[i] = s.moves(i, c, d) &^ occ
		if cand[i] != 0 && s.dead(occ, c, end-i) {
			cand[i] = 0
		}
	}
}
