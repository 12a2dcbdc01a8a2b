// Package sequencer runs pieces of work in parallel and hands their results
// on in a fixed order, so that output never depends on scheduling (the idea
// of the sequencer in cmd/gofmt).
package sequencer

import (
	"cmp"
	"context"
	"iter"
	"slices"

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

// RunAhead is [Run] with up to ahead results waiting for their turn: for
// small results of pieces whose times vary widely, so that one long piece
// does not leave the other workers idle once 2*workers have finished
// behind it.
func RunAhead[T any](ctx context.Context, n, workers, ahead int, work func(context.Context, int) (T, error), emit func(int, T) error) error {
	workers = min(max(workers, 1), max(n, 1))
	if workers == 1 {
		return runOne(ctx, n, work, emit)
	}
	return run(ctx, n, workers, workers+max(ahead, workers), windows(n, 1), work, emit)
}

// RunWindowed is [Run] with the pieces started window by window, each
// window from its last piece to its first, and still emitted in index
// order. Where pieces tend to grow towards the end of a window, as the
// sections of a search do in key order, the big ones then start first and
// the small ones fill in behind them, instead of one core finishing a big
// last piece alone. Up to a window of results more waits for its turn.
func RunWindowed[T any](ctx context.Context, n, workers, window int, work func(context.Context, int) (T, error), emit func(int, T) error) error {
	workers, window = min(max(workers, 1), max(n, 1)), min(max(window, 1), max(n, 1))
	if workers == 1 {
		return runOne(ctx, n, work, emit)
	}
	return run(ctx, n, workers, 2*workers+window, windows(n, window), work, emit)
}

// windows yields 0 to n-1 window by window, each window from its last
// index to its first: in index order for a window of one.
func windows(n, window int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for base := 0; base < n; base += window {
			for k := min(base+window, n) - 1; k >= base; k-- {
				if !yield(k) {
					return
				}
			}
		}
	}
}

// RunLargestFirst is [Run] with the pieces started largest first, as size
// estimates them (ties in index order), and still emitted in index order:
// a large piece no longer runs alone at the end, nor holds the others up
// while the results behind it fill a window. Every result may wait for
// the ones before it, so it suits pieces whose results are small; and as
// the small pieces start last, those early in index order hold up the
// emission of the rest, most of which comes near the end. On one worker
// there is nothing to balance: it is Run, in index order.
func RunLargestFirst[T any](ctx context.Context, n, workers int, size func(int) float64, work func(context.Context, int) (T, error), emit func(int, T) error) error {
	workers = min(max(workers, 1), max(n, 1))
	if workers == 1 {
		return runOne(ctx, n, work, emit)
	}
	order := make([]int, n)
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(size(b), size(a)) })
	return run(ctx, n, workers, n, slices.Values(order), work, emit)
}

// run calls work for the pieces in the order start yields them, on up to
// workers goroutines, with up to queued pieces started or waiting to be
// emitted, and emit with each result in index order.
func run[T any](ctx context.Context, n, workers, queued int, start iter.Seq[int], work func(context.Context, int) (T, error), emit func(int, T) error) error {
	type result struct {
		v   T
		err error
	}
	type item struct {
		k int
		c chan result
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers + 1) // the feeder and the workers
	queue := make(chan item, queued)
	eg.Go(func() error {
		defer close(queue)
		for k := range start {
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
