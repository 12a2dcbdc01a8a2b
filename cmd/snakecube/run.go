package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
)

const usage = `snakecube enumerates, solves and analyses snake-cube puzzles.

Usage:
  snakecube <command> [flags] [arguments]

Commands:
  enumerate  every snake of a box that folds, with all its solutions
  solve      every solution of snakes typed in any notation, shown to fold
  merge      join the shards of an enumeration into one catalogue
  estimate   the size of a box's search, by random probes
  census     exact counts section by section, resumable; merge and extrapolate
  verify     check a catalogue file, and with -complete that nothing is missing
  stats      the figures of a catalogue: tables, JSON, CSV or an SVG picture
  serve      a local web page and JSON API to browse catalogues

Run "snakecube <command> -h" for a command's flags.

Solutions are counted once up to the box's rotations and reflections and
up to reading the snake from its other end (51,704 for 3x3x3).
`

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// errReported is a failure whose details were already printed: exit
// status 1, with nothing more to say.
var errReported = errors.New("problems found")

type command struct {
	name string
	run  func(ctx context.Context, e env, args []string) error
}

var commands = []command{
	{"enumerate", runEnumerate},
	{"solve", runSolve},
	{"merge", runMerge},
	{"estimate", runEstimate},
	{"census", runCensus},
	{"verify", runVerify},
	{"stats", runStats},
	{"serve", runServe},
}

// gcPercent lets the heap grow to five times what is live before a
// collection: what is live is small (the sections in flight), so the
// default would collect every few megabytes of output, a visible share of
// the 3x3x3 main job (BenchmarkEnumerate).
const gcPercent = 400

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	debug.SetGCPercent(gcPercent)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	out := &checkedWriter{w: stdout, cancel: cancel}
	return out.ended(dispatch(ctx, env{stdin: stdin, stdout: out, stderr: stderr}, args))
}

// dispatch runs the command args name.
func dispatch(ctx context.Context, e env, args []string) error {
	stdout, stderr := e.stdout, e.stderr
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usageError{errors.New("no command given")}
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
	return usageError{fmt.Errorf("unknown command %q", args[0])}
}

// exitCode reports err on w and returns the process's exit status.
func exitCode(err error, w io.Writer) int {
	var u usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(w, "snakecube: interrupted")
		return 130
	case errors.As(err, &u):
		fmt.Fprintf(w, "snakecube: %v\n", err)
		return 2
	case errors.Is(err, errReported):
		return 1
	}
	fmt.Fprintf(w, "snakecube: %v\n", err)
	return 1
}
