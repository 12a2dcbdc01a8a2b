package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
)

const enumerateUsage = `Usage:
  snakecube enumerate [-size N|AxBxC] [-o FILE] [-format json|jsonl|parquet] [-snakes] [-prefix P | -shard I/N] [-count] [-j N] [-quiet]

Finds every snake that folds into the box and all its solutions, and writes
the catalogue: keys ascending, solutions in canonical form. Solutions are
counted once up to the box's rotations and reflections and up to reading
the snake from its other end.

Memory is bounded: each goroutine holds one section of the catalogue at a
time, of at most 16,777,216 solutions (about 3.8 GB at the peak), and a
section with more stops the run, such a catalogue being too big to write;
with -count, a table of at most 67,108,864 snakes (about 5 GB at the
peak), and a section with more is counted as the sections four cubelets
below it.

Flags:
  -size N|AxBxC   the box, up to 64 cells (default 3, the 3x3x3 cube)
  -o FILE         write the catalogue to FILE, "-" for standard output
                  (default solutions.json, or solutions.jsonl or
                  solutions.parquet in those formats; snakes.csv or
                  snakes.parquet with -snakes; standard output with -count)
  -format FORMAT  json, one object (default); jsonl, a line {"box":BOX}
                  then one line per snake, {"snake":KEY,"solutions":[...]};
                  parquet, one row per solution (docs/CONVENTIONS.md)
  -snakes         write the table of snakes instead, one row per snake: box,
                  key, solutions, straights, palindrome; -format csv
                  (default) or parquet
  -prefix P       only the section of snakes whose keys start with P (0 to L
                  characters 0 and 1): the same bytes per snake as the whole
  -shard I/N      only part I of N of the catalogue, split by sections and
                  balanced by search work; join the parts with merge
  -count          count instead of writing solutions: snakes, solutions,
                  palindromes and their solutions, one-solution snakes,
                  the most solutions and their snake, search nodes, a
                  "name value" line each, to standard output, or to -o
                  FILE
  -j N            search with N goroutines (default: all cores)
  -quiet          no progress bar and no summary

Examples:
  $ snakecube enumerate
  $ snakecube enumerate -size 2x2x3 -o - | head
  $ snakecube enumerate -size 3x3x4 -count
  $ snakecube enumerate -size 3x3x4 -shard 2/8 -format jsonl -o part2.jsonl
  $ snakecube enumerate -size 2x3x4 -format parquet
  $ snakecube enumerate -size 3x3x4 -snakes -format parquet
`

// searchMemory is the soft limit of the heap while enumerate writes a
// catalogue.
const searchMemory = 800 << 20

func runEnumerate(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("enumerate", flag.ContinueOnError)
	box := defaultBox()
	fs.Var(box, "size", "")
	out := fs.String("o", "", "")
	format := fs.String("format", "", "")
	snakes := fs.Bool("snakes", false, "")
	prefix := fs.String("prefix", "", "")
	shard := fs.String("shard", "", "")
	counting := fs.Bool("count", false, "")
	workers := workersVar(fs)
	quiet := fs.Bool("quiet", false, "")
	rest, err := cli.ParseFlags(fs, e, enumerateUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if len(rest) > 0 {
		return cli.BadUsage(e, enumerateUsage, "enumerate takes no arguments, got %q", rest[0])
	}
	if *out == "" && cli.Given(fs, "o") {
		return cli.BadUsage(e, enumerateUsage, `-o "": want a file name, or - for standard output`)
	}
	eopts, defaultOut, err := outputOptions(*format, *snakes)
	if err != nil {
		return cli.BadUsage(e, enumerateUsage, "%v", err)
	}
	switch {
	case *counting && *snakes:
		return cli.BadUsage(e, enumerateUsage, "-count and -snakes cannot be used together")
	case *counting && *format != "":
		return cli.BadUsage(e, enumerateUsage, "-count and -format cannot be used together: the counts are text")
	case *counting && *out == "":
		*out = "-" // counts go to standard output unless -o says otherwise
	case *out == "":
		*out = defaultOut
	}
	b := box.box
	pt, err := part(*prefix, *shard)
	if err != nil {
		return cli.BadUsage(e, enumerateUsage, "%v", err)
	}
	sections, what, err := pt.Sections(b)
	switch {
	case err != nil && pt.Shards > 0:
		return cli.BadUsage(e, enumerateUsage, "-shard %s: %v", *shard, err)
	case err != nil:
		return cli.BadUsage(e, enumerateUsage, "-prefix %q: %v", *prefix, err)
	}
	start := time.Now()
	opts := solver.Options{Workers: int(*workers)}
	if !*quiet && cli.Terminal(e.Stderr) {
		opts.Progress = cli.Progress(e.Stderr, what)
	}
	if *counting {
		total, err := solver.CountTotal(ctx, b, sections, opts)
		if err != nil {
			return fmt.Errorf("count %s: %w", what, err)
		}
		_, err = e.WriteOutput(*out, func(w io.Writer) error { return census.WriteCount(w, what, total) })
		return err
	}
	var total export.Written
	// The garbage collector lets the heap grow to twice what is live
	// before it collects: a soft limit makes it collect sooner when a big
	// box's sections near it, so the peak stays under 1 GB
	// (docs/SPEED.md). GOMEMLIMIT, when set, says otherwise.
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(searchMemory))
	}
	name, err := e.WriteOutput(*out, func(w io.Writer) error {
		var err error
		total, err = export.Search(ctx, w, b, sections, opts, eopts)
		return err
	})
	if errors.Is(err, solver.ErrCatalogueTooBig) {
		return fmt.Errorf("enumerate %s: %w; a catalogue this big cannot be written: count it (-count, or snakecube census), or write a section of it (-prefix)", what, err)
	}
	if err != nil {
		return fmt.Errorf("enumerate %s: %w", what, err)
	}
	if !*quiet {
		e.Warnf("%s: %s, %s (up to symmetry and reversal), %s nodes, %v; wrote %s",
			what, words.Plural(total.Snakes, "snake"), words.Plural(total.Solutions, "solution"), words.Thousands(int(total.Nodes)),
			cli.Elapsed(time.Since(start)), name)
	}
	return nil
}

// outputOptions returns the writer's options for -format and -snakes, and
// the output file's default name.
func outputOptions(format string, snakes bool) (export.Options, string, error) {
	var opts export.Options
	switch {
	case format != "":
		f, err := export.ParseFormat(format)
		if err != nil {
			return opts, "", fmt.Errorf("-format: %v", err)
		}
		opts.Format = f
	case snakes:
		opts.Format = export.FormatCSV
	}
	opts.Snakes = snakes
	if err := opts.Check(); err != nil {
		return opts, "", fmt.Errorf("-format %v: %v", opts.Format, err)
	}
	name := "solutions." + opts.Format.String()
	if snakes {
		name = "snakes." + opts.Format.String()
	}
	return opts, name, nil
}

// part reads -prefix and -shard.
func part(prefix, shard string) (export.Part, error) {
	switch {
	case prefix != "" && shard != "":
		return export.Part{}, fmt.Errorf("-prefix and -shard cannot be used together")
	case shard != "":
		i, n, err := parseShard(shard)
		return export.Part{Shard: i, Shards: n}, err
	}
	return export.Part{Prefix: prefix}, nil
}
