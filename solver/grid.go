package solver

import (
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
	// layer[c] is the layer of cell c across the box's longest axis,
	// below[c] and above[c] the cells of the layers on either side of it
	// (see search.cut). cuts says whether the search tests for cuts: in
	// a box whose longest side is at least twice the next, long enough for
	// the test to pay.
	layer, below, above [64]uint64
	cuts                bool
	roots               func() []state // the start states, computed once
	tailCache           [maxRun + 1][maxRun + 1]struct {
		once sync.Once
		t    *tailTable
	}
}

// grids caches each box's tables: a batch of snakes to solve needs them
// once, not once per snake.
var grids = symmetry.NewMemo(newGrid)

// gridOf returns the tables of box b.
func gridOf(b symmetry.Box) *grid { return grids.Of(b) }

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
	long := 0
	for a, l := range b.Size {
		if l > b.Size[long] {
			long = a
		}
	}
	sides := b.Size
	slices.Sort(sides[:])
	g.cuts = sides[2] >= 2*sides[1]
	for i := range g.n {
		for j := range g.n {
			switch dj, di := b.Coord(j)[long], b.Coord(i)[long]; {
			case dj == di:
				g.layer[i] |= 1 << j
			case dj < di:
				g.below[i] |= 1 << j
			default:
				g.above[i] |= 1 << j
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
// options calls weak; the search loops, which can afford no call, write
// it out, and TestLoopsMatchOptions holds their copies to it.
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
// its direction, and a branch that goes either way. descendFixed writes it
// out (see TestLoopsMatchOptions).
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
