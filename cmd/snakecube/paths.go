package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/paths"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/symmetry"
)

// pathsGCPercent lets the heap grow by a quarter over what is live before
// a collection: what is live is gigabytes of states, in a few thousand
// arrays without pointers that a collection need not scan, so collecting
// often is cheap, and run's 400 could let garbage take four times the
// memory the states need.
const pathsGCPercent = 25

func runPaths(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("paths", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.Box{})
	format := fs.String("format", "text", "")
	verbose := fs.Bool("v", false, "")
	workers := cli.WorkersVar(fs)
	maxStates := fs.Int("max-states", paths.DefaultMaxStates, "")
	rest, err := cli.ParseFlags(fs, e, pathsUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	switch {
	case len(rest) > 0:
		return cli.BadUsage(e, pathsUsage, "paths takes no arguments, got %q", rest[0])
	case box.Len() == 0:
		return cli.BadUsage(e, pathsUsage, "-size is required")
	case *format != "text" && *format != "json":
		return cli.BadUsage(e, pathsUsage, "-format %q: want text or json", *format)
	case *maxStates < 1:
		return cli.BadUsage(e, pathsUsage, "-max-states %d: want at least 1", *maxStates)
	}
	debug.SetGCPercent(pathsGCPercent)
	b := *box
	live := cli.Terminal(e.Stderr)
	opts := paths.Options{Workers: int(*workers), MaxStates: *maxStates}
	if live {
		opts.Progress = func(p paths.Progress) {
			fmt.Fprintf(e.Stderr, "\rsnakecube: %v %s: step %d of %d, %s states \x1b[K", b, p.Run, p.Step, p.Steps, words.Thousands(p.States))
		}
	}
	start := time.Now()
	c, err := paths.Solutions(ctx, b, opts)
	if live {
		fmt.Fprint(e.Stderr, "\r\x1b[K")
	}
	var se *paths.StatesError
	if errors.As(err, &se) {
		e.Warnf("%v (-max-states)", err)
		e.Warnf("hint: each state takes some %d bytes: raise -max-states if the memory allows", paths.BytesPerState)
		return cli.ErrReported
	}
	if err != nil {
		return err
	}
	if *format == "json" {
		err = c.WriteJSON(e.Stdout)
	} else {
		err = c.WriteText(e.Stdout, *verbose)
	}
	if err != nil {
		return err
	}
	if *verbose || live {
		for _, l := range c.RunLines() {
			e.Warnf("%s", l)
		}
		e.Warnf("%v: %v in all", b, cli.Elapsed(time.Since(start)))
	}
	return nil
}
