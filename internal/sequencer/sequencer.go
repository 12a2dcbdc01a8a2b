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
// however many pieces there are. The first error from work or emit stops
// the run and is returned; emit is not called after it.
func Run[T any](ctx context.Context, n, workers int, work func(context.Context, int) (T, error), emit func(int, T) error) error {
	type result struct {
		v   T
		err error
	}
	workers = max(workers, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers + 1) // the feeder and the workers
	queue := make(chan chan result, 2*workers)
	eg.Go(func() error {
		defer close(queue)
		for k := range n {
			c := make(chan result, 1)
			select {
			case queue <- c:
			case <-ctx.Done():
				return ctx.Err()
			}
			eg.Go(func() error {
				v, err := work(ctx, k)
				c <- result{v, err}
				return err
			})
		}
		return nil
	})
	var failed error
	k := 0
	for c := range queue {
		r := <-c
		if failed == nil {
			failed = r.err
			if failed == nil {
				failed = emit(k, r.v)
			}
			if failed != nil {
				cancel()
			}
		}
		k++
	}
	if err := eg.Wait(); failed == nil {
		failed = err
	}
	return failed
}
