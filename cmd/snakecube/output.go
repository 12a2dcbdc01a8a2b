package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/solver"
)

// terminal reports whether w is a terminal, so that progress is drawn.
func terminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// writeCount prints a census, one "name value" line each, for people and
// scripts alike, and returns the first write that failed.
func writeCount(w io.Writer, what string, c solver.Count) error {
	b := bufio.NewWriter(w) // keeps the first failed write for Flush
	fmt.Fprintf(b, "# %s: solutions counted once up to the box's rotations and reflections and up to reversal\n", what)
	census.WriteCounts(b, c)
	return b.Flush()
}

// writeOutput runs write on standard output when path is "-", otherwise on
// a temporary file that replaces path only once complete. It returns the
// name to report.
func writeOutput(e cli.Env, path string, write func(io.Writer) error) (string, error) {
	if path == "-" {
		return "standard output", write(e.Stdout)
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return "", err
	}
	defer f.Abort()
	if err := write(f); err != nil {
		return "", err
	}
	return path, f.Commit()
}

// progress returns a solver progress callback drawing a bar on w.
func progress(w io.Writer, what string) func(done, total int) {
	var once sync.Once
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		once.Do(func() {
			bar = progressbar.NewOptions(total,
				progressbar.OptionSetWriter(w),
				progressbar.OptionSetDescription(what),
				progressbar.OptionShowCount(),
				progressbar.OptionSetElapsedTime(true),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(100*time.Millisecond),
			)
		})
		bar.Add(1)
	}
}

// sameFile reports whether writing the output file out would overwrite
// the input named in, "-" meaning standard input: the same file, whatever
// the paths, links included.
func sameFile(e cli.Env, in, out string) bool {
	if out == "-" {
		return false
	}
	o, err := os.Stat(out)
	if err != nil {
		return false
	}
	var i os.FileInfo
	if in == "-" {
		if f, ok := e.Stdin.(*os.File); ok {
			i, err = f.Stat()
		} else {
			return false
		}
	} else {
		i, err = os.Stat(in)
	}
	return err == nil && os.SameFile(i, o)
}

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

// formatOfName returns the format an output file's name tells by its
// extension, .json, .jsonl, .parquet or .csv, and whether it tells one.
func formatOfName(name string) (string, bool) {
	f := strings.TrimPrefix(filepath.Ext(name), ".")
	_, err := export.ParseFormat(f)
	return f, err == nil
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
