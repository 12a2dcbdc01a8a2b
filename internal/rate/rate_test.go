package rate

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// allSeqs yields every sequence of box b's length with straight ends.
func allSeqs(b symmetry.Box) iter.Seq[solver.Seq] {
	return func(yield func(solver.Seq) bool) {
		l := b.Len()
		for m := uint64(0); m < 1<<(l-2); m++ {
			if !yield(solver.Seq{Bits: m << 1, Len: l}) {
				return
			}
		}
	}
}

// close reports whether float x is rational r to 1e-12, relatively.
func close(x float64, r *big.Rat) bool {
	f, _ := r.Float64()
	return math.Abs(x-f) <= 1e-12*math.Abs(f)
}

// sameEnd compares a fast End with the plain evaluation.
func sameEnd(t *testing.T, what string, got End, want refNode) {
	t.Helper()
	if int64(got.Nodes) != want.size || int64(got.Forced) != want.forced || int64(got.Foldings) != want.foldings {
		t.Errorf("%s: nodes %d, forced %d, foldings %d; the plain search %d, %d, %d", what, got.Nodes, got.Forced, got.Foldings, want.size, want.forced, want.foldings)
	}
	if want.e == nil {
		if got.Expected != 0 || got.ExpectedForced != 0 {
			t.Errorf("%s: expected %g and %g forced, with no folding", what, got.Expected, got.ExpectedForced)
		}
		return
	}
	if !close(got.Expected, want.e) || !close(got.ExpectedForced, want.f) {
		t.Errorf("%s: expected %v placements, %v forced; the plain search %v, %v", what, got.Expected, got.ExpectedForced, want.e.FloatString(9), want.f.FloatString(9))
	}
}

// TestPlain compares Rate with the plain evaluation on every snake of
// small boxes, flat ones and a line among them, and on a box of 64 cells,
// the largest, whose last cell is the uint64's top bit.
func TestPlain(t *testing.T) {
	for _, size := range []string{"2", "2x2x3", "1x2x4", "2x1x3", "3x1x2", "1x1x5", "1x3x3"} {
		b := symmetry.MustParseBox(size)
		for q := range allSeqs(b) {
			r := rateOne(t, b, q)
			for k, rd := range []solver.Seq{q, q.Reverse()} {
				sameEnd(t, b.String()+" "+rd.String(), r.Ends[k], refEnd(b, rd, false))
			}
		}
	}
}

// rateOne rates q on one goroutine, and also split into pieces as a big
// box's rating is, and fails unless both agree to the bit.
func rateOne(t testing.TB, b symmetry.Box, q solver.Seq) Rating {
	t.Helper()
	r, err := Rate(context.Background(), b, q, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	calls, pieces := 0, -1
	progress := func(done, total int) {
		calls++
		if done != calls || pieces >= 0 && total != pieces {
			t.Errorf("%v %v: progress %d of %d at call %d, after %d pieces", b, q, done, total, calls, pieces)
		}
		pieces = total
	}
	sp, err := rateSplit(context.Background(), spaceOf(b), [2]solver.Seq{q, q.Reverse()}, 2, nil, progress)
	if err != nil {
		t.Fatal(err)
	}
	if sp != r {
		t.Fatalf("%v %v: rated in pieces %+v, whole %+v", b, q, sp, r)
	}
	if calls > 0 && calls != pieces {
		t.Errorf("%v %v: progress called %d times for %d pieces", b, q, calls, pieces)
	}
	return r
}

// TestLargest compares Rate with the plain evaluation on boxes of 64
// cells, where the last cell is the top bit of the sets of cells: random
// snakes whose trees the plain evaluation walks in seconds.
func TestLargest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []string{"1x2x32", "2x1x32", "1x1x64", "2x4x8"} {
		b := symmetry.MustParseBox(size)
		tried, want := 0, 20
		if testing.Short() {
			want = 5
		}
		for tries := 0; tried < want && tries < 1000; tries++ {
			// Mostly straights, so that the trees stay small.
			var bits uint64
			for i := 1; i < b.Len()-1; i++ {
				if rng.IntN(4) == 0 {
					bits |= 1 << i
				}
			}
			q := solver.Seq{Bits: bits, Len: b.Len()}
			r, err := Rate(context.Background(), b, q, Options{Workers: 1, MaxNodes: 4000})
			if errors.Is(err, ErrBudget) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			rateOne(t, b, q)
			tried++
			for k, rd := range []solver.Seq{q, q.Reverse()} {
				sameEnd(t, b.String()+" "+rd.String(), r.Ends[k], refEnd(b, rd, false))
			}
		}
		if tried < want {
			t.Errorf("%v: only %d snakes within the budget", b, tried)
		}
	}
	// The all-straight snake of the line, which folds.
	b := symmetry.MustParseBox("1x1x64")
	q := solver.Seq{Len: 64}
	r := rateOne(t, b, q)
	sameEnd(t, "1x1x64 straight", r.Ends[0], refEnd(b, q, false))
	if !r.Foldable() {
		t.Errorf("the straight snake of 1x1x64 does not fold")
	}
}

// TestFoldings checks the complete foldings of the trees against the
// solver's solutions on every snake of 2x3x3 and a sample of 3x3x3: a
// solution of a snake that is no palindrome is |G| directed foldings
// from each end; a palindrome's is |G| or 2|G|.
func TestFoldings(t *testing.T) {
	for _, size := range []string{"2x2x3", "2x3x3", "3"} {
		b := symmetry.MustParseBox(size)
		c, err := solver.Enumerate(context.Background(), b, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := uint64(b.Orbit())
		for k, s := range c.Snakes {
			if size == "3" && k%50 != 0 {
				continue
			}
			r := rateOne(t, b, s.Seq)
			n := uint64(len(s.Solutions))
			for e, end := range r.Ends {
				ok := end.Foldings == g*n
				if s.Seq.Palindrome() {
					ok = end.Foldings >= g*n && end.Foldings <= 2*g*n
				}
				if !ok {
					t.Errorf("%v %v end %d: %d foldings, for %d solutions", b, s.Seq, e, end.Foldings, n)
				}
			}
		}
	}
}

// TestStop checks that a rating stops on its budget and on its context,
// whole and in pieces, with the error that says which.
func TestStop(t *testing.T) {
	b := symmetry.MustParseBox("3")
	q, _ := solver.ParseSeq("011111101010101111111111110")
	for _, workers := range []int{1, 2} {
		_, err := Rate(context.Background(), b, q, Options{Workers: workers, MaxNodes: 10000})
		if !errors.Is(err, ErrBudget) {
			t.Errorf("Rate with a budget of 10,000 nodes on %d goroutines: %v, want ErrBudget", workers, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := Rate(ctx, b, q, Options{Workers: workers}); !errors.Is(err, context.Canceled) {
			t.Errorf("Rate cancelled on %d goroutines: %v, want context.Canceled", workers, err)
		}
	}
	b4 := symmetry.MustParseBox("4")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Rate(ctx, b4, solver.Seq{Bits: 0x7ffffffffffffffe, Len: 64}, Options{Workers: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("Rate of a 4x4x4 snake, cancelled: %v, want context.Canceled", err)
	}
	if _, err := Rate(context.Background(), b, solver.Seq{Bits: 1, Len: 27}, Options{}); err == nil {
		t.Errorf("Rate of a snake whose end turns: no error")
	}
}

// TestAllWorkers checks that All rates snakes side by side, on every core
// for workers 0 and on as many as asked otherwise: its first two ratings
// must be under way together. Its ratings are Rate's, in order.
func TestAllWorkers(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: workers 0 means one goroutine")
	}
	b := symmetry.MustParseBox("2x2x3")
	var keys []solver.Seq
	for q := range allSeqs(b) {
		keys = append(keys, q)
	}
	defer func() { rateEach = Rate }()
	for _, workers := range []int{0, 2} {
		var started atomic.Int32
		both, release := context.WithCancel(context.Background())
		defer release()
		rateEach = func(ctx context.Context, b symmetry.Box, q solver.Seq, o Options) (Rating, error) {
			if started.Add(1) == 2 {
				release()
			}
			select {
			case <-both.Done():
			case <-time.After(2 * time.Minute): // a guard against a hang
				return Rating{}, errors.New("rated alone for two minutes: the next snake never started beside it")
			}
			return Rate(ctx, b, q, o)
		}
		k := 0
		err := All(context.Background(), b, keys, workers, func(i int, r Rating) error {
			want, err := Rate(context.Background(), b, keys[i], Options{Workers: 1})
			if err != nil {
				return err
			}
			if i != k || r != want {
				return fmt.Errorf("rating %d is %+v, want rating %d, %+v", i, r, k, want)
			}
			k++
			return nil
		})
		if err != nil || k != len(keys) {
			t.Errorf("All on %d workers: %d of %d ratings, %v", workers, k, len(keys), err)
		}
	}
}

// BenchmarkRate rates the classic 3x3x3 snake on one goroutine.
func BenchmarkRate(b *testing.B) {
	bx := symmetry.MustParseBox("3")
	q, _ := solver.ParseSeq("001110110111010111101010100")
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		r, err := Rate(context.Background(), bx, q, Options{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		nodes = r.Nodes()
	}
	b.ReportMetric(float64(nodes), "treenodes/op")
}

// BenchmarkCatalogue rates every snake of the 3x3x3 catalogue on every
// core: the figure of the README.
func BenchmarkCatalogue(b *testing.B) {
	bx := symmetry.MustParseBox("3")
	c, err := solver.Enumerate(context.Background(), bx, solver.Options{})
	if err != nil {
		b.Fatal(err)
	}
	keys := make([]solver.Seq, len(c.Snakes))
	for k, s := range c.Snakes {
		keys[k] = s.Seq
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := All(context.Background(), bx, keys, 0, func(int, Rating) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(keys)), "snakes/op")
}
