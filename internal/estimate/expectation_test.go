package estimate

import (
	"bufio"
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestExpectation computes the expectation of a descent's estimates
// exactly, rather than by drawing descents: given a seed's choices, a
// descent's weighted count has expectation the sum of the counts of the
// sections it can reach, those of probability above 0, so the estimator
// is unbiased exactly when the sections it never reaches hold nothing.
// The test walks every prefix a descent can reach, with the choices the
// design makes there, down to its depth, counts each section reached, and
// wants the sums to be the box's census. It does so on the long boxes
// 2x2x6 and 2x2x4 (the latter to whole keys) and on 2x3x3, with and
// without the cut, at frontiers and populations narrow enough to be
// sampled down (so that the choices are noisy) and wide enough to be
// exact (so that the children proven empty are left out): a child left
// out that holds a snake, or a count missed or counted twice along the
// forced last cubelet, would show. With a budget, the descents stop at
// depths that vary from section to section (the test wants more than one
// among those reached), and the sections reached must still part the
// keys.
func TestExpectation(t *testing.T) {
	for _, c := range []struct {
		box             string
		width, capacity int
		cut             bool
		depth           int
		budget          float64
		deepest         int
	}{
		{"2x2x6", 8, 8, false, 0, 0, 0},
		{"2x2x6", 8, 8, true, 0, 0, 0},
		{"2x2x6", 1 << 12, 1 << 12, false, 0, 0, 0},
		{"2x2x6", 1 << 12, 1 << 12, true, 0, 0, 0},
		{"2x2x4", 8, 8, false, 16, 0, 0},
		{"2x3x3", 8, 8, false, 0, 0, 0},
		{"2x3x3", 1 << 12, 1 << 12, true, 0, 0, 0},
		{"2x2x6", 8, 8, false, 4, 30, 0},
		{"2x2x6", 1 << 12, 1 << 12, true, 6, 100, 16},
		{"2x2x4", 8, 8, false, 2, 5, 0},
		{"2x3x3", 8, 8, false, 3, 20, 0},
		{"2x3x3", 1 << 12, 1 << 12, false, 5, 50, 12},
	} {
		b := symmetry.MustParseBox(c.box)
		want := count(t, b)
		for seed := uint64(1); seed <= 2; seed++ {
			d := NewDesign(b, seed, Options{Depth: c.depth, Width: c.width, Capacity: c.capacity, Cut: c.cut, CacheDepth: 6, Budget: c.budget, Deepest: c.deepest})
			var got, left solver.Count
			depths := map[int]bool{}
			walkSections(t, d, false, func(p solver.Seq, _ float64, x solver.Count) { add(&got, x); depths[p.Len] = true },
				func(p solver.Seq, x solver.Count) { add(&left, x) })
			if got.Snakes != want.Snakes || got.OneSolution != want.OneSolution || got.Solutions != want.Solutions || left.Snakes != 0 || left.Solutions != 0 {
				t.Errorf("%v %s seed %d: the sections a descent reaches hold %d snakes, %d one-solution snakes, %d solutions; the box %d, %d, %d; those it never reaches %d, %d, %d",
					b, d.Name(), seed, got.Snakes, got.OneSolution, got.Solutions,
					want.Snakes, want.OneSolution, want.Solutions, left.Snakes, left.OneSolution, left.Solutions)
			}
			if c.budget > 0 && len(depths) < 2 {
				t.Errorf("%v %s seed %d: every section reached is of %v cubelets: the budget chose nothing", b, d.Name(), seed, depths)
			}
			if c.deepest > 0 && slices.Max(slices.Collect(maps.Keys(depths))) > c.deepest {
				t.Errorf("%v %s seed %d: sections reached of %v cubelets, deeper than %d", b, d.Name(), seed, depths, c.deepest)
			}
		}
	}
}

// TestStopsAsWeighed holds a descent's stops, which take the nodes of a
// section from the weighing of the choice that led to it, to a walk of
// every section a descent can reach that profiles each section on its
// own: each descent must end at a section the walk reaches, with the
// walk's probability, on designs where the choices are weighed now, kept
// from before (the shared levels) or both.
func TestStopsAsWeighed(t *testing.T) {
	for _, c := range []struct {
		box          string
		width, cache int
		depth        int
		budget       float64
	}{
		{"2x2x6", 8, 2, 4, 30},
		{"2x2x6", 64, 8, 3, 100},
		{"2x3x3", 16, 4, 3, 20},
		{"2x3x4", 32, 6, 5, 200},
	} {
		b := symmetry.MustParseBox(c.box)
		opts := Options{Depth: c.depth, Width: c.width, Capacity: c.width, CacheDepth: c.cache, Budget: c.budget}
		walked := NewDesign(b, 3, opts)
		reach := map[solver.Seq]float64{}
		walkSections(t, walked, false, func(p solver.Seq, prob float64, _ solver.Count) { reach[p] = prob },
			func(solver.Seq, solver.Count) {})
		d := NewDesign(b, 3, opts)
		depths := map[int]bool{}
		for k := range 200 {
			x, err := d.Descend(context.Background(), k)
			if err != nil {
				t.Fatal(err)
			}
			depths[x.Prefix.Len] = true
			if prob, ok := reach[x.Prefix]; !ok || prob != x.Prob {
				t.Fatalf("%v %s: descent %d ends at %v with probability %v; the walk reaches it with %v (%v)", b, d.Name(), k, x.Prefix, x.Prob, prob, ok)
			}
		}
		if len(depths) < 2 {
			t.Errorf("%v %s: every descent ends at %v cubelets: the budget chose nothing", b, d.Name(), depths)
		}
	}
}

// TestDistribution writes the exact distribution of one descent of the
// design that ESTIMATE_DISTRIBUTION names, BOX:WIDTH:CAPACITY:SEED[:cut],
// to the file ESTIMATE_DISTRIBUTION_OUT: a line for each nonempty
// section a descent reaches, its probability and its snakes, one-solution
// snakes and solutions (docs/RESEARCH.md, "Calibration": the long boxes'
// skew measured exactly). It checks, as TestExpectation does, that they
// add up to the box's count. Without the variable it does nothing.
func TestDistribution(t *testing.T) {
	spec := os.Getenv("ESTIMATE_DISTRIBUTION")
	if spec == "" {
		t.Skip("ESTIMATE_DISTRIBUTION=BOX:WIDTH:CAPACITY:SEED[:cut] names the design")
	}
	f := strings.Split(spec, ":")
	if len(f) < 4 {
		t.Fatalf("ESTIMATE_DISTRIBUTION %q: want BOX:WIDTH:CAPACITY:SEED[:cut]", spec)
	}
	b, err := symmetry.ParseBox(f[0])
	if err != nil {
		t.Fatal(err)
	}
	var n [3]uint64
	for i := range n {
		if n[i], err = strconv.ParseUint(f[i+1], 10, 32); err != nil {
			t.Fatalf("ESTIMATE_DISTRIBUTION %q: %v", spec, err)
		}
	}
	d := NewDesign(b, n[2], Options{Width: int(n[0]), Capacity: int(n[1]), Cut: len(f) > 4 && f[4] == "cut"})
	out, err := os.Create(os.Getenv("ESTIMATE_DISTRIBUTION_OUT"))
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(out)
	var got, left solver.Count
	walkSections(t, d, true, func(p solver.Seq, prob float64, x solver.Count) {
		add(&got, x)
		fmt.Fprintf(w, "%v %d %d %d\n", prob, x.Snakes, x.OneSolution, x.Solutions)
	}, func(p solver.Seq, x solver.Count) { add(&left, x) })
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	want := count(t, b)
	if got.Snakes != want.Snakes || got.OneSolution != want.OneSolution || got.Solutions != want.Solutions || left.Snakes != 0 {
		t.Errorf("%s: the sections reached hold %+v, the box %+v, those never reached %+v", spec, got, want, left)
	}
}

// add adds x's snakes, one-solution snakes and solutions to to.
func add(to *solver.Count, x solver.Count) {
	to.Snakes += x.Snakes
	to.OneSolution += x.OneSolution
	to.Solutions += x.Solutions
}

// walkSections walks every prefix a descent of d can reach, with the
// choices d makes there, and calls reached with each section of d's
// depth it reaches, the probability of reaching it and its count, and
// left with each child it never takes (of probability 0) and that
// child's count. With pruned, it does not go below a prefix whose
// section holds no snake, which adds nothing to any expectation.
func walkSections(t *testing.T, d *Design, pruned bool, reached func(solver.Seq, float64, solver.Count), left func(solver.Seq, solver.Count)) {
	t.Helper()
	ctx := context.Background()
	L := d.b.Len()
	count := func(p solver.Seq) solver.Count {
		c, err := solver.CountSection(ctx, d.b, p, solver.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	var walk func(f *solver.Frontier, prob float64)
	walk = func(f *solver.Frontier, prob float64) {
		p := f.Prefix()
		// Whether a descent stops here, from the section's own profile,
		// not from the weighing of the choice above, as Descend takes it.
		stop, err := d.stops(ctx, p, f, 0, false)
		if err != nil {
			t.Fatal(err)
		}
		if stop {
			reached(p, prob, count(p))
			return
		}
		if pruned && count(p).Snakes == 0 {
			return
		}
		if p.Len == L-1 {
			// As Descend: a key ends with '0'; the section of its '1'
			// is never reached.
			end := solver.Seq{Bits: p.Bits, Len: L}
			reached(end, prob, count(end))
			turn := solver.Seq{Bits: p.Bits | 1<<(L-1), Len: L}
			left(turn, count(turn))
			return
		}
		f0, f1 := f.Children(d.opts.Capacity, d.seed)
		q1, _, err := d.choice(ctx, p, f0, f1)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []struct {
			f *solver.Frontier
			q float64
		}{{f0, 1 - q1}, {f1, q1}} {
			if k.q > 0 {
				walk(k.f, prob*k.q)
			} else {
				left(k.f.Prefix(), count(k.f.Prefix()))
			}
		}
	}
	walk(solver.NewFrontier(d.b, d.opts.Cut), 1)
}
