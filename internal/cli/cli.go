// Package cli is the command-line plumbing of snakecube: what a command
// may touch of the outside world, flags that may stand between arguments,
// checked standard output, and the exit status an error ends with (0 on
// success, 1 on failure, 2 for a usage error, 130 when interrupted).
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/internal/catalog"
)

// Env is what a command may touch of the outside world.
type Env struct {
	Stdin  io.Reader
	Stdout *CheckedWriter
	Stderr io.Writer
}

// Warnf prints a line on standard error, after the program's name.
func (e Env) Warnf(format string, args ...any) {
	fmt.Fprintf(e.Stderr, "snakecube: "+format+"\n", args...)
}

// UsageError is a mistake in the command line: exit status 2.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// ErrReported is a failure whose details were already printed: exit
// status 1, with nothing more to say.
var ErrReported = errors.New("problems found")

// CheckedWriter is standard output for a command: it passes writes on
// until one fails, and from then on fails every write with that first
// error, which [Run] returns when the command ends, so that a full disk
// is a failure whatever the command checked. (A pipe closed under the
// process's standard output ends it by SIGPIPE, as is the custom, unless
// it takes that signal.) The first
// failure also cancels the command's context, so that a long search does
// not go on for output that cannot be written.
type CheckedWriter struct {
	w      io.Writer
	err    error
	cancel context.CancelCauseFunc
}

// NewCheckedWriter returns a CheckedWriter over w that calls cancel, if
// not nil, on the first failed write.
func NewCheckedWriter(w io.Writer, cancel context.CancelCauseFunc) *CheckedWriter {
	return &CheckedWriter{w: w, cancel: cancel}
}

func (c *CheckedWriter) Write(p []byte) (int, error) {
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

// Ended returns the error a command ends with: its own, unless writing to
// standard output failed, which also explains a search stopped for it,
// and which a command that reported its own problems did not tell.
func (c *CheckedWriter) Ended(err error) error {
	if c.err != nil && (err == nil || errors.Is(err, context.Canceled) || errors.Is(err, ErrReported)) {
		return c.err
	}
	return err
}

// Run runs cmd with a context cancelled when a write to stdout fails, and
// returns the error it ends with.
func Run(ctx context.Context, cmd func(context.Context, Env) error, stdin io.Reader, stdout, stderr io.Writer) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	out := NewCheckedWriter(stdout, cancel)
	return out.Ended(cmd(ctx, Env{Stdin: stdin, Stdout: out, Stderr: stderr}))
}

// Main runs cmd with the process's arguments and standard files, and a
// context cancelled by an interrupt, SIGTERM or SIGHUP, and exits with the status
// of its error. An interrupted command has grace to return, removing what
// it was writing; one that does not, blocked in a read from a pipe that
// no one writes to, say, ends then with status 130 all the same, its
// temporary files removed ([atomicfile.AbortAll]), as it does at a
// second interrupt. Files are written beside their target and
// renamed, so an end that cuts a write short leaves no half-written file.
func Main(cmd func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error) {
	sig := make(chan os.Signal, 2)
	// SIGTERM and SIGHUP first, SIGINT last, each call in turn: a job a
	// shell starts in the background has SIGINT ignored, and the runtime
	// installs its handler only here, where /proc/PID/status shows it
	// (SigCgt). Once it shows, the others are already taken, so a
	// script that waits for it may send any of them.
	signal.Notify(sig, syscall.SIGTERM)
	if !signal.Ignored(syscall.SIGHUP) { // under nohup it stays ignored
		signal.Notify(sig, syscall.SIGHUP) // the terminal closed
	}
	signal.Notify(sig, os.Interrupt)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- cmd(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr) }()
	var err error
	select {
	case err = <-done:
	case <-sig:
		cancel()
		select {
		case err = <-done:
		case <-sig:
			// A second interrupt ends the process at once, without the
			// files it was writing.
			atomicfile.AbortAll()
			err = context.Canceled
		case <-time.After(grace):
			// The command is still at work: take its temporary files
			// away from under it.
			atomicfile.AbortAll()
			err = context.Canceled
		}
	}
	os.Exit(ExitCode(err, os.Stderr))
}

// grace is how long an interrupted command has to return before Main
// ends it: removing a temporary file or completing a line takes
// milliseconds.
const grace = 2 * time.Second

// ExitCode reports err on w and returns the process's exit status.
func ExitCode(err error, w io.Writer) int {
	var u UsageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(w, "snakecube: interrupted")
		return 130
	case errors.As(err, &u):
		fmt.Fprintf(w, "snakecube: %v\n", err)
		return 2
	case errors.Is(err, ErrReported):
		return 1
	}
	fmt.Fprintf(w, "snakecube: %v\n", err)
	return 1
}

// Elapsed rounds a duration for a summary line: to the millisecond, or to
// the microsecond under one, where a small box's run would read "0s".
func Elapsed(d time.Duration) time.Duration {
	if d < time.Millisecond {
		return d.Round(time.Microsecond)
	}
	return d.Round(time.Millisecond)
}

// ReadFailed turns what went wrong reading a catalogue into what a
// command returns, the one mapping of such errors: a usage error (exit
// status 2) when the box is not known; a problem of the file told, with
// hint after it if any, as a failure already reported (1); the error
// itself otherwise (1); nil for nil. name, the file, starts each message
// unless it is "".
func ReadFailed(e Env, name, hint string, err error) error {
	if err != nil && name != "" {
		err = fmt.Errorf("%s: %w", name, err)
	}
	var p *catalog.Problem
	switch {
	case errors.Is(err, catalog.ErrNoBox):
		return UsageError{Err: fmt.Errorf("%w; give the box with -size", err)}
	case errors.As(err, &p):
		e.Warnf("%v", err)
		if hint != "" {
			e.Warnf("hint: %s", hint)
		}
		return ErrReported
	}
	return err
}

// Stopped returns err, and says, when it is an interrupt, what a run that
// keeps its work in a file as it goes has kept and how to go on: in a
// line of its own, before the "interrupted" that follows.
func Stopped(e Env, err error, kept string) error {
	if errors.Is(err, context.Canceled) {
		e.Warnf("stopped: %s; run the same command again to resume", kept)
	}
	return err
}
