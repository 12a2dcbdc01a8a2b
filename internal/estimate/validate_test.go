package estimate

import (
	"context"
	"flag"
	"fmt"
	"math"
	"strings"
	"syscall"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

var validate = flag.Bool("validate", false, "run the long validation of the estimator (make estimate-validate)")

// TestValidate is the long experiment behind the validation table of
// docs/RESEARCH.md: on boxes whose truth an exact count gives, it runs the estimator
// with many seeds at sections deep enough that a run's descents reach a
// sliver of them, and prints, for each quantity, how many of the 95%
// intervals (Student's t) cover the truth, the mean of (estimate - truth)
// / standard error, which an unbiased estimator with honest errors keeps
// near 0, the bias of the pooled estimate in pooled standard errors and
// in percent, and the mean relative standard error of a run. It fails
// when fewer than 80% of a quantity's intervals cover the truth (95% are
// meant to), or when the mean of (estimate - truth) / SE strays past 0.5:
// a biased estimator or dishonest errors. It runs only with -validate:
// some ten core-minutes.
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
		b := symmetry.MustParseBox(c.box)
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
			if z := zsum[i] / n; 5*covered[i] < 4*c.n || math.Abs(z) > 0.5 {
				t.Errorf("%s at depth %d, %s: %d of %d intervals cover the truth, mean z %+.2f; want 80%% or more, |z| at most 0.5",
					c.box, c.depth, q.name, covered[i], c.n, z)
			}
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

var (
	noise        = flag.Bool("noise", false, "measure the noise of the choices against the design (make estimate-noise)")
	noiseBox     = flag.String("noise-box", "4", "the box of -noise")
	noisePaths   = flag.String("noise-paths", "0111101110111111110111111101001101111111,0001111011101101111010010111101111111111,0110111001110111001101111011111001010101,0110010111110110111110111101110111001111", "the paths of -noise, comma-separated")
	noiseDesigns = flag.String("noise-designs", "1024:4096,4096:4096,16384:4096", "the designs of -noise, WIDTH:CAPACITY comma-separated, narrowest first")
	noiseFrom    = flag.Int("noise-from", DefaultCacheDepth, "the first level of -noise")
	noiseCut     = flag.Bool("noise-cut", false, "-noise with the designs weighing with the cut")
)

// TestNoise is the experiment behind the widths and capacities of the
// descents: along given paths of the key-prefix tree, it draws the
// choice at each level from -noise-from on with six seeds of each design,
// and prints, for each, the variance over the seeds of the log of the
// probability of the path's child, level by level and summed: the spread
// that the masses' noise adds to a descent's log weight, which exact
// masses would make 0. It fails unless that spread is smaller for the
// last design than for the first, on every path. It runs only with
// -noise. By default it measures the paths of four descents of the
// 4x4x4 run at width 1,024 (descents 100, 2,622, 2,685 and 3,000, the
// second and third the heaviest) from level 12, at widths 1,024, 4,096
// and 16,384, some two core-minutes: the reason the 4x4x4 run is wide.
// docs/RESEARCH.md has the runs behind the capacity of the 51 to
// 64-cell estimates.
func TestNoise(t *testing.T) {
	if !*noise {
		t.Skip("the noise experiment runs with -noise (make estimate-noise)")
	}
	b, err := symmetry.ParseBox(*noiseBox)
	if err != nil {
		t.Fatal(err)
	}
	var designs [][2]int
	for _, d := range strings.Split(*noiseDesigns, ",") {
		var w, c int
		if _, err := fmt.Sscanf(d, "%d:%d", &w, &c); err != nil {
			t.Fatalf("-noise-designs: %q: want WIDTH:CAPACITY", d)
		}
		designs = append(designs, [2]int{w, c})
	}
	const seeds = 6
	for _, text := range strings.Split(*noisePaths, ",") {
		path, err := solver.ParsePrefix(text, b)
		if err != nil {
			t.Fatal(err)
		}
		var spread []float64
		for _, wc := range designs {
			logq := make([][]float64, path.Len)
			secs := make([]float64, path.Len)
			start := cpu()
			for s := range uint64(seeds) {
				d := NewDesign(b, 1000+s, Options{Width: wc[0], Capacity: wc[1], CacheDepth: 1, Cut: *noiseCut})
				f := solver.NewFrontier(b, *noiseCut)
				for n := f.Prefix().Len; n < path.Len; n = f.Prefix().Len {
					f0, f1 := f.Children(d.opts.Capacity, d.seed)
					if path.Turn(n) {
						f = f1
					} else {
						f = f0
					}
					if n < *noiseFrom {
						continue
					}
					at := cpu()
					q, _, _ := d.split(context.Background(), f0, f1)
					secs[n] += cpu() - at
					if !path.Turn(n) {
						q = 1 - q
					}
					logq[n] = append(logq[n], math.Log(q))
				}
			}
			var sum float64
			var levels strings.Builder
			for n, l := range logq {
				if len(l) > 1 {
					v := variance(l)
					sum += v
					fmt.Fprintf(&levels, " %d:%.2f/%.2fs", n, v, secs[n]/seeds)
				}
			}
			t.Logf("%v path %s, width %d, capacity %d: variance of log q summed over levels %d to %d: %.2f; %.2f core-s a path; by level, variance/core-s:%s",
				b, text, wc[0], wc[1], *noiseFrom, path.Len-1, sum, (cpu()-start)/seeds, levels.String())
			spread = append(spread, sum)
		}
		if last := len(spread) - 1; spread[last] >= spread[0] {
			t.Errorf("path %s: the noise of the last design, %.2f, is not below the first's, %.2f", text, spread[last], spread[0])
		}
	}
}

// variance returns the sample variance of xs.
func variance(xs []float64) float64 {
	var m, v float64
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return v / float64(len(xs)-1)
}
