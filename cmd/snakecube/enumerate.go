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
	"github.com/snakecube/snakecube/symmetry"
)

// softLimit sets the soft limit of the heap to n bytes, unless GOMEMLIMIT
// says otherwise, and returns what sets it back.
func softLimit(n int64) (restore func()) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return func() {}
	}
	old := debug.SetMemoryLimit(n)
	return func() { debug.SetMemoryLimit(old) }
}

// searchMemory is the soft limit of the heap while enumerate writes a
// catalogue.
const searchMemory = 800 << 20

func runEnumerate(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("enumerate", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.MustParseBox("3x3x3"))
	out := fs.String("o", "", "")
	format := fs.String("format", "", "")
	snakes := fs.Bool("snakes", false, "")
	prefix := fs.String("prefix", "", "")
	shard := fs.String("shard", "", "")
	counting := fs.Bool("count", false, "")
	workers := cli.WorkersVar(fs)
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
	eopts, err := export.NewOptions(*format, *snakes)
	if err != nil {
		return cli.BadUsage(e, enumerateUsage, "-format: %v", err)
	}
	switch {
	case *counting && *snakes:
		return cli.BadUsage(e, enumerateUsage, "-count and -snakes cannot be used together")
	case *counting && *format != "":
		return cli.BadUsage(e, enumerateUsage, "-count and -format cannot be used together: the counts are text")
	case *counting && *out == "":
		*out = "-" // counts go to standard output unless -o says otherwise
	case *out == "":
		*out = eopts.FileName()
	}
	b := *box
	pt := export.Part{Prefix: *prefix}
	switch {
	case *prefix != "" && *shard != "":
		return cli.BadUsage(e, enumerateUsage, "-prefix and -shard cannot be used together")
	case *shard != "":
		if pt, err = export.ParseShard(*shard); err != nil {
			return cli.BadUsage(e, enumerateUsage, "-shard %v", err)
		}
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
	// (docs/SPEED.md).
	defer softLimit(searchMemory)()
	name, err := e.WriteOutput(*out, func(w io.Writer) error {
		var err error
		total, err = export.Search(ctx, w, b, sections, opts, eopts)
		return err
	})
	if errors.Is(err, solver.ErrCatalogueTooBig) {
		return fmt.Errorf("enumerate %s: %w; its solutions cannot be written: count them (-count, or snakecube census)", what, err)
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
