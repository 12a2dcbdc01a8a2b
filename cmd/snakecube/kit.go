package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"

	"github.com/snakecube/snakecube/internal/batch"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/kit"
	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// kitFlags are the flags of a kit: kit's own, and design's and rate's
// -kit.
type kitFlags struct {
	cube, hole string
	force      bool
}

// add defines -cube, -hole and -force on fs.
func (k *kitFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&k.cube, "cube", strconv.FormatFloat(kit.DefaultCube, 'g', -1, 64), "")
	fs.StringVar(&k.hole, "hole", strconv.FormatFloat(kit.DefaultHole, 'g', -1, 64), "")
	fs.BoolVar(&k.force, "force", false, "")
}

func runKit(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("kit", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.Box{})
	var nota notation.Notation
	fs.Var(&nota, "notation", "")
	var kf kitFlags
	kf.add(fs)
	dir := fs.String("o", "kit", "")
	workers := cli.WorkersVar(fs)
	rest, err := cli.ParseFlagsArgs(fs, e, kitUsage, args, snakeArg)
	if err != nil {
		return cli.HelpOK(err)
	}
	switch {
	case len(rest) == 0:
		return cli.BadUsage(e, kitUsage, "no snake given")
	case len(rest) > 1:
		return cli.BadUsage(e, kitUsage, "kit takes one snake, got %d", len(rest))
	}
	g, err := kf.checked(fs, e, kitUsage, *dir)
	if err != nil {
		return err
	}
	f := batch.Options{Input: input.Options{Notation: nota, Box: *box, SizeHint: "-size AxBxC"}, Workers: int(*workers)}
	it := batch.Item{Text: rest[0], Where: "snake"}
	if err := it.Read(ctx, f); err != nil {
		return err
	}
	for _, n := range it.Snake.Notes() {
		e.Warnf("%s: %s", it.Where, n)
	}
	k, err := kit.Make(ctx, *dir, kf.force, it.Snake.Box, it.Snake.Seq, nil, kit.Options{Geometry: g, Workers: f.Workers})
	if errors.Is(err, kit.ErrNoSolution) {
		e.Warnf("%s: %v: %v", it.Where, it.Snake.Seq, err)
		a, err := input.Advise(ctx, it.Snake, f.Workers)
		if err != nil {
			return err
		}
		for _, l := range append(a.Lines(it.Snake), a.ReadingLines(it.Snake)...) {
			e.Warnf("  %s", l)
		}
		return cli.ErrReported
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "kit of puzzle %s in %s:\n", k.ID(), *dir)
	for _, l := range k.Contents() {
		fmt.Fprintf(e.Stdout, "  %s\n", l)
	}
	return nil
}

// checked reads -cube and -hole for design's and rate's -kit DIR, and
// refuses them, and -force, without it: a usage error, after the usage
// text.
func (k *kitFlags) checked(fs *flag.FlagSet, e cli.Env, usage, dir string) (kit.Geometry, error) {
	if dir == "" {
		if cli.Given(fs, "cube", "hole", "force") {
			return kit.Geometry{}, cli.BadUsage(e, usage, "-cube, -hole and -force go with -kit DIR")
		}
		return kit.Geometry{}, nil
	}
	g, err := kit.ParseGeometry(k.cube, k.hole)
	if err != nil {
		err = cli.UsageError{Err: err}
		fmt.Fprint(e.Stderr, usage)
		return g, err
	}
	return g, kit.Replaceable(dir, k.force)
}

// write writes the kit of snake q of box b, rated r, into dir for
// design's and rate's -kit DIR, and says where.
func (k *kitFlags) write(ctx context.Context, e cli.Env, dir string, b symmetry.Box, q solver.Seq, r *rate.Felt, o kit.Options) error {
	made, err := kit.Make(ctx, dir, k.force, b, q, r, o)
	if errors.Is(err, kit.ErrNoSolution) {
		return fmt.Errorf("-kit %s: snake %v: %w", dir, q, err)
	}
	if err == nil {
		e.Warnf("the kit of puzzle %s is in %s", made.ID(), dir)
	}
	return err
}
