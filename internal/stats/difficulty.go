package stats

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
)

// EndsN is the number of snakes in [Difficulty.Easiest] and
// [Difficulty.Hardest].
const EndsN = 10

// Difficulty holds the figures of how hard a catalogue's snakes are to
// fold by hand (package rate), when [Options.Rate] asks for them.
type Difficulty struct {
	// Rated is how many snakes were rated: every snake with a solution.
	Rated int
	// Levels[l-1] is the number of snakes at level l of the 1 to 10
	// scale.
	Levels [rate.Levels]int
	// Placements[k] is the number of snakes whose difficulty, in
	// expected placements rounded to a whole number, lies from 2^k to
	// 2^(k+1)-1; the slice ends at the hardest snake's range.
	Placements []int
	// Easiest and Hardest hold the EndsN easiest and hardest snakes, the
	// easiest and the hardest first, ties in key order.
	Easiest, Hardest []Rated
}

// Rated is a snake and its rating.
type Rated struct {
	Key        solver.Seq
	Solutions  int
	Difficulty float64
	Level      int
}

// placements returns a difficulty as a whole number of placements.
func placements(d float64) int { return int(math.Round(d)) }

// PlacementBin returns the range of placements of Placements[k]: 2^k to
// 2^(k+1)-1.
func PlacementBin(k int) Bin { return Bin{1 << k, 1<<(k+1) - 1} }

// Rated counts snake q with n solutions and its rating r; a snake with no
// solution is not rated and counts nowhere. Snakes come in key order.
func (t *Counter) Rated(q solver.Seq, n int, r rate.Rating) {
	if !r.Foldable() {
		return
	}
	d := t.st.Difficulty
	if d == nil {
		d = &Difficulty{}
		t.st.Difficulty = d
	}
	x := Rated{Key: q, Solutions: n, Difficulty: r.Difficulty(), Level: r.Level()}
	d.Rated++
	d.Levels[x.Level-1]++
	k := 0
	for p := placements(x.Difficulty); p > 1; p >>= 1 {
		k++
	}
	d.Placements = bump(d.Placements, k)
	d.Easiest = keep(d.Easiest, x, func(a, b float64) bool { return a < b })
	d.Hardest = keep(d.Hardest, x, func(a, b float64) bool { return a > b })
}

// keep inserts x into list, which holds the EndsN first snakes by before,
// ties in key order: x comes after every snake already there that it
// does not go before, as keys arrive ascending.
func keep(list []Rated, x Rated, before func(a, b float64) bool) []Rated {
	at := len(list)
	for at > 0 && before(x.Difficulty, list[at-1].Difficulty) {
		at--
	}
	if at >= EndsN {
		return list
	}
	list = slices.Insert(list, at, x)
	return list[:min(len(list), EndsN)]
}

// rateBatch is how many snakes Compute rates at a time: enough to keep
// every core busy, few enough to hold.
const rateBatch = 4096

// rater rates the snakes a Counter counts, a batch at a time on several
// goroutines, in order.
type rater struct {
	t       *Counter
	workers int
	keys    []solver.Seq
	sols    []int
}

// add queues snake q with n solutions, and rates the batch once full.
func (r *rater) add(ctx context.Context, q solver.Seq, n int) error {
	r.keys, r.sols = append(r.keys, q), append(r.sols, n)
	if len(r.keys) < rateBatch {
		return nil
	}
	return r.flush(ctx)
}

// flush rates the snakes queued.
func (r *rater) flush(ctx context.Context) error {
	err := rate.All(ctx, r.t.st.Box, r.keys, r.workers, func(k int, rt rate.Rating) error {
		r.t.Rated(r.keys[k], r.sols[k], rt)
		return nil
	})
	r.keys, r.sols = r.keys[:0], r.sols[:0]
	if err != nil {
		return fmt.Errorf("rating: %w", err)
	}
	return nil
}

// writeDifficulty writes the figures of difficulty for a person.
func (s *Stats) writeDifficulty(bw *bufio.Writer) {
	d := s.Difficulty
	p := func(format string, args ...any) { fmt.Fprintf(bw, format, args...) }
	p("\nDifficulty: the cubelets a person places, in expectation, to fold a snake\n")
	p("from either end by the natural strategy, and its level, 1 to 10, among the\n")
	p("3x3x3 snakes (see snakecube rate -h).\n")
	for _, l := range []struct {
		name string
		list []Rated
	}{{"easiest", d.Easiest}, {"hardest", d.Hardest}} {
		if len(l.list) == 1 {
			p("\nThe %s snake:\n\n", l.name)
		} else {
			p("\nThe %d %s snakes:\n\n", len(l.list), l.name)
		}
		t := &table{align: "rlrrr", header: []string{"rank", "snake", "placements", "level", "solutions"}}
		for i, x := range l.list {
			t.add(fmt.Sprint(i+1), x.Key.String(), words.Thousands(placements(x.Difficulty)), fmt.Sprint(x.Level), words.Thousands(x.Solutions))
		}
		t.write(bw)
	}
	p("\nSnakes by level:\n\n")
	t := &table{align: "rr", header: []string{"level", "snakes"}}
	for l, n := range d.Levels {
		t.add(fmt.Sprint(l+1), dash(n))
	}
	t.write(bw)
	p("\nSnakes by placements expected:\n\n")
	t = &table{align: "rrl", header: []string{"placements", "snakes", ""}}
	top := 0
	for _, n := range d.Placements {
		top = max(top, n)
	}
	first := 0
	for first < len(d.Placements) && d.Placements[first] == 0 {
		first++
	}
	for k := first; k < len(d.Placements); k++ {
		n := d.Placements[k]
		bar := ""
		if n > 0 {
			bar = bars(n, top, 40)
		}
		t.add(PlacementBin(k).String(), dash(n), bar)
	}
	t.write(bw)
}

// bars draws n of top as a bar of at most width characters, at least one
// for any n above 0.
func bars(n, top, width int) string {
	k := max(1, (n*width+top/2)/top)
	b := make([]byte, k)
	for i := range b {
		b[i] = '#'
	}
	return string(b)
}
