package main

import (
	"context"
	"flag"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/symmetry"
)

// checkSample is how many sections census check recounts unless told.
const checkSample = 200

func runCensusCheck(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("census check", flag.ContinueOnError)
	sample := fs.Int("sample", checkSample, "")
	seed := fs.Uint64("seed", 1, "")
	workers := cli.WorkersVar(fs)
	quiet := fs.Bool("quiet", false, "")
	out := fs.String("o", "", "")
	names, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	switch {
	case len(names) == 0:
		return cli.BadUsage(e, censusUsage, "census check: no file given")
	case *out == "" && cli.Given(fs, "o"):
		return cli.BadUsage(e, censusUsage, `-o "": want a file name`)
	case *sample < 1 || *sample > census.MaxSample:
		return cli.BadUsage(e, censusUsage, "-sample %d: want 1 to %d sections", *sample, census.MaxSample)
	}
	c, err := readCensus(ctx, e, "census check", names)
	if err != nil {
		return err
	}
	b := c.Box
	todo, err := census.SampleRecords(ctx, c, names, *sample, *seed)
	if err != nil {
		return fmt.Errorf("census check: %w", err)
	}
	var kept *census.File
	if *out != "" {
		if among, err := census.Among(*out, names); err != nil {
			return fmt.Errorf("census check: %w", err)
		} else if among {
			return cli.BadUsage(e, censusUsage, "-o %s: one of the census files checked; the recounts need a file of their own", *out)
		}
		if kept, err = census.Open(ctx, *out, b, c.Depth); err != nil {
			return fmt.Errorf("census check: %w", err)
		}
		defer kept.Close()
		if kept.Torn() > 0 {
			e.Warnf("%s: dropped a torn last line of %d bytes, left by a check that stopped: its section is recounted", *out, kept.Torn())
		}
	}
	fmt.Fprintf(e.Stdout, "# %v census at depth %d: %d of the %d sections in the files, chosen by seed %d, recounted as enumerate -prefix writes their catalogue and stats reads it back\n",
		b, c.Depth, len(todo), c.Sections, *seed)
	start := time.Now()
	bad, err := recountAll(ctx, e, b, todo, census.RecountOptions{Workers: int(*workers), Kept: kept}, *quiet)
	if err != nil {
		err = fmt.Errorf("census check: %w", err)
		if kept != nil {
			return cli.Stopped(e, err, census.KeptRecounts(*out))
		}
		return err
	}
	if !*quiet {
		e.Warnf("recounted %d sections in %v", len(todo), cli.Elapsed(time.Since(start)))
	}
	if bad > 0 {
		return fmt.Errorf("census check: %d of %d sections disagree with the census", bad, len(todo))
	}
	if kept != nil {
		if err := kept.Close(); err != nil {
			return fmt.Errorf("census check: %w", err)
		}
	}
	return nil
}

// recountAll checks the sections of the census lines todo, of box b, as
// opts say (census.Check), with a bar on a terminal unless quiet.
func recountAll(ctx context.Context, e cli.Env, b symmetry.Box, todo []census.Record, opts census.RecountOptions, quiet bool) (int, error) {
	if !quiet && cli.Terminal(e.Stderr) {
		bar := cli.Progress(e.Stderr, "recounting")
		var n atomic.Int64
		opts.Done = func() { bar(int(n.Add(1)), len(todo)) }
	}
	return census.Check(ctx, e.Stdout, b, todo, opts)
}
