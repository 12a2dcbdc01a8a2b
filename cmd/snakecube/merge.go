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
	"github.com/snakecube/snakecube/symmetry"
)

func runMerge(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.Box{})
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
	opts := shards.Options{Box: *box}
	what := "-format"
	if *format == "" && *out != "-" {
		if f, ok := export.FormatOfName(*out); ok {
			*format, what = f.String(), "-o "+*out
		}
	}
	if *format != "" {
		o, err := export.NewOptions(*format, false)
		if err != nil {
			return cli.BadUsage(e, mergeUsage, "%s: %v", what, err)
		}
		opts.Format = &o.Format
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
