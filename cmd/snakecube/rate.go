package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/snakecube/snakecube/internal/answer"
	"github.com/snakecube/snakecube/internal/batch"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/design"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/kit"
	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

const rateUsage = `Usage:
  snakecube rate [-size N|AxBxC] [-notation NAME] [-format text|json|svg]
                 [-kit DIR [-cube MM] [-hole MM] [-force]] [-j N] [SNAKE...]

Rates how hard each snake is to fold by hand. Its difficulty is the
number of cubelets a person places, in expectation, before the snake is
folded, by the natural strategy: start from one end, put cubelet 1 in a
cell drawn at random, then each next cubelet in a free cell next to the
last that the snake allows (straight on after a straight, across after a
turn), drawn at random, and on a dead end take back the last placement
and try another. It is computed exactly over the strategy's whole search
tree, from each end; the difficulty is the mean of the two, as a person
picks an end at random.

The level, 1 to 10, places the difficulty among the 11,487 snakes of the
3x3x3 catalogue: level k holds the k-th tenth of them from the easiest,
in every box, so a snake harder than every 3x3x3 snake is at 10. Also
printed: the snake's solutions, counted once up to the box's rotations
and reflections and up to reading the snake from its other end; each
end's search tree, every placement of the whole search; and the share of
forced placements, those where the snake left one free cell, among the
placements expected. docs/CONVENTIONS.md has the definitions.

A 3x3x3 snake is rated in milliseconds, the whole 3x3x3 catalogue in
some seconds of each core; in the 4x4x4 snakes tried so far each end's
tree held 10^8 to 3x10^10 placements, and a snake took 1 to 25 s of a core;
one snake given as an argument shows a bar on a terminal while it is rated.

Snakes are typed in any notation solve reads (snakecube solve -h lists
them); with no SNAKE, or "-", they are read from standard input, one per
line, and rated as they are read, in the order of the lines; a bad line
stops the run there. The svg sheet draws at most 1000 snakes.

Flags:
  -size N|AxBxC    the box (default: from the snake's length)
  -notation NAME   the notation, as solve takes it (default: detect)
  -format FORMAT   text (default); json: an object a line, {"snake", "box",
                   "solutions", "level", "difficulty", "forcedShare",
                   "ends": [{"from", "expected", "expectedForced",
                   "treeNodes", "forcedNodes", "foldings"}]}, "from" the
                   cubelet the search starts from, difficulty and level
                   null and 0 for a snake with no solution; svg: a maker's
                   sheet to print, A4: the chain cubelet by cubelet to
                   build the puzzle, then the solution on pages of its own
  -kit DIR         also write the snake's maker's kit into DIR, as snakecube
                   kit does, for one snake; -cube, -hole and -force as kit
                   takes them
  -j N             search with N goroutines (default: all cores)

Examples:
  $ snakecube rate 001110110111010111101010100
  $ snakecube rate -format json < snakes.txt
  $ snakecube rate -format svg 001110110111010111101010100 > classic-sheet.svg
`

func runRate(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("rate", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	var nota notation.Notation
	fs.Var(&nota, "notation", "")
	format := fs.String("format", "text", "")
	kitDir := fs.String("kit", "", "")
	var kf kitFlags
	kf.add(fs)
	workers := workersVar(fs)
	rest, err := cli.ParseFlagsArgs(fs, e, rateUsage, args, snakeArg)
	if err != nil {
		return cli.HelpOK(err)
	}
	g, err := kf.checked(fs, e, rateUsage, *kitDir)
	if err != nil {
		return err
	}
	var kitted *rated // the snake of -kit
	switch *format {
	case "text", "json", "svg":
	default:
		return cli.BadUsage(e, rateUsage, "-format %q: want text, json or svg", *format)
	}
	f := batch.Options{Input: input.Options{Notation: nota, Box: box.box, SizeHint: "-size AxBxC", NotationFlag: "-notation"}, Workers: int(*workers)}
	out := bufio.NewWriter(e.Stdout)
	var sheets []design.Sheet
	// One snake given as an argument gets a bar on a terminal: a big
	// box's rating takes seconds. Snakes rated side by side would draw
	// over each other's.
	bar := len(rest) == 1 && !batch.FromStdin(rest) && cli.Terminal(e.Stderr)
	n, err := batch.Each(ctx, e.Stdin, rest, f, nil, func(ctx context.Context, it batch.Item, workers int) (rated, error) {
		var prog func(done, total int)
		if bar {
			prog = cli.Progress(e.Stderr, "rating")
		}
		return rateSnake(ctx, it.Snake.Box, it.Snake.Seq, workers, *format == "svg", prog)
	}, func(it batch.Item, r rated) error {
		for _, note := range it.Snake.Notes() {
			e.Warnf("%s: %s", it.Where, note)
		}
		if *kitDir != "" {
			if kitted != nil {
				return cli.UsageError{Err: fmt.Errorf("%s: -kit writes one snake's kit, and this is a second snake", it.Where)}
			}
			kitted = &r
		}
		switch *format {
		case "json":
			writeRatingJSON(out, r)
		case "svg":
			if len(sheets) == answer.MaxDrawn {
				return answer.TooManyDrawn(it.Where, "svg")
			}
			sheets = append(sheets, r.sheet)
		default:
			writeRating(out, r)
		}
		return nil
	}, out.Flush)
	if err != nil {
		return err
	}
	if n == 0 {
		return cli.BadUsage(e, rateUsage, "no snake given")
	}
	if *format == "svg" {
		if err := design.WriteSheet(ctx, out, sheets); err != nil {
			return err
		}
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if kitted != nil {
		k, err := kit.Make(ctx, *kitDir, kf.force, kitted.Box, kitted.Seq, &kitted.Rating, kit.Options{Geometry: g, Workers: f.Workers})
		if errors.Is(err, kit.ErrNoSolution) {
			return fmt.Errorf("-kit %s: snake %v: %w", *kitDir, kitted.Seq, err)
		}
		if err != nil {
			return err
		}
		e.Warnf("the kit of puzzle %s is in %s", k.ID(), *kitDir)
	}
	return nil
}

// rated is a snake rated, with its number of solutions, and when asked
// for, its maker's sheet.
type rated struct {
	rate.Rating
	solutions uint64
	sheet     design.Sheet
}

// rateSnake rates snake q of box b on the given number of goroutines and
// counts its solutions, or makes its maker's sheet when sheet is set;
// progress, when set, follows the rating.
func rateSnake(ctx context.Context, b symmetry.Box, q solver.Seq, workers int, sheet bool, progress func(done, total int)) (rated, error) {
	r, err := rate.Rate(ctx, b, q, rate.Options{Workers: workers, Progress: progress})
	if err != nil {
		return rated{}, err
	}
	a := rated{Rating: r}
	if sheet {
		a.sheet, err = design.NewSheet(ctx, b, q, &r, workers)
		a.solutions = a.sheet.Total
		return a, err
	}
	c, err := solver.CountSolutions(ctx, b, q, solver.Options{Workers: workers})
	if err != nil {
		return rated{}, err
	}
	a.solutions = c.Solutions
	return a, nil
}

// levelText says where a rating stands on the scale.
func levelText(r rate.Rating) string {
	s := fmt.Sprintf("level %d of %d", r.Level(), rate.Levels)
	switch d := r.Difficulty(); {
	case d > rate.Scale().Hardest:
		s += ", harder than every 3x3x3 snake"
	case d < rate.Scale().Easiest:
		s += ", easier than every 3x3x3 snake"
	}
	return s
}

// writeRating writes a rating for a person.
func writeRating(w io.Writer, r rated) {
	q := r.Seq
	fmt.Fprintf(w, "snake %v (%d cubelets, %v box): %s\n", q, q.Len, r.Box, words.Plural(int(r.solutions), "solution"))
	if !r.Foldable() {
		fmt.Fprintf(w, "  no solution: the whole search from cubelet 1 places %s cubelets, from cubelet %d %s\n",
			words.Thousands(int(r.Ends[0].Nodes)), q.Len, words.Thousands(int(r.Ends[1].Nodes)))
		return
	}
	fmt.Fprintf(w, "  difficulty        %s: %s placements expected, %s forced\n", levelText(r.Rating), amount(r.Difficulty()), percent(r.ForcedShare()))
	width := max(len(amount(r.Ends[0].Expected)), len(amount(r.Ends[1].Expected)))
	for k, end := range r.Ends {
		from := 1
		if k == 1 {
			from = q.Len
		}
		fmt.Fprintf(w, "  from cubelet %-2d   %*s placements expected, %s forced; a search tree of %s placements\n",
			from, width, amount(end.Expected), percent(end.ExpectedForced/end.Expected), words.Thousands(int(end.Nodes)))
	}
}

// amount writes a number of placements for a person: whole, with
// thousands separated.
func amount(x float64) string { return words.Thousands(int(math.Round(x))) }

// percent writes a share as a whole percentage.
func percent(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }

// writeRatingJSON writes a rating as a line of JSON.
func writeRatingJSON(w io.Writer, r rated) {
	j := r.JSON(r.solutions)
	b, _ := json.Marshal(j) // plain numbers and strings
	w.Write(append(b, '\n'))
}
