package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/cli"
)

// openInput opens the file named by a command's argument, "-" meaning
// standard input, and returns the name to report and how to close it.
func openInput(e cli.Env, arg string) (string, io.Reader, func(), error) {
	if arg == "-" {
		return "standard input", e.Stdin, func() {}, nil
	}
	f, err := catalog.OpenFile(arg)
	if err != nil {
		return "", nil, nil, err
	}
	return arg, f, func() { f.Close() }, nil
}

// readFailed turns what went wrong reading a catalogue into what a
// command returns, the one mapping of such errors: a usage error (exit
// status 2) when the box is not known; a problem of the file told, with
// hint after it if any, as a failure already reported (1); the error
// itself otherwise (1); nil for nil. name, the file, starts each message
// unless it is "".
func readFailed(e cli.Env, name, hint string, err error) error {
	if err != nil && name != "" {
		err = fmt.Errorf("%s: %w", name, err)
	}
	var p *catalog.Problem
	switch {
	case errors.Is(err, catalog.ErrNoBox):
		return cli.UsageError{Err: fmt.Errorf("%w; give the box with -size", err)}
	case errors.As(err, &p):
		e.Warnf("%v", err)
		if hint != "" {
			e.Warnf("hint: %s", hint)
		}
		return cli.ErrReported
	}
	return err
}

// stopped returns err, and says, when it is an interrupt, what a run that
// keeps its work in a file as it goes has kept and how to go on: in a
// line of its own, before the "interrupted" that follows.
func stopped(e cli.Env, err error, kept string) error {
	if errors.Is(err, context.Canceled) {
		e.Warnf("stopped: %s; run the same command again to resume", kept)
	}
	return err
}
