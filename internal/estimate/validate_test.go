package estimate

import (
	"flag"
	"fmt"
	"math"
	"strings"
	"syscall"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

var validate = flag.Bool("validate", false, "run the long validation of the estimator (make estimate-validate)")

// TestValidate is the long experiment behind the README's validation
// table: on boxes whose truth an exact count gives, it runs the estimator
// with many seeds at sections deep enough that a run's descents reach a
// sliver of them, and prints, for each quantity, how many of the 95%
// intervals (Student's t) cover the truth, the mean of (estimate - truth)
// / standard error, which an unbiased estimator with honest errors keeps
// near 0, the bias of the pooled estimate in pooled standard errors and
// in percent, and the mean relative standard error of a run. It runs only
// with -validate: some ten core-minutes.
func TestValidate(t *testing.T) {
	if !*validate {
		t.Skip("the long validation runs with -validate (make estimate-validate)")
	}
	cases := []struct {
		box         string
		depth, k, n int
	}{
		{"2x4x4", 20, 50, 40},
		{"3x3x4", 22, 50, 40},
		{"3x3x4", 28, 30, 40},
	}
	var table strings.Builder
	fmt.Fprintf(&table, "| box | depth | sections | descents | runs | quantity | truth | intervals covering | mean z | pooled bias | run's rel. SE | core-s a run |\n")
	fmt.Fprintf(&table, "|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, c := range cases {
		b, err := symmetry.ParseBox(c.box)
		if err != nil {
			t.Fatal(err)
		}
		want := truth(t, b)
		qs := quantities(want)
		m := len(qs)
		covered := make([]int, m)
		zsum, sum, vars, rel := make([]float64, m), make([]float64, m), make([]float64, m), make([]float64, m)
		start := cpu()
		for seed := range uint64(c.n) {
			ds := draw(t, NewDesign(b, 1000+seed, Options{Depth: c.depth, Workers: 2}), c.k)
			plain, cv := Summarize(ds), Controlled(ds, float64(want.Solutions))
			for i, q := range qs {
				v := q.in(plain, cv)
				if v.Covers(q.truth) {
					covered[i]++
				}
				zsum[i] += (v.Mean - q.truth) / v.Err
				sum[i] += v.Mean
				vars[i] += v.Err * v.Err
				rel[i] += v.Err / v.Mean
			}
		}
		perRun := (cpu() - start) / float64(c.n)
		sections := 1 << (c.depth - 1)
		for i, q := range qs {
			n := float64(c.n)
			mean, se := sum[i]/n, math.Sqrt(vars[i])/n
			row := fmt.Sprintf("| %s | %d | %d | %d | %d | %s | %.0f | %d of %d | %+.2f | %+.2f SE (%+.1f%%) | %.1f%% | %.0f |\n",
				c.box, c.depth, sections, c.k, c.n, q.name, q.truth, covered[i], c.n, zsum[i]/n,
				(mean-q.truth)/se, 100*(mean-q.truth)/q.truth, 100*rel[i]/n, perRun)
			t.Logf("%s", row)
			table.WriteString(row)
		}
	}
	t.Logf("validation of estimate -snakes:\n%s", table.String())
}

// cpu returns the process's processor time so far, in seconds.
func cpu() float64 {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9
}
