package rate

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/snakecube/snakecube/internal/walk"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestFeelChance checks the chance an attempt folds a snake two ways: from
// the solver's foldings, as Feel reckons it for a big box, and over the
// whole tree of attempts, on 3x3x3 snakes; and that attempts played give
// the expected placements within four standard errors.
func TestFeelChance(t *testing.T) {
	b, qs := sample(t, 5)
	for _, q := range qs {
		exact, err := Feel(context.Background(), b, q, FeelOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sim := played(t, b, q, 4000)
		for k := range 2 {
			e, s := exact.Ends[k], sim.Ends[k]
			if !e.Exact || math.Abs(s.Chance-e.Chance) > 1e-9*e.Chance {
				t.Errorf("%v from end %d: chance %g from the foldings, %g from the tree (exact %v)", q, k, s.Chance, e.Chance, e.Exact)
			}
			if s.Exact || s.StdErr <= 0 || math.Abs(s.Expected-e.Expected) > 4*s.StdErr {
				t.Errorf("%v from end %d: %g ± %g placements played, %g exact", q, k, s.Expected, s.StdErr, e.Expected)
			}
		}
	}
}

// played is Feel with the trees of attempts never walked whole.
func played(tb testing.TB, b symmetry.Box, q solver.Seq, attempts int) Feeling {
	var folders [2]*folder
	for k, rd := range []solver.Seq{q, q.Reverse()} {
		folders[k] = newFolder(spaceOf(b), rd)
	}
	f, err := feelPlayed(context.Background(), b, q, folders, FeelOptions{Attempts: attempts, Workers: 1})
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// feelOf is Feel's difficulty of snake q of box b, seed 0.
func feelOf(b symmetry.Box, q solver.Seq) float64 {
	f, err := Feel(context.Background(), b, q, FeelOptions{Workers: 1})
	if err != nil {
		panic(err)
	}
	return f.Difficulty()
}

// BenchmarkFeel4 rates the King snake, a 4x4x4 snake whose search tree
// takes Rate some 28 s of a core, as a person feels it.
func BenchmarkFeel4(b *testing.B) {
	bx, _ := symmetry.Cube(4)
	q, _ := solver.ParseSeq("0011011100110110110111111111010111111010011110011011111111110010")
	var f Feeling
	for b.Loop() {
		var err error
		f, err = Feel(context.Background(), bx, q, FeelOptions{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(f.Ends[0].Expected, "placements-from-1")
	b.ReportMetric(f.Ends[1].Expected, "placements-from-64")
}

// TestFeelSymmetry checks the walk of one cell of each orbit of the
// box's symmetries against the walk of every cell, on 3x3x3 snakes: the
// same figures but for rounding (sums of some 10^5 terms in another
// order).
func TestFeelSymmetry(t *testing.T) {
	b, qs := sample(t, 5)
	for _, q := range qs {
		for _, rd := range []solver.Seq{q, q.Reverse()} {
			var l, p, l1, p1 float64
			var nodes, nodes1 uint64
			f := newFolder(spaceOf(b), rd)
			f.descend(1, &l, &p, &nodes, math.MaxUint64)
			g := newFolder(spaceOf(b), rd)
			g.descendRoot(&l1, &p1, &nodes1, math.MaxUint64)
			if math.Abs(l-l1) > 1e-9*l || math.Abs(p-p1) > 1e-9*p || f.found != g.found || f.found == 0 {
				t.Errorf("%v: every cell: %v placements, chance %v, %d foldings; an orbit's one: %v, %v, %d", rd, l, p, f.found, l1, p1, g.found)
			}
		}
	}
}

// TestFeelSeeded checks that a 4x4x4 snake's figures, played, are those of
// its seed whatever the number of workers, and change with the seed.
func TestFeelSeeded(t *testing.T) {
	b, _ := symmetry.Cube(4)
	q, _ := solver.ParseSeq("0010101110110101101111111101111101011001001111011110110111111110")
	feel := func(seed uint64, workers int) Feeling {
		f, err := Feel(context.Background(), b, q, FeelOptions{Seed: seed, Attempts: 2000, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	one, two, other := feel(7, 1), feel(7, 2), feel(8, 2)
	if one != two {
		t.Errorf("seed 7: %+v on one worker, %+v on two", one, two)
	}
	if one == other || one.Ends[0].Chance != other.Ends[0].Chance {
		t.Errorf("seed 7: %+v, seed 8: %+v: the same figures, or chances unalike", one, other)
	}
	for k, e := range one.Ends {
		if e.Exact || e.Attempts != 2000 || !(e.StdErr > 0 && e.StdErr < e.Expected/10) {
			t.Errorf("end %d: %+v, want 2,000 attempts played and a standard error under a tenth", k, e)
		}
	}
}

// BenchmarkFeel3 rates 100 snakes of the 3x3x3 catalogue, drawn by a
// fixed seed, as a person feels them: what stats -rate does for each of
// the catalogue's 11,487.
func BenchmarkFeel3(b *testing.B) {
	bx, qs := sample(b, 100)
	for b.Loop() {
		for _, q := range qs {
			if _, err := Feel(context.Background(), bx, q, FeelOptions{Workers: 1}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestChoices holds choices to choicesByTrial: over the whole tree of a
// person's attempts of 3x3x3 snakes from both ends, and over attempts
// from every cell of boxes up to the largest, 4x4x4 and 1x8x8, where
// they reach the last cubelet too.
func TestChoices(t *testing.T) {
	b, qs := sample(t, 4)
	for _, q := range qs {
		for _, rd := range []solver.Seq{q, q.Reverse()} {
			f := newFolder(spaceOf(b), rd)
			var walk func()
			walk = func() {
				for _, c := range sameChoices(t, f, rd.String()) {
					f.place(c)
					walk()
					f.unplace()
				}
			}
			walk()
		}
	}
	rng := rand.New(rand.NewPCG(57, 61))
	for _, size := range []string{"2x2x2", "1x1x7", "2x3x4", "3x3x3", "1x8x8", "2x4x8", "4x4x4"} {
		bx := symmetry.MustParseBox(size)
		// Snakes that fold, drawn by backbite walks.
		for k := range 8 {
			q, _ := walk.Draw(bx, 57, k)
			playChoices(t, bx, q, rng, 2*bx.Len())
		}
		// A snake that does not fold, all turns.
		all := solver.Seq{Bits: (uint64(1)<<(bx.Len()-1) - 2), Len: bx.Len()}
		if bx.Len() == 64 {
			all.Bits = ^uint64(0) &^ (1 | 1<<63)
		}
		playChoices(t, bx, all, rng, bx.Len())
	}
}
