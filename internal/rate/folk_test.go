package rate

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// The folk of this file are the people of docs/CONVENTIONS.md's person's
// difficulty as the tests model them, written apart from the rating: when
// a fold has gone wrong they start over or take back several cubelets,
// they never put a cubelet where it leaves a free cell cut off (no free
// neighbour, not next to the snake's head: no chain can reach it), and
// they turn the toy around and try the other end. Each returns the
// cubelets it placed until the snake was folded. They keep the free
// cells as a bit set over cells numbered by their coordinates, with each
// cell's neighbours in the six directions worked out once, so that some
// 10^8 placements take seconds.

// toy is a box and a snake as the folk see them.
type toy struct {
	cells int
	// step[c][d] is the neighbour of cell c in direction d (+x, -x, +y,
	// -y, +z, -z), -1 outside the box; near[c] is c's neighbours.
	step [][6]int8
	near []uint64
	// turn[e][i] reports whether the snake, read from end e, turns at its
	// cubelet i.
	turn [2][]bool
}

func newToy(b symmetry.Box, q solver.Seq) *toy {
	x, y, z := b.Size[0], b.Size[1], b.Size[2]
	t := &toy{cells: x * y * z}
	num := func(i, j, k int) int8 {
		if i < 0 || j < 0 || k < 0 || i >= x || j >= y || k >= z {
			return -1
		}
		return int8(i + x*(j+y*k))
	}
	for k := range z {
		for j := range y {
			for i := range x {
				s := [6]int8{num(i+1, j, k), num(i-1, j, k), num(i, j+1, k), num(i, j-1, k), num(i, j, k+1), num(i, j, k-1)}
				var m uint64
				for _, n := range s {
					if n >= 0 {
						m |= 1 << n
					}
				}
				t.step = append(t.step, s)
				t.near = append(t.near, m)
			}
		}
	}
	for i := range q.Len {
		t.turn[0] = append(t.turn[0], q.Turn(i))
		t.turn[1] = append(t.turn[1], q.Turn(q.Len-1-i))
	}
	return t
}

// fold is a folding under way: the end the snake is folded from, the
// cells of its cubelets so far and the direction each was placed in.
type fold struct {
	t    *toy
	end  int
	free uint64
	at   []int8
	dir  []int8
	opts []int8
	rng  *rand.Rand
	// blind is a folder who does not see a cell cut off.
	blind bool
}

func newFold(t *toy, seed uint64) *fold {
	f := &fold{t: t, rng: rand.New(rand.NewPCG(seed, 0x57))}
	f.start(0)
	return f
}

// start empties the box to fold from end e.
func (f *fold) start(e int) {
	f.end = e
	f.free = 1<<f.t.cells - 1
	f.at, f.dir = f.at[:0], f.dir[:0]
}

func (f *fold) done() bool { return f.free == 0 }

// cutsOff reports whether a cubelet in free cell c, next to the head h
// (or the first, h -1), leaves a free cell cut off. Only the head's
// other free neighbours can be: they lose the head beside them.
func (f *fold) cutsOff(h, c int8) bool {
	if h < 0 {
		return false
	}
	free := f.free &^ (1 << c)
	for m := f.t.near[h] & free; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		if f.t.near[x]&free == 0 && f.t.near[x]>>c&1 == 0 {
			return true
		}
	}
	return false
}

// moves sets f.opts to the cells the next cubelet may go in: those the
// snake lets it reach, free, that leave no cell cut off.
func (f *fold) moves() []int8 {
	f.opts = f.opts[:0]
	n := len(f.at)
	if n == 0 {
		for c := range f.t.cells {
			f.opts = append(f.opts, int8(c))
		}
		return f.opts
	}
	h := f.at[n-1]
	for d := range 6 {
		if n >= 2 {
			in := int(f.dir[n-1])
			if f.t.turn[f.end][n-1] {
				if d>>1 == in>>1 {
					continue
				}
			} else if d != in {
				continue
			}
		}
		c := f.t.step[h][d]
		if c < 0 || f.free>>c&1 == 0 || !f.blind && f.cutsOff(h, c) {
			continue
		}
		f.opts = append(f.opts, c)
	}
	return f.opts
}

// put places the next cubelet in cell c, a neighbour of the head.
func (f *fold) put(c int8) {
	d := int8(-1)
	if n := len(f.at); n > 0 {
		for k, s := range f.t.step[f.at[n-1]] {
			if s == c {
				d = int8(k)
			}
		}
	}
	f.free &^= 1 << c
	f.at = append(f.at, c)
	f.dir = append(f.dir, d)
}

// back takes back the last k cubelets.
func (f *fold) back(k int) {
	for range k {
		n := len(f.at) - 1
		f.free |= 1 << f.at[n]
		f.at, f.dir = f.at[:n], f.dir[:n]
	}
}

// grow places cubelets at random among the moves until the snake is
// folded or none is left, and returns how many it placed.
func (f *fold) grow() int {
	placed := 0
	for !f.done() {
		m := f.moves()
		if len(m) == 0 {
			break
		}
		f.put(m[f.rng.IntN(len(m))])
		placed++
	}
	return placed
}

// starter folds at random among the moves and starts over at every dead
// end, turning the toy around each time: its ends in turn, the first
// drawn at random.
func starter(f *fold, most int) (int, bool) {
	placed := 0
	e := f.rng.IntN(2)
	for placed < most {
		f.start(e)
		placed += f.grow()
		if f.done() {
			return placed, true
		}
		e ^= 1
	}
	return placed, false
}

// beginner is the starter who does not yet see a cell cut off: it folds
// at random among the cells the snake lets it reach and starts over at
// every dead end, turning the toy around each time.
func beginner(f *fold, most int) (int, bool) {
	f.blind = true
	return starter(f, most)
}

// takerBack folds at random among the moves and at a dead end takes back
// a number of cubelets drawn from 1 to all of them; when it has taken
// them all back it turns the toy around.
func takerBack(f *fold, most int) (int, bool) {
	placed := 0
	f.start(f.rng.IntN(2))
	for placed < most {
		placed += f.grow()
		if f.done() {
			return placed, true
		}
		k := 1 + f.rng.IntN(len(f.at))
		f.back(k)
		if len(f.at) == 0 {
			f.start(f.end ^ 1)
		}
	}
	return placed, false
}

// Patience: the patient folder takes back 1 to patientBack cubelets at a
// dead end, and starts over from the other end after patientSpell
// placements on one end without folding the snake, that many for each
// cubelet of the snake.
const (
	patientBack  = 5
	patientSpell = 8
)

// patient folds at random among the moves, at a dead end takes back a
// few cubelets, drawn from 1 to patientBack, and after patientSpell
// placements a cubelet on one end starts over from the other.
func patient(f *fold, most int) (int, bool) {
	placed := 0
	e := f.rng.IntN(2)
	for placed < most {
		f.start(e)
		spell := 0
		for spell < patientSpell*f.t.cells {
			n := f.grow()
			placed += n
			spell += n
			if f.done() {
				return placed, true
			}
			f.back(min(len(f.at), 1+f.rng.IntN(patientBack)))
		}
		e ^= 1
	}
	return placed, false
}

// folk is one of the models above.
type folk struct {
	name string
	fold func(f *fold, most int) (int, bool)
	// checked reports whether TestPeople asks a person's difficulty to
	// agree with the model; the patient's agreement is reported only
	// (docs/RESEARCH.md).
	checked bool
}

var folks = []folk{
	{"starter", starter, true},
	{"taker-back", takerBack, true},
	{"beginner", beginner, true},
	{"patient", patient, false},
}

// folkMean is a model's mean placements over runs folds of q, run r
// seeded from seed and r.
func folkMean(p folk, b symmetry.Box, q solver.Seq, runs int, seed uint64) float64 {
	t := newToy(b, q)
	sum := 0
	for r := range runs {
		n, _ := p.fold(newFold(t, seed*0x9e3779b97f4a7c15+uint64(r)), 1e9)
		sum += n
	}
	return float64(sum) / float64(runs)
}

// TestFolkFold has every model of the folk fold every snake of small
// boxes: one that folds is folded, in as many placements as it has
// cubelets or more, its cubelets a chain the snake allows; one that does
// not fold is not.
func TestFolkFold(t *testing.T) {
	eachSmall(t, func(b symmetry.Box, q solver.Seq, foldable bool) {
		for _, p := range folks {
			f := newFold(newToy(b, q), q.Bits)
			n, done := p.fold(f, 20000)
			judgeFold(t, p.name, b, q, foldable, n, done)
			if done && !chain(b, q, f) {
				t.Errorf("%s: %v %v folded as %v from end %d, not a chain the snake allows", p.name, b, q, f.at, f.end)
			}
		}
	})
}

// chain reports whether the folding f holds is one of snake q in box b,
// read from its end: every cell once, each next cubelet beside the last,
// straight on or turned as the snake says, by coordinates.
func chain(b symmetry.Box, q solver.Seq, f *fold) bool {
	if len(f.at) != b.Len() {
		return false
	}
	seen := map[int8]bool{}
	var prev [3]int
	for i, c := range f.at {
		p := b.Coord(int(c))
		if seen[c] {
			return false
		}
		seen[c] = true
		if i > 0 {
			d := [3]int{p[0] - prev[0], p[1] - prev[1], p[2] - prev[2]}
			if abs(d[0])+abs(d[1])+abs(d[2]) != 1 {
				return false
			}
			if i > 1 {
				pp := b.Coord(int(f.at[i-2]))
				in := [3]int{prev[0] - pp[0], prev[1] - pp[1], prev[2] - pp[2]}
				j := i - 1
				if f.end == 1 {
					j = q.Len - i
				}
				if (in == d) == q.Turn(j) {
					return false
				}
			}
		}
		prev = p
	}
	return true
}

func abs(x int) int { return max(x, -x) }
