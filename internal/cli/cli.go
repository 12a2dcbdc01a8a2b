// Package cli is the command-line plumbing shared by the snakecube
// binaries (snakecube and snakecube-serve): what a command may touch of
// the outside world, flags that may stand between arguments, checked
// standard output, and the exit status an error ends with (0 on success,
// 1 on failure, 2 for a usage error, 130 when interrupted).
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
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
// or a closed pipe is a failure whatever the command checked. The first
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
// standard output failed, which also explains a search stopped for it.
func (c *CheckedWriter) Ended(err error) error {
	if c.err != nil && (err == nil || errors.Is(err, context.Canceled)) {
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

// Main runs cmd with the process's arguments and standard files, a
// context cancelled by an interrupt or SIGTERM, and exits with the status
// of its error.
//
// Main handles interrupts itself only once the run has lasted armAfter,
// or once the command is about to write a file ([ArmInterrupts]):
// os/signal keeps a goroutine blocked on an operating-system thread of its
// own, whose start costs some 0.3 ms of a run of 2, a sixth of a 3x3x3
// count on two cores. Before, an interrupt ends the process at once, as it
// would any program's (status 130 in the shell), with nothing of the
// command's to clean up: no file of its own is open.
func Main(cmd func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error) {
	ctx, cancel := context.WithCancel(context.Background())
	interrupts.cancel = cancel
	t := time.AfterFunc(armAfter, ArmInterrupts)
	err := cmd(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	t.Stop()
	os.Exit(ExitCode(err, os.Stderr))
}

// armAfter is how long a run goes before Main handles its interrupts.
const armAfter = 20 * time.Millisecond

// interrupts is Main's handling of interrupts: cancel ends its context.
var interrupts struct {
	once   sync.Once
	cancel context.CancelFunc
}

// ArmInterrupts makes an interrupt or SIGTERM cancel the context of the
// command [Main] runs, from now on, instead of ending the process: a
// command calls it before it creates or appends to a file, so that an
// interrupt lets it remove or complete what it writes. Outside Main it
// does nothing.
func ArmInterrupts() {
	interrupts.once.Do(func() {
		if interrupts.cancel == nil {
			return
		}
		c := make(chan os.Signal, 1)
		signal.Notify(c, os.Interrupt, syscall.SIGTERM)
		go func() {
			<-c
			interrupts.cancel()
		}()
	})
}

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
