package census

import (
	"bufio"
	"fmt"
	"io"

	"github.com/snakecube/snakecube/solver"
)

// Report is what census merge prints of a census: the sums of its
// records and, when they are a random sample of the sections, the totals
// extrapolated to all of them.
type Report struct {
	Total
	// Of is the number of sections of the census's box and depth.
	Of int
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

// NewReport reports census c and extrapolates a sample's totals; known
// is the number of solutions known from elsewhere, 0 when none.
func NewReport(c *Census, known float64) Report {
	m := c.Have.Of()
	r := Report{Total: c.Total, Of: m, Known: known}
	exact := float64(c.Solutions)
	r.Solutions = Interval{Estimate: exact, Low: exact, High: exact}
	if c.Sections == m {
		return r
	}
	if runs, ok := ranges(c.Have); ok {
		r.Runs = runs
		return r
	}
	for i, name := range []string{"snakes", "solutions", "one_solution_snakes", "nodes"} {
		iv := Extrapolate(&c.sums[i], m)
		r.Estimates = append(r.Estimates, Estimate{Name: name, Interval: iv})
		if name == "solutions" {
			r.Solutions = iv
		}
	}
	if known > 0 {
		for i, name := range []string{"snakes", "one_solution_snakes"} {
			iv := ExtrapolateRatio(&c.pairs[i], known, m)
			r.Estimates = append(r.Estimates, Estimate{Name: name, ByRatio: true, Interval: iv})
		}
	}
	return r
}

// ranges reports whether the sections s holds lie in too few runs of
// consecutive sections to be a random sample of the m, as the ranges that
// -sections A:B counts do: a uniform sample of n has some n(1-n/m) runs,
// and fewer than half that is taken for ranges, as is a single run of two
// or more (a sample of two is one run with odds 2/m, and a range taken for
// a sample is extrapolated wrongly, a sample taken for a range only
// summed). It returns the runs.
func ranges(s *Sections) (runs int, ok bool) {
	n, m := s.Len(), s.Of()
	if n < 2 {
		return n, false
	}
	runs = s.Runs()
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
	if r.CPU > 0 {
		fmt.Fprintf(w, "cpu_seconds %.1f\n", r.CPU)
	}
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
