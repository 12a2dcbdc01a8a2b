package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/snakecube/snakecube/internal/cli"
)

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
