package solver

import (
	"cmp"
	"context"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/snakecube/snakecube/symmetry"
)

// noDir stands for the move before the first: there is none, so the first
// move may go any way.
const noDir = symmetry.NumDirs

// grid holds the tables of one box that the search reads at every node.
type grid struct {
	box       symmetry.Box
	n         int                          // cells
	nbMask    [64]uint64                   // neighbours of a cell
	nbBit     [64][symmetry.NumDirs]uint64 // neighbour of a cell in a direction, as a set
	follow    [64][8][4]uint64             // neighbours a move may enter, by the last move and the cubelet's kind
	nbAllowed [64][8]uint64                // neighbours along the moves canonical axis order allows, by axes used
	dirOf     [256]symmetry.Dir            // direction of a step, by index difference mod 256
	odd       uint64                       // cells of odd colour, x+y+z odd
	axes      uint8                        // the axes longer than 1, all of which a path moves along
	side      int                          // the longest side: a straight run has fewer moves
	ray       [64][8][8]uint64             // by cell, run length and direction: see fits
	perp      [8][4]symmetry.Dir           // the directions off a direction's axis
	// lower[c] and higher[c] are the cells in orbits of the box's
	// symmetries below and above cell c's, orbits ordered by their least
	// cell: an ordered job searches a folding from one end only (see job).
	lower, higher [64]uint64
	roots         func() []state // the start states, computed once
	tailCache     [maxRun + 1][maxRun + 1]struct {
		once sync.Once
		t    *tailTable
	}
}

// Kinds of cubelet, as a constraint fixes them: follow's last index.
const (
	anyKind = iota
	straightKind
	turnKind
)

// grids caches each box's tables: a batch of snakes to solve needs them
// once, not once per snake.
var grids sync.Map // symmetry.Box -> *grid

// gridOf returns the tables of box b.
func gridOf(b symmetry.Box) *grid {
	if g, ok := grids.Load(b); ok {
		return g.(*grid)
	}
	g, _ := grids.LoadOrStore(b, newGrid(b))
	return g.(*grid)
}

func newGrid(b symmetry.Box) *grid {
	g := &grid{box: b, n: b.Len(), side: max(b.Size[0], b.Size[1], b.Size[2])}
	for a, l := range b.Size {
		if l > 1 {
			g.axes |= 1 << a
		}
	}
	for i := range g.n {
		p := b.Coord(i)
		if (p[0]+p[1]+p[2])&1 != 0 {
			g.odd |= 1 << i
		}
		for d := range symmetry.Dir(symmetry.NumDirs) {
			if q := b.Step(p, d); b.Contains(q) {
				g.nbMask[i] |= 1 << b.Index(q)
				g.nbBit[i][d] = 1 << b.Index(q)
				// Axes of length 1 have no moves, so each index difference
				// belongs to one direction.
				g.dirOf[uint8(b.Index(q)-i)] = d
			}
		}
	}
	var allowed [8]uint8 // the directions allowed, by axes used
	for used := range allowed {
		allowed[used] = b.Allowed(uint8(used))
	}
	for i := range g.n {
		for d := range symmetry.Dir(symmetry.NumDirs) {
			turn := g.nbMask[i] &^ g.nbBit[i][d] &^ g.nbBit[i][d.Opposite()]
			g.follow[i][d] = [4]uint64{g.nbMask[i], g.nbBit[i][d], turn}
		}
		// The first move follows none: cubelet 0 is an end.
		g.follow[i][noDir] = [4]uint64{g.nbMask[i], g.nbMask[i], g.nbMask[i]}
		for used, allowed := range allowed {
			for d := range symmetry.Dir(symmetry.NumDirs) {
				if allowed>>d&1 != 0 {
					g.nbAllowed[i][used] |= g.nbBit[i][d]
				}
			}
		}
	}
	for i := range g.n {
		for d := range symmetry.Dir(symmetry.NumDirs) {
			var m uint64
			c := i
			for k := range maxRun + 1 {
				if k > 0 && m != ^uint64(0) {
					if nb := g.nbBit[c][d]; nb != 0 {
						m |= nb
						c = bits.TrailingZeros64(nb)
					} else {
						m = ^uint64(0) // the run leaves the box
					}
				}
				g.ray[i][k][d] = m
			}
		}
	}
	var orbit [64]int // the orbit of each cell, in some order of orbits
	for i := range g.n {
		orbit[i] = orbitOf(b, i)
	}
	for i := range g.n {
		for e := range g.n {
			switch {
			case orbit[e] < orbit[i]:
				g.lower[i] |= 1 << e
			case orbit[e] > orbit[i]:
				g.higher[i] |= 1 << e
			}
		}
	}
	for d := range symmetry.Dir(symmetry.NumDirs) {
		k := 0
		for f := range symmetry.Dir(symmetry.NumDirs) {
			if f>>1 != d>>1 {
				g.perp[d][k] = f
				k++
			}
		}
	}
	g.roots = sync.OnceValue(g.newRoots)
	return g
}

// orbitOf returns a number for the orbit of cell c under box b's
// symmetries: the cell's distance to the nearer face along each axis, the
// distances of axes of one length sorted, as digits of a number. The
// symmetries reflect axes and swap axes of one length, so these numbers
// are the same for two cells exactly when one maps to the other.
func orbitOf(b symmetry.Box, c int) int {
	p := b.Coord(c)
	for a := range p {
		p[a] = min(p[a], b.Size[a]-1-p[a])
	}
	// Sort the distances of axes of one length: the network (0,1), (0,2),
	// (1,2) sorts three.
	for _, ab := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
		if a, c := ab[0], ab[1]; b.Size[a] == b.Size[c] && p[a] > p[c] {
			p[a], p[c] = p[c], p[a]
		}
	}
	return (p[0]*symmetry.MaxCells+p[1])*symmetry.MaxCells + p[2]
}

// colour returns 0 or 1, the colour of cell c in the chequer pattern.
func (g *grid) colour(c int) uint64 { return g.odd >> c & 1 }

// counts returns, bit-sliced, how many free neighbours each cell has: bit
// c of b0, b1 and b2 is bit 0, 1 and 2 of cell c's count. The search keeps
// them as it goes (see leave).
func (g *grid) counts(free uint64) (b0, b1, b2 uint64) {
	for c := range g.n {
		k := uint64(bits.OnesCount64(g.nbMask[c] & free))
		b0 |= k & 1 << c
		b1 |= k >> 1 & 1 << c
		b2 |= k >> 2 & 1 << c
	}
	return b0, b1, b2
}

// leave returns the counts once cell c is no longer free: each of its
// neighbours, which all counted c, counts one fewer.
func (g *grid) leave(c int, b0, b1, b2 uint64) (uint64, uint64, uint64) {
	return uncount(g.nbMask[c&63], b0, b1, b2)
}

// uncount returns the counts b0, b1, b2 less one for each cell of m.
func uncount(m, b0, b1, b2 uint64) (uint64, uint64, uint64) {
	r1 := m &^ b0
	r2 := r1 &^ b1
	return b0 ^ m, b1 ^ r1, b2 ^ r2
}

// weak returns the cells the next move may enter so that no free cell is
// stranded, when some free cells, w, have fewer than two free neighbours;
// one is the free cells with at least one. A free cell needs two ways in
// and out, or one if it is the path's last cell, whose colour must not be
// in wrongEnd. The counts are of neighbours in free, which after the move
// are the cells still free and the new head: exactly a cell's ways in and
// out then, so one mask per node serves every move.
//
// A cell with none is the last cell, or the path is dead. With one weak
// cell a: it is entered now, if it cannot be the end; otherwise it is the
// end, and the move must not enter its only free neighbour p, which would
// force a next and last, unless they are the last two cells. With two,
// one is entered now and the other is the end; three cannot all be.
//
// The loops of the search inline the case of one weak cell, the most
// common by far, and call weak for the others.
func (g *grid) weak(free, one, w, wrongEnd uint64) uint64 {
	if iso := free &^ one; iso != 0 {
		if iso == free && iso&(iso-1) == 0 {
			return iso
		}
		return 0
	}
	a := w & -w
	b := w ^ a
	if b == 0 {
		if a&wrongEnd != 0 {
			return a
		}
		p := g.nbMask[bits.TrailingZeros64(a)] & free
		if free == p|a {
			return ^uint64(0)
		}
		return ^p
	}
	if b&(b-1) != 0 {
		return 0
	}
	var m uint64
	if b&wrongEnd == 0 && (g.nbMask[bits.TrailingZeros64(b)]&free != a || free == a|b) {
		m |= a
	}
	if a&wrongEnd == 0 && (g.nbMask[bits.TrailingZeros64(a)]&free != b || free == a|b) {
		m |= b
	}
	return m
}

// maxRun bounds the straight runs fits checks: a run is checked for its
// first maxRun moves, enough for every run of a box with sides up to 8.
const maxRun = 7

// fits returns the cells of next, neighbours of h, from which a straight
// run of k moves in all, the move into them the first, stays in the free
// cells: when a constraint fixes the k-1 cubelets after a move as
// straights, the move starts such a run. ray[c][k][d] holds the k cells
// after cell c along d, or every bit when they leave the box.
func (g *grid) fits(h, k int, next, free uint64) uint64 {
	return next &^ runsBlocked(&g.ray[h&63][k&7], &g.nbBit[h&63], free)
}

// runsBlocked returns the neighbours nb[d] whose runs r[d] leave the free
// cells. Every direction, not just those of the moves wanted, and no
// branch: six table reads from one line cost less than finding each move,
// its direction, and a branch that goes either way.
func runsBlocked(r *[8]uint64, nb *[symmetry.NumDirs]uint64, free uint64) uint64 {
	return nb[0]&blocked(r[0], free) | nb[1]&blocked(r[1], free) |
		nb[2]&blocked(r[2], free) | nb[3]&blocked(r[3], free) |
		nb[4]&blocked(r[4], free) | nb[5]&blocked(r[5], free)
}

// blocked returns every bit when some cell of run is not free, else 0.
func blocked(run, free uint64) uint64 {
	x := run &^ free
	return -((x | -x) >> 63)
}

// constraint fixes the kind of some cubelets: a cubelet in fixed is a turn
// when it is also in turn, straight otherwise.
type constraint struct {
	fixed, turn uint64
}

// startsWith returns the constraint "the sequence starts with p".
func startsWith(p Seq) constraint {
	return constraint{fixed: 1<<p.Len - 1, turn: p.Bits}
}

// exactly returns the constraint "the sequence is q".
func exactly(q Seq) constraint {
	return constraint{fixed: 1<<q.Len - 1, turn: q.Bits}
}

// levels is a constraint as the search reads it, move by move: code[i]
// holds in its low two bits the kind of cubelet i, which move i leaves,
// and above them how many moves from move i on must go straight, up to
// maxRun (more than one only after a cubelet that may turn). free is the
// first move from which nothing is fixed.
type levels struct {
	code   [64]uint8
	free   int
	snake  bool // every cubelet fixed
	prefix bool // every cubelet before free fixed: the turns up to free are the constraint's
	// For a snake, the moves of its last two straight runs: tail1 into
	// the last cubelet, tail2 before the turn that starts it. Once the
	// last cell is forced, the first run must lie free behind it, and the
	// second along some direction off the first: sdescend checks both. A
	// tail longer than maxRun moves is not checked: tail1 is then 255.
	tail1, tail2 int
}

// levels returns the levels of c for a box of n cells whose longest side
// is side.
func (c constraint) levels(n, side int) levels {
	lv := levels{free: 1, tail1: 255}
	// Cubelets 0 and n-1 are ends: nothing to fix.
	lv.snake = true
	gap := false // a cubelet not fixed before the last fixed one
	for i := 1; i < n-1; i++ {
		if c.fixed>>i&1 != 0 {
			lv.code[i] = straightKind + uint8(c.turn>>i&1)
			lv.free = i + 1
			lv.prefix = !gap
		} else {
			lv.snake, gap = false, true
		}
	}
	lv.prefix = lv.prefix || lv.free == 1
	if lv.snake && n > 2 {
		k1 := 1
		for n-1-k1 > 0 && lv.code[n-1-k1]&3 == straightKind {
			k1++
		}
		k2 := 1
		for n-1-k1-k2 > 0 && lv.code[n-1-k1-k2]&3 == straightKind {
			k2++
		}
		if k1 <= maxRun {
			lv.tail1, lv.tail2 = k1, min(k2, maxRun)
		}
	}
	for i := range n - 1 {
		if lv.code[i] == straightKind {
			continue
		}
		k := 1
		for i+k < n-1 && lv.code[i+k]&3 == straightKind {
			k++
		}
		lv.code[i] |= uint8(min(k, side, maxRun)) << 2
	}
	return lv
}

// state is a node of the search, kept as a task: a partial folding of i
// moves whose head, cubelet i, lies in cell head.
type state struct {
	free  uint64
	turns uint64 // turn mask of the moves so far
	// b0, b1, b2 count each cell's free neighbours, bit-sliced (see counts).
	b0, b1, b2 uint64
	moves      [3]uint64 // the moves so far, three bits each, 21 to a word
	i, head    uint8
	start      uint8 // cell of cubelet 0
	last       symmetry.Dir
	used       uint8 // axes moved along so far
}

// pack stores the first i moves of dirs in st.
func (st *state) pack(dirs *[symmetry.MaxCells]symmetry.Dir, i int) {
	st.moves = [3]uint64{}
	for w := range st.moves {
		lo := 21 * w
		if lo >= i {
			break
		}
		var x uint64
		for _, d := range slices.Backward(dirs[lo:min(i, lo+21)]) {
			x = x<<3 | uint64(d)
		}
		st.moves[w] = x
	}
}

// unpack writes st's moves into dirs.
func (st *state) unpack(dirs *[symmetry.MaxCells]symmetry.Dir) {
	for k := range int(st.i) {
		dirs[k] = symmetry.Dir(st.moves[k/21] >> (3 * (k % 21)) & 7)
	}
}

// frame is a node with moves left to try, kept on a search's stack.
type frame struct {
	next, free, turns, b0, b1, b2 uint64
	i, h                          uint8
	last                          symmetry.Dir
	used                          uint8
}

// cursor is where a search loop stands when it returns to its caller: a
// node, as in state, the moves left to try from it, and the height of the
// loop's stack.
type cursor struct {
	i, h                          int
	last                          symmetry.Dir
	used                          uint8
	next, turns, free, b0, b1, b2 uint64
	sp                            int
}

// What a search loop returns for.
const (
	done   = iota // the subtree is searched
	atLeaf        // the cursor is a complete folding, counted
	atPoll        // time to look at the context
	atStop        // the cursor is at depth stop, not counted
)

// cancelEvery is how many nodes pass between two looks at the context: a
// node costs a few nanoseconds, so cancellation is noticed within a
// fraction of a millisecond without the look costing anything measurable.
const cancelEvery = 1 << 14

// job says what a search looks for and keeps.
type job struct {
	c        constraint
	keysOnly bool // drop foldings whose sequence is not its own key
	count    bool // tally solutions per sequence instead of keeping them
	// tallyOnly counts the solutions kept, one number for all: a snake's,
	// whose sequences are all one, without the memory of a tally.
	tallyOnly bool
	// most, when above 0, keeps only the first most solutions of a
	// snake, in the order Solve returns them: canonical forms as read
	// from the end the snake was given by; fromEnd, that the search
	// reads it from its other end.
	most    int
	fromEnd bool
	// ordered searches each folding from one end only, where a search
	// free of constraint would meet it from both and drop one reading at
	// the leaf: a path may end only in a cell whose orbit under the box's
	// symmetries is not below its first cell's, and a folding whose ends
	// lie in different orbits is filed under its key, read from the other
	// end when that is the key (see search.fileFlipped). The lower orbits
	// join the cells a path cannot end in, which prunes as soon as one of
	// them is left a dead end: a quarter of the nodes of 3x3x3 and 2x4x4.
	// A folding read from its first cubelet need not be its key's, so the
	// keys found are not those of one prefix: for whole boxes only, with
	// keysOnly.
	ordered bool
	// buckets, for an ordered count or packed catalogue, is the mask of
	// the bits, from bit 1, of the keys that choose their bucket (see
	// keyStore).
	buckets uint64
	// packed keeps each solution as two words in its key's bucket (see
	// grid.pack), not as a sequence and a list of moves: ordered, for
	// boxes of up to 32 cells.
	packed bool
}

// search is one worker's depth-first search. Below the constrained levels
// of its job, once the path has moved along every axis, it runs descend, a
// loop with nothing to test but the moves; above them, cdescend, which
// also applies the constraint and the symmetry's order of axes, and which
// hands over at depth stop or below: to descend, or when planning to a
// list of tasks. Where every cubelet down to depth stop is fixed (a snake,
// or the prefix of a section), sdescend stands for cdescend. No loop
// calls a function: a call would cost every node the spilling of the
// loop's registers. They return to their caller for what needs one.
type search struct {
	g *grid
	job
	lv       levels
	wrongEnd uint64 // cells the path cannot end in
	flipEnds uint64 // ordered: the ends in orbits above the start's
	ctx      context.Context
	stopped  bool
	nodes    uint64
	poll     uint64                          // node count at which to look at the context next
	pause    uint64                          // node count at which resume returns
	stop     int                             // depth at which cdescend hands over
	planning bool                            // at depth stop, record a task rather than search
	fixed    bool                            // down to depth stop, every cubelet is fixed: sdescend, not cdescend
	measure  bool                            // when planning, only count the nodes above
	limit    int                             // when planning, the most tasks to record, if not 0
	keep     map[uint64]int                  // when planning, if not nil: the prefixes of the tasks to record
	keepMask uint64                          // the bits of turns they hold
	start    int                             // the path's first cell
	dirs     [symmetry.MaxCells]symmetry.Dir // and its moves
	tasks    []state
	out      found
	scratch  [symmetry.MaxCells - 1]symmetry.Dir
	frames   [symmetry.MaxCells]frame // descend's stack
	sp       int                      // its height
	// descend's tables, the grid's copied: so that the loop reaches all it
	// reads through s, and keeps a register for its own state.
	nbMask  [64]uint64
	dirOf   [256]symmetry.Dir
	tail    *tailTable               // for a snake whose tail is checked: see levels
	cframes [symmetry.MaxCells]frame // cdescend's stack
	kid     state                    // extend's child, handed to its caller
	// trim's scratch space
	trimForms []symmetry.Dir
	trimOrder []int
}

// tailTable is, for a snake's last two runs, by cell a and direction e:
// the cells its last run takes when it ends in cell a coming along e
// reversed, and with them those of the run before, one set for each
// direction off e (see levels).
type tailTable [64][8][5]uint64

// tails returns the tailTable of a last run of k1 moves after one of k2,
// computed once for the grid: every search of a snake reads the same, and
// a solve has six of them.
func (g *grid) tails(k1, k2 int) *tailTable {
	c := &g.tailCache[k1][k2]
	c.once.Do(func() { c.t = g.newTails(k1, k2) })
	return c.t
}

func (g *grid) newTails(k1, k2 int) *tailTable {
	tt := new(tailTable)
	for a := range g.n {
		for e := range symmetry.NumDirs {
			r := g.ray[a][k1][e]
			t := &tt[a][e]
			t[0] = r
			for j, f := range g.perp[e] {
				t[j+1] = ^uint64(0)
				if r != ^uint64(0) {
					c := bits.TrailingZeros64(r) // the turn: the far end of r
					if e&1 == 0 {
						c = 63 - bits.LeadingZeros64(r)
					}
					t[j+1] = r | g.ray[c][k2][f]
				}
			}
		}
	}
	return tt
}

// newSearch returns a search for job j under ctx.
func (g *grid) newSearch(ctx context.Context, j job) *search {
	s := &search{}
	s.reset(g, ctx, j)
	return s
}

// reset makes s a fresh search for job j, keeping its memory.
func (s *search) reset(g *grid, ctx context.Context, j job) {
	if s.g != g {
		s.nbMask, s.dirOf = g.nbMask, g.dirOf
	}
	s.g, s.job, s.ctx = g, j, ctx
	s.lv = j.c.levels(g.n, g.side)
	s.tail = nil
	if s.lv.tail1 <= maxRun {
		s.tail = g.tails(s.lv.tail1, s.lv.tail2)
	}
	s.stopped, s.nodes, s.poll, s.pause = false, 0, cancelEvery, math.MaxUint64
	s.flipEnds = 0
	s.stop, s.planning, s.measure, s.limit, s.keep = s.lv.free, false, false, 0, nil
	s.tasks = s.tasks[:0]
	s.out = found{seqs: s.out.seqs[:0], dirs: s.out.dirs[:0], counts: s.out.counts, keys: s.out.keys}
	s.out.keys.reset(j.buckets)
	if s.out.counts != nil {
		// Empty, and sized for this box: a search from the pool may come
		// from another box, or from a search cancelled before its tally
		// was drained.
		s.out.counts.reset(g.n)
	}
}

// found collects foldings: their sequences and, flat, their moves; or,
// for a counting job, the number of solutions of each sequence.
type found struct {
	seqs   []uint64
	dirs   []symmetry.Dir
	counts *tally
	keys   keyStore // an ordered count's
	n      uint64   // the solutions kept, counted, whatever else is kept
}

func (f *found) at(i, m int) []symmetry.Dir { return f.dirs[i*m : (i+1)*m] }

// newRoots returns the start states of the search: every cell of the
// colour a path can start on, except where a cell is left with no way in
// or two cells with one.
func (g *grid) newRoots() []state {
	var rs []state
	all := uint64(1)<<g.n - 1
	if g.n == 64 {
		all = ^uint64(0)
	}
	for s := range g.n {
		if g.n%2 == 1 && g.colour(s) != 0 {
			continue // odd volume: both ends lie on the majority colour
		}
		free := all &^ (1 << s)
		ends, ok := 0, true
		for m := free; m != 0 && ok; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			switch bits.OnesCount64(g.nbMask[c] & (free | 1<<s)) {
			case 0:
				ok = false
			case 1:
				ends++
				ok = ends < 2
			}
		}
		if ok {
			st := state{head: uint8(s), start: uint8(s), last: noDir, free: free}
			st.b0, st.b1, st.b2 = g.counts(free)
			rs = append(rs, st)
		}
	}
	return rs
}

// wrongEnd returns the cells a path from start cannot end in: those of the
// other colour than its last cubelet's.
func (g *grid) wrongEnd(start int) uint64 {
	end := uint64(0) // odd volume: the majority colour
	if g.n%2 == 0 {
		end = g.colour(start) ^ 1
	}
	if end == 0 {
		return g.odd
	}
	return ^g.odd
}

// run searches below st: with cdescend while the constraint has levels
// left, with descend after.
func (s *search) run(st *state) {
	var c cursor
	if s.begin(st, &c) {
		s.resume(&c)
	}
}

// begin starts the search below st: with descend, to the end, when no
// constraint is left, reporting false; otherwise it visits st and puts
// the cursor there, for resume to go on, and reports true.
func (s *search) begin(st *state, c *cursor) bool {
	s.start = int(st.start)
	st.unpack(&s.dirs)
	s.wrongEnd, s.flipEnds = s.g.wrongEnd(s.start), 0
	if s.ordered {
		s.wrongEnd |= s.g.lower[s.start]
		s.flipEnds = s.g.higher[s.start]
	}
	*c = cursor{i: int(st.i), h: int(st.head), last: st.last, used: st.used, turns: st.turns, free: st.free, b0: st.b0, b1: st.b1, b2: st.b2}
	if c.i >= s.stop && c.used&s.handAxes() == s.handAxes() {
		s.unconstrained(c)
		return false
	}
	s.nodes++
	c.sp, c.next = 0, s.options(c)
	s.fixed = s.lv.prefix && c.i < s.stop && s.stop <= s.lv.free
	return true
}

// resume goes on with cdescend from the cursor, handing over at depth
// stop, until the subtree is done, or s.pause nodes are reached: then it
// reports false, and a later call goes on from there.
func (s *search) resume(c *cursor) bool {
	for !s.stopped {
		var ev int
		if s.fixed {
			ev = s.sdescend(c)
		} else {
			ev = s.cdescend(c)
		}
		switch ev {
		case atStop:
			s.handOver(c)
		case atPoll:
			if s.nodes >= s.pause {
				s.poll = s.nodes // look again when resumed
				return false
			}
			s.polled()
		default:
			return true
		}
	}
	return true
}

// polled looks at the context, and reports whether the search must stop.
func (s *search) polled() bool {
	s.poll = s.nodes + cancelEvery
	if s.pause > s.nodes {
		s.poll = min(s.poll, s.pause)
	}
	if s.ctx.Err() != nil {
		s.stopped = true
	}
	return s.stopped
}

// pauseAt makes resume return once the search has visited n nodes.
func (s *search) pauseAt(n uint64) {
	s.pause = n
	s.poll = min(s.poll, n)
}

// options returns the cells the move from a node of i moves may enter
// under the constraint. The loops compute the same, inline.
func (s *search) options(c *cursor) uint64 {
	g := s.g
	code := s.lv.code[c.i&63]
	next := g.nbAllowed[c.h&63][c.used&7] & c.free & g.follow[c.h&63][c.last&7][code&3]
	if w := c.free &^ (c.b1 | c.b2); w != 0 && next != 0 {
		next &= g.weak(c.free, c.b0|c.b1|c.b2, w, s.wrongEnd)
		if w&(w-1) == 0 && w&s.wrongEnd == 0 && c.free&^(c.b0|c.b1|c.b2) == 0 && next&w == 0 && next != 0 &&
			s.tailBlocked(c.i, w, c.free) {
			next = 0
		}
	}
	if k := int(code >> 2); k > 1 && next != 0 {
		next = g.fits(c.h, k, next, c.free)
	}
	return next
}

// tailBlocked reports, for a node of i moves whose one weak cell a, with
// one free neighbour, is not entered now and so must be the path's last,
// that the snake's last two runs cannot lie free behind a (see levels):
// sdescend's test, inline there.
func (s *search) tailBlocked(i int, a, free uint64) bool {
	left := s.g.n - 1 - i
	if left <= s.lv.tail1+1 {
		return false
	}
	ai := bits.TrailingZeros64(a)
	p := s.nbMask[ai] & free
	t := &s.tail[ai][s.dirOf[uint8(bits.TrailingZeros64(p)-ai)]&7]
	if left <= s.lv.tail1+s.lv.tail2+1 {
		return t[0]&^free != 0
	}
	return t[1]&^free != 0 && t[2]&^free != 0 && t[3]&^free != 0 && t[4]&^free != 0
}

// unconstrained searches the subtree of the cursor's node with descend.
func (s *search) unconstrained(c *cursor) {
	s.nodes++
	if c.i == s.g.n-1 {
		s.leaf(c.turns, c.h)
		return
	}
	c.sp, c.next = 0, s.options(c)
	// The turns of the moves above c stay: a leaf reads only those below.
	from := c.i &^ 7
	base := c.turns & (1<<uint(from) - 1)
	for {
		switch s.descend(c) {
		case atLeaf:
			s.leaf(base|turnsOf(&s.dirs, from, c.i), c.h)
		case atPoll:
			if s.polled() {
				return
			}
		default:
			return
		}
	}
}

// descend goes on with the search from the cursor's node, whose moves
// left to try are c.next (none to go back), with no constraint, until it
// has a leaf to file or a context to look at, or until the subtree is
// done. It is the inner loop of every enumeration and census: a node costs
// a mask of the moves allowed, a test for weak cells, and for each move a
// few table reads. Its stack holds only the nodes with moves left to try.
//
// Every axis is in use (cdescend hands over only then), so symmetry allows
// every move; and the turns are not kept, leaf reads them off the moves.
// What the loop carries from node to node is only the path's head and
// free cells, their counts, and the moves left: held in registers, each
// node's masks follow one another without a trip through memory.
func (s *search) descend(c *cursor) int {
	n1 := s.g.n - 1
	i, h, next := c.i, c.h, c.next
	free, b0, b1, b2 := c.free, c.b0, c.b1, c.b2
	s.sp = c.sp
	ev := done
	for {
		if next == 0 {
			if s.sp == 0 {
				break
			}
			f := &s.frames[(s.sp-1)&63]
			next = f.next
			i, h = int(f.i), int(f.h)
			free, b0, b1, b2 = f.free, f.b0, f.b1, f.b2
			if next&(next-1) == 0 {
				s.sp--
			} else {
				f.next = next & (next - 1)
			}
			next &= -next
		} else if next&(next-1) != 0 {
			if s.nodes >= s.poll {
				ev = atPoll
				break
			}
			f := &s.frames[s.sp&63]
			f.next, f.free, f.b0, f.b1, f.b2 = next&(next-1), free, b0, b1, b2
			f.i, f.h = uint8(i), uint8(h)
			s.sp++
			next &= -next
		}
		q := bits.TrailingZeros64(next | 1<<63) // next is not 0: the bit spares a test for 0
		s.dirs[i&63] = s.dirOf[uint8(q-h)]
		s.nodes++
		free &^= next
		m := s.nbMask[q&63]
		b0, b1, b2 = uncount(m, b0, b1, b2)
		i, h = i+1, q
		if i == n1 {
			ev, next = atLeaf, 0
			break
		}
		next = m & free
		if w := free &^ (b1 | b2); w != 0 {
			// Weak cells: the cases of weak, inline (see there).
			a := w & -w
			if iso := free &^ (b0 | b1 | b2); iso != 0 {
				if iso != free || iso&(iso-1) != 0 {
					next = 0
				}
			} else if b := w ^ a; b == 0 {
				if a&s.wrongEnd != 0 {
					next &= a
				} else if p := s.nbMask[bits.TrailingZeros64(a)] & free; free != p|a {
					next &^= p
				}
			} else if b&(b-1) != 0 {
				next = 0
			} else {
				var m uint64
				if b&s.wrongEnd == 0 && (s.nbMask[bits.TrailingZeros64(b)]&free != a || free == w) {
					m = a
				}
				if a&s.wrongEnd == 0 && (s.nbMask[bits.TrailingZeros64(a)]&free != b || free == w) {
					m |= b
				}
				next &= m
			}
		}
	}
	c.i, c.h, c.last, c.next, c.sp = i, h, s.dirs[(i-1)&63], next, s.sp
	c.free, c.b0, c.b1, c.b2 = free, b0, b1, b2
	return ev
}

// cdescend is descend under the job's constraint, which besides the kind
// of each cubelet checks that a straight run the constraint forces fits
// before it starts, down to depth s.stop, and on until the path has moved
// along every axis (see handAxes).
func (s *search) cdescend(c *cursor) int {
	g := s.g
	stop, wrongEnd, poll, hand := s.stop, s.wrongEnd, s.poll, s.handAxes()
	dirs, fs, lv := &s.dirs, &s.cframes, &s.lv
	i, h, last, used, next, sp := c.i, c.h, c.last, c.used, c.next, c.sp
	turns, free, b0, b1, b2 := c.turns, c.free, c.b0, c.b1, c.b2
	z := s.nodes - uint64(i) // the nodes are z+i, as in descend
	ev := done
	for {
		if next == 0 {
			if sp == 0 {
				break
			}
			f := &fs[(sp-1)&63]
			next = f.next
			z += uint64(i) - uint64(f.i)
			i, h, last, used = int(f.i), int(f.h), f.last, f.used
			turns, free, b0, b1, b2 = f.turns, f.free, f.b0, f.b1, f.b2
			if next&(next-1) == 0 {
				sp--
			} else {
				f.next = next & (next - 1)
			}
			next &= -next
		} else if next&(next-1) != 0 {
			if z+uint64(i) >= poll {
				ev = atPoll
				break
			}
			f := &fs[sp&63]
			f.next, f.free, f.turns, f.b0, f.b1, f.b2 = next&(next-1), free, turns, b0, b1, b2
			f.i, f.h, f.last, f.used = uint8(i), uint8(h), last, used
			sp++
			next &= -next
		}
		q := bits.TrailingZeros64(next)
		d := g.dirOf[uint8(q-h)]
		dirs[i&63] = d
		if d != last && i > 0 {
			turns |= 1 << (uint(i) & 63)
		}
		free &^= next
		b0, b1, b2 = g.leave(q, b0, b1, b2)
		used |= 1 << (d >> 1)
		i, h, last = i+1, q, d
		if i >= stop && used&hand == hand {
			ev, next = atStop, 0
			z-- // not counted here
			break
		}
		code := lv.code[i&63]
		next = g.nbAllowed[h&63][used&7] & free & g.follow[h&63][last&7][code&3]
		if w := free &^ (b1 | b2); w != 0 && next != 0 {
			// Weak cells: the cases of weak, inline (see there).
			a := w & -w
			if iso := free &^ (b0 | b1 | b2); iso != 0 {
				if iso != free || iso&(iso-1) != 0 {
					next = 0
				}
			} else if b := w ^ a; b == 0 {
				if a&wrongEnd != 0 {
					next &= a
				} else if p := g.nbMask[bits.TrailingZeros64(a)] & free; free != p|a {
					next &^= p
				}
			} else if b&(b-1) != 0 {
				next = 0
			} else {
				var m uint64
				if b&wrongEnd == 0 && (g.nbMask[bits.TrailingZeros64(b)]&free != a || free == w) {
					m = a
				}
				if a&wrongEnd == 0 && (g.nbMask[bits.TrailingZeros64(a)]&free != b || free == w) {
					m |= b
				}
				next &= m
			}
		}
		if k := int(code >> 2); k > 1 && next != 0 {
			next = g.fits(h, k, next, free)
		}
	}
	c.i, c.h, c.last, c.used, c.next, c.sp = i, h, last, used, next, sp
	c.turns, c.free, c.b0, c.b1, c.b2 = turns, free, b0, b1, b2
	s.nodes = z + uint64(i)
	return ev
}

// sdescend is cdescend where every cubelet's kind is fixed down to depth
// stop, a snake's or a prefix's: the turns are the constraint's, and need
// not be kept. It hands over at depth stop whatever axes the path has
// moved along (see axesFirst).
func (s *search) sdescend(c *cursor) int {
	g := s.g
	i, h, used, next := c.i, c.h, c.used, c.next
	free, b0, b1, b2 := c.free, c.b0, c.b1, c.b2
	s.sp = c.sp
	// As in descend, what is read once a node stays in s: the loop's
	// registers hold the path's state.
	ev := done
	for {
		if next == 0 {
			if s.sp == 0 {
				break
			}
			f := &s.cframes[(s.sp-1)&63]
			next = f.next
			i, h, used = int(f.i), int(f.h), f.used
			free, b0, b1, b2 = f.free, f.b0, f.b1, f.b2
			if next&(next-1) == 0 {
				s.sp--
			} else {
				f.next = next & (next - 1)
			}
			next &= -next
		} else if next&(next-1) != 0 {
			if s.nodes >= s.poll {
				ev = atPoll
				break
			}
			f := &s.cframes[s.sp&63]
			f.next, f.free, f.b0, f.b1, f.b2 = next&(next-1), free, b0, b1, b2
			f.i, f.h, f.used = uint8(i), uint8(h), used
			s.sp++
			next &= -next
		}
		q := bits.TrailingZeros64(next | 1<<63) // next is not 0
		d := s.dirOf[uint8(q-h)]
		s.dirs[i&63] = d
		s.nodes++
		free &^= next
		m := s.nbMask[q&63]
		b0, b1, b2 = uncount(m, b0, b1, b2)
		used |= 1 << (d >> 1 & 7)
		i, h = i+1, q
		if i == s.stop {
			ev, next = atStop, 0
			s.nodes-- // not counted here
			break
		}
		code := s.lv.code[i&63]
		next = g.nbAllowed[h&63][used&7] & free & g.follow[h&63][d&7][code&3]
		if w := free &^ (b1 | b2); w != 0 && next != 0 {
			// Weak cells: the cases of weak, inline (see there).
			a := w & -w
			if iso := free &^ (b0 | b1 | b2); iso != 0 {
				if iso != free || iso&(iso-1) != 0 {
					next = 0
				}
			} else if b := w ^ a; b == 0 {
				if a&s.wrongEnd != 0 {
					next &= a
				} else {
					ai := bits.TrailingZeros64(a)
					p := s.nbMask[ai] & free
					if free != p|a {
						next &^= p
					}
					// a is the last cell unless entered now: the snake's
					// tail must fit behind it (see levels).
					if left := g.n - 1 - i; next&a == 0 && next != 0 && left > s.lv.tail1+1 {
						t := &s.tail[ai][s.dirOf[uint8(bits.TrailingZeros64(p)-ai)]&7]
						if left <= s.lv.tail1+s.lv.tail2+1 {
							if t[0]&^free != 0 {
								next = 0
							}
						} else if t[1]&^free != 0 && t[2]&^free != 0 && t[3]&^free != 0 && t[4]&^free != 0 {
							next = 0
						}
					}
				}
			} else if b&(b-1) != 0 {
				next = 0
			} else {
				var m uint64
				if b&s.wrongEnd == 0 && (s.nbMask[bits.TrailingZeros64(b)]&free != a || free == w) {
					m = a
				}
				if a&s.wrongEnd == 0 && (s.nbMask[bits.TrailingZeros64(a)]&free != b || free == w) {
					m |= b
				}
				next &= m
			}
		}
		if k := int(code >> 2); k > 1 && next != 0 {
			// runsBlocked, written out: over the inliner's budget, and a
			// call would spill the loop's registers.
			r, nb := &g.ray[h&63][k&7], &g.nbBit[h&63]
			next &^= nb[0]&blocked(r[0], free) | nb[1]&blocked(r[1], free) |
				nb[2]&blocked(r[2], free) | nb[3]&blocked(r[3], free) |
				nb[4]&blocked(r[4], free) | nb[5]&blocked(r[5], free)
		}
	}
	c.i, c.h, c.last, c.used, c.next, c.sp = i, h, s.dirs[(i-1)&63], used, next, s.sp
	c.turns, c.free, c.b0, c.b1, c.b2 = s.c.turn&(1<<(uint(i)&63)-1)&^1, free, b0, b1, b2
	return ev
}

// handAxes returns the axes a path must have moved along for cdescend to
// hand it over at depth s.stop or below: every axis when searching, since
// descend knows no symmetry; none when planning, whose tasks are the nodes
// at depth s.stop.
func (s *search) handAxes() uint8 {
	if s.planning {
		return 0
	}
	return s.g.axes
}

// handOver is what constrained does at depth s.stop: record a task when
// planning, or search on without the constraint.
func (s *search) handOver(c *cursor) {
	if s.planning {
		if s.measure {
			return
		}
		if s.keep != nil {
			if _, ok := s.keep[c.turns&s.keepMask]; !ok {
				return
			}
		}
		st := state{i: uint8(c.i), head: uint8(c.h), start: uint8(s.start), last: c.last, used: c.used, free: c.free,
			turns: c.turns, b0: c.b0, b1: c.b1, b2: c.b2}
		st.pack(&s.dirs, c.i)
		s.tasks = append(s.tasks, st)
		if s.limit > 0 && len(s.tasks) > s.limit {
			s.stopped = true
		}
		return
	}
	u := *c
	s.axesFirst(&u)
}

// axesFirst searches below c, a node at depth s.stop or below that
// sdescend hands over: with descend once the path has moved along every
// axis, and before, as cdescend would, one move at a time. sdescend hands
// over at depth stop whatever the axes, and a prefix that lies in one
// plane is rare: plain recursion serves.
func (s *search) axesFirst(c *cursor) {
	g := s.g
	if c.used&g.axes == g.axes {
		s.unconstrained(c)
		return
	}
	s.nodes++
	for next := s.options(c); next != 0 && !s.stopped; next &= next - 1 {
		q := bits.TrailingZeros64(next)
		d := g.dirOf[uint8(q-c.h)]
		k := *c
		if c.i > 0 && d != c.last {
			k.turns |= 1 << (uint(c.i) & 63)
		}
		s.dirs[c.i&63] = d
		k.free &^= 1 << q
		k.b0, k.b1, k.b2 = g.leave(q, c.b0, c.b1, c.b2)
		k.i, k.h, k.last, k.used = c.i+1, q, d, c.used|1<<(d>>1)
		s.axesFirst(&k)
	}
}

// leaf files a complete folding that ends in cell end, dropping the
// readings that are not the solution's representative (see
// [search.keeps]). It reports whether the folding was kept.
func (s *search) leaf(turns uint64, end int) bool {
	dirs := s.dirs[:s.g.n-1]
	switch {
	case s.wrongEnd>>uint(end&63)&1 != 0:
		// Ordered: a lower orbit entered as the very last cell, which
		// the weak cells' test lets pass.
		return false
	case s.flipEnds>>uint(end&63)&1 != 0:
		turns, dirs = s.flipped(turns, dirs)
	case !s.keeps(turns, dirs):
		return false
	}
	s.out.n++
	if s.tallyOnly {
		return true
	}
	if s.count {
		if s.ordered {
			s.out.keys.add(turns)
			return true
		}
		if s.out.counts == nil {
			s.out.counts = newTally(s.g.n)
		}
		s.out.counts.one(turns)
		return true
	}
	if s.packed {
		w0, w1 := s.g.pack(turns, dirs)
		s.out.keys.addPair(turns, w0, w1)
		return true
	}
	s.out.seqs = append(s.out.seqs, turns)
	s.out.dirs = append(s.out.dirs, dirs...)
	if s.most > 0 && len(s.out.seqs) >= 2*s.most {
		s.trim()
	}
	return true
}

// flipped returns the representative of a folding, with turns turns and
// moves dirs, that an ordered search meets from one end only: its key's
// reading, the other one when that is the lesser sequence, and for a
// palindrome the lesser of its two canonical forms. A count needs only
// the key.
func (s *search) flipped(turns uint64, dirs []symmetry.Dir) (uint64, []symmetry.Dir) {
	n := uint(s.g.n)
	c := cmp.Compare(bits.Reverse64(turns), turns<<(64-n))
	if c < 0 {
		return turns, dirs
	}
	rev := bits.Reverse64(turns) >> (64 - n)
	if s.count {
		return rev, dirs
	}
	other := s.g.box.Normalize(s.scratch[:0], symmetry.Reverse(s.scratch[:0], dirs))
	if c == 0 && slices.Compare(dirs, other) <= 0 {
		return turns, dirs
	}
	return rev, other
}

// keeps reports whether the complete folding dirs, whose turns are turns,
// is its solution's representative: with keysOnly, not a folding read
// against its key; for a palindrome, not the larger of a folding and its
// reverse.
func (s *search) keeps(turns uint64, dirs []symmetry.Dir) bool {
	// The folding's sequence against its reverse, in their order (see
	// Seq.order): the reverse's order is the sequence shifted to the top.
	switch c := cmp.Compare(bits.Reverse64(turns), turns<<(64-uint(s.g.n))); {
	case c > 0 && s.keysOnly:
		return false
	case c == 0:
		rev := symmetry.Reverse(s.scratch[:0], dirs)
		if slices.Compare(dirs, s.g.box.Normalize(rev, rev)) > 0 {
			return false
		}
	}
	return true
}

// turnsOf returns the turns of moves from to i-1 of dirs, from a multiple
// of 8: bit k, from 1, when move k leaves move k-1's direction. It
// compares eight moves at a time, each byte of a word with the byte before
// it.
func turnsOf(dirs *[symmetry.MaxCells]symmetry.Dir, from, i int) uint64 {
	const lows, highs = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	var turns, prev uint64
	if from >= 8 {
		prev = word(dirs[(from-8)&56:])
	}
	for j := from; j < i; j += 8 {
		w := word(dirs[j&56:])
		x := w ^ (w<<8 | prev>>56) // byte b: move j+b against the one before
		prev = w
		// The high bit of each byte of x that is not 0, gathered into the
		// byte's bit of the result.
		t := (x | (x&lows + lows)) & highs
		turns |= (t >> 7 * 0x0102040810204080 >> 56) << (j & 63)
	}
	return turns & (1<<(uint(i)&63) - 1) &^ 1
}

// word returns the first eight moves of d as one little-endian word, one
// load.
func word(d []symmetry.Dir) uint64 {
	_ = d[7]
	return uint64(d[0]) | uint64(d[1])<<8 | uint64(d[2])<<16 | uint64(d[3])<<24 |
		uint64(d[4])<<32 | uint64(d[5])<<40 | uint64(d[6])<<48 | uint64(d[7])<<56
}
