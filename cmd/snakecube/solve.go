package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/snakecube/snakecube/internal/answer"
	"github.com/snakecube/snakecube/internal/batch"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/notation"
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
	opts input.Options
	answer.Options
}

// batch returns the options of the snakes' batch.
func (f solveFlags) batch() batch.Options {
	return batch.Options{Input: f.opts, Workers: f.Workers, Streams: f.Streams()}
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
	case *most < 1 || *most > answer.MaxShown:
		return cli.BadUsage(e, solveUsage, "-max %d: want 1 to %d solutions a snake", *most, answer.MaxShown)
	}
	f := solveFlags{opts: input.Options{Notation: nota, Box: box.box, SizeHint: "-size AxBxC", NotationFlag: "-notation"}, Options: answer.Options{Format: *format, Count: *count, Most: *most, Workers: int(*workers)}}
	if f.Format == "text" && batch.FromStdin(rest) && cli.Terminal(e.Stdin) {
		return solveTyped(ctx, e, f)
	}
	o := answer.NewWriter(e.Stdout, e.Warnf, f.Options)
	n, err := batch.Each(ctx, e.Stdin, rest, f.batch(), o.OneBox, func(ctx context.Context, it batch.Item, workers int) (answer.Answer, error) {
		return answer.Solve(ctx, it.Snake, f.Options, workers)
	}, func(it batch.Item, a answer.Answer) error {
		return o.Write(ctx, it, a)
	}, o.Flush)
	if err != nil {
		return err
	}
	if n == 0 {
		return cli.BadUsage(e, solveUsage, "no snake given")
	}
	return o.Close(ctx)
}

// solveTyped solves the snakes typed at a terminal as they come: each
// line is answered before the next is read, and a line that cannot be
// read is told on standard error and the next one awaited, where a file
// of snakes stops at its first bad line. At the end of input it returns
// a usage error if some line was bad.
func solveTyped(ctx context.Context, e cli.Env, f solveFlags) error {
	o := answer.NewWriter(e.Stdout, e.Warnf, f.Options)
	bad, err := batch.Typed(ctx, e.Stdin, f.batch(), func(err error) { e.Warnf("%v", err) }, func(it batch.Item) error {
		a, err := answer.Solve(ctx, it.Snake, f.Options, f.Workers)
		if err != nil {
			return fmt.Errorf("%s: %w", it.Where, err)
		}
		if err := o.Write(ctx, it, a); err != nil {
			return err
		}
		return o.Flush()
	})
	if err != nil {
		return err
	}
	if err := o.Close(ctx); err != nil {
		return err
	}
	if bad > 0 {
		return cli.UsageError{Err: fmt.Errorf("%d of the lines typed could not be read as a snake", bad)}
	}
	return nil
}
