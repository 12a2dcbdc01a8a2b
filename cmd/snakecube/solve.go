package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/snakecube/snakecube/internal/answer"
	"github.com/snakecube/snakecube/internal/batch"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/notation"
)

// snakeArg reports whether an argument that starts with "-" is a snake,
// such as "--ooo-oo-..." or "-1,2": anything but a plain word, which
// stands for a flag, known or mistyped.
func snakeArg(a string) bool {
	name := strings.TrimLeft(a, "-")
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = name[:i]
	}
	return strings.HasPrefix(a, "-") && a != "-" && a != "--" && strings.Trim(strings.ToLower(name), "abcdefghijklmnopqrstuvwxyz") != ""
}

// solveFlags are solve's settings.
type solveFlags struct {
	opts input.Options
	answer.Options
}

// batch returns the options of the snakes' batch.
func (f solveFlags) batch() batch.Options {
	return batch.Options{Input: f.opts, Workers: f.Workers, Streams: f.Streams()}
}

func runSolve(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	var nota notation.Notation
	fs.Var(&nota, "notation", "")
	count := fs.Bool("count", false, "")
	format := fs.String("format", "text", "")
	most := fs.Int("max", 0, "")
	workers := workersVar(fs)
	rest, err := cli.ParseFlagsArgs(fs, e, solveUsage, args, snakeArg)
	if err != nil {
		return cli.HelpOK(err)
	}
	switch *format {
	case "text", "json", "svg", "html":
	default:
		return cli.BadUsage(e, solveUsage, "-format %q: want text, json, svg or html", *format)
	}
	set := cli.Given(fs, "max")
	switch {
	case !set && (*format == "svg" || *format == "html"):
		*most = 10 // a sheet takes a picture a step, a page a player's data
	case !set:
		*most = 1000
	case *most < 1 || *most > answer.MaxShown:
		return cli.BadUsage(e, solveUsage, "-max %d: want 1 to %d solutions a snake", *most, answer.MaxShown)
	}
	f := solveFlags{opts: input.Options{Notation: nota, Box: box.box, SizeHint: "-size AxBxC", NotationFlag: "-notation"}, Options: answer.Options{Format: *format, Count: *count, Most: *most, Workers: int(*workers)}}
	if f.Format == "text" && batch.FromStdin(rest) && cli.Terminal(e.Stdin) {
		return solveTyped(ctx, e, f)
	}
	o := answer.NewWriter(e.Stdout, e.Warnf, f.Options)
	n, err := batch.Each(ctx, e.Stdin, rest, f.batch(), o.OneBox, func(ctx context.Context, it batch.Item, workers int) (answer.Answer, error) {
		return answer.Solve(ctx, it.Snake, f.Options, workers)
	}, func(it batch.Item, a answer.Answer) error {
		return o.Write(ctx, it, a)
	}, o.Flush)
	if err != nil {
		return err
	}
	if n == 0 {
		return cli.BadUsage(e, solveUsage, "no snake given")
	}
	return o.Close(ctx)
}

// solveTyped solves the snakes typed at a terminal as they come: each
// line is answered before the next is read, and a line that cannot be
// read is told on standard error and the next one awaited, where a file
// of snakes stops at its first bad line. At the end of input it returns
// a usage error if some line was bad.
func solveTyped(ctx context.Context, e cli.Env, f solveFlags) error {
	o := answer.NewWriter(e.Stdout, e.Warnf, f.Options)
	bad, err := batch.Typed(ctx, e.Stdin, f.batch(), func(err error) { e.Warnf("%v", err) }, func(it batch.Item) error {
		a, err := answer.Solve(ctx, it.Snake, f.Options, f.Workers)
		if err != nil {
			return fmt.Errorf("%s: %w", it.Where, err)
		}
		if err := o.Write(ctx, it, a); err != nil {
			return err
		}
		return o.Flush()
	})
	if err != nil {
		return err
	}
	if err := o.Close(ctx); err != nil {
		return err
	}
	if bad > 0 {
		return cli.UsageError{Err: fmt.Errorf("%d of the lines typed could not be read as a snake", bad)}
	}
	return nil
}
