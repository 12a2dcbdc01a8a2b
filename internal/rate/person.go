package rate

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// A person folds from one end, each next cubelet in a cell drawn at
// random among those the snake allows that leave no free cell cut off
// (walled in: no neighbour free or the head), and starts over from an empty box at a dead end (see the package
// documentation and docs/CONVENTIONS.md).

// DefaultAttempts is how many attempts [Feel] plays from an end whose
// tree of attempts is too big to walk whole.
const DefaultAttempts = 10000

// exactNodes is the most nodes of an end's tree of attempts that [Feel]
// walks whole before it plays attempts instead, in a box of at most
// exactCells cells; a bigger box's attempts are always played.
const (
	exactNodes = 1 << 21
	exactCells = 32
)

// FeelOptions tune [Feel]. The zero value plays DefaultAttempts attempts
// with seed 0 and solves on every core.
type FeelOptions struct {
	// Seed seeds the attempts played; the figures depend on it only
	// where an end is simulated.
	Seed uint64
	// Attempts is how many attempts are played from an end that is
	// simulated; 0 means DefaultAttempts.
	Attempts int
	// Workers is how many goroutines the solver uses to find the
	// foldings; 0 means every core. The result does not depend on it.
	Workers int
}

// Effort is how hard a snake is to fold for a person from one end.
type Effort struct {
	// Expected is the expected number of placements until the snake is
	// folded, +Inf for a snake with no solution.
	Expected float64
	// StdErr is the standard error of Expected: 0 when it is exact.
	StdErr float64
	// Attempt is the mean placements of one attempt, Chance the chance
	// that an attempt folds the snake: Expected is Attempt/Chance.
	Attempt, Chance float64
	// Exact reports whether Expected was computed over the whole tree of
	// attempts; otherwise Chance is exact, from the snake's foldings, and
	// Attempt the mean of the attempts played.
	Exact bool
	// Attempts is how many attempts were played, 0 when exact.
	Attempts int
	// Foldings is how many complete foldings the snake has from this
	// end: its solutions' images under the box's symmetries, and for a
	// palindrome their reversals too.
	Foldings uint64
}

// Feeling is how hard a snake is to fold for a person, from each end:
// Ends[0] from its first cubelet, Ends[1] from its last.
type Feeling struct {
	Ends [2]Effort
}

// Foldable reports whether the snake has a solution.
func (f Feeling) Foldable() bool { return f.Ends[0].Chance > 0 }

// Easier returns the easier end: 0 for the first cubelet, 1 for the
// last; 0 when they are alike.
func (f Feeling) Easier() int {
	if f.Ends[1].Expected < f.Ends[0].Expected {
		return 1
	}
	return 0
}

// Difficulty returns the headline figure: the expected placements from
// the easier end, as a person who turns the toy around and keeps to the
// end that goes better; +Inf for a snake with no solution.
func (f Feeling) Difficulty() float64 { return f.Ends[f.Easier()].Expected }

// StdErr returns the standard error of Difficulty.
func (f Feeling) StdErr() float64 { return f.Ends[f.Easier()].StdErr }

// Feel computes how hard snake q of box b is to fold for a person, from
// each end: exactly over the tree of attempts in a box of at most 32
// cells where it holds at most some two million nodes, and otherwise with the chance an attempt folds
// the snake exact, from its foldings, and an attempt's mean placements
// from opts.Attempts attempts played, each seeded from the snake, the
// end, its number and opts.Seed.
func Feel(ctx context.Context, b symmetry.Box, q solver.Seq, opts FeelOptions) (Feeling, error) {
	if err := q.Valid(b); err != nil {
		return Feeling{}, err
	}
	s := spaceOf(b)
	readings := [2]solver.Seq{q, q.Reverse()}
	var f Feeling
	var folders [2]*folder
	exact := b.Len() <= exactCells
	for k, rd := range readings {
		folders[k] = newFolder(s, rd)
	}
	for k := range folders {
		if !exact {
			break
		}
		var l, p float64
		var nodes uint64
		if !folders[k].descendRoot(&l, &p, &nodes, exactNodes) {
			exact = false
			break
		}
		f.Ends[k] = effort(l, p)
		f.Ends[k].Exact = true
		f.Ends[k].Foldings = folders[k].found
	}
	if exact {
		return f, ctx.Err()
	}
	return feelPlayed(ctx, b, q, folders, opts)
}

// feelPlayed is Feel for a snake whose trees of attempts are too big:
// the chance from the foldings, the attempts played.
func feelPlayed(ctx context.Context, b symmetry.Box, q solver.Seq, folders [2]*folder, opts FeelOptions) (Feeling, error) {
	var f Feeling
	chance, found, err := chances(ctx, b, q, folders, opts.Workers)
	if err != nil {
		return Feeling{}, err
	}
	n := opts.Attempts
	if n <= 0 {
		n = DefaultAttempts
	}
	for k := range folders {
		if chance[k] == 0 {
			f.Ends[k] = effort(0, 0)
			continue
		}
		var sum, sq float64
		for a := range n {
			if a%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return Feeling{}, err
				}
			}
			rng := rand.New(rand.NewPCG(opts.Seed^q.Bits*0x9e3779b97f4a7c15^uint64(q.Len)<<1^uint64(k), uint64(a)))
			x := float64(folders[k].attempt(rng))
			sum += x
			sq += x * x
		}
		l := sum / float64(n)
		e := effort(l, chance[k])
		if n > 1 {
			e.StdErr = math.Sqrt(max(0, sq-sum*l)/float64(n-1)/float64(n)) / chance[k]
		}
		e.Attempts = n
		e.Foldings = found
		f.Ends[k] = e
	}
	return f, nil
}

// effort is an end's figures from an attempt's mean placements l and
// its chance p to fold the snake.
func effort(l, p float64) Effort {
	if p == 0 {
		return Effort{Expected: math.Inf(1), Attempt: l}
	}
	return Effort{Expected: l / p, Attempt: l, Chance: p}
}

// chances returns the chance an attempt folds snake q of box b from each
// end, from every complete folding of it: each solution's images under
// the box's symmetries and, for a palindrome, their reversals too, each
// directed folding once, in the solver's order.
func chances(ctx context.Context, b symmetry.Box, q solver.Seq, folders [2]*folder, workers int) (p [2]float64, found uint64, err error) {
	sol, err := solver.Solve(ctx, b, q, solver.Options{Workers: workers})
	if err != nil {
		return p, 0, err
	}
	var seen [][]int8
	keep := func(path []int8) bool {
		for _, o := range seen {
			if slices.Equal(o, path) {
				return false
			}
		}
		seen = append(seen, path)
		return true
	}
	for _, dirs := range sol.Snake.Solutions {
		if err := ctx.Err(); err != nil {
			return p, 0, err
		}
		start, _ := b.Start(dirs)
		cells, err := b.Cells(start, dirs)
		if err != nil {
			return p, 0, err
		}
		// The person's choices look alike under the box's symmetries, so
		// every image of a folding has its chance: a folding's images are
		// counted, n, and those of its reversal, for a palindrome, m, and
		// one of each is played.
		seen = seen[:0]
		n, m := 0, 0
		var path, rev []int8
		for _, g := range b.Group() {
			img := make([]int8, len(cells))
			for i, c := range cells {
				img[i] = int8(b.Index(g.Cell(b, c)))
			}
			if path == nil {
				path = img
				rev = slices.Clone(img)
				slices.Reverse(rev)
			}
			if keep(img) {
				n++
			}
			if q.Palindrome() {
				r := slices.Clone(img)
				slices.Reverse(r)
				if keep(r) {
					m++
				}
			}
		}
		found += uint64(n + m)
		p[0] += float64(n) * folders[0].chance(path)
		p[1] += float64(n) * folders[1].chance(rev)
		if m > 0 {
			p[0] += float64(m) * folders[0].chance(rev)
			p[1] += float64(m) * folders[1].chance(path)
		}
	}
	return p, found, nil
}

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
	// cell c.
	deg [symmetry.MaxCells]int8
	// found counts the complete foldings descend came upon.
	found uint64
}

func newFolder(s *space, q solver.Seq) *folder {
	f := &folder{s: s, q: q}
	f.reset()
	return f
}

// reset empties the box.
func (f *folder) reset() {
	s := f.s
	f.n, f.free = 0, s.all()
	for c := range s.n {
		f.deg[c] = int8(bits.OnesCount64(s.Around[c]))
	}
}

// place puts the next cubelet in cell c and reports whether it leaves
// no free cell walled in (none of its neighbours free or the head).
func (f *folder) place(c int8) bool {
	s := f.s
	var d symmetry.Dir
	ok := true
	f.free &^= 1 << c
	if f.n > 0 {
		p := f.path[f.n-1]
		d = s.dir[p][c]
		// The head leaves p: p's neighbours lose a way in.
		for m := s.Around[p]; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			f.deg[x]--
			if f.deg[x] == 0 && f.free>>x&1 != 0 {
				ok = false
			}
		}
	}
	f.path[f.n], f.dir[f.n] = c, d
	f.n++
	return ok
}

// unplace takes back the last cubelet.
func (f *folder) unplace() {
	s := f.s
	f.n--
	c := f.path[f.n]
	f.free |= 1 << c
	if f.n > 0 {
		p := f.path[f.n-1]
		for m := s.Around[p]; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			f.deg[x]++
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
		f.found++
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

// descendRoot is descend from the empty box, which walks one cell of
// each orbit of the box's symmetries and counts it for the orbit's every
// cell: the person's choices look alike under the symmetries.
func (f *folder) descendRoot(l, p *float64, nodes *uint64, most uint64) bool {
	s := f.s
	var ok [symmetry.MaxCells]int8
	k := f.choices(&ok)
	if k == 0 {
		return true
	}
	var allowed, done uint64
	for _, c := range ok[:k] {
		allowed |= 1 << c
	}
	q := 1 / float64(k)
	*nodes += uint64(k)
	for _, c := range ok[:k] {
		if done>>c&1 != 0 {
			continue
		}
		var orbit uint64
		for _, m := range s.perm {
			orbit |= 1 << m[c]
		}
		orbit &= allowed
		done |= orbit
		w := float64(bits.OnesCount64(orbit))
		var sl, sp float64
		before := f.found
		sl += q
		f.place(c)
		good := f.descend(q, &sl, &sp, nodes, most)
		f.unplace()
		if !good {
			return false
		}
		f.found += (f.found - before) * uint64(bits.OnesCount64(orbit)-1)
		*l += w * sl
		*p += w * sp
	}
	return true
}

// choices returns the cells the person may put the next cubelet in: those
// the snake allows that leave no cell cut off, in increasing order.
//
// It is place's test without placing: moving the head from p to c takes
// a way in from each of p's neighbours, and c, free before, counts as
// the head after. So a free neighbour x of p whose only way in is p is
// cut off by every move but the one into x: with no such x, every cell
// the snake allows is a choice; with one, only x; with two, none.
// TestChoices holds it to trying each cell with place and unplace.
func (f *folder) choices(ok *[symmetry.MaxCells]int8) int {
	m := f.next()
	if f.n > 0 {
		var alone uint64 // free neighbours of the head with no other way in
		for a := f.s.Around[f.path[f.n-1]] & f.free; a != 0; a &= a - 1 {
			if x := bits.TrailingZeros64(a); f.deg[x] == 1 {
				alone |= 1 << x
			}
		}
		if alone != 0 {
			if alone&(alone-1) == 0 {
				m &= alone
			} else {
				m = 0
			}
		}
	}
	k := 0
	for ; m != 0; m &= m - 1 {
		ok[k] = int8(bits.TrailingZeros64(m))
		k++
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

// chance returns the chance that an attempt folds the folder's reading
// along path, a complete folding as a list of cells: the product, along
// it, of one over the person's choices; 0 when the person would not
// choose a cell of it.
func (f *folder) chance(path []int8) float64 {
	var ok [symmetry.MaxCells]int8
	f.reset()
	pr := 1.0
	for _, c := range path {
		k := f.choices(&ok)
		if !slices.Contains(ok[:k], c) {
			return 0
		}
		pr /= float64(k)
		f.place(c)
	}
	return pr
}
