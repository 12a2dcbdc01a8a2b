package design

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/words"
)

// Title says what a design asks for, as design -format text writes it
// on the line before its snakes, after a "# ".
func (o Options) Title() string {
	s := fmt.Sprintf("%v snakes with exactly %s", o.Box, words.Plural(o.Solutions, "solution"))
	if o.ranged() {
		s += fmt.Sprintf(", levels %d to %d", o.Lo, o.Hi)
	}
	return s + fmt.Sprintf(", drawn from random foldings, seed %d; solutions counted up to rotations, reflections and reversal", o.Seed)
}

// WriteText writes snake s as a line of design -format text: its key,
// solutions, when rated its level and placements expected from its
// easier end, and its runs.
func (s Snake) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%v  %s", s.Key, words.Plural(int(s.Solutions), "solution"))
	if r := s.Rating; r != nil {
		fmt.Fprintf(w, "  level %2d  %s placements from cubelet %d", r.Level(), amount(r.Difficulty()), r.From(r.Easier()))
	}
	_, err := fmt.Fprintf(w, "  runs %s\n", RunList(s.Key))
	return err
}

// ParseLevels reads a range of levels, LO:HI, or N for N:N.
func ParseLevels(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, ":")
	if !ok {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > rate.Levels {
		return 0, 0, fmt.Errorf("want LO:HI with 1 <= LO <= HI <= %d, or one level", rate.Levels)
	}
	return lo, hi, nil
}
