package answer

import (
	"context"
	"errors"
	"fmt"

	"github.com/snakecube/snakecube/internal/batch"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/input"
)

// ErrNoSnake is what [Run] returns when it was given no snake.
var ErrNoSnake = errors.New("no snake given")

// Run solves the snakes of args, or of standard input when there are
// none or "-" (see [batch.Each]), read as in says, and writes their
// answers to e.Stdout, as o says. Text typed at a terminal is answered a
// line at a time, as [Typed] does.
func Run(ctx context.Context, e cli.Env, args []string, in input.Options, o Options) error {
	if o.Format == "text" && batch.FromStdin(args) && cli.Terminal(e.Stdin) {
		return Typed(ctx, e, in, o)
	}
	w := NewWriter(e.Stdout, e.Warnf, o)
	n, err := batch.Each(ctx, e.Stdin, args, batchOptions(in, o), w.OneBox, func(ctx context.Context, it batch.Item, workers int) (Answer, error) {
		return Solve(ctx, it.Snake, o, workers)
	}, func(it batch.Item, a Answer) error {
		return w.Write(ctx, it, a)
	}, w.Flush)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNoSnake
	}
	return w.Close(ctx)
}

// Typed solves the snakes typed at a terminal as they come: each line is
// answered before the next is read, and a line that cannot be read is
// told on standard error and the next one awaited, where a file of
// snakes stops at its first bad line. At the end of input it returns a
// usage error if some line was bad.
func Typed(ctx context.Context, e cli.Env, in input.Options, o Options) error {
	w := NewWriter(e.Stdout, e.Warnf, o)
	bad, err := batch.Typed(ctx, e.Stdin, batchOptions(in, o), func(err error) { e.Warnf("%v", err) }, func(it batch.Item) error {
		a, err := Solve(ctx, it.Snake, o, o.Workers)
		if err != nil {
			return fmt.Errorf("%s: %w", it.Where, err)
		}
		if err := w.Write(ctx, it, a); err != nil {
			return err
		}
		return w.Flush()
	})
	if err != nil {
		return err
	}
	if err := w.Close(ctx); err != nil {
		return err
	}
	if bad > 0 {
		return cli.UsageError{Err: fmt.Errorf("%d of the lines typed could not be read as a snake", bad)}
	}
	return nil
}

// batchOptions returns the options of the snakes' batch.
func batchOptions(in input.Options, o Options) batch.Options {
	return batch.Options{Input: in, Workers: o.Workers, Streams: o.Streams()}
}
