package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/batch"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
)

const solveUsage = `Usage:
  snakecube solve [-size N|AxBxC] [-notation NAME] [-count] [-format text|json|svg|html] [-max N] [-j N] [SNAKE...]

Finds every solution of each snake and shows how to fold it. A snake may be
typed in any common notation, detected or named with -notation:
  cubelets  001110110111010111101010100   a letter per cubelet, straight or turn:
            --ooo-oo-ooo-o-oooo-o-o-o--   0/1, -/o, -/., I/X, S/T, S/E, F/T, S/B or
            IIXXXIXXIXXXIXIXXXXIXIXIXII   S/C, any case; L letters, or L-2 without ends
  after     S,T,S,T,S,T,S,T,T,T,T,S,...   a letter per move, turn after it: L-1
                                          letters, the first end left out
  before    F,F,T,T,T,F,T,T,F,T,...       a letter per move, turn before it: L-1
                                          letters, the last end left out
  esc       ESCCCSCCSCCCSCSCCCCSCSCSCSE   end, straight, corner (Jaap's Puzzle Page)
  slash     bwb/w/b/wb/w/bw/b/w/bw/...    a letter per cubelet, / where it turns
  lengths   3,2,2,3,2,3,2,2,3,3,2,2,...   cubelets per run, corners counted twice
  moves     2,1,1,2,1,2,1,1,2,2,1,1,...   moves per run
  once      3,1,1,2,1,2,1,1,2,2,1,1,...   cubelets per run, each counted once
  folding   'F F R B U U R D D F U ...'   a folding typed as moves, which must fill
            '+x +x +y -x +z +z +y ...'    the box: Jaap's letters (Front, Left, Up,
            '>> o < ^^ o vv > ^ ...'      Back, Right, Down), signed axes, the arrows
            'right 2, back 1, ...'        and words solve prints, or codes (1, -1, ...)
  shape     RRDRDRDRDRDDRDRD...           moves laying the snake out, anywhere
Lists may be wrapped in [], {} or () or pasted as code ("int s[] = {3, 2,
...};"), with commas, spaces or dashes between entries, or none between
single digits. When a text reads as two snakes, one is used and the other
is named on standard error with the -notation that asks for it; a snake
with no solution is told which other reading folds. Quote a text with
spaces; one starting with "-" may be given as it is.

With no SNAKE, or "-", snakes are read from standard input, one per line;
blank lines and lines starting with # are skipped. Typed at a terminal,
each snake is answered as soon as its line is entered, and a line that is
no snake is told and the next one awaited (the text format); read from a
file or a pipe, snakes are solved as they are read, their answers written
in the order of the lines, and a bad line stops the run there, after the
answers to the lines before it (a json document is left unfinished).
Snakes given as arguments are all read first: a bad one stops the run
before any search. A sheet or page (svg, html) draws at
most 1000 snakes and 1000000 solutions in all, and -format json writes
at most 1048576 snakes. Where -max is large, fewer snakes than -j are
searched side by side, so that the solutions kept stay within some
900 MB. The box
follows from the snake's length when that is a cube's (8, 27 or 64
cubelets), else from -size. Solutions are counted once up to the box's
rotations and reflections and up to reading the snake from its other end.

Flags:
  -size N|AxBxC    the box (default: from the snake's length)
  -notation NAME   one of the notations above (default: detect)
  -count           print only "SEQUENCE N" per snake, N its number of solutions
  -format FORMAT   text (default): moves, hand-level steps and layers; json:
                   the catalogue schema, each snake named by its sequence as
                   given; svg: a printable step sheet, a picture per step;
                   html: one offline page with a 3D step player
  -max N           show at most the first N solutions of a snake, and how many
                   it has (default 1000 for text and json, 10 for svg and
                   html; at most 1000000, some 300 bytes of memory each)
  -j N             search with N goroutines (default: all cores)

A snake with more solutions than -max shows the first, in the order of
their canonical forms, and says how many it has; enumerate -prefix KEY
writes all the solutions of the snake whose key is KEY.

Examples:
  $ snakecube solve 001110110111010111101010100
  $ snakecube solve -notation lengths 3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3
  $ snakecube solve 'F F R B U U R D D F U L L B B R D R U U L L F F R R'
  $ snakecube solve -count < snakes.txt
  $ snakecube solve -format html 001110110111010111101010100 > classic.html
  $ snakecube solve -format svg 001110110111010111101010100 > classic.svg
`

// snakeArg reports whether an argument that starts with "-" is a snake,
// such as "--ooo-oo-..." or "-1,2": anything but a plain word, which
// stands for a flag, known or mistyped.
func snakeArg(a string) bool {
	name := strings.TrimLeft(a, "-")
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = name[:i]
	}
	return strings.HasPrefix(a, "-") && a != "-" && a != "--" && strings.Trim(strings.ToLower(name), "abcdefghijklmnopqrstuvwxyz") != ""
}

// solveFlags are solve's settings.
type solveFlags struct {
	opts    input.Options
	format  string
	count   bool
	most    int
	workers int
}

// maxHeld bounds the solutions that the snakes searched side by side, and
// those waiting for their turn to be written, keep at once: three snakes'
// worth at the largest -max, some 900 MB.
const maxHeld = 3 * maxShown

// batch returns the options of the snakes' batch.
func (f solveFlags) batch() batch.Options {
	return batch.Options{Input: f.opts, Workers: f.workers, Streams: f.streams()}
}

// streams returns how many snakes are searched side by side: -j, but
// fewer where each keeps many solutions, as up to 2k+1 snakes' solutions
// are kept at once for k searched side by side (sequencer.Stream).
func (f solveFlags) streams() int {
	if f.count || f.most <= 0 {
		return f.workers
	}
	return max(1, min(f.workers, (maxHeld/f.most-1)/2))
}

func runSolve(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	var nota notation.Notation
	fs.Var(&nota, "notation", "")
	count := fs.Bool("count", false, "")
	format := fs.String("format", "text", "")
	most := fs.Int("max", 0, "")
	workers := workersVar(fs)
	rest, err := cli.ParseFlagsArgs(fs, e, solveUsage, args, snakeArg)
	if err != nil {
		return cli.HelpOK(err)
	}
	switch *format {
	case "text", "json", "svg", "html":
	default:
		return cli.BadUsage(e, solveUsage, "-format %q: want text, json, svg or html", *format)
	}
	set := cli.Given(fs, "max")
	switch {
	case !set && (*format == "svg" || *format == "html"):
		*most = 10 // a sheet takes a picture a step, a page a player's data
	case !set:
		*most = 1000
	case *most < 1 || *most > maxShown:
		return cli.BadUsage(e, solveUsage, "-max %d: want 1 to %d solutions a snake", *most, maxShown)
	}
	f := solveFlags{opts: input.Options{Notation: nota, Box: box.box, SizeHint: "-size AxBxC", NotationFlag: "-notation"}, format: *format, count: *count, most: *most, workers: int(*workers)}
	if f.format == "text" && batch.FromStdin(rest) && terminal(e.Stdin) {
		return solveTyped(ctx, e, f)
	}
	o := newSolveOutput(e, f)
	n, err := batch.Each(ctx, e.Stdin, rest, f.batch(), o.oneBox, func(ctx context.Context, it batch.Item, workers int) (answer, error) {
		return solveOne(ctx, it.Snake, f, workers)
	}, func(it batch.Item, a answer) error {
		return o.write(ctx, it, a)
	}, o.out.Flush)
	if err != nil {
		return err
	}
	if n == 0 {
		return cli.BadUsage(e, solveUsage, "no snake given")
	}
	return o.close(ctx)
}

// answer is a snake solved: its solutions, or with -count their number
// alone, and for a snake with none, what may help.
type answer struct {
	s      *solver.Solved // nil for a count
	n      uint64
	advice input.Advice
}

// maxShown bounds -max: a solution kept takes some 300 bytes while the
// search runs (its moves and form, twice over on each goroutine), so a
// million stay within a few hundred megabytes.
const maxShown = 1_000_000

// solveOne solves snake s on the given number of goroutines, keeping its
// first f.most solutions, or with f.count counts them, keeping none; for
// a snake with no solution it finds what may help: the other readings of
// the text that fold, and unless counting, the snakes one cubelet away.
func solveOne(ctx context.Context, s *input.Snake, f solveFlags, workers int) (answer, error) {
	var a answer
	if f.count {
		c, err := solver.CountSolutions(ctx, s.Box, s.Seq, solver.Options{Workers: workers})
		if err != nil {
			return a, err
		}
		a.n = c.Solutions
	} else {
		sv, err := solver.Solve(ctx, s.Box, s.Seq, solver.Options{Workers: workers, Most: f.most})
		if err != nil {
			return a, err
		}
		a.s, a.n = sv, sv.Total
	}
	if a.n > 0 {
		return a, nil
	}
	var err error
	if f.count {
		a.advice.Readings, err = s.OtherReadings(ctx)
	} else {
		a.advice, err = input.Advise(ctx, s, max(workers, 1))
	}
	return a, err
}

// solveOutput writes solved snakes, in the order given, in the format
// asked for.
type solveOutput struct {
	e      cli.Env
	out    *bufio.Writer
	f      solveFlags
	snakes int        // the snakes written, or kept for close
	first  batch.Item // the first snake, whose box json writes
	jw     *export.Writer
	seen   map[solver.Seq]bool
	shown  []fold.Snake // for svg and html, written once all are solved
	held   int          // the solutions of shown
}

// maxDrawn bounds the snakes of an svg sheet or html page, which are
// drawn once all are solved and so are all held until then: a sheet
// gives each a picture a step, a page each its player's data.
const maxDrawn = 1000

// maxListed bounds the snakes of -format json, each written once: each
// snake written is remembered, some 50 bytes.
const maxListed = 1 << 20

func newSolveOutput(e cli.Env, f solveFlags) *solveOutput {
	// Room for a snake's whole text, flushed after each snake: one
	// system call a snake.
	o := &solveOutput{e: e, out: bufio.NewWriterSize(e.Stdout, 64<<10), f: f, seen: map[solver.Seq]bool{}}
	if f.format == "text" && !f.count {
		fmt.Fprint(o.out, fold.Legend)
	}
	return o
}

// write writes one snake's solutions, or keeps them for close; a snake
// given twice is written once in json, svg and html. The notes on how
// the snake was read go to standard error, and so do the other readings
// of a snake with no solution, but for the sheet and the page, which
// show them with the rest of the advice.
func (o *solveOutput) write(ctx context.Context, it batch.Item, a answer) error {
	s := it.Snake
	for _, n := range s.Notes() {
		o.e.Warnf("%s: %s", it.Where, n)
	}
	if o.f.count || o.f.format == "text" || o.f.format == "json" {
		for _, l := range a.advice.ReadingLines(s) {
			o.e.Warnf("%s: %s", it.Where, l)
		}
	}
	o.snakes++
	if o.snakes == 1 {
		o.first = it
	}
	switch {
	case o.f.count:
		fmt.Fprintf(o.out, "%v %d\n", s.Seq, a.n)
	case o.f.format == "text":
		describe(o.out, s, a)
	case !o.seen[s.Seq]:
		if err := o.room(it); err != nil {
			return err
		}
		o.seen[s.Seq] = true
		if o.f.format == "json" {
			if o.jw == nil {
				o.jw = export.NewWriter(o.out, s.Box, export.Options{Unordered: true})
			}
			if cut := len(a.s.Snake.Solutions); uint64(cut) < a.n {
				o.e.Warnf("%s: the first %d of %s written; enumerate -size %v -prefix %v writes them all", it.Where, cut, words.Plural(int(a.n), "solution"), s.Box, s.Seq.Key())
			}
			return o.jw.Write(a.s.Snake)
		}
		if o.held += len(a.s.Snake.Solutions); o.held > maxShown {
			return cli.UsageError{Err: fmt.Errorf("%s: more than %d solutions in all: -format %s holds every snake's first -max solutions until it draws them, at most %d; lower -max, or split the input", it.Where, maxShown, o.f.format, maxShown)}
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

// oneBox refuses, in -format json, snakes given as arguments that are not
// all of one box, before anything is written: a catalogue holds one box.
func (o *solveOutput) oneBox(items []batch.Item) error {
	if o.f.format != "json" || o.f.count {
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
func (o *solveOutput) room(it batch.Item) error {
	switch {
	case o.f.format == "json" && it.Snake.Box != o.first.Snake.Box:
		return cli.UsageError{Err: fmt.Errorf("%s: a %v snake, but %s is %v: -format json writes snakes of one box", it.Where, it.Snake.Box, o.first.Where, o.first.Snake.Box)}
	case o.f.format == "json" && len(o.seen) == maxListed:
		return cli.UsageError{Err: fmt.Errorf("%s: more than %d snakes: -format json writes at most %d; split the input, or use -count", it.Where, maxListed, maxListed)}
	case o.f.format != "json" && len(o.seen) == maxDrawn:
		return tooManyDrawn(it.Where, o.f.format)
	}
	return nil
}

// tooManyDrawn is the error of the snake at where, one more than a sheet
// or page in the format draws.
func tooManyDrawn(where, format string) error {
	return cli.UsageError{Err: fmt.Errorf("%s: more than %d snakes: -format %s draws at most %d in one document; split the input", where, maxDrawn, format, maxDrawn)}
}

// close ends the output and flushes it.
func (o *solveOutput) close(ctx context.Context) error {
	var err error
	switch {
	case o.f.count || o.f.format == "text":
	case o.jw != nil:
		err = o.jw.Close()
	case o.f.format == "svg":
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
func describe(w io.Writer, s *input.Snake, a answer) {
	sols := a.s.Snake.Solutions
	fmt.Fprintf(w, "\nsnake %v (%d cubelets, %v box): %s\n", s.Seq, s.Seq.Len, s.Box, words.Plural(int(a.n), "solution"))
	if uint64(len(sols)) < a.n {
		fmt.Fprintf(w, "  the first %d are shown; -max N shows up to %d\n", len(sols), maxShown)
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

// solveTyped solves the snakes typed at a terminal as they come: each
// line is answered before the next is read, and a line that cannot be
// read is told on standard error and the next one awaited, where a file
// of snakes stops at its first bad line. At the end of input it returns
// a usage error if some line was bad.
func solveTyped(ctx context.Context, e cli.Env, f solveFlags) error {
	o := newSolveOutput(e, f)
	bad, err := batch.Typed(ctx, e.Stdin, f.batch(), func(err error) { e.Warnf("%v", err) }, func(it batch.Item) error {
		a, err := solveOne(ctx, it.Snake, f, f.workers)
		if err != nil {
			return fmt.Errorf("%s: %w", it.Where, err)
		}
		if err := o.write(ctx, it, a); err != nil {
			return err
		}
		return o.out.Flush()
	})
	if err != nil {
		return err
	}
	if err := o.close(ctx); err != nil {
		return err
	}
	if bad > 0 {
		return cli.UsageError{Err: fmt.Errorf("%d of the lines typed could not be read as a snake", bad)}
	}
	return nil
}
