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
	"github.com/snakecube/snakecube/symmetry"
)

// designDraws bounds -draws.
const maxDesignSolutions = 1_000_000

func runDesign(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("design", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.MustParseBox("3x3x3"))
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
	workers := cli.WorkersVar(fs)
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
	o := design.Options{Box: *box, Workers: int(*workers)}
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
