// Package design makes snake puzzles: snakes of a box with a chosen
// number of solutions, one by default, and a chosen range of difficulty,
// drawn at random and checked by the exact solver.
//
// # How snakes are drawn
//
// Draw k of a seed starts from the box's boustrophedon and makes
// [walk.Moves] backbite moves ([walk.Draw]) drawn from a PCG generator seeded
// by the seed and k; the snake of the Hamiltonian path they reach, read
// as its key, is the draw's snake. Backbite moves tend to the uniform
// distribution on Hamiltonian paths, so a snake comes out with a
// probability proportional to the number of directed Hamiltonian paths
// of the box that fold it. A solution of a snake that is no palindrome
// is |G| directed paths from each end, G the box's symmetries (48 for a
// cube), so such a snake with n solutions comes out with probability
//
//	2|G|n / H
//
// H being the box's number of directed Hamiltonian paths (4,960,608 for
// 3x3x3). A palindrome's solution is 2|G| directed paths, or |G| when the
// folding read backwards is a symmetric image of itself. So among the
// snakes with a given number of solutions every snake is equally likely,
// but for those palindromes, which are half as likely; and a snake with
// more solutions is drawn more often, in proportion.
//
// [Run] tries draws 0, 1, 2, ... in order, on several goroutines at once:
// it counts the solutions of each draw's snake with solver.CountSolutions
// and keeps it when it has exactly the number asked for, when it is not
// one kept already and, if a range of levels is asked for, when its
// rating lies in the range (package rate). Snakes are emitted in the order
// of their draws, so the output depends only on the options, not on the
// number of goroutines. For a box of at most [CatalogueCells] cells the
// box's catalogue says at once whether a draw has the solutions; for a
// bigger one a screen first looks for more solutions than asked for near
// the draw's own folding (see screen), and only a draw it does not
// reject is counted: the screen decides nothing, it only saves counts.
// A snake is rated for a person ([rate.Person]) on its box's scale.
//
// # Requests that cannot be met
//
// For a box of at most [CatalogueCells] cells, Run first enumerates the
// box's catalogue and knows how many snakes have the solutions asked
// for; when a range of levels is asked for too, it rates them in key
// order until as many as asked for lie in the range, each rating kept
// for the draws. If the snakes are fewer than asked for, it fails at
// once with an [*Impossible]: only then are all of them rated. For bigger
// boxes it gives up with an [*Exhausted] after [Options.Draws] draws, or,
// when that is not set, after [DefaultDraws] draws, once the draws meet
// only snakes found before (see stallMin): a box with few snakes is
// drawn again and again, or once [StallRated] snakes with the solutions
// asked for were all out of the range of levels asked for.
package design

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/walk"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/solver/sequencer"
	"github.com/snakecube/snakecube/symmetry"
)

// Options are what a design asks for.
type Options struct {
	Box symmetry.Box
	// N is how many snakes to make, at least 1.
	N int
	// Seed seeds the draws: the same seed, the same snakes.
	Seed uint64
	// Solutions is the number of solutions every snake must have, at
	// least 1.
	Solutions int
	// Lo and Hi bound the snakes' levels, 1 to rate.Levels; both 0 mean
	// any level.
	Lo, Hi int
	// Rate asks for every snake's rating even without a range of levels.
	Rate bool
	// Scale, when set, is called with the progress of the box's scale
	// while it is made (see [rate.ScaleOf]), before the first draw.
	Scale func(done, total int)
	// Draws is the most draws tried; 0 means [DefaultDraws].
	Draws int
	// Workers is how many draws are checked at once; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Progress, when set, is called after each draw checked, in order,
	// with the draws checked and the most that will be: a run can stop
	// well before them.
	Progress func(done, total int)
}

// ranged reports whether the options ask for a range of levels.
func (o Options) ranged() bool { return o.Lo > 0 }

// Snake is a snake made: its key, the draw it came from, its solutions
// and, when rated, its rating.
type Snake struct {
	Key       solver.Seq
	Draw      int
	Solutions uint64
	// Rating is set when the options ask for a range of levels or for
	// ratings.
	Rating *rate.Felt
}

// Result says how a design went.
type Result struct {
	// Draws is how many draws were checked: up to the last snake made,
	// or all of them when too few snakes were found.
	Draws int
	// Known is, for a box whose catalogue was enumerated, how many
	// snakes have the solutions asked for, at any level; -1 for a box
	// too big.
	Known int
}

// Impossible is a request that no set of snakes of the box can meet: too
// few of its snakes have the solutions and the levels asked for.
type Impossible struct {
	Options
	// Found is how many snakes meet the request; Solutions how many
	// have the solutions asked for, whatever their levels.
	Found, Solutions int
	// Most is the largest number of solutions of a snake of the box.
	Most int
}

func (e *Impossible) Error() string {
	what := fmt.Sprintf("with %s", words.Plural(e.Options.Solutions, "solution"))
	if e.ranged() {
		what += " at " + levels(e.Lo, e.Hi)
	}
	s := fmt.Sprintf("the %v box has %s %s", e.Box, count(e.Found, "snake"), what)
	switch {
	case e.Found > 0:
		s += fmt.Sprintf(", fewer than the %d asked for", e.N)
	case e.Solutions > 0:
		s += fmt.Sprintf(" (%s with %s, at other levels)", count(e.Solutions, "snake"), words.Plural(e.Options.Solutions, "solution"))
	case e.Options.Solutions > e.Most:
		s += fmt.Sprintf(": no snake of it has more than %s", words.Plural(e.Most, "solution"))
	}
	return s
}

// Exhausted is a request not met within its draws: the box may have the
// snakes asked for, but they are too rare, or too few, to be found.
type Exhausted struct {
	Options
	Draws, Found int
	// Stalled tells that the draws stopped before their number because
	// they met again and again the snakes they had found, and no new one
	// for long: the box seems to have no more.
	Stalled bool
	// OutOfRange is how many drawn snakes had the solutions asked for
	// but a level out of the range; the draws stop once OutOfRange
	// reaches [StallRated] with no snake found.
	OutOfRange int
}

func (e *Exhausted) Error() string {
	what := fmt.Sprintf("with %s", words.Plural(e.Options.Solutions, "solution"))
	if e.ranged() {
		what += " at " + levels(e.Lo, e.Hi)
	}
	s := fmt.Sprintf("%s drawn, %s of the %v box %s among them, not the %d asked for", count(e.Draws, "snake"), count(e.Found, "distinct snake"), e.Box, what, e.N)
	switch {
	case e.Stalled && e.Found == 0:
		s += fmt.Sprintf(": %d of them had %s, each at another level, so such snakes are rare in the box, if there are any", e.OutOfRange, words.Plural(e.Options.Solutions, "solution"))
	case e.Stalled:
		s += ": each was drawn again and again, and no new one for long, so the box seems to have no more"
	}
	return s
}

// ErrOptions reports options out of their range.
var ErrOptions = errors.New("design: bad options")

// MaxN bounds Options.N, so that the snakes kept stay a few megabytes.
const MaxN = 100_000

// MaxDraws bounds Options.Draws.
const MaxDraws = 1 << 40

// DefaultDraws is the draws tried for n snakes: enough for rare snakes
// of small boxes, whose draws take microseconds, and some minutes of
// work on a 4x4x4 box, whose draws take a tenth of a second.
func DefaultDraws(b symmetry.Box, n int) int {
	if b.Len() <= CatalogueCells {
		return 1_000_000 + 1000*n
	}
	return 2000 + 200*n
}

// check validates the options.
func (o Options) check() error {
	switch {
	case o.Box.Len() < 2:
		return fmt.Errorf("%w: no box", ErrOptions)
	case o.N < 1 || o.N > MaxN:
		return fmt.Errorf("%w: %d snakes, want 1 to %d", ErrOptions, o.N, MaxN)
	case o.Solutions < 1:
		return fmt.Errorf("%w: %d solutions, want at least 1", ErrOptions, o.Solutions)
	case o.Lo != 0 || o.Hi != 0:
		if o.Lo < 1 || o.Hi < o.Lo || o.Hi > rate.Levels {
			return fmt.Errorf("%w: levels %d to %d, want 1 <= LO <= HI <= %d", ErrOptions, o.Lo, o.Hi, rate.Levels)
		}
	}
	if o.Draws < 0 || o.Draws > MaxDraws {
		return fmt.Errorf("%w: %d draws, want 1 to %d", ErrOptions, o.Draws, MaxDraws)
	}
	return nil
}

// candidate is a draw checked.
type candidate struct {
	Snake
	ok bool
}

// errEnough stops the draws once the snakes are made.
var errEnough = errors.New("enough snakes")

// Run makes the snakes the options ask for and calls emit with each, in
// the order of their draws. It fails with an [*Impossible] when the box
// has too few such snakes, and with an [*Exhausted] when the draws run
// out first.
func Run(ctx context.Context, o Options, emit func(Snake) error) (Result, error) {
	if err := o.check(); err != nil {
		return Result{}, err
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	res := Result{Known: -1}
	if o.ranged() || o.Rate {
		// The scale is made once, before the draws, which all wait for it.
		if _, err := rate.ScaleOf(ctx, o.Box, o.Workers, o.Scale); err != nil {
			return res, fmt.Errorf("the %v box's scale: %w", o.Box, err)
		}
	}
	var known map[solver.Seq]bool
	rs := &ratings{}
	if o.Box.Len() <= CatalogueCells {
		rs.of = map[solver.Seq]rate.Felt{}
		k, err := catalogue(ctx, o, rs)
		if err != nil {
			return res, err
		}
		known, res.Known = k, len(k)
	}
	draws := o.Draws
	if draws == 0 {
		draws = DefaultDraws(o.Box, o.N)
	}
	seen := map[solver.Seq]int{} // the snakes kept, and how often drawn
	once, last := 0, -1          // how many were drawn once; the draw of the last new one
	out := 0                     // snakes with the solutions asked for, at other levels
	err := sequencer.RunAhead(ctx, draws, o.Workers, 64, func(ctx context.Context, k int) (candidate, error) {
		return o.check1(ctx, k, known, rs)
	}, func(k int, c candidate) error {
		res.Draws = k + 1
		if o.Progress != nil {
			o.Progress(k+1, draws)
		}
		if o.ranged() && !c.ok && c.Solutions == uint64(o.Solutions) {
			out++
		}
		if c.ok {
			switch seen[c.Key]++; seen[c.Key] {
			case 1:
				once++
				last = k
				if err := emit(c.Snake); err != nil {
					return err
				}
				if len(seen) == o.N {
					return errEnough
				}
			case 2:
				once--
			}
		}
		if o.Draws == 0 && known == nil && (stalled(k, last, once) || last < 0 && out >= StallRated) {
			return errStalled
		}
		return nil
	})
	switch {
	case errors.Is(err, errEnough):
		return res, nil
	case err != nil && !errors.Is(err, errStalled):
		return res, err
	}
	return res, &Exhausted{Options: o, Draws: res.Draws, Found: len(seen), Stalled: errors.Is(err, errStalled), OutOfRange: out}
}

// errStalled stops draws that find no new snake any more.
var errStalled = errors.New("no new snake")

// stallMin and stallFactor make the rule by which draws that have found
// snakes, but fewer than asked for, stop: when the last stallMin draws,
// and stallFactor times as many as it took to find the last new snake,
// found no new one, and every snake found has been drawn twice or more.
// Draws from a box that has few snakes meet each again and again; by
// Good and Turing's estimate, the chance that the next draw is a snake
// not yet seen is about the share of draws that met a snake only once,
// here none of them. A request the box can meet with snakes too rare
// to be drawn twice never stops so, only at its last draw.
const (
	stallMin    = 1000
	stallFactor = 3
)

// StallRated is how many drawn snakes with the solutions asked for, every
// one at a level out of the range asked for, stop the draws of a box too
// big to be enumerated: by the rule of three, snakes in the range are
// then rarer than 3 in 20 of those with the solutions, at 95%
// confidence, and each draw rated can take seconds on a box of 64
// cells.
const StallRated = 20

// stalled reports whether draws 0 to k, whose last new snake was draw
// last (-1 for none) and of whose snakes once were drawn once, are to
// stop (see stallMin).
func stalled(k, last, once int) bool {
	gap := k - last
	return last >= 0 && once == 0 && gap >= stallMin && gap >= stallFactor*(last+1)
}

// check1 checks draw k: its snake's solutions, and its rating when asked
// for, from rs. known, when set, holds every snake with the solutions
// asked for.
func (o Options) check1(ctx context.Context, k int, known map[solver.Seq]bool, rs *ratings) (candidate, error) {
	q, dirs := walk.Draw(o.Box, o.Seed, k)
	c := candidate{Snake: Snake{Key: q, Draw: k}}
	if known != nil && !known[q] {
		return c, nil
	}
	if known == nil && tooMany(o.Box, q, dirs, o.Solutions, screenNodes) {
		return c, nil
	}
	n, err := solver.CountSolutions(ctx, o.Box, q, solver.Options{Workers: 1})
	if err != nil {
		return c, fmt.Errorf("draw %d, snake %v: %w", k, q, err)
	}
	c.Solutions = n.Solutions
	if n.Solutions != uint64(o.Solutions) {
		return c, nil
	}
	if o.ranged() || o.Rate {
		r, err := rs.rating(ctx, o.Box, q)
		if err != nil {
			return c, fmt.Errorf("draw %d, snake %v: rating: %w", k, q, err)
		}
		r.Solutions = n.Solutions
		c.Rating = &r
		if l := r.Level(); o.ranged() && (l < o.Lo || l > o.Hi) {
			return c, nil
		}
	}
	c.ok = true
	return c, nil
}

// CatalogueCells is the largest box whose catalogue Run enumerates to
// know what it may find: a 3x3x3 box's takes a second.
const CatalogueCells = 27

// ratings holds the snakes rated so far, for the draws that meet them
// again; with no map, it keeps none (a box too big to enumerate, whose
// draws seldom meet a snake twice).
type ratings struct {
	mu sync.Mutex
	of map[solver.Seq]rate.Felt
}

// rating returns snake q's rating for a person on box b's scale.
func (rs *ratings) rating(ctx context.Context, b symmetry.Box, q solver.Seq) (rate.Felt, error) {
	rs.mu.Lock()
	r, ok := rs.of[q]
	rs.mu.Unlock()
	if ok {
		return r, nil
	}
	r, err := rate.Person(ctx, b, q, rate.PersonOptions{Workers: 1})
	if err != nil || rs.of == nil {
		return r, err
	}
	rs.mu.Lock()
	rs.of[q] = r
	rs.mu.Unlock()
	return r, nil
}

// catalogue returns the snakes of the box with the solutions asked for,
// or an *Impossible when fewer than o.N of them meet the request. With a
// range of levels, it rates them into rs, in key order, until o.N lie in
// the range, or all of them when fewer do.
func catalogue(ctx context.Context, o Options, rs *ratings) (map[solver.Seq]bool, error) {
	c, err := solver.Enumerate(ctx, o.Box, solver.Options{Workers: o.Workers})
	if err != nil {
		return nil, fmt.Errorf("the %v box's catalogue: %w", o.Box, err)
	}
	var keys []solver.Seq
	most := 0
	for _, s := range c.Snakes {
		most = max(most, len(s.Solutions))
		if len(s.Solutions) == o.Solutions {
			keys = append(keys, s.Seq)
		}
	}
	known := map[solver.Seq]bool{}
	for _, q := range keys {
		known[q] = true
	}
	found := len(keys)
	if o.ranged() {
		found = 0
		err := sequencer.RunAhead(ctx, len(keys), o.Workers, 256, func(ctx context.Context, k int) (int, error) {
			r, err := rs.rating(ctx, o.Box, keys[k])
			if err != nil {
				return 0, fmt.Errorf("rating snake %v: %w", keys[k], err)
			}
			return r.Level(), nil
		}, func(k, l int) error {
			if l >= o.Lo && l <= o.Hi {
				if found++; found == o.N {
					return errEnough
				}
			}
			return nil
		})
		if err != nil && !errors.Is(err, errEnough) {
			return nil, err
		}
	}
	if found < o.N {
		return nil, &Impossible{Options: o, Found: found, Solutions: len(keys), Most: most}
	}
	return known, nil
}

// levels writes "level 4" or "levels 4 to 10".
func levels(lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("level %d", lo)
	}
	return fmt.Sprintf("levels %d to %d", lo, hi)
}

// count writes "no snake", "1 snake" or "3 snakes".
func count(n int, noun string) string {
	if n == 0 {
		return "no " + noun
	}
	return words.Plural(n, noun)
}
