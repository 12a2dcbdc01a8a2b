package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/design"
	"github.com/snakecube/snakecube/internal/kit"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/words"
)

const designUsage = `Usage:
  snakecube design [-size N|AxBxC] [-n N] [-seed S] [-solutions K] [-difficulty LO:HI]
                   [-draws N] [-format text|json|svg|html] [-o FILE]
                   [-kit DIR [-cube MM] [-hole MM] [-force]] [-j N]

Makes N distinct snake puzzles for a box of up to 64 cells, each with
exactly K solutions (one by default: a puzzle with a unique answer) and,
with -difficulty, a level from LO to HI on the box's 1 to 10 scale of a
person's difficulty, as rate gives it. Every
snake is checked by the exact solver before it is printed. The same
options give the same snakes, whatever -j.

Snakes are drawn from random foldings: draw k of seed S starts from the
box's boustrophedon and makes 10 L^2 backbite moves (L the cubelets),
drawn from a generator seeded by S and k, and takes the snake of the
Hamiltonian path it reaches. Draws are tried in order and kept when new
and as asked for. The moves make every Hamiltonian path about as likely,
so a snake comes out in proportion to the paths that fold it: every snake
with K solutions equally often, but for palindromes whose solution read
backwards is itself, half as often.

For a box of at most 27 cells, design enumerates the box first, and a
request that its snakes cannot meet fails at once. For a bigger box it
gives up after -draws draws, or, without -draws, once the draws meet
only snakes found before, again and again, or once 20 snakes with K
solutions were all at other levels. Either way it exits with status 1
and says what it found. On a 4x4x4 box a unique-solution puzzle takes a
few seconds; with -difficulty each snake with K solutions is also rated,
some seconds more: two puzzles at levels 1 to 3, or 8 to 10, take a few
minutes on 2 cores. On a terminal a bar shows the draws, and for svg and
html then the sheets.

Flags:
  -size N|AxBxC    the box (default 3x3x3)
  -n N             how many snakes, 1 to 100000, 1000 for svg or html
                   (default 1)
  -seed S          the seed of the draws, 0 to 18446744073709551615
                   (default 1)
  -solutions K     how many solutions each snake has, 1 to 1000000
                   (default 1)
  -difficulty LO:HI
                   the levels, 1 <= LO <= HI <= 10; N alone is N:N
                   (default any)
  -draws N         give up after N draws, 1 to 2^40 (default 1,000,000 +
                   1,000 N for a box of at most 27 cells, else 2,000 + 200 N)
  -format FORMAT   text (default): a line a snake, its key, solutions,
                   level, placements expected and runs, after a # line;
                   json: an object a line, {"snake", "box", "solutions",
                   "draw", "runs", "letters", and when rated "level",
                   "difficulty", "easier"}, as rate gives them; svg: a
                   maker's sheet to print, A4, a page a puzzle with its
                   chain cubelet by cubelet, then the solutions on pages
                   of their own; html: the same as one page to print or
                   read on a phone
  -o FILE          write to FILE, replaced only once the whole output is
                   written (default -, standard output)
  -kit DIR         also write the snake's maker's kit into DIR, as snakecube
                   kit does, with -n 1; -cube, -hole and -force as kit takes
                   them, and the puzzle's id gives the seed and the draw
  -j N             check N draws at once (default: all cores)

Snakes of 3x3x3 and of a box of at most 20 cells are rated whatever
-difficulty, as it takes milliseconds; others only with -difficulty, as
the box's scale of difficulty may take seconds to make, or the rating
itself.

Examples:
  $ snakecube design -size 3 -n 5
  $ snakecube design -size 4 -n 10 -seed 7 > puzzles.txt
  $ snakecube design -size 3 -difficulty 8:10 -format svg > hard.svg
  $ snakecube design -size 2x3x4 -solutions 2 -format json
`

// designDraws bounds -draws.
const maxDesignSolutions = 1_000_000

func runDesign(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("design", flag.ContinueOnError)
	box := defaultBox()
	fs.Var(box, "size", "")
	n := fs.String("n", "1", "")
	seed := fs.String("seed", "1", "")
	sols := fs.String("solutions", "1", "")
	diff := fs.String("difficulty", "", "")
	draws := fs.String("draws", "", "")
	format := fs.String("format", "text", "")
	outPath := fs.String("o", "-", "")
	kitDir := fs.String("kit", "", "")
	var kf kitFlags
	kf.add(fs)
	workers := workersVar(fs)
	rest, err := cli.ParseFlags(fs, e, designUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	g, err := kf.checked(fs, e, designUsage, *kitDir)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return cli.BadUsage(e, designUsage, "design takes no arguments, got %q", rest[0])
	}
	o := design.Options{Box: box.box, Workers: int(*workers)}
	bad := func(format string, args ...any) error { return cli.BadUsage(e, designUsage, format, args...) }
	if o.N, err = intIn(*n, 1, design.MaxN); err != nil {
		return bad("-n %q: %v snakes", *n, err)
	}
	if o.Seed, err = strconv.ParseUint(*seed, 10, 64); err != nil {
		return bad("-seed %q: want a whole number from 0 to %d", *seed, uint64(1<<64-1))
	}
	if o.Solutions, err = intIn(*sols, 1, maxDesignSolutions); err != nil {
		return bad("-solutions %q: %v solutions", *sols, err)
	}
	if *diff != "" {
		if o.Lo, o.Hi, err = design.ParseLevels(*diff); err != nil {
			return bad("-difficulty %q: %v", *diff, err)
		}
	}
	if *draws != "" {
		if o.Draws, err = intIn(*draws, 1, design.MaxDraws); err != nil {
			return bad("-draws %q: %v draws", *draws, err)
		}
	}
	if !slices.Contains(design.Formats, *format) {
		return bad("-format %q: want text, json, svg or html", *format)
	}
	if *kitDir != "" && o.N != 1 {
		return bad("-kit writes one puzzle's kit: give -n 1, not %d", o.N)
	}
	if dw := design.NewWriter(nil, o, *format); dw.Sheet() && o.N > maxSheets {
		return bad("-n %d: a maker's sheet holds %d puzzles at most; -format text or json lists more", o.N, maxSheets)
	}
	o.Rate = o.Box.Len() <= design.CatalogueCells && rate.QuickScale(o.Box)
	dst := io.Writer(e.Stdout)
	var file *atomicfile.File
	if *outPath != "-" {
		if file, err = atomicfile.Create(*outPath); err != nil {
			return err
		}
		defer file.Abort() // a run that fails leaves no half-written file
		dst = file
	}
	out := bufio.NewWriter(dst)
	dw := design.NewWriter(out, o, *format)
	var first *design.Snake // the snake of -kit
	// A terminal shows a bar of the draws, cleared while a line is
	// written, and then of the sheets.
	term := cli.Terminal(e.Stderr)
	bar := cli.NewBar(e.Stderr, "draws")
	if term {
		o.Progress = bar.Step
		o.Scale = cli.Progress(e.Stderr, fmt.Sprintf("the %v scale", o.Box))
	}
	_, err = design.Run(ctx, o, func(s design.Snake) error {
		if first == nil {
			first = &s
		}
		bar.Clear()
		if err := dw.Write(s); err != nil || dw.Sheet() {
			return err
		}
		return out.Flush()
	})
	bar.Finish()
	var im *design.Impossible
	var ex *design.Exhausted
	if errors.As(err, &im) || errors.As(err, &ex) {
		out.Flush()
		e.Warnf("%v", err)
		if ex != nil {
			e.Warnf("hint: -draws %d tries that many draws, all of them; another -seed draws others", 10*ex.Draws)
		}
		return cli.ErrReported
	}
	if err != nil {
		return err
	}
	if *kitDir != "" {
		ko := kit.Options{Geometry: g, Designed: true, Seed: o.Seed, Draw: first.Draw, Workers: o.Workers}
		if err := kf.write(ctx, e, *kitDir, o.Box, first.Key, first.Rating, ko); err != nil {
			return err
		}
	}
	var drawing func(done, total int)
	if term {
		drawing = cli.Progress(e.Stderr, "rating and drawing")
	}
	if err := dw.Close(ctx, int(*workers), drawing); err != nil {
		return err
	}
	if err := out.Flush(); err != nil || file == nil {
		return err
	}
	return file.Commit()
}

// maxSheets bounds the puzzles of a maker's sheet: each is a page, and
// its solutions some more, kept until the sheet is written.
const maxSheets = 1000

// intIn reads a whole number from lo to hi.
func intIn(s string, lo, hi int) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v < lo || v > hi {
		return 0, fmt.Errorf("want %s to %s", words.Thousands(lo), words.Thousands(hi))
	}
	return v, nil
}
