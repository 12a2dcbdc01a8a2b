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
)

const pathsUsage = `Usage:
  snakecube paths -size N|AxBxC [-format text|json] [-v] [-j N] [-max-states N]

Counts exactly the directed Hamiltonian paths of the box's grid graph, by
a transfer matrix: a dynamic programme over the cells that keeps, for the
cells on its frontier, which ones are ends of path strands and which
strands join, summing the ways to reach each such state. It shares no code
with the search of enumerate, census and solve, and checks them.

From the paths it counts the solutions as snakecube counts them, once up
to the box's rotations and reflections and up to reversal, by Burnside's
lemma: the sum, over the box's symmetries g, of the paths g fixes (all of
them when g moves no cell, else none) and of the paths g maps onto their
own reversal, divided by twice the number of symmetries. The paths a
symmetry reverses are counted exactly too, by the same transfer matrix on
the box folded by the symmetry.

  # 3x3x3: directed Hamiltonian paths by transfer matrix; solutions by ...
  paths 4960608
  self_reverse 2976
  solutions 51704

Flags:
  -size N|AxBxC   the box, up to 64 cells (required)
  -format FORMAT  text, "name value" lines (default), or json, one object:
                  box, symmetries, paths, self_reverse, solutions and terms,
                  each symmetry's share; the counts are JSON numbers, which
                  may exceed 2^53
  -v              also print the self-reverse paths of each class of
                  symmetries (those alike up to conjugation), and on
                  standard error each run's time and states (shown anyway
                  when standard error is a terminal)
  -j N            take each step's states with N goroutines (default: all
                  cores); the counts do not depend on it
  -max-states N   stop, failing, before a step holds more than N states
                  (default 200000000): each takes some 50 bytes, so the
                  default bounds the memory to some 10 GB; 4x4x4, the
                  largest box, needs 45 million states, 2.2 GB and 3
                  minutes of CPU; every other box of up to 64 cells needs
                  under a fifth of that (3x4x5: 0.3 GB, 33 s)

Examples:
  $ snakecube paths -size 3
  $ snakecube paths -size 2x3x4 -v
  $ snakecube paths -size 4 -format json
`

// pathsGCPercent lets the heap grow by a quarter over what is live before
// a collection: what is live is gigabytes of states, in a few thousand
// arrays without pointers that a collection need not scan, so collecting
// often is cheap, and run's 400 could let garbage take four times the
// memory the states need.
const pathsGCPercent = 25

func runPaths(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("paths", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	format := fs.String("format", "text", "")
	verbose := fs.Bool("v", false, "")
	workers := workersVar(fs)
	maxStates := fs.Int("max-states", paths.DefaultMaxStates, "")
	rest, err := cli.ParseFlags(fs, e, pathsUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	switch {
	case len(rest) > 0:
		return cli.BadUsage(e, pathsUsage, "paths takes no arguments, got %q", rest[0])
	case box.box.Len() == 0:
		return cli.BadUsage(e, pathsUsage, "-size is required")
	case *format != "text" && *format != "json":
		return cli.BadUsage(e, pathsUsage, "-format %q: want text or json", *format)
	case *maxStates < 1:
		return cli.BadUsage(e, pathsUsage, "-max-states %d: want at least 1", *maxStates)
	}
	debug.SetGCPercent(pathsGCPercent)
	b := box.box
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
		report := func(what string, s paths.Stats) {
			wide := ""
			if s.Wide {
				wide = ", counted again in 128 bits"
			}
			e.Warnf("%v: %s: %d steps, at most %d vertices in the frontier and %s states, %v%s",
				b, what, s.Steps, s.Width, words.Thousands(s.States), cli.Elapsed(s.Time), wide)
		}
		report("paths", c.Stats)
		for _, cl := range c.Classes {
			if cl.Stats.Steps > 0 {
				report("self-reverse paths of "+paths.Name(cl.Symmetry), cl.Stats)
			}
		}
		e.Warnf("%v: %v in all", b, cli.Elapsed(time.Since(start)))
	}
	return nil
}
