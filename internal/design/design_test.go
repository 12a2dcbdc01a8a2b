package design

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/snakecube/snakecube/internal/walk"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// pathKeys tallies the keys of every directed Hamiltonian path of box b,
// found by a plain search, and returns their number.
func pathKeys(b symmetry.Box) (map[solver.Seq]int, int) {
	tally := map[solver.Seq]int{}
	total := 0
	var dirs []symmetry.Dir
	var used uint64
	var grow func(c [3]int)
	grow = func(c [3]int) {
		used |= 1 << b.Index(c)
		if len(dirs) == b.Len()-1 {
			tally[solver.SeqOf(dirs).Key()]++
			total++
		}
		for d := range symmetry.Dir(symmetry.NumDirs) {
			if n := b.Step(c, d); b.Contains(n) && used>>b.Index(n)&1 == 0 {
				dirs = append(dirs, d)
				grow(n)
				dirs = dirs[:len(dirs)-1]
			}
		}
		used &^= 1 << b.Index(c)
	}
	for c := range b.Len() {
		grow(b.Coord(c))
	}
	return tally, total
}

// solutions returns the number of solutions of every snake of box b.
func solutions(t *testing.T, b symmetry.Box) map[solver.Seq]int {
	t.Helper()
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := map[solver.Seq]int{}
	for _, s := range c.Snakes {
		n[s.Seq] = len(s.Solutions)
	}
	return n
}

// TestFrequencies draws snakes of 2x2x3 and 2x3x3 as design does and
// checks that each comes out as often as the directed Hamiltonian paths
// that fold it, and that these are the package documentation's: 2|G| for
// each solution, but |G| for a palindrome's solution whose reading
// backwards is a symmetric image of itself. The test is a chi-square
// test at a significance of 10^-6, its p-value computed exactly (the
// regularised incomplete gamma function), with at least 5 draws expected
// of every snake; snakes drawn uniformly fail it by far.
func TestFrequencies(t *testing.T) {
	for _, size := range []string{"2x2x3", "2x3x3"} {
		b := symmetry.MustParseBox(size)
		tally, total := pathKeys(b)
		c, err := solver.Enumerate(context.Background(), b, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(tally) != len(c.Snakes) {
			t.Fatalf("%v: %d snakes fold paths, the catalogue has %d", b, len(tally), len(c.Snakes))
		}
		g := b.Orbit()
		least := total
		for _, sn := range c.Snakes {
			want := 0
			for _, d := range sn.Solutions {
				if sn.Seq.Palindrome() && slices.Equal(b.Normalize(nil, symmetry.Reverse(nil, d)), d) {
					want += g
				} else {
					want += 2 * g
				}
			}
			if tally[sn.Seq] != want {
				t.Errorf("%v %v: %d directed paths fold it; its %d solutions make %d", b, sn.Seq, tally[sn.Seq], len(sn.Solutions), want)
			}
			least = min(least, want)
		}
		draws := max(40*len(tally), (5*total+least-1)/least)
		got := map[solver.Seq]int{}
		for k := range draws {
			q, _ := walk.Draw(b, 3, k)
			got[q]++
		}
		chi, uniform := 0.0, 0.0
		for q, n := range tally {
			e := float64(draws) * float64(n) / float64(total)
			chi += (float64(got[q]) - e) * (float64(got[q]) - e) / e
			u := float64(draws) / float64(len(tally))
			uniform += (float64(got[q]) - u) * (float64(got[q]) - u) / u
		}
		df := float64(len(tally) - 1)
		p, pu := chiSquareP(chi, df), chiSquareP(uniform, df)
		t.Logf("%v: %d draws over %d snakes, at least %.1f expected of each: chi-square %.1f on %.0f degrees of freedom, p = %.3g; against uniform snakes p = %.3g",
			b, draws, len(tally), float64(draws)*float64(least)/float64(total), chi, df, p, pu)
		if p < 1e-6 {
			t.Errorf("%v: %d draws: chi-square %.1f on %.0f degrees of freedom, p = %.3g: the snakes do not come out as stated", b, draws, chi, df, p)
		}
		if pu > 1e-6 {
			t.Errorf("%v: the draws pass for uniform too (p = %.3g): the test tells nothing", b, pu)
		}
	}
}

// chiSquareP returns the probability that a chi-square variable of df
// degrees of freedom exceeds x: Q(df/2, x/2), the regularised upper
// incomplete gamma function, by its series below a+1 and its continued
// fraction above (Numerical Recipes, 6.2).
func chiSquareP(x, df float64) float64 {
	a, x := df/2, x/2
	if x <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1.0; n < 1000 && math.Abs(term) > 1e-16*math.Abs(sum); n++ {
			term *= x / (a + n)
			sum += term
		}
		return 1 - sum*front
	}
	const tiny = 1e-300
	bb := x + 1 - a
	cc, dd := 1/tiny, 1/bb
	h := dd
	for i := 1.0; i < 1000; i++ {
		an := -i * (i - a)
		bb += 2
		dd = an*dd + bb
		if math.Abs(dd) < tiny {
			dd = tiny
		}
		cc = bb + an/cc
		if math.Abs(cc) < tiny {
			cc = tiny
		}
		dd = 1 / dd
		del := dd * cc
		h *= del
		if math.Abs(del-1) < 1e-16 {
			break
		}
	}
	return front * h
}

// TestChiSquareP checks chiSquareP against values of the chi-square
// distribution known in closed form: 2 degrees of freedom, exp(-x/2); 1,
// erfc(sqrt(x/2)).
func TestChiSquareP(t *testing.T) {
	for _, x := range []float64{0.1, 1, 2, 5, 20, 60} {
		if got, want := chiSquareP(x, 2), math.Exp(-x/2); math.Abs(got-want) > 1e-12*max(want, 1e-300)+1e-15 {
			t.Errorf("chiSquareP(%g, 2) = %g, want %g", x, got, want)
		}
		if got, want := chiSquareP(x, 1), math.Erfc(math.Sqrt(x/2)); math.Abs(got-want) > 1e-9*want+1e-15 {
			t.Errorf("chiSquareP(%g, 1) = %g, want %g", x, got, want)
		}
	}
}

// TestEvery asks for every snake of 2x2x3 and 2x3x3 with 1, 2 and 3
// solutions and checks that exactly those come out, in the order of
// their draws.
func TestEvery(t *testing.T) {
	for _, size := range []string{"2x2x3", "2x3x3"} {
		b := symmetry.MustParseBox(size)
		sols := solutions(t, b)
		for k := 1; k <= 3; k++ {
			var want []solver.Seq
			for q, n := range sols {
				if n == k {
					want = append(want, q)
				}
			}
			if len(want) == 0 {
				continue
			}
			var got []solver.Seq
			last := -1
			res, err := Run(context.Background(), Options{Box: b, N: len(want), Seed: 1, Solutions: k}, func(s Snake) error {
				got = append(got, s.Key)
				if s.Draw <= last || s.Solutions != uint64(k) {
					t.Errorf("%v: draw %d after %d, %d solutions", b, s.Draw, last, s.Solutions)
				}
				last = s.Draw
				return nil
			})
			if err != nil {
				t.Fatalf("%v, %d solutions, all %d: %v", b, k, len(want), err)
			}
			slices.SortFunc(got, solver.Seq.Compare)
			slices.SortFunc(want, solver.Seq.Compare)
			if !slices.Equal(got, want) {
				t.Errorf("%v, %d solutions: got %v, want %v", b, k, got, want)
			}
			if res.Known != len(want) {
				t.Errorf("%v, %d solutions: knew of %d, want %d", b, k, res.Known, len(want))
			}
			t.Logf("%v: all %d snakes with %s in %d draws", b, len(want), words.Plural(k, "solution"), res.Draws)
		}
	}
}

// run makes snakes and returns their keys, levels and the result.
func run(t *testing.T, o Options) ([]string, Result, error) {
	t.Helper()
	var keys []string
	res, err := Run(context.Background(), o, func(s Snake) error {
		k := s.Key.String()
		if s.Rating != nil {
			k += " " + string(rune('0'+s.Rating.Level()))
		}
		keys = append(keys, k)
		return nil
	})
	return keys, res, err
}

// TestSeed checks that a seed gives the same snakes on any number of
// goroutines, another seed others, and that the levels asked for are
// kept (but with -short, which asks for none: rating the catalogue takes
// seconds).
func TestSeed(t *testing.T) {
	b := symmetry.MustParseBox("3")
	o := Options{Box: b, N: 6, Seed: 7, Solutions: 1, Lo: 3, Hi: 5}
	if testing.Short() {
		o.Lo, o.Hi = 0, 0
	}
	var first []string
	for _, w := range []int{1, 2, 5} {
		o.Workers = w
		keys, _, err := run(t, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			if l := k[len(k)-1]; o.Lo > 0 && (l < '3' || l > '5') {
				t.Errorf("%s: level out of 3 to 5", k)
			}
		}
		if first == nil {
			first = keys
		} else if !slices.Equal(keys, first) {
			t.Errorf("seed 7 on %d goroutines: %v; on 1: %v", w, keys, first)
		}
	}
	o.Seed = 8
	if keys, _, _ := run(t, o); slices.Equal(keys, first) {
		t.Errorf("seeds 7 and 8 give the same snakes %v", keys)
	}
}

// TestImpossible checks that requests no snake of the box meets fail at
// once with an error that says why.
func TestImpossible(t *testing.T) {
	b2 := symmetry.MustParseBox("2")
	for _, x := range []struct {
		o    Options
		want string
	}{
		{Options{Box: b2, N: 1, Solutions: 5}, "the 2x2x2 box has no snake with 5 solutions: no snake of it has more than 3 solutions"},
		{Options{Box: b2, N: 2, Solutions: 3}, "the 2x2x2 box has 1 snake with 3 solutions, fewer than the 2 asked for"},
		{Options{Box: b2, N: 1, Solutions: 3, Lo: 4, Hi: 10}, "the 2x2x2 box has no snake with 3 solutions at levels 4 to 10 (1 snake with 3 solutions, at other levels)"},
		{Options{Box: b2, N: 1, Solutions: 1}, "the 2x2x2 box has no snake with 1 solution"},
	} {
		_, res, err := run(t, x.o)
		var im *Impossible
		if !errors.As(err, &im) || err.Error() != x.want {
			t.Errorf("%+v: %v, want %q", x.o, err, x.want)
		}
		if res.Draws != 0 {
			t.Errorf("%+v: failed after %d draws, want at once", x.o, res.Draws)
		}
	}
	// A big box: the draws run out.
	b := symmetry.MustParseBox("2x2x8")
	_, res, err := run(t, Options{Box: b, N: 1, Solutions: 100000, Draws: 20})
	var ex *Exhausted
	if !errors.As(err, &ex) || res.Draws != 20 || !strings.HasPrefix(err.Error(), "20 snakes drawn, no distinct snake of the 2x2x8 box with 100,000 solutions among them") {
		t.Errorf("2x2x8 with 100,000 solutions in 20 draws: %v after %d draws", err, res.Draws)
	}
	// A big box with few snakes: the draws meet them again and again and
	// stop, having found every one.
	b14 := symmetry.MustParseBox("1x2x14")
	ones := 0
	for _, n := range solutions(t, b14) {
		if n == 1 {
			ones++
		}
	}
	start := time.Now()
	_, res, err = run(t, Options{Box: b14, N: ones + 1, Solutions: 1})
	if !errors.As(err, &ex) || !ex.Stalled || ex.Found != ones || !strings.Contains(err.Error(), "seems to have no more") {
		t.Errorf("1x2x14, %d snakes of its %d: %v after %d draws", ones+1, ones, err, res.Draws)
	}
	t.Logf("1x2x14: all %d one-solution snakes, and a stop, in %d draws, %v", ones, res.Draws, time.Since(start))
	// Levels none of its snakes has: a box of one snake, the straight
	// line, which its own scale puts at level 1. The draws stop after
	// StallRated snakes rated out of the range.
	_, res, err = run(t, Options{Box: symmetry.MustParseBox("1x1x30"), N: 1, Solutions: 1, Lo: 2, Hi: 10})
	if !errors.As(err, &ex) || !ex.Stalled || ex.Found != 0 || ex.OutOfRange != StallRated || !strings.Contains(err.Error(), "such snakes are rare in the box") {
		t.Errorf("1x1x30 at levels 2 to 10: %v after %d draws", err, res.Draws)
	}
	for _, o := range []Options{
		{Box: b, N: 0, Solutions: 1},
		{Box: b, N: MaxN + 1, Solutions: 1},
		{Box: b, N: 1, Solutions: 0},
		{Box: b, N: 1, Solutions: 1, Lo: 0, Hi: 3},
		{Box: b, N: 1, Solutions: 1, Lo: 4, Hi: 3},
		{Box: b, N: 1, Solutions: 1, Lo: 1, Hi: 11},
		{Box: b, N: 1, Solutions: 1, Draws: -1},
	} {
		if _, _, err := run(t, o); !errors.Is(err, ErrOptions) {
			t.Errorf("%+v: %v, want ErrOptions", o, err)
		}
	}
}

// BenchmarkDesign4 makes unique-solution 4x4x4 puzzles on every core, 5
// an operation from a new seed: the README's figure.
func BenchmarkDesign4(b *testing.B) {
	bx := symmetry.MustParseBox("4")
	seed, made := uint64(0), 0
	for b.Loop() {
		seed++
		_, err := Run(context.Background(), Options{Box: bx, N: 5, Seed: seed, Solutions: 1}, func(Snake) error {
			made++
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(made)/b.Elapsed().Minutes(), "puzzles/min")
}

// BenchmarkDesign4Levels makes two 4x4x4 puzzles at the easy end of the
// box's scale and two at the hard end, each rated for a person, seeds 1,
// 2, 3 in turn: design -size 4 -n 2 -difficulty 1:3 and 8:10.
func BenchmarkDesign4Levels(b *testing.B) {
	bx := symmetry.MustParseBox("4")
	for _, r := range [][2]int{{1, 3}, {8, 10}} {
		b.Run(fmt.Sprintf("%d:%d", r[0], r[1]), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed = seed%3 + 1
				made := 0
				_, err := Run(context.Background(), Options{Box: bx, N: 2, Seed: seed, Solutions: 1, Lo: r[0], Hi: r[1]}, func(s Snake) error {
					if l := s.Rating.Level(); l < r[0] || l > r[1] {
						b.Errorf("seed %d: %v at level %d", seed, s.Key, l)
					}
					made++
					return nil
				})
				if err != nil || made != 2 {
					b.Fatalf("seed %d: %d puzzles, %v", seed, made, err)
				}
			}
		})
	}
}

// TestProgress checks that Run reports each draw checked, in order, out
// of the most it will check, up to the draw of its last snake.
func TestProgress(t *testing.T) {
	b := symmetry.MustParseBox("2x3x4")
	calls := 0
	o := Options{Box: b, N: 3, Seed: 1, Solutions: 1, Workers: 2, Progress: func(done, total int) {
		calls++
		if done != calls || total != DefaultDraws(b, 3) {
			t.Errorf("progress %d of %d at call %d, want %d of %d", done, total, calls, calls, DefaultDraws(b, 3))
		}
	}}
	res, err := Run(context.Background(), o, func(Snake) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if calls != res.Draws || calls == 0 {
		t.Errorf("progress called %d times for %d draws", calls, res.Draws)
	}
}
