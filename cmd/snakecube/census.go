package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/snakecube/snakecube/internal/boxes"
	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

func runCensus(ctx context.Context, e cli.Env, args []string) error {
	if len(args) > 0 {
		switch args[0] {
		case "merge":
			return runCensusMerge(ctx, e, args[1:])
		case "upgrade":
			return runCensusUpgrade(ctx, e, args[1:])
		case "check":
			return runCensusCheck(ctx, e, args[1:])
		case "table":
			return runCensusTable(ctx, e, args[1:])
		}
	}
	fs := flag.NewFlagSet("census", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.Box{})
	depth := fs.Int("depth", 0, "")
	out := fs.String("o", "", "")
	span := fs.String("sections", "", "")
	sample := fs.Int("sample", 0, "")
	seed := fs.Uint64("seed", 1, "")
	workers := cli.WorkersVar(fs)
	quiet := fs.Bool("quiet", false, "")
	rest, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	b := *box
	switch {
	case len(rest) > 0:
		return cli.BadUsage(e, censusUsage, "census takes no arguments, got %q", rest[0])
	case b.Len() == 0:
		return cli.BadUsage(e, censusUsage, "-size is required")
	case !cli.Given(fs, "depth"):
		return cli.BadUsage(e, censusUsage, "-depth is required")
	case *depth < 1 || *depth > b.Len():
		return cli.BadUsage(e, censusUsage, "-depth %d: want 1 to %d for the %v box", *depth, b.Len(), b)
	case *out == "":
		return cli.BadUsage(e, censusUsage, "-o FILE is required")
	}
	m := solver.NumSections(b, *depth)
	sel, err := census.Select(m, *span, cli.Given(fs, "sample"), *sample, *seed)
	if err != nil {
		return cli.BadUsage(e, censusUsage, "%v", err)
	}
	f, err := census.Open(ctx, *out, b, *depth)
	if err != nil {
		return err
	}
	if f.Torn() > 0 {
		e.Warnf("%s: dropped a torn last line of %d bytes, left by a run that stopped: its section is counted again", *out, f.Torn())
	}
	left := sel.Len() - sel.DoneIn(f)
	if !*quiet {
		if sel.Sampled() {
			e.Warnf("%v census at depth %d: %d of the %d sections sampled (of %d) to count, %d already in %s", b, *depth, left, sel.Len(), m, sel.Len()-left, *out)
		} else {
			e.Warnf("%v census at depth %d: %d of %d sections to count, %d already in %s", b, *depth, left, m, sel.Len()-left, *out)
		}
	}
	start := time.Now()
	var done func(sections, parts int)
	if !*quiet && cli.Terminal(e.Stderr) {
		var mu sync.Mutex // one line at a time
		done = func(sections, parts int) {
			mu.Lock()
			defer mu.Unlock()
			var of string
			if parts > 0 {
				of = fmt.Sprintf(", with %d parts of sections cut", parts)
			}
			fmt.Fprintf(e.Stderr, "\rsnakecube: %d of %d sections counted%s, %v", sections, left, of, time.Since(start).Round(time.Second))
		}
	}
	err = f.Count(ctx, sel, int(*workers), done)
	if done != nil {
		fmt.Fprintln(e.Stderr)
	}
	if err != nil {
		f.Close()
		kept := census.Kept(*out)
		if errors.Is(err, context.Canceled) {
			return cli.Stopped(e, err, kept)
		}
		return fmt.Errorf("census %v: %w (%s; run the same command again to resume)", b, err, kept)
	}
	if !*quiet {
		e.Warnf("counted the sections in %v; sum them with: snakecube census merge %s", cli.Elapsed(time.Since(start)), *out)
	}
	return f.Close()
}

func runCensusMerge(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("census merge", flag.ContinueOnError)
	complete := fs.Bool("complete", false, "")
	known := fs.Float64("solutions", 0, "")
	names, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	switch {
	case len(names) == 0:
		return cli.BadUsage(e, censusUsage, "census merge: no file given")
	case !cli.KnownSolutions(fs, *known):
		return cli.BadUsage(e, censusUsage, "-solutions %v: want a positive number", *known)
	}
	c, err := readCensus(ctx, e, "census merge", names)
	if err != nil {
		return err
	}
	b, m := c.Box, c.Have.Of()
	g, err := census.FindGap(ctx, c, names)
	if err != nil {
		return fmt.Errorf("census merge: %w", err)
	}
	if *complete && g.Missing > 0 {
		return fmt.Errorf("census merge -complete: %d of %d sections missing: %s", g.Missing, m, g.List())
	}
	if g.Underway != "" {
		e.Warnf("%d of %d sections missing; %s, not in these sums: run the census again to finish them", g.Missing, m, g.Underway)
	}
	// A sample's extrapolation is checked against the solutions given.
	r := census.NewReport(c, *known)
	if err := r.WriteText(e.Stdout, *known, "-solutions"); err != nil {
		return err
	}
	if !r.Trusted(*known) {
		e.Warnf("the extrapolated solutions' 95%% interval [%.4g, %.4g] misses the %.0f known: the extrapolations are not to be trusted; run snakecube estimate -snakes -size %v", r.Solutions.Low, r.Solutions.High, *known, b)
	}
	return nil
}

// mergeMemory is the soft limit of the heap while census files are read:
// what is live is the set of the sections read, a bit each, 1 GiB and an
// eighth more for the 2^33 sections of 4x4x4 at depth 34, and without a
// limit the lines' garbage would grow to four times that (gcPercent)
// before a collection. Below it the collector runs as for every command,
// so a small census is read no slower; a set larger than it is read with
// the collector running more often.
const mergeMemory = 1536 << 20

// readCensus reads census files// readCensus reads census files as one census (census.ReadFiles) and
// warns of the torn last lines left out. what names the command, for the
// messages.
func readCensus(ctx context.Context, e cli.Env, what string, names []string) (*census.Census, error) {
	defer softLimit(mergeMemory)()
	c, err := census.ReadFiles(ctx, names)
	if c != nil {
		for _, tl := range c.Torn {
			e.Warnf("%s: left out a torn last line of %d bytes, left by a run that stopped: run it again to count that section", tl.File, tl.Bytes)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return c, nil
}

func runCensusUpgrade(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("census upgrade", flag.ContinueOnError)
	names, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if len(names) == 0 {
		return cli.BadUsage(e, censusUsage, "census upgrade: no file given")
	}
	for _, name := range names {
		u, err := census.Upgrade(ctx, name)
		if err != nil {
			return err
		}
		e.Warnf("%s", u.Summary(name))
	}
	return nil
}

func runCensusTable(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("census table", flag.ContinueOnError)
	format := fs.String("format", "markdown", "")
	names, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if !slices.Contains([]string{"markdown", "csv", "calibration", "costs"}, *format) {
		return cli.BadUsage(e, censusUsage, "census table: -format %q: want markdown, csv, calibration or costs", *format)
	}
	dir := "results"
	switch len(names) {
	case 0:
	case 1:
		dir = names[0]
	default:
		return cli.BadUsage(e, censusUsage, "census table takes one folder, got %d", len(names))
	}
	defer softLimit(mergeMemory)()
	return boxes.WriteFolder(ctx, e.Stdout, dir, *format)
}
