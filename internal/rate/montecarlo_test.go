package rate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// simulate plays the natural strategy once on reading q of a snake, with
// every choice drawn from rng, and returns the placements and the forced
// ones it made until its first complete folding.
func simulate(rng *rand.Rand, b symmetry.Box, q solver.Seq) (placed, forced int) {
	used := map[[3]int]bool{}
	// try places cubelet i at p, entered by last, and searches on; it
	// reports whether a folding was completed.
	var try func(p [3]int, i int, last symmetry.Dir, isForced bool) bool
	try = func(p [3]int, i int, last symmetry.Dir, isForced bool) bool {
		placed++
		if isForced {
			forced++
		}
		if i == b.Len()-1 {
			return true
		}
		used[p] = true
		defer delete(used, p)
		var next []symmetry.Dir
		for d := range symmetry.Dir(symmetry.NumDirs) {
			if i > 0 && (q.Turn(i) == (d.Axis() == last.Axis()) || !q.Turn(i) && d != last) {
				continue
			}
			if c := b.Step(p, d); b.Contains(c) && !used[c] {
				next = append(next, d)
			}
		}
		rng.Shuffle(len(next), func(a, c int) { next[a], next[c] = next[c], next[a] })
		for _, d := range next {
			if try(b.Step(p, d), i+1, d, len(next) == 1) {
				return true
			}
		}
		return false
	}
	for _, c := range rng.Perm(b.Len()) {
		if try(b.Coord(c), 0, 0, false) {
			break
		}
	}
	return placed, forced
}

// TestMonteCarlo plays the strategy on 3x3x3 snakes many times with
// random choices and checks that the mean placements, and forced
// placements, lie within five standard errors of the ratings.
func TestMonteCarlo(t *testing.T) {
	runs := 2000
	if testing.Short() {
		runs = 400
	}
	b := symmetry.MustParseBox("3")
	rng := rand.New(rand.NewPCG(3, 4))
	// The classic snake, from both ends, and the one with most solutions
	// from the end where its tree is smaller.
	for _, s := range []string{"001110110111010111101010100", "011111101010101111111111110"} {
		q, _ := solver.ParseSeq(s)
		r := rateOne(t, b, q)
		for k, rd := range []solver.Seq{q, q.Reverse()} {
			if k == 1 && q.Turn(1) {
				continue
			}
			var sum, sum2, fsum, fsum2 float64
			for range runs {
				p, f := simulate(rng, b, rd)
				sum, sum2 = sum+float64(p), sum2+float64(p)*float64(p)
				fsum, fsum2 = fsum+float64(f), fsum2+float64(f)*float64(f)
			}
			n := float64(runs)
			mean, fmean := sum/n, fsum/n
			se := math.Sqrt((sum2/n - mean*mean) / n)
			fse := math.Sqrt((fsum2/n - fmean*fmean) / n)
			end := r.Ends[k]
			t.Logf("%v: %d runs: %.1f ± %.1f placements, %.1f ± %.1f forced; rated %.1f, %.1f", rd, runs, mean, se, fmean, fse, end.Expected, end.ExpectedForced)
			if math.Abs(mean-end.Expected) > 5*se || math.Abs(fmean-end.ExpectedForced) > 5*fse {
				t.Errorf("%v: %d runs took %.1f ± %.1f placements, %.1f ± %.1f forced; rated %.1f and %.1f", rd, runs, mean, se, fmean, fse, end.Expected, end.ExpectedForced)
			}
		}
	}
}
