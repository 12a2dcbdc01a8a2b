package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/verify"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/symmetry"
)

// maxProblems is how many problems verify prints: enough to see what kind
// of damage a file has, few enough to read.
const maxProblems = 20

func runVerify(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	box := cli.BoxVar(fs, symmetry.Box{})
	complete := fs.Bool("complete", false, "")
	rest, err := cli.ParseFlags(fs, e, verifyUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if len(rest) != 1 {
		return cli.BadUsage(e, verifyUsage, "verify takes one FILE, got %d arguments", len(rest))
	}
	name, r, closeFile, err := catalog.OpenArg(e.Stdin, rest[0])
	if err != nil {
		return err
	}
	defer closeFile()

	printed := 0
	opts := verify.Options{Box: *box, Complete: *complete}
	sum, err := verify.Verify(ctx, r, opts, func(p *catalog.Problem) {
		if printed < maxProblems {
			e.Warnf("%v", p)
			printed++
		}
	})
	if sum.Problems > maxProblems {
		e.Warnf("... and %s", words.Plural(sum.Problems-maxProblems, "more problem"))
	}
	if err := cli.ReadFailed(e, name, "", err); err != nil {
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
