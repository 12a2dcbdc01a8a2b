package sequencer

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
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
	boom := errors.New("boom")
	n := 0
	err := Run(context.Background(), 50, 3, func(_ context.Context, k int) (int, error) {
		if k == 10 {
			return 0, boom
		}
		return k, nil
	}, func(k, v int) error { n++; return nil })
	if !errors.Is(err, boom) || n > 10 {
		t.Errorf("Run with a failing piece = %v after %d results, want boom after at most 10", err, n)
	}
	err = Run(context.Background(), 50, 3, func(_ context.Context, k int) (int, error) { return k, nil },
		func(k, v int) error {
			if k == 5 {
				return boom
			}
			return nil
		})
	if !errors.Is(err, boom) {
		t.Errorf("Run with a failing emit = %v, want boom", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = Run(ctx, 50, 3, func(ctx context.Context, k int) (int, error) { return k, ctx.Err() }, func(int, int) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run with a cancelled context = %v", err)
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
		size := func(k int) float64 { return float64(k % 7) } // largest: 6, 13, then 5, 12, 19, ...
		emit, check := squares(t, fmt.Sprintf("RunLargestFirst on %d workers", workers))
		check(RunLargestFirst(context.Background(), 20, workers, size, func(_ context.Context, k int) (int, error) {
			mu.Lock()
			started = append(started, k)
			mu.Unlock()
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
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
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
