package census

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"

	"github.com/snakecube/snakecube/solver"
)

// Report is what census merge prints of a census: the sums of its
// records and, when they are a random sample of the sections, the totals
// extrapolated to all of them.
type Report struct {
	Total
	// Of is the number of sections of the census's box and depth.
	Of   int
	recs []Record
	// Runs, when the records are ranges of consecutive sections rather
	// than a sample, is how many ranges: sections grow along key order,
	// so ranges are summed, never extrapolated.
	Runs int
	// Estimates are the extrapolated totals of a sample, in the order
	// printed; none for a whole census or for ranges.
	Estimates []Estimate
	// Solutions is the solutions' interval: exact for a whole census or
	// ranges, the extrapolation's for a sample.
	Solutions Interval
	// Known is the number of solutions known from elsewhere, given to
	// NewReport, 0 when none: a sample's totals are then also estimated
	// by their ratio to it (Estimates' ByRatio).
	Known float64
}

// Estimate is one extrapolated total with its 95% confidence interval.
type Estimate struct {
	Name    string // snakes, solutions, one_solution_snakes, nodes
	ByRatio bool   // by the ratio to the known solutions
	Interval
}

// Extrapolated reports whether the report's totals are extrapolated from
// a sample.
func (r Report) Extrapolated() bool { return len(r.Estimates) > 0 }

// Trusted reports whether an extrapolation's solutions' interval holds
// known, the number of solutions known, when it is not 0.
func (r Report) Trusted(known float64) bool {
	return known <= 0 || !r.Extrapolated() || r.Solutions.Covers(known)
}

// NewReport sums the records of census t, of m sections in all, and
// extrapolates a sample's totals; known is the number of solutions known
// from elsewhere, 0 when none.
func NewReport(t Total, m int, recs []Record, known float64) Report {
	r := Report{Total: t, Of: m, recs: recs, Known: known}
	exact := float64(t.Solutions)
	r.Solutions = Interval{Estimate: exact, Low: exact, High: exact}
	if t.Sections == m {
		return r
	}
	if runs, ok := ranges(recs, m); ok {
		r.Runs = runs
		return r
	}
	quantities := []struct {
		name string
		of   func(Record) float64
	}{
		{"snakes", func(r Record) float64 { return float64(r.Snakes) }},
		{"solutions", func(r Record) float64 { return float64(r.Solutions) }},
		{"one_solution_snakes", func(r Record) float64 { return float64(r.OneSolution) }},
		{"nodes", func(r Record) float64 { return float64(r.Nodes) }},
	}
	// Summed in the order of the sections, not of the files' lines (the
	// order the sections were counted in): the same sample gives the same
	// figures to the last bit.
	recs = slices.Clone(recs)
	slices.SortFunc(recs, func(a, b Record) int { return cmp.Compare(a.Section, b.Section) })
	for _, q := range quantities {
		iv := Extrapolate(values(recs, q.of), m)
		r.Estimates = append(r.Estimates, Estimate{Name: q.name, Interval: iv})
		if q.name == "solutions" {
			r.Solutions = iv
		}
	}
	if known > 0 {
		sols := values(recs, quantities[1].of)
		for _, q := range []int{0, 2} {
			iv := ExtrapolateRatio(values(recs, quantities[q].of), sols, known, m)
			r.Estimates = append(r.Estimates, Estimate{Name: quantities[q].name, ByRatio: true, Interval: iv})
		}
	}
	return r
}

// values returns a quantity of each record.
func values(recs []Record, of func(Record) float64) []float64 {
	ys := make([]float64, len(recs))
	for i, r := range recs {
		ys[i] = of(r)
	}
	return ys
}

// ranges reports whether the sections of recs lie in too few runs of
// consecutive sections to be a random sample of the m, as the ranges that
// -sections A:B counts do: a uniform sample of n has some n(1-n/m) runs,
// and fewer than half that is taken for ranges, as is a single run of two
// or more (a sample of two is one run with odds 2/m, and a range taken for
// a sample is extrapolated wrongly, a sample taken for a range only
// summed). It returns the runs.
func ranges(recs []Record, m int) (runs int, ok bool) {
	n := len(recs)
	if n < 2 {
		return n, false
	}
	ss := make([]int, n)
	for i, r := range recs {
		ss[i] = r.Section
	}
	slices.Sort(ss)
	runs = 1
	for i := 1; i < n; i++ {
		if ss[i] != ss[i-1]+1 {
			runs++
		}
	}
	expected := float64(n) * (1 - float64(n)/float64(m))
	return runs, runs == 1 || float64(runs) < expected/2
}

// WriteText prints the report, a "name value" line each, for people and
// scripts alike, and says when an extrapolation misses known, the number
// of solutions known from source.
func (r Report) WriteText(w io.Writer, known float64, source string) error {
	fmt.Fprintf(w, "# %s census at depth %d: %d of %d sections; solutions counted once up to the box's rotations and reflections and up to reversal\n",
		r.Box, r.Depth, r.Sections, r.Of)
	fmt.Fprintf(w, "sections %d\n", r.Sections)
	WriteCounts(w, r.Count)
	fmt.Fprintf(w, "seconds %.1f\n", r.Seconds)
	if r.Runs > 0 {
		runs := "runs"
		if r.Runs == 1 {
			runs = "run"
		}
		fmt.Fprintf(w, "# the sections lie in %d %s of consecutive sections, ranges and not a random sample: not extrapolated, as sections grow along key order\n", r.Runs, runs)
	}
	if r.Extrapolated() {
		fmt.Fprintf(w, "# extrapolated from a random sample of %d of the %d sections: %d x the mean per section, [95%% confidence interval]\n", r.Sections, r.Of, r.Of)
	}
	ratio := false
	for _, e := range r.Estimates {
		name := e.Name + "_total"
		if e.ByRatio {
			if !ratio {
				fmt.Fprintf(w, "# by ratio to the %.0f solutions known: the sample's ratio to its solutions x %.0f, [95%% confidence interval]\n", r.Known, r.Known)
				ratio = true
			}
			name += "_by_ratio"
		}
		fmt.Fprintf(w, "%s %.4g [%.4g, %.4g]\n", name, e.Estimate, e.Low, e.High)
	}
	if !r.Trusted(known) {
		fmt.Fprintf(w, "# the solutions' 95%% interval misses the %.0f known (%s): the sample under-represents the large sections, and these extrapolations are not to be trusted; snakecube estimate -snakes gives calibrated ones\n", known, source)
	}
	_, err := fmt.Fprint(w)
	return err
}

// WriteCount prints the counts of enumerate -count, of the part of a box
// what names, after a comment line, and returns the first write that
// failed.
func WriteCount(w io.Writer, what string, c solver.Count) error {
	b := bufio.NewWriter(w) // keeps the first failed write for Flush
	fmt.Fprintf(b, "# %s: solutions counted once up to the box's rotations and reflections and up to reversal\n", what)
	WriteCounts(b, c)
	return b.Flush()
}

// WriteCounts prints counts of a census, one "name value" line each, as
// census merge and enumerate -count print them.
func WriteCounts(w io.Writer, c solver.Count) {
	fmt.Fprintf(w, "snakes %d\nsolutions %d\npalindromes %d\npalindrome_solutions %d\none_solution_snakes %d\n",
		c.Snakes, c.Solutions, c.Palindromes, c.PalindromeSolutions, c.OneSolution)
	if c.Most > 0 {
		fmt.Fprintf(w, "most_solutions %d %v\n", c.Most, c.MostKey)
	}
	fmt.Fprintf(w, "nodes %d\n", c.Nodes)
}
