package rate

// The candidate: a rating of people that TestPeople reports beside the
// rating, to measure a way forward. A person folds from one end, greedily
// at random, each next cubelet in a cell drawn among those the snake
// allows that leave no cell cut off (see folder.place), and starts over
// from an empty box at a dead end. The expected placements until a
// complete folding are L/p, L an attempt's expected placements and p its
// chance to fold the snake (Wald's identity over the attempts, which are
// independent): descend computes both exactly over the tree of attempts.
// The person turns the toy around: the candidate is the easier end's.

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// folder is the person model folding one reading of a snake: the
// cubelets placed so far, and for every cell the number of its
// neighbours that are free or hold the chain's head, which tells at once
// the cells a placement cuts off.
type folder struct {
	s *space
	q solver.Seq
	n int // cubelets placed
	// path[i] is the cell of cubelet i, dir[i] the move that placed it.
	path [symmetry.MaxCells]int8
	dir  [symmetry.MaxCells]symmetry.Dir
	free uint64
	// deg[c] counts c's neighbours that are free or the head, for every
	// cell c; pockets holds the free cells where it is 1.
	deg     [symmetry.MaxCells]int8
	pockets uint64
}

func newFolder(s *space, q solver.Seq) *folder {
	f := &folder{s: s, q: q}
	f.reset()
	return f
}

// reset empties the box.
func (f *folder) reset() {
	s := f.s
	f.n, f.free, f.pockets = 0, s.all(), 0
	for c := range s.n {
		f.deg[c] = int8(bits.OnesCount64(s.Around[c]))
		if f.deg[c] == 1 {
			f.pockets |= 1 << c
		}
	}
}

// place puts the next cubelet in cell c and reports whether the box
// still looks foldable: no free cell walled in (none of its neighbours
// free or the head), and at most one pocket (a free cell with one way
// in), as only one can hold the snake's far end.
func (f *folder) place(c int8) bool {
	s := f.s
	var d symmetry.Dir
	ok := true
	f.free &^= 1 << c
	f.pockets &^= 1 << c
	if f.n > 0 {
		p := f.path[f.n-1]
		d = s.dir[p][c]
		// The head leaves p: p's neighbours lose a way in.
		for m := s.Around[p]; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			f.deg[x]--
			if f.free>>x&1 == 0 {
				continue
			}
			switch f.deg[x] {
			case 0:
				ok = false
			case 1:
				f.pockets |= 1 << x
			default:
				f.pockets &^= 1 << x
			}
		}
	}
	f.path[f.n], f.dir[f.n] = c, d
	f.n++
	return ok && (f.pockets&(f.pockets-1) == 0 || f.free&(f.free-1) == 0)
}

// unplace takes back the last cubelet.
func (f *folder) unplace() {
	s := f.s
	f.n--
	c := f.path[f.n]
	f.free |= 1 << c
	if f.deg[c] == 1 {
		f.pockets |= 1 << c
	}
	if f.n > 0 {
		p := f.path[f.n-1]
		for m := s.Around[p]; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			f.deg[x]++
			if f.free>>x&1 == 0 {
				continue
			}
			if f.deg[x] == 1 {
				f.pockets |= 1 << x
			} else {
				f.pockets &^= 1 << x
			}
		}
	}
}

// next returns the cells the snake allows its next cubelet: any cell for
// the first, then the free neighbours of the head that the snake allows.
func (f *folder) next() uint64 {
	s, i := f.s, f.n-1
	switch {
	case i < 0:
		return f.free
	case i == 0:
		return s.Around[f.path[0]] & f.free
	case f.q.Bits>>i&1 != 0:
		return s.Across[f.path[i]][f.dir[i]>>1] & f.free
	}
	return s.Ahead[f.path[i]][f.dir[i]] & f.free
}

// descend walks the tree of the restarting person's attempts below the
// folder's state, reached with probability prob, and adds to *l the
// expected placements of an attempt below it and to *p the probability
// of a complete folding. It stops with false after most nodes.
func (f *folder) descend(prob float64, l, p *float64, nodes *uint64, most uint64) bool {
	if f.free == 0 {
		*p += prob
		return true
	}
	var ok [symmetry.MaxCells]int8
	k := f.choices(&ok)
	if k == 0 {
		return true
	}
	q := prob / float64(k)
	*nodes += uint64(k)
	if *nodes > most {
		return false
	}
	for _, c := range ok[:k] {
		*l += q
		f.place(c)
		good := f.descend(q, l, p, nodes, most)
		f.unplace()
		if !good {
			return false
		}
	}
	return true
}

// restartEasier returns the candidate's difficulty of snake q of box b:
// the expected placements of the restarting person from the easier end.
func restartEasier(b symmetry.Box, q solver.Seq) float64 {
	e := math.Inf(1)
	for _, rd := range []solver.Seq{q, q.Reverse()} {
		var l, p float64
		var nodes uint64
		newFolder(spaceOf(b), rd).descend(1, &l, &p, &nodes, math.MaxUint64)
		e = min(e, l/p)
	}
	return e
}

// choices returns the cells the person may put the next cubelet in: those
// the snake allows that leave no cell cut off.
func (f *folder) choices(ok *[symmetry.MaxCells]int8) int {
	k := 0
	for m := f.next(); m != 0; m &= m - 1 {
		c := int8(bits.TrailingZeros64(m))
		if f.place(c) {
			ok[k] = c
			k++
		}
		f.unplace()
	}
	return k
}

// attempt plays one attempt of the restarting person and returns its
// placements.
func (f *folder) attempt(rng *rand.Rand) int {
	f.reset()
	var ok [symmetry.MaxCells]int8
	for f.free != 0 {
		k := f.choices(&ok)
		if k == 0 {
			break
		}
		f.place(ok[rng.IntN(k)])
	}
	return f.n
}

// chance returns the chance that an attempt of the restarting person
// folds the reading of the folder, from every complete folding of it,
// each a list of cells: the product, along each, of one over the
// person's choices.
func (f *folder) chance(foldings [][]int8) float64 {
	var p float64
	var ok [symmetry.MaxCells]int8
	for _, path := range foldings {
		f.reset()
		pr := 1.0
		for _, c := range path {
			k := f.choices(&ok)
			if !slices.Contains(ok[:k], c) {
				pr = 0
				break
			}
			pr /= float64(k)
			f.place(c)
		}
		p += pr
	}
	return p
}

// foldings returns every complete folding of snake q in box b from its
// first cubelet and from its last, as lists of cells: each solution's
// images under the box's symmetries, and for a palindrome, which Solve
// counts once with its reversal, their reversals too.
func foldings(tb testing.TB, b symmetry.Box, q solver.Seq) (from [2][][]int8) {
	sol, err := solver.Solve(context.Background(), b, q, solver.Options{Workers: 1})
	if err != nil {
		tb.Fatal(err)
	}
	seen := map[string]bool{}
	keep := func(path []int8) {
		key := fmt.Sprint(path)
		if !seen[key] {
			seen[key] = true
			from[0] = append(from[0], path)
		}
	}
	for _, dirs := range sol.Snake.Solutions {
		start, _ := b.Start(dirs)
		cells, err := b.Cells(start, dirs)
		if err != nil {
			tb.Fatal(err)
		}
		for _, g := range b.Group() {
			path := make([]int8, len(cells))
			for i, c := range cells {
				path[i] = int8(b.Index(g.Cell(b, c)))
			}
			keep(path)
			if q.Palindrome() {
				r := slices.Clone(path)
				slices.Reverse(r)
				keep(r)
			}
		}
	}
	for _, path := range from[0] {
		r := slices.Clone(path)
		slices.Reverse(r)
		from[1] = append(from[1], r)
	}
	return from
}

// TestCandidateChance checks the chance an attempt folds, reckoned from
// the foldings, with the whole tree of attempts (descend) on 3x3x3 snakes.
func TestCandidateChance(t *testing.T) {
	b, qs := sample(t, 5)
	for _, q := range qs {
		from := foldings(t, b, q)
		for end, rd := range []solver.Seq{q, q.Reverse()} {
			f := newFolder(spaceOf(b), rd)
			var l, p float64
			var nodes uint64
			f.descend(1, &l, &p, &nodes, math.MaxUint64)
			if got := f.chance(from[end]); math.Abs(got-p) > 1e-9*p {
				t.Errorf("%v from end %d: chance %g from the foldings, %g from the tree", q, end, got, p)
			}
		}
	}
}

// BenchmarkCandidate4 rates the King snake, a 4x4x4 snake whose search
// tree takes the rating some 28 s of a core, by the candidate: its
// foldings from the solver, the chance an attempt folds it exactly, and
// an attempt's mean placements over 20,000 attempts, from each end.
func BenchmarkCandidate4(b *testing.B) {
	bx, _ := symmetry.Cube(4)
	q, _ := solver.ParseSeq("0011011100110110110111111111010111111010011110011011111111110010")
	var e [2]float64
	for b.Loop() {
		from := foldings(b, bx, q)
		for end, rd := range []solver.Seq{q, q.Reverse()} {
			f := newFolder(spaceOf(bx), rd)
			p := f.chance(from[end])
			rng := rand.New(rand.NewPCG(1, uint64(end)))
			sum := 0
			for range 20000 {
				sum += f.attempt(rng)
			}
			e[end] = float64(sum) / 20000 / p
		}
	}
	b.ReportMetric(e[0], "placements-from-1")
	b.ReportMetric(e[1], "placements-from-64")
}
