package census

import (
	"context"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

func TestSample(t *testing.T) {
	for _, tc := range []struct{ m, n int }{{10, 10}, {1000, 7}, {1 << 40, 50}, {5, 9}} {
		s := Sample(tc.m, tc.n, 3)
		if len(s) != min(tc.m, tc.n) || !slices.IsSorted(s) || len(slices.Compact(slices.Clone(s))) != len(s) {
			t.Errorf("Sample(%d, %d) = %v: want %d distinct numbers, ascending", tc.m, tc.n, s, min(tc.m, tc.n))
		}
		for _, k := range s {
			if k < 0 || k >= tc.m {
				t.Errorf("Sample(%d, %d) holds %d", tc.m, tc.n, k)
			}
		}
		if !slices.Equal(s, Sample(tc.m, tc.n, 3)) {
			t.Errorf("Sample(%d, %d) differs for one seed", tc.m, tc.n)
		}
	}
	// Every section is as likely as any other.
	hits := make([]int, 20)
	for seed := range uint64(4000) {
		for _, k := range Sample(20, 5, seed) {
			hits[k]++
		}
	}
	for k, h := range hits {
		if h < 800 || h > 1200 { // expected 1000, sd about 27
			t.Errorf("section %d drawn %d times in 4000 samples of 5 of 20, want about 1000", k, h)
		}
	}
}

// sumOf returns the sums of ys.
func sumOf(ys ...int64) *Sum {
	var s Sum
	for _, y := range ys {
		s.Add(uint64(y))
	}
	return &s
}

// pairOf returns the sums of ys and xs, for their ratio.
func pairOf(ys, xs []int64) *Pair {
	p := &Pair{Y: sumOf(ys...), X: sumOf(xs...)}
	for i := range ys {
		p.Add(uint64(ys[i]), uint64(xs[i]))
	}
	return p
}

// censusOf returns the census of recs, of m sections, as the files
// holding them read.
func censusOf(recs []Record, m int) *Census {
	c := newCensus()
	c.Have = NewSections(m)
	if len(recs) > 0 {
		c.Box, c.Depth = recs[0].Box, recs[0].Depth
	}
	for _, r := range recs {
		c.Have.Add(r.Section)
		k, _ := r.Count()
		c.add(r, k)
	}
	return c
}

func TestExtrapolate(t *testing.T) {
	iv := Extrapolate(sumOf(1, 2, 3, 4), 8)
	// Mean 2.5, sd 1.291, se 8*1.291/2*sqrt(1/2) = 3.651, t(3) = 3.1824.
	if math.Abs(iv.Estimate-20) > 1e-9 || math.Abs(iv.High-20-3.1824*3.6515) > 1e-3 {
		t.Errorf("Extrapolate = %+v, want 20 ± 11.62", iv)
	}
	// Snakes exactly a fifth of solutions: the ratio estimate is exact.
	if iv := ExtrapolateRatio(pairOf([]int64{1, 2, 3}, []int64{5, 10, 15}), 1000, 50); iv.Estimate != 200 || iv.Low != 200 || iv.High != 200 {
		t.Errorf("ExtrapolateRatio of proportional values = %+v, want exactly 200", iv)
	}
	if iv := Extrapolate(sumOf(1, 2, 3), 3); iv.Low != 6 || iv.High != 6 {
		t.Errorf("Extrapolate of every section = %+v, want exactly 6", iv)
	}
}

// TestReportOrder checks that a sample's extrapolation does not depend on
// the order of its records, which is the order its sections were counted
// in: the figures are the same to the last bit, read forwards or back.
func TestReportOrder(t *testing.T) {
	const m = 1 << 20
	r := rand.New(rand.NewPCG(1, 2))
	var recs []Record
	for i := range 500 {
		c := solver.Count{Snakes: r.Int64N(1 << 40), Solutions: r.Int64N(1 << 44), OneSolution: r.Int64N(1 << 39), Nodes: r.Uint64N(1 << 50)}
		recs = append(recs, Record{Box: symmetry.MustParseBox("4x4x4"), Depth: 21, Section: 7 + 1999*i, Counts: CountsOf(c)})
	}
	forward := NewReport(censusOf(recs, m), 3e18)
	if !forward.Extrapolated() {
		t.Fatal("the sample was taken for ranges")
	}
	back := slices.Clone(recs)
	slices.Reverse(back)
	if got := NewReport(censusOf(back, m), 3e18); !slices.Equal(got.Estimates, forward.Estimates) {
		t.Errorf("read back to front: %+v\nforwards: %+v", got.Estimates, forward.Estimates)
	}
}

// TestRanges checks which sets of sections are taken for ranges of
// consecutive sections (summed) and which for a random sample
// (extrapolated).
func TestRanges(t *testing.T) {
	for _, c := range []struct {
		sections []int
		m        int
		runs     int
		ranges   bool
	}{
		{[]int{7}, 128, 1, false},                     // one section: a sample of one
		{[]int{126, 125}, 128, 1, true},               // -sections 125:127
		{[]int{3, 90}, 128, 2, false},                 // two apart
		{[]int{0, 1, 2, 3, 60, 61, 62}, 128, 2, true}, // two ranges
		{[]int{2, 9, 10, 31, 47, 60, 77, 100}, 128, 7, false},
	} {
		s := NewSections(c.m)
		for _, k := range c.sections {
			s.Add(k)
		}
		if runs, ok := ranges(s); runs != c.runs || ok != c.ranges {
			t.Errorf("ranges(%v of %d) = %d, %v; want %d, %v", c.sections, c.m, runs, ok, c.runs, c.ranges)
		}
	}
}

// TestCensus334 counts 3x3x4 in 256 sections and checks that the sum is
// the census in 512 sections (as enumerate -count), and how often the 95%
// interval of a random sample of 60 sections covers the exact totals.
func TestCensus334(t *testing.T) {
	if testing.Short() {
		t.Skip("two full 3x3x4 censuses, a minute")
	}
	b, _ := symmetry.NewBox(3, 3, 4)
	var recs []Record
	err := solver.CountSections(context.Background(), b, solver.Sections(b, solver.Seq{}, 9), solver.Options{},
		func(p solver.Seq, c solver.Count) error {
			recs = append(recs, Record{Box: b, Depth: 9, Section: len(recs), Prefix: p.String(),
				Counts: Counts{Snakes: c.Snakes, Solutions: c.Solutions, OneSolution: c.OneSolution, Nodes: c.Nodes}})
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	total := censusOf(recs, len(recs)).Total
	var whole solver.Count
	solver.CountSections(context.Background(), b, solver.Sections(b, solver.Seq{}, 10), solver.Options{},
		func(_ solver.Seq, c solver.Count) error { whole.Add(c); return nil })
	if total.Snakes != whole.Snakes || total.Solutions != whole.Solutions || total.OneSolution != whole.OneSolution {
		t.Fatalf("3x3x4 in 256 sections: %d snakes, %d solutions, %d unique; in 512: %d, %d, %d",
			total.Snakes, total.Solutions, total.OneSolution, whole.Snakes, whole.Solutions, whole.OneSolution)
	}
	const samples, n = 1000, 60
	covered := [3]int{}
	for seed := range uint64(samples) {
		var snakes, solutions []int64
		for _, k := range Sample(len(recs), n, seed) {
			snakes = append(snakes, recs[k].Snakes)
			solutions = append(solutions, recs[k].Solutions)
		}
		for i, q := range []struct {
			ys    []int64
			exact int64
		}{{snakes, total.Snakes}, {solutions, total.Solutions}} {
			if iv := Extrapolate(sumOf(q.ys...), len(recs)); iv.Low <= float64(q.exact) && float64(q.exact) <= iv.High {
				covered[i]++
			}
		}
		if iv := ExtrapolateRatio(pairOf(snakes, solutions), float64(total.Solutions), len(recs)); iv.Low <= float64(total.Snakes) && float64(total.Snakes) <= iv.High {
			covered[2]++
		}
	}
	t.Logf("95%% intervals from %d samples of %d of 256 sections covered the 3x3x4 snakes %d times, the solutions %d times; the ratio interval the snakes %d times",
		samples, n, covered[0], covered[1], covered[2])
	if iv := Extrapolate(sampleOf(recs, n, 1), len(recs)); float64(total.Snakes) < iv.Low || float64(total.Snakes) > iv.High {
		t.Errorf("the sample of seed 1: snakes %+v misses %d", iv, total.Snakes)
	}
	for i, c := range covered {
		// Section sizes are skewed, so coverage falls short of 95%; below
		// 85% the interval would mislead.
		if c < samples*85/100 {
			t.Errorf("interval %d covered the exact total in %d of %d samples, want at least 85%%", i, c, samples)
		}
	}
}

func sampleOf(recs []Record, n int, seed uint64) *Sum {
	var s Sum
	for _, k := range Sample(len(recs), n, seed) {
		s.Add(uint64(recs[k].Snakes))
	}
	return &s
}

// TestGapWords tells what a merge lacks and what an upgrade did, in the
// words census merge and census upgrade print.
func TestGapWords(t *testing.T) {
	for _, c := range []struct {
		g    Gap
		want string
	}{
		{Gap{Missing: 2, First: []int{3, 7}}, "[3 7]"},
		{Gap{Missing: 9, First: []int{0, 1, 2, 3, 4}}, "[0 1 2 3 4 ...]"},
		{Gap{Missing: 1, First: []int{5}, Underway: "2 parts of them"}, "[5]; 2 parts of them: run the census again to finish them"},
	} {
		if got := c.g.List(); got != c.want {
			t.Errorf("%+v.List() = %q, want %q", c.g, got, c.want)
		}
	}
	u := Upgraded{Records: 1200, Duplicates: 1, Torn: 17}
	if got, want := u.Summary("c.jsonl"), "c.jsonl: 1,200 sections checked, each line with its checksum; dropped 1 record repeating an earlier one; dropped a torn last line of 17 bytes"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	if got, want := Kept(filepath.Join(t.TempDir(), "c.jsonl")), "the sections counted are in "; !strings.HasPrefix(got, want) || strings.Contains(got, "parts") {
		t.Errorf("Kept with no parts file = %q", got)
	}
}
