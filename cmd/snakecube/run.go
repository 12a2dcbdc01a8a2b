package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/snakecube/snakecube/internal/cli"
)

const usage = `snakecube enumerates, solves and analyses snake-cube puzzles.

Usage:
  snakecube <command> [flags] [arguments]

Commands:
  enumerate  every snake of a box that folds, with all its solutions
  solve      every solution of snakes typed in any notation, shown to fold
  rate       how hard snakes are to fold by hand, on a 1 to 10 scale
  design     new puzzles: snakes with one solution, or K, of a chosen difficulty
  kit        files to 3D-print a puzzle, its maker's sheet and its solution card
  merge      join the shards of an enumeration into one catalogue
  convert    a catalogue in another format: JSON, JSONL, Parquet; a table of snakes
  estimate   the size of a box's search, by random probes
  census     exact counts section by section, resumable; merge and extrapolate
  verify     check a catalogue file, and with -complete that nothing is missing
  stats      the figures of a catalogue: tables, JSON, CSV or an SVG picture
  serve      a local web page and JSON API to browse catalogues
  paths      exact counts of a box's Hamiltonian paths and solutions, by transfer matrix

Run "snakecube <command> -h" for a command's flags.

Solutions are counted once up to the box's rotations and reflections and
up to reading the snake from its other end (51,704 for 3x3x3).
`

type command struct {
	name string
	run  func(ctx context.Context, e cli.Env, args []string) error
}

var commands = []command{
	{"enumerate", runEnumerate},
	{"solve", runSolve},
	{"rate", runRate},
	{"design", runDesign},
	{"kit", runKit},
	{"merge", runMerge},
	{"convert", runConvert},
	{"estimate", runEstimate},
	{"census", runCensus},
	{"verify", runVerify},
	{"stats", runStats},
	{"serve", runServe},
	{"paths", runPaths},
}

// gcPercent lets the heap grow to five times what is live before a
// collection: what is live is small (the sections in flight), so the
// default would collect every few megabytes of output, a visible share of
// the 3x3x3 main job (BenchmarkEnumerate).
const gcPercent = 400

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	debug.SetGCPercent(gcPercent)
	return cli.Run(ctx, func(ctx context.Context, e cli.Env) error { return dispatch(ctx, e, args) }, stdin, stdout, stderr)
}

// dispatch runs the command args name.
func dispatch(ctx context.Context, e cli.Env, args []string) error {
	stdout, stderr := e.Stdout, e.Stderr
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return cli.UsageError{Err: errors.New("no command given")}
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(ctx, e, args[1:])
		}
	}
	fmt.Fprint(stderr, usage)
	return cli.UsageError{Err: fmt.Errorf("unknown command %q", args[0])}
}
