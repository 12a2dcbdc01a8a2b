package rate

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestPersonJSON rates a snake that folds and one that does not, and
// reads their lines of rate -format json back: the headline is the
// easier end's, on the box's scale, and a snake with no solution has a
// null difficulty and level 0, never an infinity that JSON cannot hold.
func TestPersonJSON(t *testing.T) {
	b, _ := symmetry.Cube(3)
	for _, c := range []struct {
		key  string
		sols uint64
	}{{"001110110111010111101010100", 1}, {"001011101101011010101011100", 0}} {
		q, _ := solver.ParseSeq(c.key)
		r, err := Person(context.Background(), b, q, PersonOptions{Workers: 1, Count: true})
		if err != nil {
			t.Fatal(err)
		}
		line, err := json.Marshal(r.JSON())
		if err != nil {
			t.Fatalf("%s: %v", c.key, err)
		}
		var j struct {
			Snake      string
			Level      int
			Difficulty *float64
			Easier     int
			Solutions  uint64
			Ends       []struct {
				From     int
				Expected *float64
			}
		}
		if err := json.Unmarshal(line, &j); err != nil {
			t.Fatal(err)
		}
		if j.Snake != c.key || j.Solutions != c.sols || len(j.Ends) != 2 || j.Ends[0].From != 1 || j.Ends[1].From != 27 {
			t.Errorf("%s: %s", c.key, line)
		}
		if c.sols == 0 {
			if j.Level != 0 || j.Difficulty != nil || j.Easier != 0 || j.Ends[0].Expected != nil {
				t.Errorf("%s, no solution: %s", c.key, line)
			}
			continue
		}
		e0, e1 := *j.Ends[0].Expected, *j.Ends[1].Expected
		easy := 1
		if e1 < e0 {
			easy = 27
		}
		if j.Difficulty == nil || *j.Difficulty != min(e0, e1) || j.Easier != easy {
			t.Errorf("%s: difficulty %v from cubelet %d, want the easier end's of %v and %v", c.key, j.Difficulty, j.Easier, e0, e1)
		}
		want := 1
		for _, th := range r.Scale.Thresholds {
			if *j.Difficulty > th {
				want++
			}
		}
		if j.Level != want || j.Level < 1 || j.Level > Levels {
			t.Errorf("%s: level %d, want %d on the 3x3x3 scale", c.key, j.Level, want)
		}
		var text bytes.Buffer
		if err := r.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text.String(), r.LevelText()) || strings.Count(text.String(), "placements expected") != 3 {
			t.Errorf("%s: text\n%s", c.key, text.String())
		}
	}
}

// TestWhole writes numbers too big for an int without wrapping round.
func TestWhole(t *testing.T) {
	for x, want := range map[float64]string{0: "0", 1234567: "1,234,567", 999999999999999: "999,999,999,999,999", 1e15: "1e+15", 2.5e19: "2.5e+19"} {
		if got := Whole(x); got != want {
			t.Errorf("Whole(%g) = %q, want %q", x, got, want)
		}
	}
}
