package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/engine"
	"github.com/snakecube/snakecube/internal/estimate"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

const estimateUsage = `Usage:
  snakecube estimate -size N|AxBxC [-probes K] [-seed S] [-j N]
  snakecube estimate -snakes -size N|AxBxC [-samples K] [-depth D] [-width W] [-seed S] [-o FILE] [-solutions N] [-j N] [-quiet]

Estimates a box's whole search without running it, by Knuth's method:
random probes each walk one branch of the search tree and weight what they
meet by the branching factors above. It prints the number of directed
Hamiltonian paths of the box, of solutions (counted once up to the box's
rotations and reflections and up to reversal), of search nodes, and the
core-hours a full search would take at the node rate measured on this
machine, each with its standard error. The same seed and probes give the
same estimate, whatever -j.

With -snakes it estimates how many snakes fold, how many of them have one
solution, and the solutions, each with its standard error: K descents of
the tree of key prefixes each choose a section of D cubelets, stepping to
a child with probability in proportion to an estimate of its solutions,
mixed with an even choice so that no section is left out, and count the
section exactly; each count divided by the probability of reaching its
section is an unbiased estimate of the total, and their mean is printed.
Where the solutions are known (4x4x4: the directed Hamiltonian paths of
OEIS A193346 / 96, or -solutions), they are the control variate of the
snakes' estimates, which stay unbiased and narrow where the weights spread
widely, and a run whose solutions' 95% interval misses them says it is
not to be trusted. Descents are appended to FILE as they
complete; run again with the same FILE, seed and -depth to resume, or
with a larger K to add descents. The same seed and K give the same
figures, whatever -j.

Flags:
  -size N|AxBxC  the box (required)
  -probes K      the number of probes (default: rounds of 1,000,000 until
                 the paths' standard error is under 1%, at most 80,000,000)
  -seed S        the seed of the random probes or descents (default 1)
  -j N           probe with N goroutines, or run N descents at once
                 (default: all cores)
  -snakes        estimate the snakes by descents instead
  -samples K     (-snakes) the number of descents (default 100)
  -depth D       (-snakes) the prefix length of the sections counted
                 (default 5/8 of the cubelets: 40 for 4x4x4)
  -width W       (-snakes) the partial foldings that estimate the solutions
                 below a prefix, to choose between its children (default
                 1024): wider costs time and narrows the spread of the
                 descents, by far on 4x4x4
  -o FILE        (-snakes) the file of descents to append to and resume
  -solutions N   (-snakes) the exact number of solutions, when known
  -quiet         (-snakes) no progress or summary on standard error

Examples:
  $ snakecube estimate -size 4
  $ snakecube estimate -size 3x3x4 -probes 5000000 -seed 7
  $ snakecube estimate -snakes -size 3x4x4 -samples 400 -o 344.jsonl
`

// Unless -probes says otherwise, estimate probes in rounds until the
// relative standard error of the paths is below targetErr, or maxProbes
// are spent: about 35 s on two cores for 4x4x4, well under a second for
// 3x3x3.
const (
	probeRound = 1_000_000
	maxProbes  = 80_000_000
	targetErr  = 0.01
)

func runEstimate(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("estimate", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	probes := fs.Int("probes", 0, "")
	seed := fs.Uint64("seed", 1, "")
	workers := workersVar(fs)
	var sn snakesFlags
	sn.add(fs)
	rest, err := cli.ParseFlags(fs, e, estimateUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if sn.on {
		if *probes != 0 {
			return cli.BadUsage(e, estimateUsage, "-probes and -snakes cannot be used together")
		}
		return runEstimateSnakes(ctx, e, box.box, rest, *seed, int(*workers), sn)
	}
	if sn.used(fs) {
		return cli.BadUsage(e, estimateUsage, "-samples, -depth, -width, -o, -solutions and -quiet go with -snakes")
	}
	switch {
	case len(rest) > 0:
		return cli.BadUsage(e, estimateUsage, "estimate takes no arguments, got %q", rest[0])
	case box.box.Len() == 0:
		return cli.BadUsage(e, estimateUsage, "-size is required")
	case *probes < 0:
		return cli.BadUsage(e, estimateUsage, "-probes %d: want at least 1", *probes)
	}
	b := box.box
	opts := solver.Options{Workers: int(*workers)}
	start := time.Now()
	var est engine.Estimate
	if *probes > 0 {
		est, err = engine.EstimateTree(ctx, b, *probes, *seed, opts)
	} else {
		for n := probeRound; n <= maxProbes; n += probeRound {
			// Round k draws on seed+k, so that rounds are independent
			// and the whole depends only on the seed.
			var r engine.Estimate
			r, err = engine.EstimateTree(ctx, b, probeRound, *seed+uint64(n/probeRound-1)*0x9e3779b9, opts)
			if err != nil {
				break
			}
			est = est.Join(r)
			if est.Err.Paths <= targetErr*est.Mean.Paths {
				break
			}
		}
	}
	if err != nil {
		return fmt.Errorf("estimate %v: %w", b, err)
	}
	took := time.Since(start)
	rate := engine.NodeRate(ctx, b, time.Second)
	writeEstimate(e.Stdout, b, est, *seed, rate)
	e.Warnf("%v: %s probes in %v", b, stats.Thousands(est.Probes), cli.Elapsed(took))
	return nil
}

// writeEstimate prints an estimate, each figure with its standard error.
func writeEstimate(w io.Writer, b symmetry.Box, est engine.Estimate, seed uint64, rate float64) {
	o := float64(b.Orbit())
	line := func(name string, v, se float64) {
		rel := 0.0
		if v != 0 {
			rel = 100 * se / v
		}
		fmt.Fprintf(w, "%-28s %12.6g ± %.3g (%.2f%%)\n", name, v, se, rel)
	}
	fmt.Fprintf(w, "# %v: Knuth's estimate from %d random probes, seed %d; ± one standard error\n", b, est.Probes, seed)
	line("directed Hamiltonian paths", o*est.Mean.Paths, o*est.Err.Paths)
	line("solutions", est.Mean.Solutions, est.Err.Solutions)
	line("search nodes", est.Mean.Nodes, est.Err.Nodes)
	fmt.Fprintf(w, "%-28s %12.4g per second per core, measured\n", "node rate", rate)
	hours := est.Mean.Nodes / rate / 3600
	line("full search, core-hours", hours, est.Err.Nodes/rate/3600)
	fmt.Fprintf(w, "%-28s %12.4g\n", "full search, core-years", hours/(24*365.25))
}

// snakesFlags are the flags of estimate -snakes.
type snakesFlags struct {
	on      bool
	samples int
	depth   int
	width   int
	out     string
	known   float64
	quiet   bool
}

func (f *snakesFlags) add(fs *flag.FlagSet) {
	fs.BoolVar(&f.on, "snakes", false, "")
	fs.IntVar(&f.samples, "samples", 100, "")
	fs.IntVar(&f.depth, "depth", 0, "")
	fs.IntVar(&f.width, "width", 0, "")
	fs.StringVar(&f.out, "o", "", "")
	fs.Float64Var(&f.known, "solutions", 0, "")
	fs.BoolVar(&f.quiet, "quiet", false, "")
}

// used reports whether a flag of -snakes was given.
func (f *snakesFlags) used(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(g *flag.Flag) {
		switch g.Name {
		case "samples", "depth", "width", "o", "solutions", "quiet":
			set = true
		}
	})
	return set
}

// maxWidth bounds -width: a population of the shared levels is up to four
// times wider, some 70 bytes a partial folding, 150 MB at 1<<19 for each
// of -j descents at once.
const maxWidth = 1 << 19

// maxDescents bounds -samples: each descent is kept in memory, a few
// hundred bytes, so a million take some hundreds of megabytes; 2% on
// 4x4x4 takes under ten thousand.
const maxDescents = 1_000_000

func runEstimateSnakes(ctx context.Context, e cli.Env, b symmetry.Box, rest []string, seed uint64, workers int, f snakesFlags) error {
	switch {
	case len(rest) > 0:
		return cli.BadUsage(e, estimateUsage, "estimate takes no arguments, got %q", rest[0])
	case b.Len() == 0:
		return cli.BadUsage(e, estimateUsage, "-size is required")
	case f.samples < 2 || f.samples > maxDescents:
		return cli.BadUsage(e, estimateUsage, "-samples %d: want 2 to %d", f.samples, maxDescents)
	case f.depth < 0 || f.depth > b.Len():
		return cli.BadUsage(e, estimateUsage, "-depth %d: want 1 to %d for the %v box", f.depth, b.Len(), b)
	case f.width < 0 || f.width > maxWidth:
		return cli.BadUsage(e, estimateUsage, "-width %d: want 1 to %d", f.width, maxWidth)
	case f.known < 0:
		return cli.BadUsage(e, estimateUsage, "-solutions %v: want a positive number", f.known)
	case workers < 1:
		return cli.BadUsage(e, estimateUsage, "-j %d: want at least 1", workers)
	}
	opts := estimate.Options{Depth: f.depth, Width: f.width, Workers: workers}
	if !f.quiet && terminal(e.Stderr) {
		opts.Progress = progress(e.Stderr, "descents")
	}
	d := estimate.NewDesign(b, seed, opts)
	start := time.Now()
	ds, fresh, err := descend(ctx, d, f.samples, f.out)
	if err != nil {
		return fmt.Errorf("estimate -snakes %v: %w", b, err)
	}
	known, source := f.known, "-solutions"
	if k, src, ok := estimate.KnownSolutions(b); ok && known == 0 {
		known, source = k, src
	}
	res := estimate.Summarize(ds)
	var ctl estimate.Result
	if known > 0 {
		ctl = estimate.Controlled(ds, known)
	}
	var out bytes.Buffer
	trusted := writeSnakes(&out, b, d, seed, res, ctl, known, source)
	if _, err := e.Stdout.Write(out.Bytes()); err != nil {
		return err
	}
	if !trusted {
		e.Warnf("the solutions' 95%% interval misses the %.0f known: this run is not to be trusted; more descents (-samples) may mend it", known)
	}
	if !f.quiet {
		e.Warnf("%v: %d descents, %d of them run now, in %v; counting their sections took %.0f s (wall-clock, summed over the descents); the largest descent makes %.0f%% of the snakes estimate",
			b, len(ds), fresh, cli.Elapsed(time.Since(start)), res.Seconds, 100*res.MaxShare)
	}
	return nil
}

// descend returns descents 0 to k-1 of d: those already in the file at
// path, when given, and the others drawn now and appended to it.
func descend(ctx context.Context, d *estimate.Design, k int, path string) ([]estimate.Descent, int, error) {
	done := map[int]estimate.Descent{}
	var whole int64
	if path != "" {
		recs, n, err := estimate.ReadFile(path)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, 0, err
		}
		if done, err = d.Resume(recs); err != nil {
			return nil, 0, fmt.Errorf("%s: %w", path, err)
		}
		whole = n
	}
	var todo []int
	for i := range k {
		if _, ok := done[i]; !ok {
			todo = append(todo, i)
		}
	}
	var file *os.File
	if path != "" && len(todo) > 0 {
		// Only a run with descents to add writes: one that reads back
		// a finished run leaves its file alone.
		var err error
		if file, err = appendAt(path, whole); err != nil {
			return nil, 0, err
		}
		defer file.Close()
	}
	err := d.Run(ctx, todo, func(x estimate.Descent) error {
		done[x.Index] = x
		if file == nil {
			return nil
		}
		if _, err := file.Write(d.Record(x).Line()); err != nil {
			return err
		}
		return file.Sync()
	})
	if err != nil {
		if path != "" {
			err = fmt.Errorf("%w (the descents done are in %s; run again to resume)", err, path)
		}
		return nil, 0, err
	}
	ds := make([]estimate.Descent, k)
	for i := range ds {
		ds[i] = done[i]
	}
	return ds, len(todo), nil
}

// appendAt opens the file at path to append at offset whole, dropping a
// torn last line beyond it.
func appendAt(path string, whole int64) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := f.Truncate(whole); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(whole, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// writeSnakes prints the estimates r of descents and, when the solutions
// are known, the snakes' estimates ctl that take them as control variate,
// and whether the solutions' interval covers them; it reports whether the
// run can be trusted by that test.
func writeSnakes(w io.Writer, b symmetry.Box, d *estimate.Design, seed uint64, r, ctl estimate.Result, known float64, source string) bool {
	fmt.Fprintf(w, "# %v: %d descents of the key-prefix tree to sections of %d cubelets, choices weighed by populations of %d, seed %d; ± one standard error\n",
		b, r.Descents, d.Depth(), d.Width(), seed)
	fmt.Fprintf(w, "# solutions counted once up to the box's rotations and reflections and up to reversal\n")
	rel := func(v estimate.Value) string {
		return fmt.Sprintf("%.4g ± %.2g (%.1f%%)", v.Mean, v.Err, 100*v.Err/v.Mean)
	}
	snakes, one := r.Snakes, r.OneSolution
	if known > 0 {
		fmt.Fprintf(w, "# snakes and one-solution snakes with the known solutions as control variate; without it: snakes %s, one_solution_snakes %s\n",
			rel(r.Snakes), rel(r.OneSolution))
		snakes, one = ctl.Snakes, ctl.OneSolution
	}
	fmt.Fprintf(w, "%-20s %s\n", "snakes", rel(snakes))
	fmt.Fprintf(w, "%-20s %s\n", "one_solution_snakes", rel(one))
	fmt.Fprintf(w, "%-20s %s\n", "solutions", rel(r.Solutions))
	if known <= 0 {
		return true
	}
	lo, hi := r.Solutions.Interval95()
	if lo <= known && known <= hi {
		fmt.Fprintf(w, "# known solutions %.0f (%s): inside the 95%% interval [%.4g, %.4g]\n", known, source, lo, hi)
		return true
	}
	fmt.Fprintf(w, "# known solutions %.0f (%s): OUTSIDE the 95%% interval [%.4g, %.4g]: this run is not to be trusted\n", known, source, lo, hi)
	return false
}
