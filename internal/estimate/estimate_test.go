package estimate

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/snakecube/snakecube/internal/cputime"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// draw runs descents 0 to k-1 of a design.
func draw(t testing.TB, d *Design, k int) []Descent {
	t.Helper()
	ks := make([]int, k)
	for i := range ks {
		ks[i] = i
	}
	var ds []Descent
	if err := d.Run(context.Background(), ks, func(x Descent) error {
		ds = append(ds, x)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return ds
}

// TestCoverage runs the estimator with 20 seeds on 2x4x4 and 3x3x4, whose
// counts are known, at the default depth, 5/8 of the cubelets as on
// 4x4x4: 2^19 and 2^21 sections, most empty and a few holding thousands
// of snakes, of which the 16 descents of a run see a sliver. The masses
// come from populations of 64 nodes, 16 times narrower than the design's,
// so the choices are poor and the test checks that poor choices cost
// variance, not bias: the pooled estimate of the 320 descents must lie
// within 3 pooled standard errors of the truth. (The runs are fixed by
// their seeds: this is not a flaky test.) Poor choices and 16 descents
// make the estimates heavy-tailed, so fewer than 95% of the intervals
// cover the truth (about 65% to 90% here); the test wants half, which an
// error understated twofold, or a descent weighted by its probability
// instead of its inverse, falls short of. make estimate-validate measures
// the coverage of the design itself, with the README's table.
func TestCoverage(t *testing.T) {
	for _, c := range []struct {
		box   string
		depth int
	}{{"2x4x4", 20}, {"3x3x4", 22}} {
		t.Run(c.box, func(t *testing.T) {
			b := symmetry.MustParseBox(c.box)
			coverage(t, b, truth(t, b), Options{Depth: c.depth, Width: 64, CacheDepth: 6})
		})
	}
}

// quantity is one of the figures descents estimate, its truth, and
// whether it is the estimate with the solutions as control variate.
type quantity struct {
	name       string
	truth      float64
	of         func(Result) Value
	controlled bool
}

// quantities returns the figures checked against the exact count want.
func quantities(want solver.Count) []quantity {
	return []quantity{
		{"snakes", float64(want.Snakes), func(r Result) Value { return r.Snakes }, false},
		{"one-solution snakes", float64(want.OneSolution), func(r Result) Value { return r.OneSolution }, false},
		{"solutions", float64(want.Solutions), func(r Result) Value { return r.Solutions }, false},
		{"snakes, solutions as control", float64(want.Snakes), func(r Result) Value { return r.Snakes }, true},
		{"one-solution snakes, solutions as control", float64(want.OneSolution), func(r Result) Value { return r.OneSolution }, true},
	}
}

// in returns q's estimate from the plain and controlled results.
func (q quantity) in(plain, cv Result) Value {
	if q.controlled {
		return q.of(cv)
	}
	return q.of(plain)
}

// coverage checks 20 runs of 16 descents of a design against the truth.
func coverage(t *testing.T, b symmetry.Box, want solver.Count, opts Options) {
	const seeds, k = 20, 16
	qs := quantities(want)
	covered := make([]int, len(qs))
	sum := make([]float64, len(qs))
	vars := make([]float64, len(qs))
	for seed := range uint64(seeds) {
		ds := draw(t, NewDesign(b, seed+1, opts), k)
		plain, cv := Summarize(ds), Controlled(ds, float64(want.Solutions))
		for i, q := range qs {
			v := q.in(plain, cv)
			if v.Covers(q.truth) {
				covered[i]++
			}
			sum[i] += v.Mean
			vars[i] += v.Err * v.Err
		}
	}
	for i, q := range qs {
		mean := sum[i] / seeds
		se := math.Sqrt(vars[i]) / seeds
		z := (mean - q.truth) / se
		t.Logf("%v %s: %d of %d intervals cover %v; pooled %.0f ± %.0f, z = %+.2f", b, q.name, covered[i], seeds, q.truth, mean, se, z)
		if covered[i] < seeds/2 {
			t.Errorf("%v %s: %d of %d 95%% intervals cover the truth %v, want at least half", b, q.name, covered[i], seeds, q.truth)
		}
		if math.Abs(z) > 3 {
			t.Errorf("%v %s: the pooled estimate %.0f ± %.0f is %.1f standard errors from the truth %v", b, q.name, mean, se, z, q.truth)
		}
	}
}

// TestWorkers checks that the descents of a seed are the same whatever
// the number of workers, and whatever descents came before: each drawn
// alone, by a design that has kept no choice, is the same as among the
// others, whose choices it may share.
func TestWorkers(t *testing.T) {
	b := symmetry.MustParseBox("2x3x4")
	opts := Options{Width: 64, CacheDepth: 3, Workers: 1}
	one := draw(t, NewDesign(b, 7, opts), 12)
	opts.Workers = 3
	three := draw(t, NewDesign(b, 7, opts), 12)
	for i := range one {
		one[i].Seconds, three[i].Seconds = 0, 0
		one[i].Weigh, three[i].Weigh = 0, 0
	}
	if !reflect.DeepEqual(one, three) {
		t.Errorf("descents with 1 and 3 workers differ:\n%v\n%v", one, three)
	}
	d := NewDesign(b, 7, opts)
	for i := range one {
		alone, err := NewDesign(b, 7, opts).Descend(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		alone.Seconds, alone.Weigh = 0, 0
		if !reflect.DeepEqual(alone, one[i]) {
			t.Errorf("descent %d drawn alone:\n%v\namong the others:\n%v", i, alone, one[i])
		}
	}
	if d.memos != 0 {
		t.Fatal("a new design has kept choices")
	}
	draw(t, d, 12)
	if d.memos == 0 {
		t.Error("12 descents kept no choice below CacheDepth")
	}
}

// TestInterrupted checks that a choice whose weighing a cancelled
// context stops is not kept: the design weighs it again when asked with
// a live context, and makes the choice a fresh design makes.
func TestInterrupted(t *testing.T) {
	b := symmetry.MustParseBox("2x3x4")
	opts := Options{Width: 64, CacheDepth: 3, Workers: 1}
	d := NewDesign(b, 7, opts)
	f0, f1 := solver.NewFrontier(b, false).Children(d.opts.Capacity, d.seed)
	p := solver.NewFrontier(b, false).Prefix()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := d.choice(ctx, p, f0, f1); !errors.Is(err, context.Canceled) {
		t.Fatalf("choice with a cancelled context: error %v, want context.Canceled", err)
	}
	if _, err := d.Descend(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("Descend with a cancelled context: error %v, want context.Canceled", err)
	}
	got, _, err := d.choice(context.Background(), p, f0, f1)
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := NewDesign(b, 7, opts).choice(context.Background(), p, f0, f1)
	if err != nil {
		t.Fatal(err)
	}
	if got != want || got <= 0 || got >= 1 {
		t.Errorf("choice after an interrupted one: %v, a fresh design's %v", got, want)
	}
}

// TestEmptyLeftOut checks that a descent never reaches a section that a
// frontier proves empty, and that every probability is in (0, 1].
func TestProbabilities(t *testing.T) {
	b, _ := symmetry.Cube(3)
	for _, x := range draw(t, NewDesign(b, 3, Options{Depth: 27, Width: 64}), 20) {
		if !(x.Prob > 0 && x.Prob <= 1) {
			t.Errorf("descent %d: probability %v", x.Index, x.Prob)
		}
		if x.Prefix.Len != 27 {
			t.Errorf("descent %d reached %v, want a whole key", x.Index, x.Prefix)
		}
	}
}

// TestFile writes descents to a file, reads them back and resumes: a
// design that resumes keeps the choices the file's descents made, draws
// the same descents as one that weighs them all, and weighs fewer.
func TestFile(t *testing.T) {
	b := symmetry.MustParseBox("2x2x3")
	opts := Options{Width: 64, CacheDepth: 4}
	d := NewDesign(b, 5, opts)
	ds := draw(t, d, 6)
	path := filepath.Join(t.TempDir(), "d.jsonl")
	var data []byte
	for _, x := range ds {
		if len(x.Choices) == 0 {
			t.Fatalf("descent %d kept no choices", x.Index)
		}
		data = append(data, d.Record(x).Line()...)
	}
	data = append(data, `{"box":"2x2x3","desi`...) // a torn last line
	writeFile(t, path, data)
	recs, whole, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(len(data) - len(`{"box":"2x2x3","desi`)); whole != want {
		t.Errorf("ReadFile: whole lines end at %d, want %d", whole, want)
	}
	done, err := d.Resume(recs)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range ds {
		if !reflect.DeepEqual(done[x.Index], x) {
			t.Errorf("descent %d read back as %+v, want %+v", x.Index, done[x.Index], x)
		}
	}
	if _, err := NewDesign(b, 6, opts).Resume(recs); err == nil {
		t.Errorf("Resume accepted descents of seed 5 for seed 6")
	}
	if _, err := d.Resume(append(recs, recs[0])); err == nil {
		t.Errorf("Resume accepted a descent twice")
	}

	resumed := NewDesign(b, 5, opts)
	if _, err := resumed.Resume(recs[:3]); err != nil {
		t.Fatal(err)
	}
	again := draw(t, resumed, 6)
	for i := range again {
		again[i].Seconds, again[i].Weigh = 0, 0
		ds[i].Seconds, ds[i].Weigh = 0, 0
	}
	if !reflect.DeepEqual(again, ds) {
		t.Errorf("descents after resuming:\n%v\nwant\n%v", again, ds)
	}
	if r, all := resumed.splits.Load(), d.splits.Load(); r >= all {
		t.Errorf("a design that resumed weighed %d choices, one that did not %d", r, all)
	}
}

// TestFileChoices checks that a file whose choices do not agree with
// their descents' probabilities, or with each other, is refused.
func TestFileChoices(t *testing.T) {
	b := symmetry.MustParseBox("2x2x3")
	d := NewDesign(b, 5, Options{Width: 64, CacheDepth: 4})
	ds := draw(t, d, 2)
	// mend returns a descent whose first choice is q1, its probability
	// made to agree.
	mend := func(x Descent, q1 float64) Record {
		x.Choices = append([]float64{q1}, x.Choices[1:]...)
		x.Prob = 1
		for i, q := range x.Choices {
			if x.Prefix.Bits>>(i+1)&1 == 1 {
				x.Prob *= q
			} else {
				x.Prob *= 1 - q
			}
		}
		return d.Record(x)
	}
	other := 0.3 // a first choice other than theirs
	if ds[1].Choices[0] == other {
		other = 0.7
	}
	for _, c := range []struct {
		name string
		recs func() []Record
		want string
	}{
		{"probability", func() []Record {
			r := d.Record(ds[0])
			r.Probability /= 2
			return []Record{r}
		}, "multiply to"},
		{"count", func() []Record {
			r := d.Record(ds[0])
			r.Choices = r.Choices[1:]
			return []Record{r}
		}, "choices for a prefix"},
		{"range", func() []Record {
			r := d.Record(ds[0])
			r.Choices = slices.Clone(r.Choices)
			r.Choices[0] = 1.5
			return []Record{r}
		}, "want a probability"},
		{"disagree", func() []Record {
			return []Record{d.Record(ds[0]), mend(ds[1], other)}
		}, "a descent before had"},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs := c.recs()
			// The records go through a file, as a run reads them.
			var data []byte
			for _, r := range recs {
				data = append(data, r.Line()...)
			}
			path := filepath.Join(t.TempDir(), "d.jsonl")
			writeFile(t, path, data)
			_, err := NewDesign(b, 5, Options{Width: 64, CacheDepth: 4}).OpenFile(context.Background(), path)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("OpenFile: %v, want an error with %q", err, c.want)
			}
		})
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestControlled checks the control variate's arithmetic: where y is an
// exact multiple of x, the controlled terms are that multiple of the known
// mean, with no spread, whatever the spread of x; where y does not follow
// x, the slope is near 0 and the terms are the ys.
func TestControlled(t *testing.T) {
	xs := []float64{1, 7, 2, 30, 4, 0.5, 11, 3}
	ys := make([]float64, len(xs))
	for i, x := range xs {
		ys[i] = 0.25 * x
	}
	for i, z := range controlled(xs, ys, 10) {
		if math.Abs(z-2.5) > 1e-9 {
			t.Errorf("term %d = %v, want 2.5: y = x/4 and x averages 10", i, z)
		}
	}
	flat := []float64{5, 5, 5, 5, 5, 5, 5, 5}
	for i, z := range controlled(xs, flat, 10) {
		if z != 5 {
			t.Errorf("term %d = %v, want 5: y does not follow x", i, z)
		}
	}
	if v := meanErr(controlled(xs, ys, 10)); v.Err > 1e-9 {
		t.Errorf("standard error %v, want 0", v.Err)
	}
}

// TestControlledAt: where the snakes and the one-solution snakes are
// exact multiples of the solutions, Slopes finds both multiples, and at
// them the controlled terms are those multiples of the known solutions,
// with no spread; at slope 0 the estimates are Summarize's.
func TestControlledAt(t *testing.T) {
	var ds []Descent
	for i, sols := range []int64{4, 28, 8, 120, 16, 20, 44, 12} {
		d := Descent{Index: i, Prob: 1 / float64(i+2)}
		d.Solutions, d.Snakes, d.OneSolution = sols, sols/4, sols/2
		ds = append(ds, d)
	}
	bs, bo := Slopes(ds)
	if math.Abs(bs-0.25) > 1e-12 || math.Abs(bo-0.5) > 1e-12 {
		t.Fatalf("Slopes = %v, %v; want 0.25 and 0.5", bs, bo)
	}
	r := ControlledAt(ds, 100, bs, bo)
	if math.Abs(r.Snakes.Mean-25) > 1e-9 || r.Snakes.Err > 1e-9 {
		t.Errorf("ControlledAt snakes = %+v, want 25 exactly", r.Snakes)
	}
	if math.Abs(r.OneSolution.Mean-50) > 1e-9 || r.OneSolution.Err > 1e-9 {
		t.Errorf("ControlledAt one-solution snakes = %+v, want 50 exactly", r.OneSolution)
	}
	plain, at0 := Summarize(ds), ControlledAt(ds, 100, 0, 0)
	if plain.Snakes != at0.Snakes || plain.OneSolution != at0.OneSolution {
		t.Errorf("ControlledAt slope 0 = %+v, %+v; want Summarize's %+v, %+v", at0.Snakes, at0.OneSolution, plain.Snakes, plain.OneSolution)
	}
	flat := []Descent{{Prob: 1}, {Prob: 1}}
	flat[0].Solutions, flat[1].Solutions = 3, 3
	flat[0].Snakes, flat[1].Snakes = 1, 2
	if bs, bo := Slopes(flat); bs != 0 || bo != 0 {
		t.Errorf("Slopes without spread in the solutions = %v, %v; want 0 and 0", bs, bo)
	}
}

// TestSharedWidth checks the populations of each level: by default four
// times the width above the shared depth, twice just above it, the width
// below; with a shared width, that width at every shared level. And only
// a design with a shared width names it, so that the files of the others
// keep their names.
func TestSharedWidth(t *testing.T) {
	b := symmetry.MustParseBox("3x3x4")
	plain := NewDesign(b, 1, Options{Width: 100})
	wide := NewDesign(b, 1, Options{Width: 100, SharedWidth: 7000})
	for n := 1; n <= b.Len(); n++ {
		want := 100
		switch {
		case n < DefaultCacheDepth-1:
			want = 400
		case n == DefaultCacheDepth-1:
			want = 200
		}
		if got := plain.width(n); got != want {
			t.Errorf("default design: width(%d) = %d, want %d", n, got, want)
		}
		if n < DefaultCacheDepth {
			want = 7000
		}
		if got := wide.width(n); got != want {
			t.Errorf("shared width 7000: width(%d) = %d, want %d", n, got, want)
		}
	}
	const name = "depth 22, width 100, capacity 4096, shared 12, floor 0.1, power 0.8"
	if got := plain.Name(); got != name {
		t.Errorf("default design's name %q, want %q", got, name)
	}
	if got := wide.Name(); got != name+", shared width 7000" {
		t.Errorf("shared width's design name %q, want %q", got, name+", shared width 7000")
	}
}

// TestDescentsForSaturates: a mean near 0 against its error asks for
// more descents than an int holds; the count saturates rather than
// wrapping to a negative one, which a runner would read as done.
func TestDescentsForSaturates(t *testing.T) {
	for _, v := range []Value{
		{Mean: 1e-300, Err: 1, N: 1000},
		{Mean: 1, Err: math.Inf(1), N: 10},
		{Mean: 1, Err: math.NaN(), N: 10},
	} {
		n, ok := v.DescentsFor(0.02)
		if !ok || n != maxDescentsFor {
			t.Errorf("%+v: %d, %v; want %d, true", v, n, ok, maxDescentsFor)
		}
		r := Result{Descents: v.N, Snakes: v, OneSolution: Value{Mean: 1, Err: 0.01, N: v.N}}
		if n, ok := r.DescentsFor(0.02); !ok || n <= v.N {
			t.Errorf("result of %+v: %d, %v; want more than %d", v, n, ok, v.N)
		}
	}
}

// TestTakeMeasures checks that a Take's descents, on two workers, carry
// the processor seconds they cost in turn: in the file, as read back,
// adding up to no more than the process spent, and to more than nothing.
func TestTakeMeasures(t *testing.T) {
	b := symmetry.MustParseBox("2x3x4")
	path := filepath.Join(t.TempDir(), "d.jsonl")
	cpu0, measured := cputime.Process()
	ds, _, err := NewDesign(b, 7, Options{Width: 256, Workers: 2}).Take(context.Background(), 12, path)
	if err != nil {
		t.Fatal(err)
	}
	cpu1, _ := cputime.Process()
	recs, _, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for i, r := range recs {
		x := ds[r.Index]
		if r.CPU != x.CPU || r.CPU < 0 {
			t.Errorf("line %d: descent %d took %v processor seconds, the file says %v", i+1, r.Index, x.CPU, r.CPU)
		}
		back, err := r.Descent()
		if err != nil || back.CPU != r.CPU {
			t.Errorf("line %d read back with %v processor seconds (%v), want %v", i+1, back.CPU, err, r.CPU)
		}
		sum += r.CPU
	}
	if measured && (sum <= 0 || sum > cpu1-cpu0) {
		t.Errorf("the descents say %v processor seconds, the process spent %v", sum, cpu1-cpu0)
	}
}

// TestStopped checks the error of a stopped Take: what stopped it stays
// reachable, and the text names the file and how many descents it holds.
func TestStopped(t *testing.T) {
	b := symmetry.MustParseBox("2x3x4")
	path := filepath.Join(t.TempDir(), "d.jsonl")
	if _, _, err := NewDesign(b, 7, Options{Width: 64}).Take(context.Background(), 3, path); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := NewDesign(b, 7, Options{Width: 64}).Take(ctx, 10, path)
	var s *Stopped
	if !errors.As(err, &s) || s.Held != 3 || s.Path != path || !errors.Is(err, context.Canceled) {
		t.Fatalf("Take stopped with 3 descents in its file: error %#v", err)
	}
	if want := "context canceled (descents in " + path + ": 3; run again to resume)"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

// TestSpread checks the figures of a run's spread on descents made up:
// twelve of probability 1/2, ten with 5 snakes and two with none, so
// weighted counts of ten 10s and two 0s about their mean 25/3. The two
// 0s lie farthest from it, and every descent is among the ten farthest
// but two of the 10s: 29/30 of the squared deviations. The relative
// variance of a descent is the sample variance over the squared mean.
func TestSpread(t *testing.T) {
	var ds []Descent
	for i := range 12 {
		d := Descent{Index: i, Prob: 0.5}
		if i%6 != 3 {
			d.Snakes = 5
		}
		ds = append(ds, d)
	}
	r := Summarize(ds)
	const mean = 25.0 / 3
	if math.Abs(r.Snakes.Mean-mean) > 1e-12 {
		t.Fatalf("mean %v, want %v", r.Snakes.Mean, mean)
	}
	if math.Abs(r.TopShare-29.0/30) > 1e-12 {
		t.Errorf("TopShare %v, want 29/30", r.TopShare)
	}
	if math.Abs(r.MaxShare-0.1) > 1e-12 {
		t.Errorf("MaxShare %v, want 10/100", r.MaxShare)
	}
	var ss float64
	for _, d := range ds {
		y := float64(d.Snakes) / d.Prob
		ss += (y - mean) * (y - mean)
	}
	if want := ss / 11 / (mean * mean); math.Abs(r.Snakes.RelVar()-want) > 1e-12 {
		t.Errorf("RelVar %v, want %v", r.Snakes.RelVar(), want)
	}
	// Alike, they spread not at all; fewer than ten, all of them make it.
	for i := range ds {
		ds[i].Snakes = 5
	}
	if r := Summarize(ds); r.TopShare != 0 || r.Snakes.RelVar() != 0 {
		t.Errorf("alike: TopShare %v, RelVar %v, want 0 and 0", r.TopShare, r.Snakes.RelVar())
	}
	ds[0].Snakes = 1
	if r := Summarize(ds[:5]); math.Abs(r.TopShare-1) > 1e-12 {
		t.Errorf("five descents: TopShare %v, want 1", r.TopShare)
	}
	if v := (Value{Mean: 0, Err: 1, N: 3}); !math.IsNaN(v.RelVar()) {
		t.Errorf("RelVar of a mean of 0 = %v, want NaN", v.RelVar())
	}
}

// TestStoppedKept says what a stopped run's file holds, in words.
func TestStoppedKept(t *testing.T) {
	for held, want := range map[int]string{
		0:    "no descent is in d.jsonl yet",
		1:    "1 descent is in d.jsonl",
		1234: "1,234 descents are in d.jsonl",
	} {
		if got := (&Stopped{Path: "d.jsonl", Held: held}).Kept(); got != want {
			t.Errorf("Stopped{Held: %d}.Kept() = %q, want %q", held, got, want)
		}
	}
}

// NodeRate is a positive, finite rate, even of a search that may end
// before the processor clock moves (2x2x3's 495 nodes).
func TestNodeRate(t *testing.T) {
	for _, size := range []string{"2x2x3", "3x3x3"} {
		b := symmetry.MustParseBox(size)
		r := NodeRate(context.Background(), b, time.Minute)
		if math.IsNaN(r) || math.IsInf(r, 0) || r <= 0 {
			t.Errorf("%v: NodeRate = %g, want a positive rate", b, r)
		}
	}
	for _, tc := range []struct {
		nodes     uint64
		cpu, wall float64
		want      float64
	}{
		{1000, 4, 2, 250},  // processor seconds, not the wall clock
		{1000, 0, 2, 500},  // the wall clock where the system says none
		{1000, -1, 4, 250}, // nor less
		{1000, 0, 0, 0},    // neither: no rate, not an infinite one
	} {
		if got := perSecond(tc.nodes, tc.cpu, tc.wall); got != tc.want {
			t.Errorf("perSecond(%d, %g, %g) = %g, want %g", tc.nodes, tc.cpu, tc.wall, got, tc.want)
		}
	}
}

// TestWriteTree: the core-hours are the estimated nodes over the rate,
// and a rate not measured (0) prints no core-hours, not infinite ones.
func TestWriteTree(t *testing.T) {
	b := symmetry.MustParseBox("3x3x3")
	est := solver.Estimate{Probes: 10, Mean: solver.TreeSize{Nodes: 7.2e9, Paths: 1, Solutions: 1}, Err: solver.TreeSize{Nodes: 3.6e8}}
	for _, tc := range []struct {
		rate      float64
		want, not string
	}{
		{1e6, "core-hours                 2 ± 0.1 (5.00%)", "not measured"},
		{0, "not measured", "core-hours"},
	} {
		var out strings.Builder
		if err := WriteTree(&out, b, est, 1, tc.rate); err != nil {
			t.Fatal(err)
		}
		if got := out.String(); !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) || strings.Contains(got, "Inf") {
			t.Errorf("WriteTree at rate %g:\n%s\nwant %q, and neither %q nor Inf", tc.rate, got, tc.want, tc.not)
		}
	}
}
