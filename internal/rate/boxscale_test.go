package rate

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/internal/walk"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestBoxScaleTable checks boxscale_table.go against this engine: each
// box's number of snakes (its catalogue's, or the draws'), the snakes on
// either side of each threshold at the levels on either side, so that
// the levels spread from 1 to 10, and rated again to the same difficulty
// (of a sample, whose snakes take seconds each, those of the middle
// threshold only, and not with -short), and a sample's snakes among its
// draws.
// The whole table is remade by go generate ./internal/rate (make
// scales): some minutes of two cores.
func TestBoxScaleTable(t *testing.T) {
	if len(boxScaleTable) == 0 {
		t.Fatal("boxscale_table.go holds no scale")
	}
	for _, s := range boxScaleTable {
		drawn := map[string]bool{}
		if s.Sampled {
			if s.Snakes != SampleDraws {
				t.Errorf("%v: %d snakes, want the %d draws", s.Box, s.Snakes, SampleDraws)
			}
			for k := range SampleDraws {
				q, _ := walk.Draw(s.Box, SampleSeed, k)
				drawn[q.String()] = true
			}
		} else {
			c, err := solver.Enumerate(context.Background(), s.Box, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if s.Snakes != len(c.Snakes) {
				t.Errorf("%v: %d snakes, the catalogue has %d", s.Box, s.Snakes, len(c.Snakes))
			}
		}
		if !slices.IsSorted(s.Thresholds[:]) {
			t.Errorf("%v: thresholds %v not ascending", s.Box, s.Thresholds)
		}
		for k, near := range s.Near {
			for side, p := range near {
				if l := s.Level(p.Difficulty); l != k+1+side {
					t.Errorf("%v: snake %s (%v) at level %d, want %d", s.Box, p.Key, p.Difficulty, l, k+1+side)
				}
				if s.Sampled && !drawn[p.Key] {
					t.Errorf("%v: snake %s is none of the draws", s.Box, p.Key)
				}
				if s.Sampled && (testing.Short() || k != Levels/2-1) {
					continue
				}
				q, err := solver.ParseSeq(p.Key)
				if err != nil {
					t.Fatal(err)
				}
				f, err := Feel(context.Background(), s.Box, q, FeelOptions{Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				if d := f.Difficulty(); d != p.Difficulty {
					t.Errorf("%v: snake %s rated %v, the table says %v: go generate ./internal/rate", s.Box, p.Key, d, p.Difficulty)
				}
			}
		}
	}
}

// TestCut checks the deciles on figures whose cut is known: 1 to 100,
// alike and weighed, and weighed so that the first ten weigh half.
func TestCut(t *testing.T) {
	var keys []solver.Seq
	var d, w []float64
	for k := range 100 {
		keys = append(keys, solver.Seq{Len: 7, Bits: uint64(k)})
		d = append(d, float64(100-k))
		w = append(w, 1)
	}
	s := cut(keys, d, w)
	for k, th := range s.Thresholds {
		if lo := float64(10 * (k + 1)); !(lo < th && th < lo+1) {
			t.Errorf("threshold %d: %v, want between %v and %v", k+1, th, lo, lo+1)
		}
	}
	if s.Easiest.Difficulty != 1 || s.Hardest.Difficulty != 100 {
		t.Errorf("easiest %v, hardest %v", s.Easiest, s.Hardest)
	}
	// The ten easiest weigh 9 each: as much as the other 90 together.
	for k := 90; k < 100; k++ {
		w[k] = 9
	}
	s = cut(keys, d, w)
	for k, th := range s.Thresholds[:4] {
		if lo := float64(2 * (k + 1)); !(lo < th && th < lo+1) {
			t.Errorf("weighed: threshold %d: %v, want between %v and %v", k+1, th, lo, lo+1)
		}
	}
	if th := s.Thresholds[4]; !(10 < th && th < 11) {
		t.Errorf("weighed: threshold 5: %v, want between 10 and 11", th)
	}
}

// TestScaleOf checks a box's scale made at run time: the 2x2x3 box's, of
// its whole catalogue, whose every snake is at the level of its
// difficulty's place among them.
func TestScaleOf(t *testing.T) {
	b, _ := symmetry.ParseBox("2x3x3")
	s, err := ScaleOf(context.Background(), b, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var d []float64
	for _, sn := range c.Snakes {
		f, err := Feel(context.Background(), b, sn.Seq, FeelOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		d = append(d, f.Difficulty())
	}
	count := make([]int, Levels+1)
	for _, x := range d {
		count[s.Level(x)]++
	}
	for l := 1; l <= Levels; l++ {
		if want := float64(len(d)) / Levels; math.Abs(float64(count[l])-want) > 0.2*want {
			t.Errorf("level %d holds %d of the %d snakes, want about %v: %v", l, count[l], len(d), want, count)
		}
	}
}
