package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"unicode/utf8"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/internal/sequencer"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
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
file or a pipe, all lines are read first, and a bad one stops the run
before any search. The box follows from the
snake's length when that is a cube's (8, 27 or 64 cubelets), else from
-size. Solutions are counted once up to the box's rotations and reflections
and up to reading the snake from its other end.

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

// input is one snake as typed, where it came from, and how it was read.
type input struct {
	text, where string
	seq         solver.Seq
	box         symmetry.Box
	read        notation.Result
	boxOf       notation.BoxOf
}

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
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "max" })
	switch {
	case !set && (*format == "svg" || *format == "html"):
		*most = 10 // a sheet takes a picture a step, a page a player's data
	case !set:
		*most = 1000
	case *most < 1 || *most > maxShown:
		return cli.BadUsage(e, solveUsage, "-max %d: want 1 to %d solutions a snake", *most, maxShown)
	}
	sized := box.box.Len() > 0
	if *format == "text" && fromStdin(rest) && terminal(e.Stdin) {
		return solveTyped(ctx, e, nota, box.box, sized, *count, *most, int(*workers))
	}
	ins, err := readInputs(e, rest)
	if err != nil {
		return err
	}
	if len(ins) == 0 {
		return cli.BadUsage(e, solveUsage, "no snake given")
	}
	for k := range ins {
		if err := ins[k].parse(e, nota, box.box, sized); err != nil {
			return err
		}
	}
	if *format == "json" && !*count {
		if err := oneBox(ins); err != nil {
			return err
		}
	}
	o := newSolveOutput(e, *format, *count, ins[0].box)
	inner := 1
	if len(ins) == 1 {
		inner = int(*workers) // one snake: split its search across the cores
	}
	err = sequencer.Run(ctx, len(ins), int(*workers), func(ctx context.Context, k int) (answer, error) {
		a, err := solveOne(ctx, ins[k], *count, *most, inner)
		if err != nil {
			return a, fmt.Errorf("%s: %w", ins[k].where, err)
		}
		return a, nil
	}, func(k int, a answer) error {
		in := ins[k]
		if a.n == 0 {
			if err := in.otherReadings(ctx, e); err != nil {
				return err
			}
		}
		return o.write(ctx, in, a)
	})
	if err != nil {
		return err
	}
	return o.close(ctx)
}

// answer is a snake solved: its solutions, or with -count their number
// alone.
type answer struct {
	s *solver.Solved // nil for a count
	n uint64
}

// maxShown bounds -max: a solution kept takes some 300 bytes while the
// search runs (its moves and form, twice over on each goroutine), so a
// million stay within a few hundred megabytes.
const maxShown = 1_000_000

// solveOne solves the snake of in on the given number of goroutines,
// keeping its first most solutions, or counts its solutions, keeping
// none.
func solveOne(ctx context.Context, in input, count bool, most, workers int) (answer, error) {
	if count {
		c, err := solver.CountSolutions(ctx, in.box, in.seq, solver.Options{Workers: workers})
		return answer{n: c.Solutions}, err
	}
	s, err := solver.Solve(ctx, in.box, in.seq, solver.Options{Workers: workers, Most: most})
	if err != nil {
		return answer{}, err
	}
	return answer{s: s, n: s.Total}, nil
}

// oneBox refuses snakes of different boxes: a catalogue holds one box.
func oneBox(ins []input) error {
	for _, in := range ins[1:] {
		if in.box != ins[0].box {
			return cli.UsageError{Err: fmt.Errorf("%s: a %v snake, but %s is %v: -format json writes snakes of one box", in.where, in.box, ins[0].where, ins[0].box)}
		}
	}
	return nil
}

// solveOutput writes solved snakes, in the order given, in the format
// asked for.
type solveOutput struct {
	e      cli.Env
	out    *bufio.Writer
	format string
	count  bool
	jw     *export.Writer
	seen   map[solver.Seq]bool
	shown  []fold.Snake // for svg and html, written once all are solved
}

func newSolveOutput(e cli.Env, format string, count bool, b symmetry.Box) *solveOutput {
	// Room for a snake's whole text, flushed after each snake: one
	// system call a snake, where 4 KB took three for a 4x4x4 snake's four
	// solutions.
	o := &solveOutput{e: e, out: bufio.NewWriterSize(e.Stdout, 64<<10), format: format, count: count, seen: map[solver.Seq]bool{}}
	switch {
	case count:
	case format == "json":
		o.jw = export.NewWriter(o.out, b, export.Options{Unordered: true})
	case format == "text":
		fmt.Fprint(o.out, fold.Legend)
	}
	return o
}

// write writes one snake's solutions, or keeps them for close; a snake
// given twice is written once in json, svg and html.
func (o *solveOutput) write(ctx context.Context, in input, a answer) error {
	s := a.s
	switch {
	case o.count:
		fmt.Fprintf(o.out, "%v %d\n", in.seq, a.n)
	case o.format == "text":
		return describe(ctx, o.out, in, s)
	case !o.seen[in.seq]:
		o.seen[in.seq] = true
		if o.jw != nil {
			if cut := len(s.Snake.Solutions); uint64(cut) < s.Total {
				o.e.Warnf("%s: the first %d of %s written; enumerate -size %v -prefix %v writes them all", in.where, cut, stats.Plural(int(s.Total), "solution"), in.box, in.seq.Key())
			}
			return o.jw.Write(s.Snake)
		}
		o.shown = append(o.shown, fold.Snake{Box: in.box, Seq: in.seq, Solutions: s.Snake.Solutions, Total: s.Total})
	}
	return nil
}

// close ends the output and flushes it.
func (o *solveOutput) close(ctx context.Context) error {
	var err error
	switch {
	case o.count || o.format == "text":
	case o.jw != nil:
		err = o.jw.Close()
	case o.format == "svg":
		err = fold.WriteSheet(ctx, o.out, o.shown)
	default:
		err = fold.WritePage(ctx, o.out, o.shown)
	}
	if err != nil {
		return err
	}
	return o.out.Flush()
}

// fromStdin reports whether the snakes are to be read from standard
// input: no argument, or "-".
func fromStdin(args []string) bool {
	return len(args) == 0 || len(args) == 1 && args[0] == "-"
}

// typed is a line read from standard input, numbered from 1, or the
// error that ended the reading.
type typed struct {
	text string
	line int
	err  error
}

// readTyped sends the lines of r that hold a snake, skipping blank lines
// and comments, and closes lines at the end of r or after an error.
func readTyped(r io.Reader, lines chan<- typed) {
	defer close(lines)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxInputLine)
	line := 1
	for ; sc.Scan(); line++ {
		if t := strings.TrimSpace(sc.Text()); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		lines <- typed{text: sc.Text(), line: line}
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		lines <- typed{err: cli.UsageError{Err: fmt.Errorf("line %d: longer than %d bytes, which no snake is", line, maxInputLine)}}
	case err != nil:
		lines <- typed{err: fmt.Errorf("read standard input: %w", err)}
	}
}

// solveTyped solves the snakes typed at a terminal as they come: each
// line is answered before the next is read, and a line that cannot be
// read is told on standard error and the next one awaited, where a file
// of snakes is read whole first and stops at its first bad line. At the
// end of input it returns a usage error if some line was bad.
func solveTyped(ctx context.Context, e cli.Env, nota notation.Notation, sized symmetry.Box, haveSize, count bool, most, workers int) error {
	lines := make(chan typed)
	go readTyped(e.Stdin, lines)
	o := newSolveOutput(e, "text", count, sized)
	bad := 0
	for {
		var l typed
		var more bool
		select {
		case <-ctx.Done():
			return context.Cause(ctx)
		case l, more = <-lines:
		}
		if !more {
			break
		}
		if l.err != nil {
			return l.err
		}
		in := input{text: l.text, where: fmt.Sprintf("line %d", l.line)}
		if err := in.parse(e, nota, sized, haveSize); err != nil {
			if !errors.As(err, new(cli.UsageError)) {
				return err
			}
			e.Warnf("%v", err)
			bad++
			continue
		}
		a, err := solveOne(ctx, in, count, most, workers)
		if err != nil {
			return fmt.Errorf("%s: %w", in.where, err)
		}
		if a.n == 0 {
			if err := in.otherReadings(ctx, e); err != nil {
				return err
			}
		}
		if err := o.write(ctx, in, a); err != nil {
			return err
		}
		if err := o.out.Flush(); err != nil {
			return err
		}
	}
	if err := o.close(ctx); err != nil {
		return err
	}
	if bad > 0 {
		return cli.UsageError{Err: fmt.Errorf("%d of the lines typed could not be read as a snake", bad)}
	}
	return nil
}

// maxInputLine bounds a line of snakes on standard input: the longest
// notation of the longest snake, 64 cubelets, takes a few hundred bytes.
const maxInputLine = 1 << 16

// readInputs returns the snakes of the arguments, or of standard input
// when there are none or the only one is "-".
func readInputs(e cli.Env, args []string) ([]input, error) {
	if !fromStdin(args) {
		ins := make([]input, len(args))
		for k, a := range args {
			ins[k] = input{text: a, where: fmt.Sprintf("snake %d", k+1)}
		}
		return ins, nil
	}
	lines := make(chan typed)
	go readTyped(e.Stdin, lines)
	var ins []input
	for l := range lines {
		if l.err != nil {
			return nil, l.err
		}
		ins = append(ins, input{text: l.text, where: fmt.Sprintf("line %d", l.line)})
	}
	return ins, nil
}

// parse reads the snake of an input and settles its box; it tells on
// standard error how the text was read when that is not plain.
func (in *input) parse(e cli.Env, n notation.Notation, sized symmetry.Box, haveSize bool) error {
	in.boxOf = func(l int) (symmetry.Box, bool) {
		if haveSize {
			return sized, l == sized.Len()
		}
		return symmetry.CubeOf(l)
	}
	r, err := notation.Read(in.text, n, in.boxOf)
	if err != nil {
		return cli.UsageError{Err: errors.New(in.explain(err, sized, haveSize))}
	}
	if in.seq, err = solver.ParseSeq(r.Seq); err != nil {
		return cli.UsageError{Err: fmt.Errorf("%s: %w", in.where, err)}
	}
	in.read = r
	in.box, _ = in.boxOf(in.seq.Len)
	if r.Note != "" {
		e.Warnf("%s: %s", in.where, r.Note)
	}
	if a := r.Ambiguity(); a != "" {
		e.Warnf("%s: %s", in.where, a)
	}
	return nil
}

// explain turns a notation error into a message that shows where the
// input goes wrong and what to do about it.
func (in *input) explain(err error, sized symmetry.Box, haveSize bool) string {
	msg := fmt.Sprintf("%s: %v", in.where, err)
	if errors.Is(err, notation.ErrLength) {
		if haveSize {
			msg += fmt.Sprintf("; the %v box has %d cells", sized, sized.Len())
		} else {
			msg += "; snakes of 8, 27 and 64 cubelets fold into 2x2x2, 3x3x3 and 4x4x4: use -size AxBxC for another box"
		}
	}
	var ne *notation.Error
	if !errors.As(err, &ne) {
		return msg
	}
	for _, o := range ne.Others {
		msg += fmt.Sprintf("; as %v (%s) it is %s, %d cubelets: use -notation %v", o.Notation, o.Notation.Describe(), o.Seq, len(o.Seq), o.Notation)
	}
	if ne.Column > 0 {
		text := strings.ReplaceAll(in.text, "\t", " ")
		if ne.Column <= utf8.RuneCountInString(text)+1 {
			msg += "\n  " + text + "\n  " + strings.Repeat(" ", ne.Column-1) + "^"
		}
	}
	return msg
}

// otherReadings tells on standard error, for a snake with no solution,
// which other reading of its text folds.
func (in *input) otherReadings(ctx context.Context, e cli.Env) error {
	all, err := notation.Read(in.text, notation.Auto, in.boxOf)
	if err != nil {
		return nil // only the notation asked for reads the text
	}
	for _, o := range append([]notation.Reading{all.Reading}, all.Others...) {
		q, err := solver.ParseSeq(o.Seq)
		b, ok := in.boxOf(q.Len)
		if err != nil || !ok || q == in.seq || solver.Obstacle(b, q) != "" {
			continue
		}
		c, err := solver.CountSolutions(ctx, b, q, solver.Options{Workers: 1})
		if err != nil {
			return err
		}
		if n := int(c.Solutions); n > 0 {
			e.Warnf("%s: read as %v it has no solution; as %v (%s) it has %s: use -notation %v",
				in.where, in.read.Notation, o.Notation, o.Notation.Describe(), stats.Plural(n, "solution"), o.Notation)
		}
	}
	return nil
}

// describe writes a snake's solutions for a person, or why it has none.
func describe(ctx context.Context, w io.Writer, in input, s *solver.Solved) error {
	sols := s.Snake.Solutions
	fmt.Fprintf(w, "\nsnake %v (%d cubelets, %v box): %s\n", in.seq, in.seq.Len, in.box, stats.Plural(int(s.Total), "solution"))
	if uint64(len(sols)) < s.Total {
		fmt.Fprintf(w, "  the first %d are shown; -max N shows up to %d\n", len(sols), maxShown)
	}
	for i, d := range sols {
		fmt.Fprintf(w, "\nsolution %d of %s\n", i+1, stats.Thousands(int(s.Total)))
		fold.WriteText(w, in.box, d)
	}
	if len(sols) > 0 {
		return nil
	}
	if why := solver.Obstacle(in.box, in.seq); why != "" {
		fmt.Fprintf(w, "  why: %s\n", why)
	}
	near, err := solver.NearSnakes(ctx, in.box, in.seq, runtime.GOMAXPROCS(0))
	if err != nil {
		return err
	}
	if len(near) == 0 {
		fmt.Fprintln(w, "  no snake one cubelet away folds either")
		return nil
	}
	fmt.Fprintln(w, "  one cubelet off, it would fold:")
	for _, n := range near {
		was, now := "turn", "straight"
		if !in.seq.Turn(n.Cubelet) {
			was, now = now, was
		}
		fmt.Fprintf(w, "    cubelet %d as a %s, not a %s: %v, %s\n", n.Cubelet+1, now, was, n.Snake, stats.Plural(n.Solutions, "solution"))
	}
	return nil
}
