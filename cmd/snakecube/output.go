package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/solver"
)

// env is what a command may touch of the outside world.
type env struct {
	stdin  io.Reader
	stdout *checkedWriter
	stderr io.Writer
}

// checkedWriter is standard output for a command: it passes writes on
// until one fails, and from then on fails every write with that first
// error, which [run] returns when the command ends, so that a full disk
// or a closed pipe is a failure whatever the command checked. The first
// failure also cancels the command's context, so that a long search does
// not go on for output that cannot be written.
type checkedWriter struct {
	w      io.Writer
	err    error
	cancel context.CancelCauseFunc
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		c.err = fmt.Errorf("standard output: %w", err)
		if c.cancel != nil {
			c.cancel(c.err)
		}
	}
	return n, c.err
}

// ended returns the error a command ends with: its own, unless writing to
// standard output failed, which also explains a search stopped for it.
func (c *checkedWriter) ended(err error) error {
	if c.err != nil && (err == nil || errors.Is(err, context.Canceled)) {
		return c.err
	}
	return err
}

// terminal reports whether w is a terminal, so that progress is drawn.
func terminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func (e env) warnf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "snakecube: "+format+"\n", args...)
}

// elapsed rounds a duration for a summary line: to the millisecond, or to
// the microsecond under one, where a small box's run would read "0s".
func elapsed(d time.Duration) time.Duration {
	if d < time.Millisecond {
		return d.Round(time.Microsecond)
	}
	return d.Round(time.Millisecond)
}

// writeCount prints a census, one "name value" line each, for people and
// scripts alike.
func writeCount(w io.Writer, what string, c solver.Count) {
	fmt.Fprintf(w, "# %s: solutions counted once up to the box's rotations and reflections and up to reversal\n", what)
	writeCounts(w, c)
}

// writeCounts prints the counts of a census, one "name value" line each.
func writeCounts(w io.Writer, c solver.Count) {
	fmt.Fprintf(w, "snakes %d\nsolutions %d\npalindromes %d\npalindrome_solutions %d\none_solution_snakes %d\n",
		c.Snakes, c.Solutions, c.Palindromes, c.PalindromeSolutions, c.OneSolution)
	if c.Most > 0 {
		fmt.Fprintf(w, "most_solutions %d %v\n", c.Most, c.MostKey)
	}
	fmt.Fprintf(w, "nodes %d\n", c.Nodes)
}

// writeOutput runs write on standard output when path is "-", otherwise on
// a temporary file that replaces path only once complete. It returns the
// name to report.
func writeOutput(e env, path string, write func(io.Writer) error) (string, error) {
	if path == "-" {
		return "standard output", write(e.stdout)
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
func sameFile(e env, in, out string) bool {
	if out == "-" {
		return false
	}
	o, err := os.Stat(out)
	if err != nil {
		return false
	}
	var i os.FileInfo
	if in == "-" {
		if f, ok := e.stdin.(*os.File); ok {
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
func openInput(e env, arg string) (string, io.Reader, func(), error) {
	if arg == "-" {
		return "standard input", e.stdin, func() {}, nil
	}
	f, err := os.Open(arg)
	if err != nil {
		return "", nil, nil, err
	}
	return arg, f, func() { f.Close() }, nil
}
