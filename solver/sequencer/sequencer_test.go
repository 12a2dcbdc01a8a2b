package sequencer

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

func TestOrder(t *testing.T) {
	for _, c := range []struct{ workers, window int }{{1, 1}, {2, 1}, {7, 1}, {2, 16}, {3, 7}, {1, 200}} {
		emit, check := squares(t, fmt.Sprintf("RunWindowed on %d workers, window %d", c.workers, c.window))
		check(RunWindowed(context.Background(), 100, c.workers, c.window, func(_ context.Context, k int) (int, error) {
			time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
			return k * k, nil
		}, emit), 100)
	}
}

// squares returns an emit for work that computes k*k from k, and a check
// of what a run returned and emitted: every result, in index order.
func squares(t *testing.T, run string) (emit func(k, v int) error, check func(err error, n int)) {
	var got []int
	emit = func(k, v int) error {
		if v != k*k {
			t.Errorf("%s: emit(%d, %d), want %d", run, k, v, k*k)
		}
		got = append(got, k)
		return nil
	}
	check = func(err error, n int) {
		t.Helper()
		if err != nil || len(got) != n {
			t.Fatalf("%s: %v, %d results, want %d", run, err, len(got), n)
		}
		for i, k := range got {
			if i != k {
				t.Fatalf("%s emitted %d in place %d", run, k, i)
			}
		}
	}
	return emit, check
}

func TestErrors(t *testing.T) {
	type runner func(ctx context.Context, n, workers int, work func(context.Context, int) (int, error), emit func(int, int) error) error
	budgeted := func(ctx context.Context, n, workers int, work func(context.Context, int) (int, error), emit func(int, int) error) error {
		return RunBudget(ctx, n, workers, 4, 5, func(int) int64 { return 1 }, work, emit)
	}
	for name, run := range map[string]runner{"Run": Run[int], "RunBudget": budgeted} {
		boom := errors.New("boom")
		n := 0
		err := run(context.Background(), 50, 3, func(_ context.Context, k int) (int, error) {
			if k == 10 {
				return 0, boom
			}
			return k, nil
		}, func(k, v int) error { n++; return nil })
		if !errors.Is(err, boom) || n > 10 {
			t.Errorf("%s with a failing piece = %v after %d results, want boom after at most 10", name, err, n)
		}
		err = run(context.Background(), 50, 3, func(_ context.Context, k int) (int, error) { return k, nil },
			func(k, v int) error {
				if k == 5 {
					return boom
				}
				return nil
			})
		if !errors.Is(err, boom) {
			t.Errorf("%s with a failing emit = %v, want boom", name, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		err = run(ctx, 50, 3, func(ctx context.Context, k int) (int, error) { return k, ctx.Err() }, func(int, int) error { return nil })
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context = %v", name, err)
		}
	}
}

// TestManyWorkers asks for far more workers than pieces: the run costs
// what one goroutine per piece costs, not a queue sized by the workers.
func TestManyWorkers(t *testing.T) {
	var got []int
	err := RunWindowed(context.Background(), 3, 1<<40, 1<<40, func(_ context.Context, k int) (int, error) {
		return k, nil
	}, func(k, v int) error {
		got = append(got, v)
		return nil
	})
	if err != nil || len(got) != 3 || got[0] != 0 || got[2] != 2 {
		t.Errorf("RunWindowed of 3 pieces on 2^40 workers: %v, %v; want 0 1 2", err, got)
	}
}

// TestLargestFirst starts the largest pieces first, each worker taking
// one of the largest, and still emits every result in index order.
func TestLargestFirst(t *testing.T) {
	for _, workers := range []int{1, 2, 5} {
		var mu sync.Mutex
		var started []int
		// No piece ends before every worker has started one, so the first
		// pieces recorded are the first handed out, one a worker, however
		// the goroutines are scheduled.
		all := make(chan struct{})
		size := func(k int) float64 { return float64(k % 7) } // largest: 6, 13, then 5, 12, 19, ...
		emit, check := squares(t, fmt.Sprintf("RunLargestFirst on %d workers", workers))
		check(RunLargestFirst(context.Background(), 20, workers, size, func(_ context.Context, k int) (int, error) {
			mu.Lock()
			started = append(started, k)
			if len(started) == workers {
				close(all)
			}
			mu.Unlock()
			select {
			case <-all:
			case <-time.After(2 * time.Minute): // a guard against a hang
				return 0, fmt.Errorf("piece %d: %d workers never all started a piece", k, workers)
			}
			time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
			return k * k, nil
		}, emit), 20)
		// The first pieces to start, one a worker, are the largest.
		want := []int{6, 13, 5, 12, 19}[:workers]
		if workers == 1 {
			want = []int{0} // one worker: in index order, nothing to wait for
		}
		first := slices.Sorted(slices.Values(started[:workers]))
		if slices.Sort(want); !slices.Equal(first, want) {
			t.Errorf("RunLargestFirst on %d workers started %v first, want %v", workers, started[:workers], want)
		}
	}
}

// TestRunAhead holds piece 0 until every other piece has run: the other
// workers must go on up to ahead pieces behind it, and the results still
// come out in order.
func TestRunAhead(t *testing.T) {
	const n = 40
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a guard against a hang
	defer cancel()
	var mu sync.Mutex
	others := 0
	rest := make(chan struct{})
	emit, check := squares(t, "RunAhead")
	check(RunAhead(ctx, n, 2, n, func(ctx context.Context, k int) (int, error) {
		if k == 0 {
			select {
			case <-rest:
			case <-ctx.Done():
				return 0, fmt.Errorf("piece 0 still waiting for the others: %w", ctx.Err())
			}
			return 0, nil
		}
		mu.Lock()
		if others++; others == n-1 {
			close(rest)
		}
		mu.Unlock()
		return k * k, nil
	}, emit), n)
}

// TestStream sends pieces one by one and checks, on one worker and on
// several, that each result is emitted before the next piece is sent:
// nothing waits for the end of the pieces; and that the results come in
// the order sent.
func TestStream(t *testing.T) {
	for _, workers := range []int{1, 2, 5} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		pieces := make(chan int)
		emitted := make(chan int)
		done := make(chan error, 1)
		go func() {
			done <- Stream(ctx, pieces, workers, func(_ context.Context, p int) (int, error) {
				time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
				return p * p, nil
			}, func(k, v int) error {
				emitted <- k
				if v != k*k {
					t.Errorf("Stream on %d workers: emit(%d, %d), want %d", workers, k, v, k*k)
				}
				return nil
			})
		}()
		for k := range 20 {
			pieces <- k
			select {
			case got := <-emitted:
				if got != k {
					t.Fatalf("Stream on %d workers emitted %d after piece %d was sent", workers, got, k)
				}
			case <-ctx.Done():
				t.Fatalf("Stream on %d workers: no result for piece %d while the pieces are still open", workers, k)
			}
		}
		close(pieces)
		if err := <-done; err != nil {
			t.Errorf("Stream on %d workers = %v", workers, err)
		}
		cancel()
	}
}

// TestStreamBounded holds piece 0 and sends as many pieces as Stream
// takes: it must stop taking them at 2*workers+3 started or waiting. The
// run is in a synctest bubble, so that the test sees the moment every
// goroutine of Stream and the sender is blocked for good, whatever the
// scheduling, rather than guessing it from a send that waits long.
func TestStreamBounded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const workers = 3
		pieces := make(chan int)
		hold := make(chan struct{})
		done := make(chan error, 1)
		go func() {
			done <- Stream(context.Background(), pieces, workers, func(ctx context.Context, p int) (int, error) {
				if p == 0 {
					<-hold
				}
				return p, nil
			}, func(k, v int) error { return nil })
		}()
		sent := 0
		go func() {
			for ; sent < 100; sent++ {
				pieces <- sent
			}
			close(pieces)
		}()
		synctest.Wait()
		// The queue's 2*workers+1, the piece held, which the emitter waits
		// for outside the queue, and the one the feeder holds while it waits
		// for room.
		if want := 2*workers + 3; sent != want {
			t.Errorf("Stream on %d workers took %d pieces while the first was held, want %d", workers, sent, want)
		}
		close(hold)
		if err := <-done; err != nil {
			t.Errorf("Stream = %v", err)
		}
		if sent != 100 {
			t.Errorf("Stream took %d of 100 pieces once the first was let go", sent)
		}
	})
}

// TestStreamStops checks that Stream returns, without waiting for a
// piece that does not come, on an error from emit or work, and on ctx
// done, returning the error.
func TestStreamStops(t *testing.T) {
	boom := errors.New("boom")
	for _, workers := range []int{1, 3} {
		pieces := make(chan int, 3)
		pieces <- 0
		pieces <- 1
		pieces <- 2 // and the channel stays open
		n := 0
		err := Stream(context.Background(), pieces, workers, func(_ context.Context, p int) (int, error) { return p, nil },
			func(k, v int) error {
				n++
				if k == 1 {
					return boom
				}
				return nil
			})
		if !errors.Is(err, boom) || n != 2 {
			t.Errorf("Stream on %d workers with a failing emit = %v after %d results, want boom after 2", workers, err, n)
		}
		pieces = make(chan int, 1)
		pieces <- 0
		err = Stream(context.Background(), pieces, workers, func(_ context.Context, p int) (int, error) { return p, boom },
			func(k, v int) error { return nil })
		if !errors.Is(err, boom) {
			t.Errorf("Stream on %d workers with a failing piece = %v, want boom", workers, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		pieces = make(chan int, 1)
		pieces <- 0
		err = Stream(ctx, pieces, workers, func(_ context.Context, p int) (int, error) { return p, nil },
			func(k, v int) error { cancel(); return nil })
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Stream on %d workers cancelled while waiting for a piece = %v, want context.Canceled", workers, err)
		}
	}
}

func TestRunBudgetOrder(t *testing.T) {
	for _, c := range []struct {
		workers, window int
		budget          int64
	}{{1, 1, 0}, {2, 1, 0}, {2, 8, 3}, {3, 7, 50}, {7, 16, 1000}} {
		emit, check := squares(t, fmt.Sprintf("RunBudget on %d workers, window %d, budget %d", c.workers, c.window, c.budget))
		check(RunBudget(context.Background(), 100, c.workers, c.window, c.budget, func(v int) int64 { return int64(v % 7) }, func(_ context.Context, k int) (int, error) {
			time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
			return k * k, nil
		}, emit), 100)
	}
}

// TestRunBudgetBound holds the first piece back until the others can go
// no further, or until all of them are done: what waits for its turn
// must stay within the budget plus a piece a worker, where a run bounded
// by count alone would pile up every other piece behind the first.
func TestRunBudgetBound(t *testing.T) {
	const n, workers, window, budget, w = 200, 3, 8, 20, 4
	release := make(chan struct{})
	var once sync.Once
	open := func() { once.Do(func() { close(release) }) }
	onHold = open
	defer func() { onHold = nil }()
	var mu sync.Mutex
	var waiting, most, finished int
	err := RunBudget(context.Background(), n, workers, window, budget, func(int) int64 { return w }, func(_ context.Context, k int) (int, error) {
		if k == 0 {
			<-release
		}
		mu.Lock()
		defer mu.Unlock()
		waiting += w
		most = max(most, waiting)
		if finished++; finished == n-1 {
			open()
		}
		return k, nil
	}, func(k, _ int) error {
		mu.Lock()
		defer mu.Unlock()
		waiting -= w
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if bound := budget + workers*w; most > bound {
		t.Errorf("results waiting weighed %d at most, want at most %d (budget %d, %d workers, pieces of %d)", most, bound, budget, workers, w)
	}
}
