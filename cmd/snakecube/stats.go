package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/symmetry"
)

func runStats(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.Box{})
	format := fs.String("format", "text", "")
	svg := fs.String("svg", "", "")
	rateAll := fs.Bool("rate", false, "")
	workers := cli.WorkersVar(fs)
	rest, err := cli.ParseFlags(fs, e, statsUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if *svg == "" && cli.Given(fs, "svg") {
		return cli.BadUsage(e, statsUsage, `-svg "": want a file name, or - for standard output`)
	}
	if len(rest) != 1 {
		return cli.BadUsage(e, statsUsage, "stats takes one FILE, got %d arguments", len(rest))
	}
	write, ok := map[string]func(*stats.Stats, io.Writer) error{
		"text": (*stats.Stats).WriteText,
		"json": (*stats.Stats).WriteJSON,
		"csv":  (*stats.Stats).WriteCSV,
	}[*format]
	if !ok {
		return cli.BadUsage(e, statsUsage, "-format %q: want text, json or csv", *format)
	}
	if *svg != "" && e.SameFile(rest[0], *svg) {
		return cli.UsageError{Err: fmt.Errorf("-svg %s is the catalogue being read: it would be overwritten", *svg)}
	}
	name, r, closeFile, err := catalog.OpenArg(e.Stdin, rest[0])
	if err != nil {
		return err
	}
	defer closeFile()
	opts := stats.Options{Box: *box, Rate: *rateAll, Workers: int(*workers)}
	if *rateAll && cli.Terminal(e.Stderr) {
		opts.Progress = cli.Progress(e.Stderr, "rating")
		opts.ScaleProgress = cli.Progress(e.Stderr, "the box's scale")
	}
	st, err := stats.Compute(ctx, r, opts)
	if err := cli.ReadFailed(e, name, "snakecube verify "+rest[0]+" lists every problem", err); err != nil {
		return err
	}
	if *svg != "" {
		if _, err := e.WriteOutput(*svg, st.WriteSVG); err != nil {
			return err
		}
	}
	if *svg == "-" {
		return nil
	}
	return write(st, e.Stdout)
}
