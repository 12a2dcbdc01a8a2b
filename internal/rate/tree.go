package rate

import (
	"context"
	"math/bits"
	"sync/atomic"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// space is what the search of a box needs, computed once per box: each
// cell's neighbour in each direction, and the cell permutation of each
// of the box's symmetries.
type space struct {
	box symmetry.Box
	n   int
	// The neighbour tables: Nb, Around, Ahead and Across.
	symmetry.Neighbours
	// perm[g][c] is the image of cell c under the box's symmetry g.
	perm [][symmetry.MaxCells]int8
	// dir[c][e] is the direction from cell c to its neighbour e.
	dir [symmetry.MaxCells][symmetry.MaxCells]symmetry.Dir
	// still is the set of symmetries that fix every cell: those that
	// flip axes of length 1 only. A stabiliser within it splits nothing.
	still uint64
}

func newSpace(b symmetry.Box) *space {
	s := &space{box: b, n: b.Len(), Neighbours: *b.Neighbours()}
	for c := range s.n {
		for d, e := range s.Nb[c] {
			if e >= 0 {
				s.dir[c][e] = symmetry.Dir(d)
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
	return s
}

// all is the set of every cell of the space.
func (s *space) all() uint64 {
	if s.n == symmetry.MaxCells {
		return ^uint64(0)
	}
	return 1<<s.n - 1
}

// node is the evaluation of a subtree: its size, how many of its nodes
// are forced (the only child of their parent), how many complete
// foldings it holds, and for one that holds any, the expected placements
// and forced placements until the first of them.
type node struct {
	size, forced, foldings uint64
	e, f                   float64
}

// acc gathers the children of a node: what they add up to, and apart,
// what the good ones do, those whose subtree holds a complete folding.
type acc struct {
	size, forced, foldings     uint64
	good, goodSize, goodForced uint64
	sumE, sumF                 float64
}

// add counts child c, weight times over: the children that a symmetry of
// the path so far maps onto each other have subtrees alike.
func (a *acc) add(c node, weight uint64) {
	a.size += weight * c.size
	a.forced += weight * c.forced
	if c.foldings > 0 {
		a.foldings += weight * c.foldings
		a.good += weight
		a.goodSize += weight * c.size
		a.goodForced += weight * c.forced
		w := float64(weight)
		a.sumE += w * c.e
		a.sumF += w * c.f
	}
}

// close returns the node whose children a holds. self is 1 for a node
// that places a cubelet and 0 for the root, which places none; forced
// tells whether the node is the only child of its parent.
//
// With g good children in a random order, a bad child is tried before
// every good one with probability 1/(g+1), and then searched whole; the
// first good child tried is each of them with probability 1/g.
func (a *acc) close(self uint64, forced bool) node {
	n := node{size: self + a.size, forced: a.forced, foldings: a.foldings}
	var f float64
	if forced {
		n.forced++
		f = 1
	}
	if a.good > 0 {
		g := float64(a.good)
		n.e = float64(self) + float64(a.size-a.goodSize)/(g+1) + a.sumE/g
		n.f = f + float64(a.forced-a.goodForced)/(g+1) + a.sumF/g
	}
	return n
}

// leaf is a complete folding's last placement.
func leaf(forced bool) node {
	n := node{size: 1, foldings: 1, e: 1}
	if forced {
		n.forced, n.f = 1, 1
	}
	return n
}

// moves returns the directions cubelet i+1 may take from cubelet i of q,
// which was entered by move last: any from the first cubelet, the same
// after a straight, the four across after a turn.
func moves(q solver.Seq, i int, last symmetry.Dir) uint8 {
	switch {
	case i == 0:
		return 1<<symmetry.NumDirs - 1
	case q.Turn(i):
		return 0x3f &^ (3 << (2 * last.Axis()))
	}
	return 1 << last
}

// checkEvery is how many nodes a search visits between looks at its
// context: a node takes nanoseconds, so this is some tens of
// microseconds.
const checkEvery = 1 << 13

// tree is the natural strategy's tree for one reading q of a snake, from
// its cubelet 0: cubelet 0 in any cell, each next one in any free cell
// next to the last that the snake allows.
type tree struct {
	s     *space
	q     solver.Seq
	ctx   context.Context
	nodes uint64 // visited, for the context's checks
	// budget, when set, is the nodes left to visit, shared by the
	// searches of one rating, taken checkEvery at a time.
	budget *atomic.Int64
	err    error
	// With split set, subtrees at depth split are not searched but
	// handed to task, in a fixed order, which returns their nodes:
	// recorded for parallel work, then replayed.
	split int
	task  func(path []int8, last symmetry.Dir, forced bool) node
}

// root evaluates the whole tree: cubelet 0 in each cell of the box, the
// cells of one orbit evaluated once.
func (t *tree) root() node {
	var a acc
	var path [symmetry.MaxCells]int8
	t.children(&a, path[:0], 0, 1<<len(t.s.perm)-1)
	return a.close(0, false)
}

// children adds to a the children of the node whose path is path, entered
// by move last. stab is the stabiliser of the path, the symmetries that
// fix each of its cells: children it maps onto each other have subtrees
// alike, so each class is evaluated once and counted as many times as it
// has members. Once only symmetries that fix every cell are left, each
// child's subtree goes to the plain search.
func (t *tree) children(a *acc, path []int8, last symmetry.Dir, stab uint64) {
	s := t.s
	i := len(path) - 1
	cand := s.all()
	if i >= 0 {
		var occ uint64
		for _, c := range path {
			occ |= 1 << c
		}
		cand = 0
		for m := moves(t.q, i, last); m != 0; m &= m - 1 {
			if c := s.Nb[path[i]][bits.TrailingZeros8(m)]; c >= 0 && occ>>c&1 == 0 {
				cand |= 1 << c
			}
		}
	}
	forced := bits.OnesCount64(cand) == 1
	for cand != 0 && t.err == nil {
		c := int8(bits.TrailingZeros64(cand))
		var class, sub uint64 // c's class under stab, and c's stabiliser in stab
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
			d = dirTo(s, path[i], c)
		}
		p := append(path, c)
		var n node
		switch {
		case len(p) == s.n:
			n = leaf(forced)
		case t.split > 0 && len(p)-1 == t.split:
			n = t.task(p, d, forced)
		case sub&^s.still != 0 || t.split > 0 && len(p)-1 < t.split:
			var b acc
			t.children(&b, p, d, sub)
			n = b.close(1, forced)
		default:
			n = t.search(p, d, forced)
		}
		a.add(n, uint64(bits.OnesCount64(class)))
	}
}

// dirTo returns the direction from cell a to its neighbour c.
func dirTo(s *space, a, c int8) symmetry.Dir {
	for d := range symmetry.Dir(symmetry.NumDirs) {
		if s.Nb[a][d] == c {
			return d
		}
	}
	panic("rate: cells not neighbours")
}

// frame is a node of the plain search on its stack: its children left to
// visit and what those visited add up to.
type frame struct {
	acc
	cand uint64       // the cells of the children left
	d    symmetry.Dir // the move that placed it
	lone bool         // it is the only child of its parent: forced
	only bool         // it has one child
}

// search evaluates the subtree of the node whose path is path, entered by
// move last, forced or not: a depth-first search over sets of cells as
// bits of a uint64, with its own stack. On a stop (the context, or the
// budget) it sets t.err and returns a meaningless node.
func (t *tree) search(path []int8, last symmetry.Dir, forced bool) node {
	s, q := t.s, t.q
	end := s.n - 1
	var occ uint64
	for _, c := range path {
		occ |= 1 << c
	}
	base := len(path) - 1 // the depth of the subtree's root
	var stack [symmetry.MaxCells]frame
	var head [symmetry.MaxCells]int8
	i, h := base, path[base]
	stack[i] = frame{lone: forced, d: last}
	for {
		// Expand the node at depth i: cubelet i in cell h.
		f := &stack[i]
		head[i] = h
		switch {
		case i == 0:
			f.cand = s.Around[h] &^ occ
		case q.Bits>>i&1 != 0:
			f.cand = s.Across[h][f.d>>1] &^ occ
		default:
			f.cand = s.Ahead[h][f.d] &^ occ
		}
		f.only = f.cand&(f.cand-1) == 0
		var n node
		if i+1 == end {
			// Its children are complete foldings: close it at once.
			k := uint64(bits.OnesCount64(f.cand))
			f.size, f.foldings = k, k
			if k > 0 {
				f.good, f.goodSize, f.sumE = k, k, float64(k)
				if k == 1 {
					f.acc.forced, f.goodForced, f.sumF = 1, 1, 1
				}
			}
			t.nodes += k
			f.cand = 0
		}
		// Go down to the next child, closing the nodes done on the way up.
		for f.cand == 0 {
			n = f.acc.close(1, f.lone)
			if i == base {
				return n
			}
			occ &^= 1 << head[i]
			i--
			f = &stack[i]
			f.add(n, 1)
		}
		c := int8(bits.TrailingZeros64(f.cand))
		f.cand &= f.cand - 1
		t.nodes++
		if t.nodes%checkEvery == 0 && t.stop() {
			return node{}
		}
		occ |= 1 << c
		stack[i+1] = frame{lone: f.only, d: s.dir[head[i]][c]}
		i++
		h = c
	}
}

// stop looks at the context and the budget, and records why the search
// must stop.
func (t *tree) stop() bool {
	if t.err == nil {
		t.err = t.ctx.Err()
	}
	if t.err == nil && t.budget != nil && t.budget.Add(-checkEvery) < 0 {
		t.err = ErrBudget
	}
	return t.err != nil
}
