package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/estimate"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

func runEstimate(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("estimate", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.Box{})
	probes := fs.Int("probes", 0, "")
	seed := fs.Uint64("seed", 1, "")
	workers := cli.WorkersVar(fs)
	var sn snakesFlags
	sn.add(fs)
	rest, err := cli.ParseFlags(fs, e, estimateUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if sn.on {
		if cli.Given(fs, "probes") {
			return cli.BadUsage(e, estimateUsage, "-probes and -snakes cannot be used together")
		}
		return runEstimateSnakes(ctx, e, *box, rest, *seed, int(*workers), sn)
	}
	if sn.used() {
		return cli.BadUsage(e, estimateUsage, "-samples, -depth, -budget, -deepest, -width, -shared-width, -capacity, -cut, -strata, -borrow, -make-strata, -o, -solutions, -target and -quiet go with -snakes")
	}
	switch {
	case len(rest) > 0:
		return cli.BadUsage(e, estimateUsage, "estimate takes no arguments, got %q", rest[0])
	case box.Len() == 0:
		return cli.BadUsage(e, estimateUsage, "-size is required")
	case cli.Given(fs, "probes") && *probes < 1:
		return cli.BadUsage(e, estimateUsage, "-probes %d: want at least 1", *probes)
	}
	b := *box
	start := time.Now()
	est, err := estimate.Tree(ctx, b, *probes, *seed, solver.Options{Workers: int(*workers)})
	if err != nil {
		return fmt.Errorf("estimate %v: %w", b, err)
	}
	took := time.Since(start)
	if err := estimate.WriteTree(e.Stdout, b, est, *seed, estimate.NodeRate(ctx, b, 3*time.Second)); err != nil {
		return err
	}
	e.Warnf("%v: %s probes in %v", b, words.Thousands(est.Probes), cli.Elapsed(took))
	return nil
}

// snakesFlags are the flags of estimate -snakes, defined on fs.
type snakesFlags struct {
	fs      *flag.FlagSet
	on      bool
	samples int
	depth   int
	budget  float64
	deepest int
	width   int
	shared  int
	cap     int
	cut     bool
	strata  string
	borrow  string
	make    int
	out     string
	known   float64
	target  float64
	quiet   bool
}

func (f *snakesFlags) add(fs *flag.FlagSet) {
	f.fs = fs
	fs.BoolVar(&f.on, "snakes", false, "")
	fs.IntVar(&f.samples, "samples", 100, "")
	fs.IntVar(&f.depth, "depth", 0, "")
	fs.Float64Var(&f.budget, "budget", 0, "")
	fs.IntVar(&f.deepest, "deepest", 0, "")
	fs.IntVar(&f.width, "width", 0, "")
	fs.IntVar(&f.shared, "shared-width", 0, "")
	fs.IntVar(&f.cap, "capacity", 0, "")
	fs.BoolVar(&f.cut, "cut", false, "")
	fs.StringVar(&f.strata, "strata", "", "")
	fs.StringVar(&f.borrow, "borrow", "", "")
	fs.IntVar(&f.make, "make-strata", 0, "")
	fs.StringVar(&f.out, "o", "", "")
	fs.Float64Var(&f.known, "solutions", 0, "")
	fs.Float64Var(&f.target, "target", 0, "")
	fs.BoolVar(&f.quiet, "quiet", false, "")
}

// used reports whether a flag of -snakes was given.
func (f *snakesFlags) used() bool {
	return cli.Given(f.fs, "samples", "depth", "budget", "deepest", "width", "shared-width", "capacity", "cut", "strata", "borrow", "make-strata", "o", "solutions", "target", "quiet")
}

func runEstimateSnakes(ctx context.Context, e cli.Env, b symmetry.Box, rest []string, seed uint64, workers int, f snakesFlags) error {
	switch {
	case len(rest) > 0:
		return cli.BadUsage(e, estimateUsage, "estimate takes no arguments, got %q", rest[0])
	case b.Len() == 0:
		return cli.BadUsage(e, estimateUsage, "-size is required")
	case f.out == "" && cli.Given(f.fs, "o"):
		return cli.BadUsage(e, estimateUsage, `-o "": want a file name`)
	case f.samples < 2 || f.samples > estimate.MaxDescents:
		return cli.BadUsage(e, estimateUsage, "-samples %d: want 2 to %d", f.samples, estimate.MaxDescents)
	case cli.Given(f.fs, "depth") && (f.depth < 1 || f.depth > b.Len()):
		return cli.BadUsage(e, estimateUsage, "-depth %d: want 1 to %d for the %v box", f.depth, b.Len(), b)
	case cli.Given(f.fs, "budget") && !(f.budget >= 1 && f.budget <= estimate.MaxBudget):
		return cli.BadUsage(e, estimateUsage, "-budget %v: want a number of nodes from 1 to %g", f.budget, float64(estimate.MaxBudget))
	case cli.Given(f.fs, "deepest") && !cli.Given(f.fs, "budget"):
		return cli.BadUsage(e, estimateUsage, "-deepest %d goes with -budget", f.deepest)
	case cli.Given(f.fs, "deepest") && (f.deepest < max(f.depth, 1) || f.deepest > b.Len()):
		return cli.BadUsage(e, estimateUsage, "-deepest %d: want %d to %d for the %v box (at least -depth)", f.deepest, max(f.depth, 1), b.Len(), b)
	case cli.Given(f.fs, "width") && (f.width < 1 || f.width > estimate.MaxWidth):
		return cli.BadUsage(e, estimateUsage, "-width %d: want 1 to %d", f.width, estimate.MaxWidth)
	case cli.Given(f.fs, "shared-width") && (f.shared < 1 || f.shared > estimate.MaxSharedWidth):
		return cli.BadUsage(e, estimateUsage, "-shared-width %d: want 1 to %d", f.shared, estimate.MaxSharedWidth)
	case cli.Given(f.fs, "capacity") && (f.cap < 1 || f.cap > estimate.MaxCapacity):
		return cli.BadUsage(e, estimateUsage, "-capacity %d: want 1 to %d", f.cap, estimate.MaxCapacity)
	case !cli.KnownSolutions(f.fs, f.known):
		return cli.BadUsage(e, estimateUsage, "-solutions %v: want a positive number", f.known)
	case cli.Given(f.fs, "target") && !(f.target > 0 && f.target < 100):
		return cli.BadUsage(e, estimateUsage, "-target %v: want a percentage above 0 and below 100", f.target)
	case workers < 1:
		return cli.BadUsage(e, estimateUsage, "-j %d: want at least 1", workers)
	case f.strata == "" && cli.Given(f.fs, "strata"):
		return cli.BadUsage(e, estimateUsage, `-strata "": want a file name`)
	case cli.Given(f.fs, "borrow") && (f.strata == "" || f.borrow == ""):
		return cli.BadUsage(e, estimateUsage, "-borrow names the file of a pilot, and goes with -strata")
	}
	opts := estimate.Options{Depth: f.depth, Budget: f.budget, Deepest: f.deepest, Width: f.width, SharedWidth: f.shared, Capacity: f.cap, Cut: f.cut, Workers: workers}
	if !f.quiet && cli.Terminal(e.Stderr) {
		opts.Progress = cli.Progress(e.Stderr, "descents")
	}
	d := estimate.NewDesign(b, seed, opts)
	if m := int64(workers) * d.Memory(); m > estimate.MaxMemory {
		return cli.BadUsage(e, estimateUsage, "-j %d: %d descents at once with their -capacity and -width would hold some %d GB, over %d GB: lower -j, -capacity or -width",
			workers, workers, (m+1<<30-1)>>30, estimate.MaxMemory>>30)
	}
	if f.strata != "" {
		s, err := estimate.ReadStrata(f.strata, b)
		if err != nil {
			return fmt.Errorf("estimate -snakes %v: -strata: %w", b, err)
		}
		if s.Depth > d.MaxStrata() {
			return cli.BadUsage(e, estimateUsage, "-strata %s: strata of %d cubelets, want fewer than the %d of the sections counted", f.strata, s.Depth, d.Depth())
		}
		opts.Strata = s
		d = estimate.NewDesign(b, seed, opts)
	}
	if cli.Given(f.fs, "make-strata") {
		return makeStrata(ctx, e, b, d, f)
	}
	if f.borrow != "" {
		if err := d.BorrowFile(f.borrow); err != nil {
			return fmt.Errorf("estimate -snakes %v: -borrow: %w", b, err)
		}
	}
	start := time.Now()
	ds, fresh, err := d.Take(ctx, f.samples, f.out)
	if err != nil {
		err = fmt.Errorf("estimate -snakes %v: %w", b, err)
		var s *estimate.Stopped
		if !errors.As(err, &s) {
			return err
		}
		return cli.Stopped(e, err, s.Kept())
	}
	known, source := f.known, "-solutions"
	if known == 0 && !f.quiet {
		e.Warnf("hint: -solutions N, the box's solutions that snakecube paths -size %v prints, narrows the estimates and checks them", b)
	}
	res, trusted, err := estimate.Report(e.Stdout, d, ds, known, source, f.target/100)
	if err != nil {
		return err
	}
	if !trusted {
		e.Warnf("the solutions' 95%% interval misses the %.0f known: this run is not to be trusted; more descents (-samples) may mend it", known)
	}
	if !f.quiet {
		e.Warnf("%v: %d descents, %d of them run now, in %v; counting their sections took %.0f s and weighing their choices %.0f s (wall-clock, summed over the descents, the weighing where the file kept it)",
			b, len(ds), fresh, cli.Elapsed(time.Since(start)), res.Seconds, res.Weigh)
	}
	return nil
}

// makeStrata prints the strata of f.make cubelets that the descents in
// f.out tell, for design d of box b.
func makeStrata(ctx context.Context, e cli.Env, b symmetry.Box, d *estimate.Design, f snakesFlags) error {
	switch {
	case f.out == "":
		return cli.BadUsage(e, estimateUsage, "-make-strata needs -o, the file of the pilot's descents")
	case cli.Given(f.fs, "samples", "target", "solutions"):
		return cli.BadUsage(e, estimateUsage, "-make-strata takes the descents of -o as they are: no -samples, -target or -solutions")
	case f.make < 2 || f.make > d.MaxStrata():
		return cli.BadUsage(e, estimateUsage, "-make-strata %d: want 2 to %d for the %v box at depth %d", f.make, d.MaxStrata(), b, d.Depth())
	}
	start := time.Now()
	s, err := d.StrataOfPilot(ctx, f.make, f.out)
	if err != nil {
		return fmt.Errorf("estimate -snakes %v: -make-strata: %w", b, err)
	}
	var out bytes.Buffer
	if err := s.Write(&out); err != nil {
		return err
	}
	if _, err := e.Stdout.Write(out.Bytes()); err != nil {
		return err
	}
	if !f.quiet {
		e.Warnf("%v: %d strata of %d cubelets from %d descents in %v; relative variance of a descent: the pilot's %.3g for snakes, %.3g for one-solution snakes; the strata's, fitted on the even descents and measured on the odd, then the reverse: %.3g and %.3g for snakes, %.3g and %.3g for one-solution snakes",
			b, len(s.Strata.Strata), s.Depth, s.Descents, cli.Elapsed(time.Since(start)), s.Pilot.Snakes.RelVar(), s.Pilot.OneSolution.RelVar(), s.Cross[0][0], s.Cross[1][0], s.Cross[0][1], s.Cross[1][1])
	}
	return nil
}
