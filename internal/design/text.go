package design

import (
	"context"
	"encoding/json"
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
		s += ", " + levels(o.Lo, o.Hi)
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

// Writer writes the snakes of a design in one of design's formats: text
// and json a line a snake as each is made, svg and html a maker's sheet
// once all are made ([Writer.Close]).
type Writer struct {
	w      io.Writer
	o      Options
	format string
	made   []Snake
}

// Formats are the formats a Writer writes.
var Formats = []string{"text", "json", "svg", "html"}

// NewWriter returns a writer of the snakes of o on w in format, one of
// [Formats].
func NewWriter(w io.Writer, o Options, format string) *Writer {
	return &Writer{w: w, o: o, format: format}
}

// Sheet reports whether the format is a maker's sheet, written whole
// once the snakes are made.
func (x *Writer) Sheet() bool { return x.format == "svg" || x.format == "html" }

// Write writes snake s, or keeps it for the sheet.
func (x *Writer) Write(s Snake) error {
	switch x.format {
	case "text":
		if len(x.made) == 0 {
			fmt.Fprintf(x.w, "# %s\n", x.o.Title())
		}
		x.made = append(x.made, s)
		return s.WriteText(x.w)
	case "json":
		b, err := json.Marshal(s.JSON(x.o.Box))
		if err != nil {
			return err
		}
		_, err = x.w.Write(append(b, '\n'))
		return err
	}
	x.made = append(x.made, s)
	return nil
}

// Close writes the sheet of the snakes kept, rating and drawing them on
// the given number of goroutines; progress, when set, follows the sheets
// made.
func (x *Writer) Close(ctx context.Context, workers int, progress func(done, total int)) error {
	if !x.Sheet() {
		return nil
	}
	sheets, err := Sheets(ctx, x.o.Box, x.made, workers, progress)
	if err != nil {
		return err
	}
	if x.format == "svg" {
		return WriteSheet(ctx, x.w, sheets)
	}
	return WriteHTML(ctx, x.w, sheets)
}
