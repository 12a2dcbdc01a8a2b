package main

import (
	"context"
	"errors"
	"flag"
	"strings"

	"github.com/snakecube/snakecube/internal/answer"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/symmetry"
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

func runSolve(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.Box{})
	var nota notation.Notation
	fs.Var(&nota, "notation", "")
	count := fs.Bool("count", false, "")
	format := fs.String("format", "text", "")
	most := fs.Int("max", 0, "")
	workers := cli.WorkersVar(fs)
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
	in := input.Options{Notation: nota, Box: *box, SizeHint: "-size AxBxC", NotationFlag: "-notation"}
	err = answer.Run(ctx, e, rest, in, answer.Options{Format: *format, Count: *count, Most: *most, Workers: int(*workers)})
	if errors.Is(err, answer.ErrNoSnake) {
		return cli.BadUsage(e, solveUsage, "%v", err)
	}
	return err
}
