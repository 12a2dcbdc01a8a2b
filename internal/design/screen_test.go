package design

import (
	"context"
	"math"
	"testing"

	"github.com/snakecube/snakecube/internal/walk"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestScreen lets the screen search without a budget and checks that the
// solutions it tells apart are the solver's: all of them, none twice. A
// pruning that cut a folding would find fewer, a wrong canonical form
// more. Every snake of 2x2x2, 2x2x3, 2x3x3 and 1x3x4, every 30th of
// 3x3x3; each time tooMany says no for the snake's own number of
// solutions and yes for one less.
func TestScreen(t *testing.T) {
	for _, size := range []string{"2", "2x2x3", "2x3x3", "1x3x4", "3"} {
		b := symmetry.MustParseBox(size)
		c, err := solver.Enumerate(context.Background(), b, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for k, sn := range c.Snakes {
			if size == "3" && k%30 != 0 {
				continue
			}
			n := len(sn.Solutions)
			s := &screening{screen: screenOf(b), q: sn.Seq, k: math.MaxInt, budget: math.MaxUint64, sols: map[string]bool{}}
			s.run(sn.Solutions[n/2])
			if len(s.sols) != n {
				t.Errorf("%v %v: the screen tells %d solutions apart, the solver %d", b, sn.Seq, len(s.sols), n)
			}
			if tooMany(b, sn.Seq, sn.Solutions[0], n, math.MaxUint64) || !tooMany(b, sn.Seq, sn.Solutions[0], n-1, math.MaxUint64) {
				t.Errorf("%v %v: tooMany wrong about its %d solutions", b, sn.Seq, n)
			}
		}
	}
}

// TestScreenBig checks on snakes of 64-cell boxes drawn as design draws
// them that the screen never says a snake has more solutions than the
// solver counts, and that it sees more than one in most of those that
// have more.
func TestScreenBig(t *testing.T) {
	if testing.Short() {
		t.Skip("counts the solutions of 4x4x4 snakes")
	}
	for _, size := range []string{"4", "2x4x8", "1x4x16"} {
		b := symmetry.MustParseBox(size)
		many, seen := 0, 0
		for k := range 12 {
			q, dirs := walk.Draw(b, 11, k)
			if solver.SeqOf(dirs) != q {
				t.Fatalf("%v draw %d: the folding reads %v, not the key %v", b, k, solver.SeqOf(dirs), q)
			}
			n, err := solver.CountSolutions(context.Background(), b, q, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if tooMany(b, q, dirs, int(n.Solutions), screenNodes) {
				t.Errorf("%v %v: the screen says more than its %d solutions", b, q, n.Solutions)
			}
			if n.Solutions > 1 {
				many++
				if tooMany(b, q, dirs, 1, screenNodes) {
					seen++
				}
			}
		}
		t.Logf("%v: the screen sees more than one solution in %d of the %d draws that have more", b, seen, many)
	}
}

var _ = symmetry.Box{}
