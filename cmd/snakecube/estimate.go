package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

const estimateUsage = `Usage:
  snakecube estimate -size N|AxBxC [-probes K] [-seed S] [-j N]

Estimates a box's whole search without running it, by Knuth's method:
random probes each walk one branch of the search tree and weight what they
meet by the branching factors above. It prints the number of directed
Hamiltonian paths of the box, of solutions (counted once up to the box's
rotations and reflections and up to reversal), of search nodes, and the
core-hours a full search would take at the node rate measured on this
machine, each with its standard error. The same seed and probes give the
same estimate, whatever -j.

Flags:
  -size N|AxBxC  the box (required)
  -probes K      the number of probes (default: rounds of 1,000,000 until
                 the paths' standard error is under 1%, at most 80,000,000)
  -seed S        the seed of the random probes (default 1)
  -j N           probe with N goroutines (default: all cores)

Examples:
  $ snakecube estimate -size 4
  $ snakecube estimate -size 3x3x4 -probes 5000000 -seed 7
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

func runEstimate(ctx context.Context, e env, args []string) error {
	fs := flag.NewFlagSet("estimate", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	probes := fs.Int("probes", 0, "")
	seed := fs.Uint64("seed", 1, "")
	workers := workersVar(fs)
	rest, err := parseFlags(fs, e, estimateUsage, args)
	if err != nil {
		return helpOK(err)
	}
	switch {
	case len(rest) > 0:
		return badUsage(e, estimateUsage, "estimate takes no arguments, got %q", rest[0])
	case box.box.Len() == 0:
		return badUsage(e, estimateUsage, "-size is required")
	case *probes < 0:
		return badUsage(e, estimateUsage, "-probes %d: want at least 1", *probes)
	}
	b := box.box
	opts := solver.Options{Workers: int(*workers)}
	start := time.Now()
	var est solver.Estimate
	if *probes > 0 {
		est, err = solver.EstimateTree(ctx, b, *probes, *seed, opts)
	} else {
		for n := probeRound; n <= maxProbes; n += probeRound {
			// Round k draws on seed+k, so that rounds are independent
			// and the whole depends only on the seed.
			var r solver.Estimate
			r, err = solver.EstimateTree(ctx, b, probeRound, *seed+uint64(n/probeRound-1)*0x9e3779b9, opts)
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
	rate := solver.NodeRate(ctx, b, time.Second)
	writeEstimate(e.stdout, b, est, *seed, rate)
	e.warnf("%v: %s probes in %v", b, stats.Thousands(est.Probes), elapsed(took))
	return nil
}

// writeEstimate prints an estimate, each figure with its standard error.
func writeEstimate(w io.Writer, b symmetry.Box, est solver.Estimate, seed uint64, rate float64) {
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
