package stats

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"

	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/solver/sequencer"
	"github.com/snakecube/snakecube/symmetry"
)

// EndsN is the number of snakes in [Difficulty.Easiest] and
// [Difficulty.Hardest].
const EndsN = 10

// Difficulty holds the figures of how hard a catalogue's snakes are for
// a person to fold (package rate, Feel), on the scale of their box, when
// [Options.Rate] asks for them.
type Difficulty struct {
	// Scale is the box's 1 to 10 scale the levels are on.
	Scale rate.BoxScale
	// Rated is how many snakes were rated: every snake with a solution.
	Rated int
	// Levels[l-1] is the number of snakes at level l of the box's scale.
	Levels [rate.Levels]int
	// Placements[k] is the number of snakes whose difficulty, in
	// expected placements rounded to a whole number, lies from 2^k to
	// 2^(k+1)-1; the slice ends at the hardest snake's range.
	Placements []int
	// Easiest and Hardest hold the EndsN easiest and hardest snakes, the
	// easiest and the hardest first, ties in key order.
	Easiest, Hardest []Rated
}

// Rated is a snake and how hard it is for a person to fold.
type Rated struct {
	Key       solver.Seq
	Solutions int
	// Difficulty is the expected placements from the easier end, StdErr
	// its standard error (0 when exact), Level its level on the box's
	// scale.
	Difficulty, StdErr float64
	Level              int
	// Ends are the expected placements from cubelet 1 and from the last.
	Ends [2]float64
	// Easier is the cubelet the easier end starts from: 1 or the last.
	Easier int
}

// NewRated returns snake q, with n solutions, of feeling f on scale s.
func NewRated(q solver.Seq, n int, f rate.Feeling, s rate.BoxScale) Rated {
	d := f.Difficulty()
	x := Rated{Key: q, Solutions: n, Difficulty: d, StdErr: f.StdErr(), Level: s.Level(d), Easier: 1}
	if f.Easier() == 1 {
		x.Easier = q.Len
	}
	for k, e := range f.Ends {
		x.Ends[k] = e.Expected
	}
	return x
}

// placements returns a difficulty as a whole number of placements.
func placements(d float64) int { return int(math.Round(d)) }

// PlacementBin returns the range of placements of Placements[k]: 2^k to
// 2^(k+1)-1.
func PlacementBin(k int) Bin { return Bin{1 << k, 1<<(k+1) - 1} }

// Rated counts snake x, rated on scale s; snakes come in key order.
func (t *Counter) Rated(x Rated, s rate.BoxScale) {
	d := t.st.Difficulty
	if d == nil {
		d = &Difficulty{Scale: s}
		t.st.Difficulty = d
	}
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

// Feel rates snakes qs of box b, how hard each is for a person to fold
// (rate.Feel, seed 0), each on one of up to workers goroutines (0 means
// every core), and calls emit with each in the order of qs. The figures
// do not depend on workers.
func Feel(ctx context.Context, b symmetry.Box, qs []solver.Seq, workers int, emit func(k int, f rate.Feeling) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return sequencer.RunAhead(ctx, len(qs), workers, 64*workers, func(ctx context.Context, k int) (rate.Feeling, error) {
		return rate.Feel(ctx, b, qs[k], rate.FeelOptions{Workers: 1})
	}, emit)
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
	// progress and scaled are Options.Progress and Options.ScaleProgress.
	progress, scaled func(done, total int)
	done             int
	scale            *rate.BoxScale
	keys             []solver.Seq
	sols             []int
}

// add queues snake q with n solutions, and rates the batch once full.
func (r *rater) add(ctx context.Context, q solver.Seq, n int) error {
	r.keys, r.sols = append(r.keys, q), append(r.sols, n)
	if len(r.keys) < rateBatch {
		return nil
	}
	return r.flush(ctx)
}

// flush rates the snakes queued, and first makes the box's scale.
func (r *rater) flush(ctx context.Context) error {
	b := r.t.st.Box
	if r.scale == nil && len(r.keys) > 0 {
		s, err := rate.ScaleOf(ctx, b, r.workers, r.scaled)
		if err != nil {
			return fmt.Errorf("the %v box's scale of difficulty: %w", b, err)
		}
		r.scale = &s
	}
	err := Feel(ctx, b, r.keys, r.workers, func(k int, f rate.Feeling) error {
		if f.Foldable() {
			r.t.Rated(NewRated(r.keys[k], r.sols[k], f, *r.scale), *r.scale)
		}
		r.done++
		if r.progress != nil {
			r.progress(r.done, -1)
		}
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
	p("from its easier end, drawing each placement among those that cut no cell\n")
	p("off and starting over when a fold goes wrong; and its level, 1 to 10, among\n")
	p("%s (see snakecube rate -h).\n", ScaleWords(d.Scale))
	for _, l := range []struct {
		name string
		list []Rated
	}{{"easiest", d.Easiest}, {"hardest", d.Hardest}} {
		if len(l.list) == 1 {
			p("\nThe %s snake:\n\n", l.name)
		} else {
			p("\nThe %d %s snakes:\n\n", len(l.list), l.name)
		}
		t := &table{align: "rlrrrrr", header: []string{"rank", "snake", "level", "placements", "from", "other end", "solutions"}}
		for i, x := range l.list {
			other := x.Ends[0]
			if x.Easier == 1 {
				other = x.Ends[1]
			}
			t.add(fmt.Sprint(i+1), x.Key.String(), fmt.Sprint(x.Level), placementsText(x), fmt.Sprint(x.Easier), words.Thousands(placements(other)), words.Thousands(x.Solutions))
		}
		t.write(bw)
	}
	p("\n\"from\" is the cubelet the easier end starts from; \"other end\" the\n")
	p("placements expected from the other.\n")
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

// placementsText writes x's difficulty in placements, and its standard
// error where it was simulated.
func placementsText(x Rated) string {
	t := words.Thousands(placements(x.Difficulty))
	if x.StdErr > 0 {
		t += " ± " + words.Thousands(placements(x.StdErr))
	}
	return t
}

// ScaleWords says what box scale s is made of, for a person: "the
// 11,487 snakes of the 3x3x3 box" or "100 snakes of the 4x4x4 box drawn
// at random".
func ScaleWords(s rate.BoxScale) string {
	if s.Sampled {
		return fmt.Sprintf("%s snakes of the %v box drawn at random", words.Thousands(s.Snakes), s.Box)
	}
	return fmt.Sprintf("the %s snakes of the %v box", words.Thousands(s.Snakes), s.Box)
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
