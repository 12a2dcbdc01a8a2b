// Package answer solves the snakes a person types and writes the
// answers: each snake's solutions, or their number, and for one with
// none what may help, as text, the catalogue's JSON, a step sheet or a
// page.
package answer

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/batch"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
)

// Options say what is asked of each snake and how it is written.
type Options struct {
	// Format is text, json, svg or html.
	Format string
	// Count asks for the number of solutions alone, written a line a
	// snake.
	Count bool
	// Most is how many solutions of a snake are kept and shown, 1 to
	// [MaxShown].
	Most int
	// Workers is the number of goroutines in all.
	Workers int
}

// maxHeld bounds the solutions that the snakes searched side by side, and
// those waiting for their turn to be written, keep at once: three snakes'
// worth at the largest -max, some 900 MB.
const maxHeld = 3 * MaxShown

// Streams returns how many snakes are searched side by side: Workers, but
// fewer where each keeps many solutions, as up to 2k+1 snakes' solutions
// are kept at once for k searched side by side (sequencer.Stream).
func (o Options) Streams() int {
	if o.Count || o.Most <= 0 {
		return o.Workers
	}
	return max(1, min(o.Workers, (maxHeld/o.Most-1)/2))
}

// Answer is a snake solved: its solutions, or with -count their number
// alone, and for a snake with none, what may help.
type Answer struct {
	s      *solver.Solved // nil for a count
	n      uint64
	advice input.Advice
}

// MaxShown bounds Options.Most, solve's -max: a solution kept takes some 300 bytes while the
// search runs (its moves and form, twice over on each goroutine), so a
// million stay within a few hundred megabytes.
const MaxShown = 1_000_000

// Solve solves snake s on the given number of goroutines, keeping its
// first o.Most solutions, or with o.Count counts them, keeping none; for
// a snake with no solution it finds what may help: the other readings of
// the text that fold, and unless counting, the snakes one cubelet away.
func Solve(ctx context.Context, s *input.Snake, o Options, workers int) (Answer, error) {
	var a Answer
	if o.Count {
		c, err := solver.CountSolutions(ctx, s.Box, s.Seq, solver.Options{Workers: workers})
		if err != nil {
			return a, err
		}
		a.n = c.Solutions
	} else {
		sv, err := solver.Solve(ctx, s.Box, s.Seq, solver.Options{Workers: workers, Most: o.Most})
		if err != nil {
			return a, err
		}
		a.s, a.n = sv, sv.Total
	}
	if a.n > 0 {
		return a, nil
	}
	var err error
	if o.Count {
		a.advice.Readings, err = s.OtherReadings(ctx)
	} else {
		a.advice, err = input.Advise(ctx, s, max(workers, 1))
	}
	return a, err
}

// Writer writes solved snakes, in the order given, in the format asked
// for; notes for the person go to warn.
type Writer struct {
	warn   func(format string, args ...any)
	out    *bufio.Writer
	f      Options
	snakes int        // the snakes written, or kept for close
	first  batch.Item // the first snake, whose box json writes
	jw     *export.Writer
	seen   map[solver.Seq]bool
	shown  []fold.Snake // for svg and html, written once all are solved
	held   int          // the solutions of shown
}

// MaxDrawn bounds the snakes of an svg sheet or html page, which are
// drawn once all are solved and so are all held until then: a sheet
// gives each a picture a step, a page each its player's data.
const MaxDrawn = 1000

// maxListed bounds the snakes of -format json, each written once: each
// snake written is remembered, some 50 bytes.
const maxListed = 1 << 20

// NewWriter returns a Writer of the answers asked for by f on w.
func NewWriter(w io.Writer, warn func(format string, args ...any), f Options) *Writer {
	// Room for a snake's whole text, flushed after each snake: one
	// system call a snake.
	o := &Writer{warn: warn, out: bufio.NewWriterSize(w, 64<<10), f: f, seen: map[solver.Seq]bool{}}
	if f.Format == "text" && !f.Count {
		fmt.Fprint(o.out, fold.Legend)
	}
	return o
}

// Write writes one snake's solutions, or keeps them for Close; a snake
// given twice is written once in json, svg and html. The notes on how
// the snake was read go to standard error, and so do the other readings
// of a snake with no solution, but for the sheet and the page, which
// show them with the rest of the advice.
func (o *Writer) Write(ctx context.Context, it batch.Item, a Answer) error {
	s := it.Snake
	for _, n := range s.Notes() {
		o.warn("%s: %s", it.Where, n)
	}
	if o.f.Count || o.f.Format == "text" || o.f.Format == "json" {
		for _, l := range a.advice.ReadingLines(s) {
			o.warn("%s: %s", it.Where, l)
		}
	}
	o.snakes++
	if o.snakes == 1 {
		o.first = it
	}
	switch {
	case o.f.Count:
		fmt.Fprintf(o.out, "%v %d\n", s.Seq, a.n)
	case o.f.Format == "text":
		describe(o.out, s, a)
	case !o.seen[s.Seq]:
		if err := o.room(it); err != nil {
			return err
		}
		o.seen[s.Seq] = true
		if o.f.Format == "json" {
			if o.jw == nil {
				o.jw = export.NewWriter(o.out, s.Box, export.Options{Unordered: true})
			}
			if cut := len(a.s.Snake.Solutions); uint64(cut) < a.n {
				o.warn("%s: the first %d of %s written; enumerate -size %v -prefix %v writes them all", it.Where, cut, words.Plural(int(a.n), "solution"), s.Box, s.Seq.Key())
			}
			return o.jw.Write(a.s.Snake)
		}
		if o.held += len(a.s.Snake.Solutions); o.held > MaxShown {
			return cli.UsageError{Err: fmt.Errorf("%s: more than %d solutions in all: -format %s holds every snake's first -max solutions until it draws them, at most %d; lower -max, or split the input", it.Where, MaxShown, o.f.Format, MaxShown)}
		}
		p := s.OnPage()
		notes := p.Notes()
		if a.n == 0 {
			notes = append(append(notes, a.advice.Lines(p)...), a.advice.ReadingLines(p)...)
		}
		o.shown = append(o.shown, fold.Snake{Box: s.Box, Seq: s.Seq, Solutions: a.s.Snake.Solutions, Total: a.n, Notes: notes})
	}
	return nil
}

// OneBox refuses, in -format json, snakes given as arguments that are not
// all of one box, before anything is written: a catalogue holds one box.
func (o *Writer) OneBox(items []batch.Item) error {
	if o.f.Format != "json" || o.f.Count {
		return nil
	}
	for _, it := range items[1:] {
		if it.Snake.Box != items[0].Snake.Box {
			return cli.UsageError{Err: fmt.Errorf("%s: a %v snake, but %s is %v: -format json writes snakes of one box", it.Where, it.Snake.Box, items[0].Where, items[0].Snake.Box)}
		}
	}
	return nil
}

// room refuses a snake that -format json, svg or html cannot take: json
// writes snakes of one box, and remembers each snake written; svg and
// html hold every snake until the end.
func (o *Writer) room(it batch.Item) error {
	switch {
	case o.f.Format == "json" && it.Snake.Box != o.first.Snake.Box:
		return cli.UsageError{Err: fmt.Errorf("%s: a %v snake, but %s is %v: -format json writes snakes of one box", it.Where, it.Snake.Box, o.first.Where, o.first.Snake.Box)}
	case o.f.Format == "json" && len(o.seen) == maxListed:
		return cli.UsageError{Err: fmt.Errorf("%s: more than %d snakes: -format json writes at most %d; split the input, or use -count", it.Where, maxListed, maxListed)}
	case o.f.Format != "json" && len(o.seen) == MaxDrawn:
		return TooManyDrawn(it.Where, o.f.Format)
	}
	return nil
}

// TooManyDrawn is the error of the snake at where, one more than a sheet
// or page in the format draws.
func TooManyDrawn(where, format string) error {
	return cli.UsageError{Err: fmt.Errorf("%s: more than %d snakes: -format %s draws at most %d in one document; split the input", where, MaxDrawn, format, MaxDrawn)}
}

// Close ends the output and flushes it.
func (o *Writer) Close(ctx context.Context) error {
	var err error
	switch {
	case o.f.Count || o.f.Format == "text":
	case o.jw != nil:
		err = o.jw.Close()
	case o.f.Format == "svg":
		err = fold.WriteSheet(ctx, o.out, o.shown)
	default:
		err = fold.WritePage(ctx, o.out, o.shown)
	}
	if err != nil {
		return err
	}
	return o.out.Flush()
}

// describe writes a snake's solutions for a person, or what may help.
func describe(w io.Writer, s *input.Snake, a Answer) {
	sols := a.s.Snake.Solutions
	fmt.Fprintf(w, "\nsnake %v (%d cubelets, %v box): %s\n", s.Seq, s.Seq.Len, s.Box, words.Plural(int(a.n), "solution"))
	if uint64(len(sols)) < a.n {
		fmt.Fprintf(w, "  the first %d are shown; -max N shows up to %d\n", len(sols), MaxShown)
	}
	if d := (fold.Snake{Box: s.Box, Seq: s.Seq, Solutions: sols, Total: a.n}).Differences(); d != "" {
		fmt.Fprintf(w, "  %s\n", d)
	}
	for i, d := range sols {
		fmt.Fprintf(w, "\nsolution %d of %s\n", i+1, words.Thousands(int(a.n)))
		fold.WriteText(w, s.Box, d)
	}
	if a.n == 0 {
		for _, l := range a.advice.Lines(s) {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
}

// Flush writes out what is buffered, after each snake that none waited
// behind.
func (o *Writer) Flush() error { return o.out.Flush() }
