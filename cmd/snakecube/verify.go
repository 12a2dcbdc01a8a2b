package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/verify"
	"github.com/snakecube/snakecube/internal/words"
)

const verifyUsage = `Usage:
  snakecube verify [-size N|AxBxC] [-complete] FILE

Checks a catalogue, JSON, JSONL or Parquet, without trusting what wrote
it: every key a snake of the box and the smaller of itself and its
reverse, keys ascending and unique; every solution's startPos, direction
and path consistent, a path through every cell of the box that folds the
key's snake, read from either end; no two solutions of a snake the same
up to the box's rotations and reflections and reading the snake from its
other end; in Parquet, each row's box and figures. Files of
oscar6echo/snake-cube-go, which orient some solutions backwards, pass.
FILE "-" reads standard input; the file is read as a stream (a Parquet
file on standard input is read into memory first).

Problems are printed on standard error as "KEY solution I: ..." (I counts
from 1: the first of the key's list is 1) or "KEY: ..." for the snake as
a whole; moves and cubelets also count from 1. The first 20 are
printed, then how many more. Exit status: 0 when the file is clean, 1
when problems are found or the file is no catalogue, 2 for a usage error.

Flags:
  -size N|AxBxC  the box, needed only when the file does not tell it
  -complete      also check that every snake that folds and every solution
                 is there, against a fresh search of the whole box, which
                 costs what enumerate does

Examples:
  $ snakecube verify solutions.json
  $ snakecube verify -complete -size 2x2x3 cat.jsonl
`

// maxProblems is how many problems verify prints: enough to see what kind
// of damage a file has, few enough to read.
const maxProblems = 20

func runVerify(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	complete := fs.Bool("complete", false, "")
	rest, err := cli.ParseFlags(fs, e, verifyUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if len(rest) != 1 {
		return cli.BadUsage(e, verifyUsage, "verify takes one FILE, got %d arguments", len(rest))
	}
	name, r, closeFile, err := openInput(e, rest[0])
	if err != nil {
		return err
	}
	defer closeFile()

	printed := 0
	opts := verify.Options{Box: box.box, Complete: *complete}
	sum, err := verify.Verify(ctx, r, opts, func(p *catalog.Problem) {
		if printed < maxProblems {
			e.Warnf("%v", p)
			printed++
		}
	})
	if sum.Problems > maxProblems {
		e.Warnf("... and %s", words.Plural(sum.Problems-maxProblems, "more problem"))
	}
	if err := readFailed(e, name, "", err); err != nil {
		return err
	}
	what := fmt.Sprintf("%s: %v box, %s, %s", name, sum.Box, words.Plural(sum.Snakes, "snake"), words.Plural(sum.Solutions, "solution"))
	if sum.Problems > 0 {
		e.Warnf("%s: %s", what, words.Plural(sum.Problems, "problem"))
		return cli.ErrReported
	}
	if *complete {
		e.Warnf("%s: ok, and complete", what)
	} else {
		e.Warnf("%s: ok", what)
	}
	return nil
}
