package solver

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// The three search loops, and spread's build of a profile's population,
// each hold a copy, written out by hand, of what options computes for a
// node by calling weak, tailBlocked, fits (runsBlocked) and cut: the loops
// can afford no call (see search). These tests
// hold the copies to the functions: on random boards, a loop is run from a
// node through one move, and the moves it then allows from the child must
// be options's for the child. An edit to one side and not the other fails
// them, on some board, as long as the boards reach every case; the test
// counts the cases it reached and fails when one was missed.

// loopBoxes are the boxes the boards are drawn in: the small ones, and
// every shape of 64 cells, the most a search takes, from the cube to the
// line; 3x3x7 has sides of odd length.
var loopBoxes = []string{
	"2x2x2", "2x2x3", "3x3x3", "2x3x4", "2x4x4", "3x3x4", "3x4x4", "3x3x7",
	"4x4x4", "2x4x8", "2x2x16", "1x8x8", "1x4x16", "1x2x32", "1x1x64",
}

// The loops, as the boards name them.
const (
	loopFree = iota
	loopConstrained
	loopFixed
	loopSpread // spread, building a profile's next population
	numLoops
)

var loopNames = [numLoops]string{"descendFree", "descendConstrained", "descendFixed", "spread"}

// A board is a node of a search and one move from it, the search set up
// as the loop finds it.
type board struct {
	s      *search
	parent cursor
	q      int // the cell the move enters
	start  int // the path's first cell
}

// child returns the node the board's move leads to, stepped plainly.
func (bd *board) child() cursor {
	c := bd.parent
	step(bd.s.g, &c, bd.q)
	return c
}

// step moves c's head into cell q.
func step(g *grid, c *cursor, q int) {
	d := g.dirOf[uint8(q-c.h)]
	if c.i > 0 && d != c.last {
		c.turns |= 1 << c.i
	}
	c.free &^= 1 << q
	c.b0, c.b1, c.b2 = g.leave(q, c.b0, c.b1, c.b2)
	c.i, c.h, c.last, c.used = c.i+1, q, d, c.used|1<<(d>>1)
}

// loopNext runs loop from the board's node through its one move and
// returns the moves the loop allows from the child: those it stacks or
// takes.
func loopNext(loop int, bd *board) uint64 {
	s, g := bd.s, bd.s.g
	c := bd.parent
	c.next, c.sp = 1<<bd.q, 0
	if loop == loopSpread {
		// A population of the node alone, its one child built.
		st := state{i: uint8(c.i), head: uint8(c.h), start: uint8(bd.start), last: c.last, used: c.used,
			free: c.free, turns: c.turns, b0: c.b0, b1: c.b1, b2: c.b2}
		cur, next := &pop{}, &pop{}
		cur.add(&st, 1)
		cur.addCells(1<<bd.q, 1)
		s.spread(next, cur, c.i+1, 1, true, draw{}, false)
		return next.cells[0]
	}
	if loop == loopFree {
		// Polling at once, the loop returns at the child when it has two
		// moves or more to stack, and with none, is done there; with one,
		// it takes it.
		s.nodes, s.poll = 0, 0
		s.descendFree(&c)
		if c.i == bd.parent.i+1 {
			return c.next
		}
		return g.nbBit[bd.q][s.dirs[bd.parent.i+1]]
	}
	// Handing over at the child's children, the loop returns at each of
	// them in turn.
	s.stop, s.planning, s.nodes, s.poll = bd.parent.i+2, true, 0, math.MaxUint64
	var got uint64
	for {
		var ev int
		if loop == loopFixed {
			ev = s.descendFixed(&c)
		} else {
			ev = s.descendConstrained(&c)
		}
		if ev != atStop {
			return got
		}
		got |= 1 << c.h
	}
}

// The cases of a node's test, counted so that a test can tell it reached
// each (see cases).
const (
	caseNoWeak      = iota
	caseIsolated    // a free cell with no free neighbour
	caseWrongEnd    // one weak cell, of the colour no path ends on
	caseEnd         // one weak cell, the path's end unless entered now
	caseTailBlocked // and the snake's tail cannot lie behind it
	caseTailFits    // and it can
	caseTwoWeak
	caseManyWeak
	caseRunBlocked // a forced straight run rules a move out
	caseCut        // the head's layer is full, free cells on both sides
	// Not cases of the test, but edges of the boards: the child is the
	// last inner cubelet, or its head a corner of the box.
	caseLast
	caseCorner
	numCases
)

var caseNames = [numCases]string{"no weak cell", "isolated cell", "weak cell of the wrong colour", "weak cell as the end",
	"tail blocked", "tail fits", "two weak cells", "three weak cells or more", "run blocked", "cut",
	"last cubelet", "head in a corner"}

// cases returns the cases of options's test that node c meets.
func cases(s *search, c *cursor) []int {
	g := s.g
	code := s.lv.code[c.i&63]
	next := g.nbAllowed[c.h&63][c.used&7] & c.free & g.follow[c.h&63][c.last&7][code&3]
	one := c.b0 | c.b1 | c.b2
	w := c.free &^ (c.b1 | c.b2)
	if next == 0 {
		return nil
	}
	var cs []int
	switch {
	case w == 0:
		cs = append(cs, caseNoWeak)
	case c.free&^one != 0:
		cs = append(cs, caseIsolated)
	case w&(w-1) == 0 && w&s.wrongEnd != 0:
		cs = append(cs, caseWrongEnd)
	case w&(w-1) == 0:
		cs = append(cs, caseEnd)
	case bits.OnesCount64(w) == 2:
		cs = append(cs, caseTwoWeak)
	default:
		cs = append(cs, caseManyWeak)
	}
	if w != 0 {
		next &= g.weak(c.free, one, w, s.wrongEnd)
		if w&(w-1) == 0 && w&s.wrongEnd == 0 && c.free&^one == 0 && next&w == 0 && next != 0 && c.i+s.lv.tail1+2 < g.n {
			if s.tailBlocked(c.i, w, c.free) {
				cs = append(cs, caseTailBlocked)
				next = 0
			} else {
				cs = append(cs, caseTailFits)
			}
		}
	}
	if k := int(code >> 2); k > 1 && next != 0 && g.fits(c.h, k, next, c.free) != next {
		cs = append(cs, caseRunBlocked)
	}
	if s.cut(c.h, c.free) {
		cs = append(cs, caseCut)
	}
	if c.i == g.n-2 {
		cs = append(cs, caseLast)
	}
	if corner(g.box, c.h) {
		cs = append(cs, caseCorner)
	}
	return cs
}

// corner reports whether cell c is a corner of box b.
func corner(b symmetry.Box, c int) bool {
	p := b.Coord(c)
	for a, x := range p {
		if x != 0 && x != b.Size[a]-1 {
			return false
		}
	}
	return true
}

// loopCases are the cases each loop's boards must reach: descendFree
// knows no constraint, and descendConstrained no snake.
var loopCases = [numLoops][]int{
	loopFree:        {caseNoWeak, caseIsolated, caseWrongEnd, caseEnd, caseTwoWeak, caseManyWeak, caseCut, caseLast, caseCorner},
	loopConstrained: {caseNoWeak, caseIsolated, caseWrongEnd, caseEnd, caseTwoWeak, caseManyWeak, caseRunBlocked, caseCut, caseLast, caseCorner},
	loopFixed: {caseNoWeak, caseIsolated, caseWrongEnd, caseEnd, caseTailBlocked, caseTailFits, caseTwoWeak, caseManyWeak, caseRunBlocked,
		caseCut, caseLast, caseCorner},
	loopSpread: {caseNoWeak, caseIsolated, caseWrongEnd, caseEnd, caseTwoWeak, caseManyWeak, caseCut, caseLast, caseCorner},
}

// folding is a complete folding: its first cell and its moves.
type folding struct {
	start int
	dirs  []symmetry.Dir
}

// hamiltonian returns a random folding of g's box, in canonical form: a
// serpentine path through the box, changed by backbite moves (an end
// steps onto a neighbour, and the path between is reversed), each a step
// of a walk over the box's Hamiltonian paths.
func hamiltonian(g *grid, r *rand.Rand) folding {
	b := g.box
	var path []int
	for z := range b.Size[2] {
		var layer []int
		for y := range b.Size[1] {
			for x := range b.Size[0] {
				if y%2 == 1 {
					x = b.Size[0] - 1 - x
				}
				layer = append(layer, b.Index([3]int{x, y, z}))
			}
		}
		if z%2 == 1 {
			for i, j := 0, len(layer)-1; i < j; i, j = i+1, j-1 {
				layer[i], layer[j] = layer[j], layer[i]
			}
		}
		path = append(path, layer...)
	}
	reverse := func(p []int) {
		for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	}
	at := make([]int, g.n)
	for range 20 * g.n {
		if r.IntN(2) == 0 {
			reverse(path)
		}
		for k, c := range path {
			at[c] = k
		}
		end := path[g.n-1]
		nb := g.nbMask[end]
		if g.n > 1 {
			nb &^= 1 << path[g.n-2]
		}
		if nb == 0 {
			continue
		}
		y := randomBit(r, nb)
		reverse(path[at[y]+1:])
	}
	dirs := make([]symmetry.Dir, g.n-1)
	for k := range dirs {
		dirs[k] = g.dirOf[uint8(path[k+1]-path[k])]
	}
	dirs = b.Normalize(nil, dirs)
	p, ok := b.Start(dirs)
	if !ok {
		panic("hamiltonian: a normalised folding that does not fit")
	}
	return folding{b.Index(p), dirs}
}

// randomBit returns the index of a random bit of m, which is not 0.
func randomBit(r *rand.Rand, m uint64) int {
	for k := r.IntN(bits.OnesCount64(m)); k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros64(m)
}

// root returns the node of no moves at cell start.
func root(g *grid, start int) cursor {
	all := uint64(1)<<g.n - 1
	if g.n == 64 {
		all = ^uint64(0)
	}
	c := cursor{h: start, last: noDir, free: all &^ (1 << start)}
	c.b0, c.b1, c.b2 = g.counts(c.free)
	return c
}

// newBoard draws a board for loop in g, its search s set up, or reports
// false when the draw gives none. The node is on one of the foldings fs, or on
// a random walk, or, now and then, a random set of free cells about a
// random head; the move is the folding's next or any. The job is the
// loop's: none for descendFree; for descendConstrained some cubelets
// fixed, with gaps; for descendFixed a snake or a prefix; for spread a
// profile's, none, with the cut or without. Fixed cubelets before the
// child follow the node's turns, as the search's do.
func newBoard(s *search, g *grid, fs []folding, loop int, r *rand.Rand) (board, bool) {
	n := g.n
	if n < 3 {
		return board{}, false
	}
	var path []symmetry.Dir // the moves to follow, if any
	var c cursor
	start := r.IntN(n)
	switch r.IntN(8) {
	case 0, 1, 2, 3, 4: // on a folding
		f := fs[r.IntN(len(fs))]
		start, path = f.start, f.dirs
		c = root(g, start)
		depth := n - 3 - min(r.IntN(n-2), r.IntN(n-2)) // deep more often than not
		for k := range depth {
			step(g, &c, bits.TrailingZeros64(g.nbBit[c.h][path[k]]))
		}
		path = path[depth:]
	case 5, 6: // on a random walk
		c = root(g, start)
		depth := r.IntN(n - 2)
		for range depth {
			nb := g.nbMask[c.h] & c.free
			if nb == 0 {
				break
			}
			step(g, &c, randomBit(r, nb))
		}
	default: // any free cells
		c = cursor{h: start, last: symmetry.Dir(r.IntN(symmetry.NumDirs)), free: r.Uint64() & r.Uint64()}
		if r.IntN(2) == 0 {
			c.free |= r.Uint64()
		}
		if n < 64 {
			c.free &= 1<<n - 1
		}
		c.free &^= 1 << start
		c.i = n - 1 - bits.OnesCount64(c.free)
		if c.i == 0 {
			c.last = noDir
		}
		c.turns = r.Uint64() & (1<<c.i - 1) &^ 1
		c.used = uint8(r.Uint64()) & g.axes
		c.b0, c.b1, c.b2 = g.counts(c.free)
		start = r.IntN(n)
	}
	if c.i > n-3 {
		return board{}, false
	}
	// The move: the folding's next, or any into a free neighbour.
	q := -1
	if len(path) > 0 && r.IntN(4) != 0 {
		q = bits.TrailingZeros64(g.nbBit[c.h][path[0]])
	} else if nb := g.nbMask[c.h] & c.free; nb != 0 {
		q = randomBit(r, nb)
	}
	if q < 0 {
		return board{}, false
	}
	// The sequence the node and its move make, then the job's.
	turns := c.turns
	if d := g.dirOf[uint8(q-c.h)]; c.i > 0 && d != c.last {
		turns |= 1 << c.i
	}
	known := c.i + 1 // cubelets 0 to c.i are the node's
	var j job
	switch loop {
	case loopFree:
		c.used = g.axes // descendFree runs only then
		j.ordered = r.IntN(2) == 0
	case loopConstrained:
		var fixed uint64
		for {
			fixed = r.Uint64() | r.Uint64()
			if r.IntN(2) == 0 {
				fixed &= r.Uint64()
			}
			fixed &= (1<<(n-1) - 1) &^ 1
			if fixed != (1<<(n-1)-1)&^1 {
				break
			}
		}
		j.c = constraint{fixed: fixed, turn: (turns&(1<<known-1) | randomTurns(r, g, known)&^(1<<known-1)) & fixed}
	case loopFixed:
		q := Seq{Bits: turns&(1<<known-1) | randomTurns(r, g, known)&^(1<<known-1), Len: n}
		if len(path) > 0 && r.IntN(2) == 0 {
			// The folding's own snake, when the move is its next.
			q.Bits = turns&(1<<known-1) | symmetry.Turns(path)<<c.i
		}
		q.Bits &= (1<<(n-1) - 1) &^ 1
		j.c = exactly(q)
		if r.IntN(3) == 0 {
			j.c = startsWith(Seq{Bits: q.Bits, Len: known + 1 + r.IntN(n-known)})
		}
	case loopSpread:
		// A profile's job: no constraint, cut or uncut.
		j.keysOnly, j.uncut = true, r.IntN(2) == 0
	}
	s.reset(g, context.Background(), j)
	s.wrongEnd = g.wrongEnd(start)
	if j.ordered {
		s.wrongEnd |= g.lower[start]
	}
	return board{s: s, parent: c, q: q, start: start}, true
}

// randomTurns returns random turns for the cubelets of a snake of g's box
// from cubelet from on: any, or straight runs of up to the box's longest
// side between single turns, as a snake's tail has.
func randomTurns(r *rand.Rand, g *grid, from int) uint64 {
	if r.IntN(2) == 0 {
		return r.Uint64()
	}
	var t uint64
	for i := from + r.IntN(g.side+1); i < g.n; i += 1 + r.IntN(g.side) {
		t |= 1 << i
	}
	return t
}

// checkBoards draws n boards of each loop in each of boxes from seed, and
// fails t when a loop's moves from a child are not options's; it adds
// to reached the cases the children meet, by loop.
func checkBoards(t *testing.T, boxes []symmetry.Box, n int, seed uint64, reached *[numLoops][numCases]int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 0x100b))
	s := new(search)
	for _, b := range boxes {
		g := gridOf(b)
		fs := make([]folding, min(n/16+1, 64))
		for k := range fs {
			fs[k] = hamiltonian(g, r)
		}
		fails := 0
		for loop := range numLoops {
			for range n {
				bd, ok := newBoard(s, g, fs, loop, r)
				if !ok {
					continue
				}
				ch := bd.child()
				want := s.options(&ch)
				for _, k := range cases(s, &ch) {
					reached[loop][k]++
				}
				if got := loopNext(loop, &bd); got != want && fails < 5 {
					fails++
					t.Errorf("%v, %s from node of %d moves at cell %d (free %#x, last %v, used %b) into cell %d: moves %#x, options %#x (constraint %+v, wrong end %#x)",
						b, loopNames[loop], bd.parent.i, bd.parent.h, bd.parent.free, bd.parent.last, bd.parent.used, bd.q, got, want, s.job.c, s.wrongEnd)
				}
			}
		}
	}
}

// TestLoopsMatchOptions holds the weak cells' test, tailBlocked,
// runsBlocked and cut, as each loop writes them out, to the functions, on random
// boards of every box of loopBoxes: the smallest and largest, nodes down
// to the last cubelet, heads in corners, on the edges of the box and
// inside.
func TestLoopsMatchOptions(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 600
	}
	var boxes []symmetry.Box
	for _, s := range loopBoxes {
		b := symmetry.MustParseBox(s)
		boxes = append(boxes, b)
	}
	var reached [numLoops][numCases]int
	checkBoards(t, boxes, n, 1, &reached)
	for loop, want := range loopCases {
		for _, k := range want {
			if reached[loop][k] == 0 {
				t.Errorf("%s: no board reached the case %q: the boards no longer test it", loopNames[loop], caseNames[k])
			}
		}
		var seen []string
		for k, n := range reached[loop] {
			seen = append(seen, fmt.Sprintf("%s %d", caseNames[k], n))
		}
		t.Logf("%s: %s", loopNames[loop], strings.Join(seen, ", "))
	}
}

// FuzzLoopsMatchOptions is TestLoopsMatchOptions on the boards of other
// seeds, in one box of loopBoxes.
func FuzzLoopsMatchOptions(f *testing.F) {
	for k := range loopBoxes {
		f.Add(uint64(k), uint8(k))
	}
	f.Fuzz(func(t *testing.T, seed uint64, box uint8) {
		b := symmetry.MustParseBox(loopBoxes[int(box)%len(loopBoxes)])
		var reached [numLoops][numCases]int
		checkBoards(t, []symmetry.Box{b}, 20, seed, &reached)
	})
}
