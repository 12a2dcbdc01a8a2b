package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/shards"
)

const mergeUsage = `Usage:
  snakecube merge [-size N|AxBxC] [-format json|jsonl|parquet] -o FILE PART...

Joins the N parts written by "enumerate -shard I/N", all of them, in any
order and any format, into one catalogue: the same bytes as a single
run. It refuses parts of different boxes, parts that overlap, a part
missing, a single part, and an output file that is one of the parts.

A part does not record its shard I/N, only its snakes: merge takes the
parts for the N shards of a run, N their number, and checks that each
holds the snakes of one shard of N. When they do not, it names the shards
missing from the fewest shards, up to 2N (at least 8), of which the
parts are each one. Parts that happen to be the shards of a smaller run
than the one they came from cannot be told from it.

Flags:
  -o FILE         write the catalogue to FILE, "-" for standard output
  -format FORMAT  json, jsonl or parquet; by default FILE's extension,
                  .json, .jsonl or .parquet, else the first part's
  -size N|AxBxC   the box, needed only when the parts do not tell it

Examples:
  $ for i in 1 2 3 4; do snakecube enumerate -shard $i/4 -o part$i.json; done
  $ snakecube merge -o solutions.json part*.json
`

func runMerge(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	out := fs.String("o", "", "")
	format := fs.String("format", "", "")
	names, err := cli.ParseFlags(fs, e, mergeUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if *out == "" {
		return cli.BadUsage(e, mergeUsage, "-o FILE is required")
	}
	if len(names) == 0 {
		return cli.BadUsage(e, mergeUsage, "no part given")
	}
	opts := shards.Options{Box: box.box}
	what := "-format"
	if *format == "" && *out != "-" {
		if f, ok := formatOfName(*out); ok {
			*format, what = f, "-o "+*out
		}
	}
	if *format != "" {
		f, err := export.ParseFormat(*format)
		if err == nil {
			err = export.Options{Format: f}.Check()
		}
		if err != nil {
			return cli.BadUsage(e, mergeUsage, "%s: %v", what, err)
		}
		opts.Format = &f
	}
	for _, name := range names {
		if e.SameFile(name, *out) {
			return cli.UsageError{Err: fmt.Errorf("%s is a part being read: it would be overwritten", *out)}
		}
	}
	parts := make([]shards.Part, len(names))
	for k, name := range names {
		f, err := catalog.OpenFile(name)
		if err != nil {
			return err
		}
		defer f.Close()
		parts[k] = shards.Part{Name: name, R: f}
	}
	_, err = e.WriteOutput(*out, func(w io.Writer) error {
		return shards.Merge(ctx, w, parts, opts)
	})
	if errors.Is(err, shards.ErrNoBox) {
		return cli.UsageError{Err: fmt.Errorf("%w with -size", err)}
	}
	return err
}
