package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/stats"
)

const statsUsage = `Usage:
  snakecube stats [-size N|AxBxC] [-format text|json|csv] [-svg FILE] [-rate] [-j N] FILE

Reads a catalogue, JSON, JSONL or Parquet, as a stream and prints its
figures: the snakes and solutions; the palindromes and their solutions;
the snakes with one solution; the most solutions and which snake has
them; how many snakes have each number of solutions; snakes by number of
straights and of solutions, for all snakes and for palindromes; the cells
where solutions start and end; the 10 snakes with most solutions.
Solutions are counted once up to the box's rotations and reflections and
up to reading the snake from its other end; a solution the file lists
twice counts once. A cell is a corner, edge, face or centre cell when 3,
2, 1 or 0 of its coordinates are at an end of their axis (every
coordinate is, on a side of 1 or 2). FILE "-" reads standard input.

With -rate it also rates how hard every snake is for a person to fold, as
snakecube rate does: the placements expected from its easier end, and its
level, 1 to 10, on its box's scale (the tenths of the box's snakes). It
prints the 10 easiest and the 10 hardest, with both ends, and how many
snakes are at each level and in each range of placements expected: the
whole 3x3x3 catalogue takes some 30 seconds of a core.

Formats:
  text  aligned tables to read
  json  one object: box, convention, cellClasses, snakes, solutions,
        duplicates, palindromes, palindromeSolutions, oneSolutionSnakes,
        most {solutions, snakes}, straights {min, max}, histogram
        [{solutions, snakes}], byStraights and palindromesByStraights
        [{straights, solutions, snakes}], ends [{first, last, solutions}],
        top [{snake, solutions, straights, palindrome}], and with -rate
        difficulty {scale {box, snakes, sampled}, rated, levels [{level,
        snakes}], placements [{lo, hi, snakes}], easiest and hardest
        [{snake, solutions, difficulty, stdErr, level, easier, ends
        [{from, expected}]}]}; lists leave out zeros
  csv   one value a record: table,row,column,value, with tables summary
        (row: the figure), most (row: snake), histogram (row: solutions),
        by_straights and palindromes_by_straights (row: straights, column:
        solutions, value: snakes), ends (row: first cell, column: last
        cell), top (row: rank, column: snake), and with -rate summary
        rows rated, scale_box, scale_snakes, scale_sampled, levels (row:
        level), placements (row: lo-hi), easiest and hardest (row: rank,
        column: snake, value: difficulty)

Flags:
  -size N|AxBxC    the box, needed only when the file does not tell it
  -format FORMAT   text (default), json or csv
  -svg FILE        also draw the histogram and the table by straights as
                   an SVG picture; "-" writes it to standard output instead
                   of the figures
  -rate            also rate every snake: the figures of difficulty
  -j N             read and rate with N goroutines (default: all cores):
                   on more than one, the file is decoded ahead of the checks

Examples:
  $ snakecube stats solutions.json
  $ snakecube stats -format csv -svg stats.svg solutions.json > stats.csv
  $ snakecube stats -rate solutions.json
`

func runStats(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	format := fs.String("format", "text", "")
	svg := fs.String("svg", "", "")
	rateAll := fs.Bool("rate", false, "")
	workers := workersVar(fs)
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
	name, r, closeFile, err := openInput(e, rest[0])
	if err != nil {
		return err
	}
	defer closeFile()
	opts := stats.Options{Box: box.box, Rate: *rateAll, Workers: int(*workers)}
	if *rateAll && cli.Terminal(e.Stderr) {
		opts.Progress = cli.Progress(e.Stderr, "rating")
		opts.ScaleProgress = cli.Progress(e.Stderr, "the box's scale")
	}
	st, err := stats.Compute(ctx, r, opts)
	if err := readFailed(e, name, "snakecube verify "+rest[0]+" lists every problem", err); err != nil {
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
