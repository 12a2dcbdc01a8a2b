package rate

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Felt is a snake rated for a person, as rate prints it: how hard it is
// to fold from each end ([Feeling]), and its level on its box's scale.
type Felt struct {
	Box symmetry.Box
	// Seq is the snake as given: Ends[0] starts from its first cubelet,
	// Ends[1] from its last.
	Seq solver.Seq
	Feeling
	// Scale is the box's scale ([ScaleOf]).
	Scale BoxScale
	// Solutions is the snake's number of solutions, counted as solve
	// counts them, when [PersonOptions.Count] asked for it.
	Solutions uint64
}

// PersonOptions tune [Person].
type PersonOptions struct {
	// Workers is how many goroutines solve; 0 means every core. The
	// result does not depend on it.
	Workers int
	// Count asks for the snake's solutions to be counted too.
	Count bool
	// Scale, when set, is called with the progress of the box's scale
	// while it is made, the first time a process asks for a box that
	// boxscale_table.go does not hold.
	Scale func(done, total int)
}

// Person rates snake q of box b for a person: [Feel], seed 0, placed on
// the box's scale.
func Person(ctx context.Context, b symmetry.Box, q solver.Seq, o PersonOptions) (Felt, error) {
	sc, err := ScaleOf(ctx, b, o.Workers, o.Scale)
	if err != nil {
		return Felt{}, fmt.Errorf("the %v box's scale: %w", b, err)
	}
	f, err := Feel(ctx, b, q, FeelOptions{Workers: o.Workers})
	if err != nil {
		return Felt{}, err
	}
	r := Felt{Box: b, Seq: q, Feeling: f, Scale: sc}
	if o.Count {
		c, err := solver.CountSolutions(ctx, b, q, solver.Options{Workers: o.Workers})
		if err != nil {
			return Felt{}, err
		}
		r.Solutions = c.Solutions
	}
	return r, nil
}

// Level returns the snake's level on its box's scale, 1 to Levels; 0
// for a snake with no solution.
func (r Felt) Level() int {
	if !r.Foldable() {
		return 0
	}
	return r.Scale.Level(r.Difficulty())
}

// From returns the cubelet end k starts from: 1, or the last.
func (r Felt) From(k int) int {
	if k == 1 {
		return r.Seq.Len
	}
	return 1
}

// Words says what the box's scale is made of.
func (s BoxScale) Words() string {
	if s.Sampled {
		return fmt.Sprintf("%s snakes of the %v box drawn at random", words.Thousands(s.Snakes), s.Box)
	}
	return fmt.Sprintf("the %s snakes of the %v box", words.Thousands(s.Snakes), s.Box)
}

// LevelText says where the snake stands on its box's scale, as rate
// prints it: "level 3 of 10 on the 3x3x3 scale", and whether it lies
// beyond every snake the scale is made of.
func (r Felt) LevelText() string {
	s := fmt.Sprintf("level %d of %d on the %v scale", r.Level(), Levels, r.Box)
	switch d := r.Difficulty(); {
	case d > r.Scale.Hardest.Difficulty:
		s += ", harder than " + r.Scale.beyond()
	case d < r.Scale.Easiest.Difficulty:
		s += ", easier than " + r.Scale.beyond()
	}
	return s
}

// beyond names every snake of the scale.
func (s BoxScale) beyond() string {
	if s.Sampled {
		return fmt.Sprintf("every one of the %s drawn", words.Thousands(s.Snakes))
	}
	return fmt.Sprintf("every %v snake", s.Box)
}

// WriteText writes the rating for a person, as rate prints it: the
// headline, the easier end's, then each end's figures.
func (r Felt) WriteText(w io.Writer) error {
	q := r.Seq
	fmt.Fprintf(w, "snake %v (%d cubelets, %v box): %s\n", q, q.Len, r.Box, words.Plural(int(r.Solutions), "solution"))
	if !r.Foldable() {
		_, err := fmt.Fprintf(w, "  no solution: no attempt folds it, from either end\n")
		return err
	}
	fmt.Fprintf(w, "  difficulty        %s: %s placements expected, from cubelet %d, the easier end\n",
		r.LevelText(), amount(r.Difficulty(), r.StdErr()), r.From(r.Easier()))
	var width int
	for _, e := range r.Ends {
		width = max(width, len(amount(e.Expected, e.StdErr)))
	}
	var err error
	for k, e := range r.Ends {
		how := "exact"
		if !e.Exact {
			how = fmt.Sprintf("%s attempts played", words.Thousands(e.Attempts))
		}
		_, err = fmt.Fprintf(w, "  from cubelet %-2d   %*s placements expected: an attempt places %.1f cubelets and folds it %s (%s)\n",
			r.From(k), width, amount(e.Expected, e.StdErr), e.Attempt, odds(e.Chance), how)
	}
	return err
}

// amount writes a number of placements for a person: whole, with
// thousands separated, and its standard error when above 0.
func amount(x, se float64) string {
	s := Whole(math.Round(x))
	if se > 0 {
		s += " ± " + Whole(math.Ceil(se))
	}
	return s
}

// Whole writes a whole number with thousands separated, or in
// scientific notation from 10^15 on, beyond which an int may not hold it.
func Whole(x float64) string {
	if x >= 1e15 {
		return fmt.Sprintf("%.3g", x)
	}
	return words.Thousands(int(x))
}

// odds writes a chance as "1 time in N", or as a share when it is above
// one in two.
func odds(p float64) string {
	if p > 0.5 {
		return fmt.Sprintf("%.0f%% of the time", 100*p)
	}
	return "1 time in " + Whole(math.Round(1/p))
}

// QuickCells is the most cells of a box whose scale is made from its
// whole catalogue in well under a second.
const QuickCells = 20

// QuickScale reports whether box b's scale is at hand at once: in
// boxscale_table.go, or made from a catalogue of at most QuickCells
// cells.
func QuickScale(b symmetry.Box) bool {
	if b.Len() <= QuickCells {
		return true
	}
	for _, s := range boxScaleTable {
		if s.Box == b {
			return true
		}
	}
	return false
}

// QuickScaleCells is the most cells of a box whose scale [AtHand] makes
// when it is not made yet: its catalogue is rated in about a second.
const QuickScaleCells = 18

// AtHand rates snake q of box b for a person, as [Person] does on one
// goroutine, when the box's scale is at hand: held made (the 3x3x3 and
// 4x4x4 scales), made before in this process, or of a box of at most
// [QuickScaleCells] cells. It reports false, with no error, for a box
// whose scale would take minutes to make, and for a snake that does not
// fold.
func AtHand(ctx context.Context, b symmetry.Box, q solver.Seq) (Felt, bool, error) {
	// A scale made comes at once, even to a context ended already.
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := ScaleOf(done, b, 1, nil); err != nil && b.Len() > QuickScaleCells {
		return Felt{}, false, ctx.Err()
	}
	r, err := Person(ctx, b, q, PersonOptions{Workers: 1})
	if err != nil || !r.Foldable() {
		return Felt{}, false, err
	}
	return r, true, nil
}
