package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/symmetry"
)

func runConvert(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.Box{})
	format := fs.String("format", "", "")
	snakes := fs.Bool("snakes", false, "")
	rest, err := cli.ParseFlagsArgs(fs, e, convertUsage, args, func(a string) bool { return a == "-" })
	if err != nil {
		return cli.HelpOK(err)
	}
	if len(rest) != 2 {
		return cli.BadUsage(e, convertUsage, "convert takes IN and OUT, got %d arguments", len(rest))
	}
	in, out := rest[0], rest[1]
	if *format == "" {
		f, ok := export.FormatOfName(out)
		if !ok {
			return cli.BadUsage(e, convertUsage, "OUT %s: give the format with -format, or a name ending in .json, .jsonl, .parquet or .csv", out)
		}
		*format, *snakes = f.String(), *snakes || f == export.FormatCSV
	}
	opts, err := export.NewOptions(*format, *snakes)
	if err != nil {
		return cli.BadUsage(e, convertUsage, "-format: %v", err)
	}
	if e.SameFile(in, out) {
		return cli.UsageError{Err: fmt.Errorf("%s is the catalogue being read: it would be overwritten", out)}
	}
	name, r, closeFile, err := catalog.OpenArg(e.Stdin, in)
	if err != nil {
		return err
	}
	defer closeFile()
	var c catalog.Converted
	_, err = e.WriteOutput(out, func(w io.Writer) error {
		var err error
		c, err = catalog.Convert(ctx, w, r, catalog.Options{Box: *box}, opts)
		return err
	})
	if err := cli.ReadFailed(e, name, "snakecube verify "+in+" lists every problem", err); err != nil {
		return err
	}
	what := "the catalogue"
	if *snakes {
		what = "the table of snakes"
	}
	e.Warnf("%s: %v, %s, %s; wrote %s as %v to %s", name, c.Format, words.Plural(c.Snakes, "snake"), words.Plural(c.Solutions, "solution"), what, opts.Format, out)
	return nil
}
