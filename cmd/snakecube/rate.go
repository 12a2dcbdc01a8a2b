package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/snakecube/snakecube/internal/answer"
	"github.com/snakecube/snakecube/internal/batch"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/design"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/kit"
	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/symmetry"
)

func runRate(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("rate", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.Box{})
	var nota notation.Notation
	fs.Var(&nota, "notation", "")
	format := fs.String("format", "text", "")
	kitDir := fs.String("kit", "", "")
	var kf kitFlags
	kf.add(fs)
	workers := cli.WorkersVar(fs)
	rest, err := cli.ParseFlagsArgs(fs, e, rateUsage, args, snakeArg)
	if err != nil {
		return cli.HelpOK(err)
	}
	g, err := kf.checked(fs, e, rateUsage, *kitDir)
	if err != nil {
		return err
	}
	switch *format {
	case "text", "json", "svg":
	default:
		return cli.BadUsage(e, rateUsage, "-format %q: want text, json or svg", *format)
	}
	f := batch.Options{Input: input.Options{Notation: nota, Box: *box, SizeHint: "-size AxBxC", NotationFlag: "-notation"}, Workers: int(*workers)}
	out := bufio.NewWriter(e.Stdout)
	var sheets []design.Sheet
	var kitted *rate.Felt // the snake of -kit
	// One snake given as an argument gets a spinner while it is rated;
	// snakes rated side by side a count, when their lines do not go to
	// the terminal the bar is drawn on.
	term := cli.Terminal(e.Stderr)
	one := len(rest) == 1 && !batch.FromStdin(rest)
	var count *cli.Bar
	total := len(rest) // -1: a count with no end, of standard input's lines
	if batch.FromStdin(rest) {
		total = -1
	}
	if term && !one && !cli.Terminal(e.Stdout) {
		count = cli.NewBar(e.Stderr, "snakes rated")
		defer count.Finish()
	}
	n, err := batch.Each(ctx, e.Stdin, rest, f, nil, func(ctx context.Context, it batch.Item, workers int) (rated, error) {
		var scale func(done, total int)
		if term {
			scale = cli.Progress(e.Stderr, fmt.Sprintf("the %v scale", it.Snake.Box))
		}
		if _, err := rate.ScaleOf(ctx, it.Snake.Box, workers, scale); err != nil {
			return rated{}, err
		}
		if term && one {
			defer cli.Spin(e.Stderr, "rating")()
		}
		return rateSnake(ctx, it, workers, *format == "svg")
	}, func(it batch.Item, r rated) error {
		for _, note := range append(it.Snake.Notes(), r.help...) {
			e.Warnf("%s: %s", it.Where, note)
		}
		if count != nil {
			count.Step(0, total)
		}
		if *kitDir != "" {
			if kitted != nil {
				return cli.UsageError{Err: fmt.Errorf("%s: -kit writes one snake's kit, and this is a second snake", it.Where)}
			}
			kitted = &r.Felt
		}
		switch *format {
		case "json":
			return writeJSONLine(out, r.JSON())
		case "svg":
			if len(sheets) == answer.MaxDrawn {
				return answer.TooManyDrawn(it.Where, "svg")
			}
			sheets = append(sheets, r.sheet)
			return nil
		}
		return r.WriteText(out)
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
		return kf.write(ctx, e, *kitDir, kitted.Box, kitted.Seq, kitted, kit.Options{Geometry: g, Workers: f.Workers})
	}
	return nil
}

// rated is a snake rated for a person, with its maker's sheet when asked
// for, and solve's help when it does not fold.
type rated struct {
	rate.Felt
	sheet design.Sheet
	help  []string
}

// rateSnake rates the snake of it on the given number of goroutines, and
// makes its maker's sheet when sheet is set.
func rateSnake(ctx context.Context, it batch.Item, workers int, sheet bool) (rated, error) {
	s := it.Snake
	var a rated
	var err error
	if a.Felt, a.sheet, err = design.RateSheet(ctx, s.Box, s.Seq, workers, sheet); err != nil || a.Foldable() {
		return a, err
	}
	adv, err := input.Advise(ctx, s, workers)
	a.help = append(adv.Lines(s), adv.ReadingLines(s)...)
	return a, err
}

// writeJSONLine writes v as a line of JSON.
func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
