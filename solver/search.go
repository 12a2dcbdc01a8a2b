package solver

import (
	"context"
	"math/bits"
	"slices"
	"sync"

	"github.com/snakecube/snakecube/symmetry"
)

// grid holds the tables of one box that the search reads at every node.
type grid struct {
	box       symmetry.Box
	n         int                                   // cells
	nbMask    [64]uint64                            // neighbours of a cell
	nbBit     [64][symmetry.NumDirs]uint64          // neighbour of a cell in a direction, as a set
	nbTurn    [64][symmetry.NumDirs]uint64          // neighbours off the axis of a direction
	nbAllowed [64][8]uint64                         // neighbours along the moves canonical axis order allows, by axes used
	dirOf     [2*symmetry.MaxCells + 1]symmetry.Dir // direction of a step, by index difference + MaxCells
	odd       uint64                                // cells of odd colour, x+y+z odd

	rootsOnce  sync.Once
	rootStates []state
}

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
	g := &grid{box: b, n: b.Len()}
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
				g.dirOf[b.Index(q)-i+symmetry.MaxCells] = d
			}
		}
	}
	for i := range g.n {
		for d := range symmetry.Dir(symmetry.NumDirs) {
			g.nbTurn[i][d] = g.nbMask[i] &^ g.nbBit[i][d] &^ g.nbBit[i][d.Opposite()]
		}
		for used := range uint8(8) {
			for d := range symmetry.Dir(symmetry.NumDirs) {
				if b.Allowed(used)>>d&1 != 0 {
					g.nbAllowed[i][used] |= g.nbBit[i][d]
				}
			}
		}
	}
	return g
}

// colour returns 0 or 1, the colour of cell c in the chequer pattern.
func (g *grid) colour(c int) uint64 { return g.odd >> c & 1 }

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

// state is a node of the search: a partial folding of i moves whose head,
// cubelet i, lies in cell head. end is the cell the path must end in, or -1
// while no cell is forced to be the end.
type state struct {
	i, head, end int
	start        int // cell of cubelet 0
	last         symmetry.Dir
	used         uint8 // axes moved along so far
	free         uint64
	turns        uint64 // turn mask of the moves so far
	dirs         [symmetry.MaxCells - 1]symmetry.Dir
}

// cancelEvery is how many nodes pass between two looks at the context: a
// node costs a few nanoseconds, so cancellation is noticed within a
// fraction of a millisecond without the look costing anything measurable.
const cancelEvery = 1 << 14

// job says what a search looks for and keeps.
type job struct {
	c        constraint
	keysOnly bool // drop foldings whose sequence is not its own key
	count    bool // tally solutions per sequence instead of keeping them
}

// search is one worker's depth-first search below one state.
type search struct {
	g *grid
	job
	endColour uint64
	splitAt   int // depth at which nodes are recorded as tasks, not searched
	ctx       context.Context
	stopped   bool
	nodes     uint64
	st        state
	tasks     []state
	out       found
	scratch   [symmetry.MaxCells - 1]symmetry.Dir
}

// found collects foldings: their sequences and, flat, their moves; or,
// for a counting job, the number of solutions of each sequence.
type found struct {
	seqs   []uint64
	dirs   []symmetry.Dir
	counts *tally
}

func (f *found) at(i, m int) []symmetry.Dir { return f.dirs[i*m : (i+1)*m] }

// roots returns the start states of the search: every cell of the right
// colour, with the end forced where a cell already has too few neighbours.
// They are computed once per grid and must not be changed.
func (g *grid) roots() []state {
	g.rootsOnce.Do(func() { g.rootStates = g.newRoots() })
	return g.rootStates
}

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
		end, ok := -1, true
		for m := free; m != 0 && ok; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			deg := bits.OnesCount64(g.nbMask[c]&free) + int(g.nbMask[c]>>s&1)
			switch {
			case deg == 0:
				ok = false
			case deg == 1 && end >= 0:
				ok = false
			case deg == 1:
				end = c
			}
		}
		if ok {
			rs = append(rs, state{head: s, start: s, end: end, free: free})
		}
	}
	return rs
}

// endColour is the colour the last cell must have for a path from start.
func (g *grid) endColour(start int) uint64 {
	if g.n%2 == 1 {
		return 0
	}
	return g.colour(start) ^ 1
}

// run searches below st.
func (s *search) run(st *state) {
	s.st = *st
	s.endColour = s.g.endColour(st.start)
	s.dfs(st.i, st.head, st.last, st.used, st.end, st.turns)
}

// dfs searches below the node of i moves whose head is in cell h. A node
// with a single move to try (most nodes: the 3x3x3 search ends in long
// forced runs) moves on in the same call, rather than by one more call
// and its spills; only a node with a choice recurses.
func (s *search) dfs(i, h int, last symmetry.Dir, used uint8, end int, turns uint64) {
	g := s.g
	free0 := s.st.free
	for {
		s.nodes++
		if s.nodes%cancelEvery == 0 && s.ctx.Err() != nil {
			s.stopped = true
			break
		}
		if i == g.n-1 {
			s.leaf(turns)
			break
		}
		if i == s.splitAt {
			t := s.st
			t.i, t.head, t.last, t.used, t.end, t.turns = i, h, last, used, end, turns
			s.tasks = append(s.tasks, t)
			break
		}
		free := s.st.free
		next := s.moves(i, h, last, used, end, free)
		if next != 0 && next&(next-1) == 0 {
			q := bits.TrailingZeros64(next)
			e, ok := g.enter(h, free&^(1<<q), end, s.endColour)
			if !ok {
				break
			}
			d, t := s.take(i, h, q, last, turns, free)
			i, h, last, used, end, turns = i+1, q, d, used|1<<(d>>1), e, t
			continue
		}
		for ; next != 0; next &= next - 1 {
			q := bits.TrailingZeros64(next)
			e, ok := g.enter(h, free&^(1<<q), end, s.endColour)
			if !ok {
				continue
			}
			d, t := s.take(i, h, q, last, turns, free)
			s.dfs(i+1, q, d, used|1<<(d>>1), e, t)
			if s.stopped {
				break
			}
		}
		break
	}
	s.st.free = free0
}

// take makes move i, from cell h, where the last move was last, to cell q,
// out of the free cells free, and returns the move and the turns with it.
func (s *search) take(i, h, q int, last symmetry.Dir, turns, free uint64) (symmetry.Dir, uint64) {
	d := s.g.dirOf[q-h+symmetry.MaxCells]
	if i > 0 && d>>1 != last>>1 {
		turns |= 1 << i
	}
	s.st.free = free &^ (1 << q)
	s.st.dirs[i] = d
	return d, turns
}

// moves returns the cells the next move may enter: free neighbours of the
// head, along the directions that canonical axis order and the constraint
// allow, and the forced end only as the last cell.
func (s *search) moves(i, h int, last symmetry.Dir, used uint8, end int, free uint64) uint64 {
	g := s.g
	next := g.nbAllowed[h][used&7] & free
	if i > 0 && s.c.fixed>>i&1 != 0 {
		if s.c.turn>>i&1 != 0 {
			next &= g.nbTurn[h][last]
		} else {
			next &= g.nbBit[h][last]
		}
	}
	if end >= 0 && i+2 < g.n {
		next &^= 1 << end
	}
	return next
}

// enter reports whether the head may leave h for a neighbour, leaving free
// cells, and returns the cell the path is then forced to end in, or -1.
//
// Only the old head's free neighbours lose a way in or out: each needs two,
// or one if it is the path's last cell. They cannot touch the new head, as
// the grid has no triangles. A newly forced end must have the colour the
// path ends on.
func (g *grid) enter(h int, free uint64, end int, endColour uint64) (int, bool) {
	e := end
	for m := g.nbMask[h] & free; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		if n := bits.OnesCount64(g.nbMask[c] & free); n < 2 {
			if n == 0 || e != c && (e >= 0 || g.odd>>c&1 != endColour) {
				return 0, false
			}
			e = c
		}
	}
	return e, true
}

// leaf files a complete folding, dropping the readings that are not the
// solution's representative (see [search.keeps]). It reports whether the
// folding was kept.
func (s *search) leaf(turns uint64) bool {
	dirs := s.st.dirs[:s.g.n-1]
	if !s.keeps(turns, dirs) {
		return false
	}
	q := Seq{Bits: turns, Len: s.g.n}
	if s.count {
		if s.out.counts == nil {
			s.out.counts = newTally()
		}
		s.out.counts.add(q.Bits, 1)
		return true
	}
	s.out.seqs = append(s.out.seqs, q.Bits)
	s.out.dirs = append(s.out.dirs, dirs...)
	return true
}

// keeps reports whether the complete folding dirs, whose turns are turns,
// is its solution's representative: with keysOnly, not a folding read
// against its key; for a palindrome, not the larger of a folding and its
// reverse.
func (s *search) keeps(turns uint64, dirs []symmetry.Dir) bool {
	q := Seq{Bits: turns, Len: s.g.n}
	switch c := q.Compare(q.Reverse()); {
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
