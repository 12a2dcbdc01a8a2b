// Package sequencer runs pieces of work in parallel and hands their results
// on in a fixed order, so that output never depends on scheduling (the idea
// of the sequencer in cmd/gofmt). It knows nothing of snakes and imports
// nothing of this module: package solver orders its sections and tasks
// with it, export its encoded chunks, and the commands their pieces, and
// none of them need import another's internals for it.
package sequencer

import (
	"cmp"
	"context"
	"iter"
	"slices"
	"sync"

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
		return runOne(ctx, indices(windows(n, 1))(ctx), byIndex(work), emit)
	}
	return run(ctx, workers, workers+max(ahead, workers), indices(windows(n, 1)), byIndex(work), emit)
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
		return runOne(ctx, indices(windows(n, 1))(ctx), byIndex(work), emit)
	}
	return run(ctx, workers, 2*workers+window, indices(windows(n, window)), byIndex(work), emit)
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
		return runOne(ctx, indices(windows(n, 1))(ctx), byIndex(work), emit)
	}
	order := make([]int, n)
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(size(b), size(a)) })
	return run(ctx, workers, n, indices(slices.Values(order)), byIndex(work), emit)
}

// Stream is [Run] over pieces that come one by one, as lines read from
// a pipe, their number unknown: it calls work on each piece received
// from pieces, on up to workers goroutines, and emit with each result in
// the order the pieces came, as soon as it and all results before it are
// done. It holds at most 2*workers+3 pieces started or waiting for their
// turn, and receives no more until one is emitted, so that memory stays
// bounded however many pieces come; results are emitted while pieces
// are still to come.
// It returns when pieces is closed and every result is emitted, at the
// first error from work or emit, or when ctx is done.
func Stream[P, T any](ctx context.Context, pieces <-chan P, workers int, work func(context.Context, P) (T, error), emit func(int, T) error) error {
	workers = max(workers, 1)
	cut := false // set when ctx, not the end of pieces, stopped the feeder
	start := func(ctx context.Context) iter.Seq2[int, P] {
		return func(yield func(int, P) bool) {
			for k := 0; ; k++ {
				select {
				case p, more := <-pieces:
					if !more || !yield(k, p) {
						return
					}
				case <-ctx.Done():
					cut = true
					return
				}
			}
		}
	}
	each := func(ctx context.Context, _ int, p P) (T, error) { return work(ctx, p) }
	var err error
	if workers == 1 {
		err = runOne(ctx, start(ctx), each, emit)
	} else {
		err = run(ctx, workers, 2*workers+1, start, each, emit)
	}
	if err == nil && cut {
		err = ctx.Err()
	}
	return err
}

// indices is the start of pieces known by their index alone, in the
// order seq yields them.
func indices(seq iter.Seq[int]) func(context.Context) iter.Seq2[int, struct{}] {
	return func(context.Context) iter.Seq2[int, struct{}] {
		return func(yield func(int, struct{}) bool) {
			for k := range seq {
				if !yield(k, struct{}{}) {
					return
				}
			}
		}
	}
}

// byIndex is the work of a piece known by its index alone.
func byIndex[T any](work func(context.Context, int) (T, error)) func(context.Context, int, struct{}) (T, error) {
	return func(ctx context.Context, k int, _ struct{}) (T, error) { return work(ctx, k) }
}

// run calls work for the pieces in the order start yields them, each
// with its index in emission order, on up to workers goroutines, with up
// to queued pieces started or waiting to be emitted, and emit with each
// result in index order. start is given the run's context, which is done
// when the run stops early, and should stop yielding then.
func run[P, T any](ctx context.Context, workers, queued int, start func(context.Context) iter.Seq2[int, P], work func(context.Context, int, P) (T, error), emit func(int, T) error) error {
	type result struct {
		v   T
		err error
	}
	type item struct {
		k int
		p P
		c chan result
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers + 1) // the feeder and the workers
	queue := make(chan item, queued)
	eg.Go(func() error {
		defer close(queue)
		for k, p := range start(ctx) {
			it := item{k, p, make(chan result, 1)}
			select {
			case queue <- it:
			case <-ctx.Done():
				return ctx.Err()
			}
			eg.Go(func() error {
				v, err := work(ctx, it.k, it.p)
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

// runOne is a run on one worker: in the caller's goroutine, piece after
// piece in the order pieces yields them, with nothing to hand between
// goroutines.
func runOne[P, T any](ctx context.Context, pieces iter.Seq2[int, P], work func(context.Context, int, P) (T, error), emit func(int, T) error) error {
	for k, p := range pieces {
		if err := ctx.Err(); err != nil {
			return err
		}
		v, err := work(ctx, k, p)
		if err == nil {
			err = emit(k, v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// RunBudget is [RunWindowed] with what waits for its turn bounded by
// weight as well as by count: each result weighs weight(result), and
// while the results done and not yet emitted weigh more than budget, no
// piece starts but the next to emit, if it has not started. So what
// waits weighs at most budget plus the results of the pieces running
// when it was reached, one a worker, whatever the order the pieces
// finish in; the pieces still start window by window while what waits
// is light. Pieces whose results vary from nothing to a large share of
// the whole then run as far ahead as memory allows and no further. The
// first error from work or emit stops the run and is returned; emit is
// not called after it.
func RunBudget[T any](ctx context.Context, n, workers, window int, budget int64, weight func(T) int64, work func(context.Context, int) (T, error), emit func(int, T) error) error {
	workers, window = min(max(workers, 1), max(n, 1)), min(max(window, 1), max(n, 1))
	if workers == 1 {
		return runOne(ctx, indices(windows(n, 1))(ctx), byIndex(work), emit)
	}
	b := budgeted[T]{order: slices.Collect(windows(n, window)), started: make([]bool, n), done: map[int]done[T]{}, budget: budget, queued: 2*workers + window}
	b.cond = sync.NewCond(&b.mu)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(ctx, func() { b.fail(ctx.Err()) })
	defer stop()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				k, ok := b.take()
				if !ok {
					return
				}
				v, err := work(ctx, k)
				var w int64
				if err == nil {
					w = weight(v)
				}
				b.finish(k, done[T]{v, err, w})
			}
		})
	}
	err := b.emitAll(n, emit)
	cancel()
	wg.Wait()
	return err
}

// done is a piece's result as a [RunBudget] holds it until its turn.
type done[T any] struct {
	v   T
	err error
	w   int64
}

// budgeted is the state a [RunBudget] shares between its workers and
// its emitter.
type budgeted[T any] struct {
	mu      sync.Mutex
	cond    *sync.Cond
	order   []int // the pieces in the order they start while within budget
	at      int   // order[at:] holds every piece not started
	started []bool
	done    map[int]done[T] // results waiting for their turn
	held    int64           // their weight
	budget  int64
	// queued bounds the pieces started and not yet emitted, as
	// [RunWindowed] does; live counts them.
	queued, live int
	next         int   // the piece to emit next
	failed       error // set, the run stops
}

// onHold, when set, is called when a worker waits because what waits
// is over budget: tests watch the bound act.
var onHold func()

// take returns the piece for a worker to run next, waiting while what
// waits is over budget and the next to emit has started; false when no
// piece is left to start or the run stops.
func (b *budgeted[T]) take() (int, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for {
		if b.failed != nil {
			return 0, false
		}
		for b.at < len(b.order) && b.started[b.order[b.at]] {
			b.at++
		}
		if b.at == len(b.order) {
			return 0, false
		}
		k := b.order[b.at]
		if b.held > b.budget || b.live >= b.queued {
			if b.next >= len(b.started) || b.started[b.next] {
				if onHold != nil {
					onHold()
				}
				b.cond.Wait()
				continue
			}
			k = b.next
		}
		b.started[k] = true
		b.live++
		return k, true
	}
}

// finish files the result of piece k.
func (b *budgeted[T]) finish(k int, d done[T]) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done[k] = d
	b.held += d.w
	if d.err != nil && b.failed == nil {
		b.failed = d.err
	}
	b.cond.Broadcast()
}

// fail stops the run with err, unless it stopped already.
func (b *budgeted[T]) fail(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.failed == nil {
		b.failed = err
	}
	b.cond.Broadcast()
}

// emitAll emits the n results in index order as they come.
func (b *budgeted[T]) emitAll(n int, emit func(int, T) error) error {
	for k := range n {
		b.mu.Lock()
		d, ok := b.done[k]
		for !ok && b.failed == nil {
			b.cond.Wait()
			d, ok = b.done[k]
		}
		failed := b.failed
		b.mu.Unlock()
		if failed != nil {
			return failed
		}
		err := d.err
		if err == nil {
			err = emit(k, d.v)
		}
		if err != nil {
			b.fail(err)
			return err
		}
		b.mu.Lock()
		delete(b.done, k)
		b.held -= d.w
		b.live--
		b.next = k + 1
		b.cond.Broadcast()
		b.mu.Unlock()
	}
	return nil
}
