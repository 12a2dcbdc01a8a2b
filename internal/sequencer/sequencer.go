// Package sequencer runs pieces of work in parallel and hands their results
// on in a fixed order, so that output never depends on scheduling (the idea
// of the sequencer in cmd/gofmt).
package sequencer

import (
	"context"

	"golang.org/x/sync/errgroup"
)

// Run calls work(ctx, 0..n-1) on up to workers goroutines and emit with each
// result in index order, as soon as it and all results before it are done.
// At most 2*workers results wait for their turn, so memory stays bounded
// however many pieces there are; workers beyond n count as n, so a large
// workers costs no more than one goroutine per piece. The first error from work or emit stops
// the run and is returned; emit is not called after it.
func Run[T any](ctx context.Context, n, workers int, work func(context.Context, int) (T, error), emit func(int, T) error) error {
	return RunWindowed(ctx, n, workers, 1, work, emit)
}

// RunWindowed is [Run] with the pieces started window by window, each
// window from its last piece to its first, and still emitted in index
// order. Where pieces tend to grow towards the end of a window, as the
// sections of a search do in key order, the big ones then start first and
// the small ones fill in behind them, instead of one core finishing a big
// last piece alone. Up to a window of results more waits for its turn.
func RunWindowed[T any](ctx context.Context, n, workers, window int, work func(context.Context, int) (T, error), emit func(int, T) error) error {
	type result struct {
		v   T
		err error
	}
	type item struct {
		k int
		c chan result
	}
	workers, window = min(max(workers, 1), max(n, 1)), min(max(window, 1), max(n, 1))
	if workers == 1 {
		return runOne(ctx, n, work, emit)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers + 1) // the feeder and the workers
	queue := make(chan item, 2*workers+window)
	eg.Go(func() error {
		defer close(queue)
		for base := 0; base < n; base += window {
			for k := min(base+window, n) - 1; k >= base; k-- {
				it := item{k, make(chan result, 1)}
				select {
				case queue <- it:
				case <-ctx.Done():
					return ctx.Err()
				}
				eg.Go(func() error {
					v, err := work(ctx, it.k)
					it.c <- result{v, err}
					return err
				})
			}
		}
		return nil
	})
	var failed error
	pending := map[int]result{}
	next := 0
	for it := range queue {
		pending[it.k] = <-it.c
		for failed == nil {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			failed = r.err
			if failed == nil {
				failed = emit(next, r.v)
			}
			if failed != nil {
				cancel()
			}
			next++
		}
	}
	if err := eg.Wait(); failed == nil {
		failed = err
	}
	return failed
}

// runOne is RunWindowed on one worker: in the caller's goroutine, piece
// after piece, with nothing to hand between goroutines.
func runOne[T any](ctx context.Context, n int, work func(context.Context, int) (T, error), emit func(int, T) error) error {
	for k := range n {
		if err := ctx.Err(); err != nil {
			return err
		}
		v, err := work(ctx, k)
		if err == nil {
			err = emit(k, v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
