package estimate

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// truth counts box b's whole catalogue exactly.
func truth(t testing.TB, b symmetry.Box) solver.Count {
	t.Helper()
	c, err := solver.CountSection(context.Background(), b, solver.Seq{}, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

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

// tQuantile975 is the 97.5% quantile of Student's t with df degrees of
// freedom, for the few df the tests use, and the normal one beyond.
func tQuantile975(df int) float64 {
	switch {
	case df >= 120:
		return 1.96
	case df >= 60:
		return 2.00
	case df >= 30:
		return 2.04
	case df >= 15:
		return 2.13
	}
	return 2.26 // df >= 9
}

// TestCoverage runs the estimator with 40 seeds on 3x3x3, whose truth a
// count gives, at sections of 17 cubelets: 65,536 sections for 11,487
// snakes, most of them empty and a few holding hundreds, so that the 16
// descents of each run see a sliver of a skewed population. For an
// unbiased estimator with an honest standard error, about 95% of the
// intervals cover the truth, and the pooled estimate of the 640 descents
// lies within 3 pooled standard errors of it (the runs are fixed by their
// seeds, so this is not a flaky test: it fails when the design is
// biased or its errors are understated). The thresholds leave room for
// the skew's excess of low estimates with wide-enough intervals: 75% of
// 40 intervals, 30, is 5 standard deviations of a binomial below the
// 95% expected; an estimator that leaves sections out, or that weights a
// descent by its probability instead of its inverse, misses by far more.
func TestCoverage(t *testing.T) {
	b, _ := symmetry.Cube(3)
	want := truth(t, b)
	const seeds, k = 40, 16
	opts := Options{Depth: 17, Width: 32, CacheDepth: 4}
	tq := tQuantile975(k - 1)
	type quantity struct {
		name  string
		truth float64
		of    func(Result) Value
	}
	qs := []quantity{
		{"snakes", float64(want.Snakes), func(r Result) Value { return r.Snakes }},
		{"one_solution_snakes", float64(want.Unique), func(r Result) Value { return r.OneSolution }},
		{"solutions", float64(want.Solutions), func(r Result) Value { return r.Solutions }},
	}
	covered := make([]int, len(qs))
	sum := make([]float64, len(qs))
	vars := make([]float64, len(qs))
	for seed := range uint64(seeds) {
		r := Summarize(draw(t, NewDesign(b, seed+1, opts), k))
		for i, q := range qs {
			v := q.of(r)
			if math.Abs(v.Mean-q.truth) <= tq*v.Err {
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
		t.Logf("%s: %d of %d intervals cover %v; pooled %.0f ± %.0f, z = %+.2f", q.name, covered[i], seeds, q.truth, mean, se, z)
		if covered[i] < 30 {
			t.Errorf("%s: %d of %d 95%% intervals cover the truth %v, want at least 30", q.name, covered[i], seeds, q.truth)
		}
		if math.Abs(z) > 3 {
			t.Errorf("%s: the pooled estimate %.0f ± %.0f is %.1f standard errors from the truth %v", q.name, mean, se, z, q.truth)
		}
	}
}

// TestWorkers checks that the descents of a seed are the same whatever
// the number of workers.
func TestWorkers(t *testing.T) {
	b, _ := symmetry.ParseBox("2x3x4")
	one := draw(t, NewDesign(b, 7, Options{Width: 64, Workers: 1}), 12)
	three := draw(t, NewDesign(b, 7, Options{Width: 64, Workers: 3}), 12)
	for i := range one {
		one[i].Seconds, three[i].Seconds = 0, 0
	}
	if !reflect.DeepEqual(one, three) {
		t.Errorf("descents with 1 and 3 workers differ:\n%v\n%v", one, three)
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

// TestFile writes descents to a file, reads them back and resumes.
func TestFile(t *testing.T) {
	b, _ := symmetry.ParseBox("2x2x3")
	d := NewDesign(b, 5, Options{Width: 64})
	ds := draw(t, d, 6)
	path := filepath.Join(t.TempDir(), "d.jsonl")
	var data []byte
	for _, x := range ds {
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
	if _, err := NewDesign(b, 6, Options{Width: 64}).Resume(recs); err == nil {
		t.Errorf("Resume accepted descents of seed 5 for seed 6")
	}
	if _, err := d.Resume(append(recs, recs[0])); err == nil {
		t.Errorf("Resume accepted a descent twice")
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
