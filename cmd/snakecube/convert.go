package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/words"
)

const convertUsage = `Usage:
  snakecube convert [-size N|AxBxC] [-format json|jsonl|parquet|csv] [-snakes] IN OUT

Reads the catalogue IN, JSON, JSONL or Parquet told by its content, checks
it as stats does, and writes it to OUT in another format: the bytes
enumerate writes in that format. With -snakes it writes the table of
snakes instead, one row per snake: box, key, solutions, straights,
palindrome. A file snakecube wrote goes from one format to another and
back to the same bytes. IN "-" reads standard input, OUT "-" writes
standard output.

Flags:
  -format FORMAT  json, jsonl, parquet, or csv (with -snakes); by default
                  OUT's extension: .json, .jsonl, .parquet, .csv
  -snakes         the table of snakes (csv or parquet) instead of the
                  catalogue
  -size N|AxBxC   the box, needed only when IN does not tell it

Examples:
  $ snakecube convert solutions.json solutions.parquet
  $ snakecube convert -snakes solutions.parquet snakes.csv
  $ snakecube convert -format jsonl cat.parquet - | head -3
`

func runConvert(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
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
	f := *format
	if f == "" {
		var ok bool
		if f, ok = formatOfName(out); !ok {
			return cli.BadUsage(e, convertUsage, "OUT %s: give the format with -format, or a name ending in .json, .jsonl, .parquet or .csv", out)
		}
		*snakes = *snakes || f == "csv"
	}
	opts, _, err := outputOptions(f, *snakes)
	if err != nil {
		return cli.BadUsage(e, convertUsage, "%v", err)
	}
	if e.SameFile(in, out) {
		return cli.UsageError{Err: fmt.Errorf("%s is the catalogue being read: it would be overwritten", out)}
	}
	name, r, closeFile, err := openInput(e, in)
	if err != nil {
		return err
	}
	defer closeFile()
	var c catalog.Converted
	_, err = e.WriteOutput(out, func(w io.Writer) error {
		var err error
		c, err = catalog.Convert(ctx, w, r, catalog.Options{Box: box.box}, opts)
		return err
	})
	if err := readFailed(e, name, "snakecube verify "+in+" lists every problem", err); err != nil {
		return err
	}
	what := "the catalogue"
	if *snakes {
		what = "the table of snakes"
	}
	e.Warnf("%s: %v, %s, %s; wrote %s as %v to %s", name, c.Format, words.Plural(c.Snakes, "snake"), words.Plural(c.Solutions, "solution"), what, opts.Format, out)
	return nil
}
