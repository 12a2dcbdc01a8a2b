package design

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/solver"
)

// TestScreen counts, without limits, the foldings the screen finds from
// a snake's first cubelet, and checks them against the solver: |G| for
// each solution of a snake that is no palindrome, |G| to 2|G| for a
// palindrome's. A pruning that cut a folding would find fewer. Every
// snake of 2x2x3 and 2x3x3, every 30th of 3x3x3, and 4x4x4 and flat
// 64-cell snakes drawn from random foldings.
func TestScreen(t *testing.T) {
	for _, size := range []string{"2", "2x2x3", "2x3x3", "1x3x4", "3"} {
		b := catalogtest.Box(t, size)
		c, err := solver.Enumerate(context.Background(), b, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for k, sn := range c.Snakes {
			if size == "3" && k%30 != 0 {
				continue
			}
			checkScreen(t, b.String(), sn.Seq, uint64(len(sn.Solutions)))
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, size := range []string{"4", "2x4x8", "1x4x16"} {
		b := catalogtest.Box(t, size)
		for k := range 4 {
			q, _ := Draw(b, 11, k)
			n, err := solver.CountSolutions(context.Background(), b, q, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if n.Solutions > 200 {
				continue // counting them all would take long
			}
			checkScreen(t, size, q, n.Solutions)
		}
		_ = rng
	}
}

func checkScreen(t *testing.T, box string, q solver.Seq, n uint64) {
	t.Helper()
	b := catalogtest.Box(t, box)
	s := &screening{screen: screenOf(b), q: q, budget: math.MaxUint64, limit: math.MaxUint64}
	s.run()
	g := uint64(b.Orbit())
	ok := s.found == g*n
	if q.Palindrome() {
		ok = s.found >= g*n && s.found <= 2*g*n
	}
	if !ok {
		t.Errorf("%s %v: the screen finds %d foldings, for %d solutions", box, q, s.found, n)
	}
	if many := tooMany(b, q, int(n)); many {
		t.Errorf("%s %v: the screen says more than its %d solutions", box, q, n)
	}
	if n > 0 && n < 50 && q.Palindrome() == false && !tooMany(b, q, int(n)-1) && s.nodes < screenNodes/2 {
		t.Errorf("%s %v: the screen does not see more than %d solutions in %d", box, q, n-1, n)
	}
}
