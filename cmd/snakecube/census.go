package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"sync"
	"time"

	"github.com/snakecube/snakecube/internal/boxes"
	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

const censusUsage = `Usage:
  snakecube census -size N|AxBxC -depth K -o FILE.jsonl [-sections A:B | -sample N [-seed S]] [-j N] [-quiet]
  snakecube census merge [-complete] [-solutions N] FILE|FOLDER...
  snakecube census upgrade FILE...
  snakecube census check [-sample N] [-seed S] [-o FILE] [-j N] [-quiet] FILE|FOLDER...
  snakecube census table [-format markdown|csv|calibration] [FOLDER]

Counts a box's catalogue exactly, section by section: the sections are the
snakes whose keys start with each prefix of K characters, numbered from 0
in key order. Each section's counts (snakes, palindromes, solutions,
one-solution snakes, search nodes, seconds) are appended to FILE as one
JSON line, with a checksum, as soon as it completes. Run again with the
same FILE, a census skips the sections already there, so a crashed or
preempted run resumes; it drops a torn last line that a crash left, and
refuses a FILE that holds anything else. A section searched for a minute
is marked in FILE.parts there and then: should the run end before it
completes (Ctrl-C, SIGTERM, SIGKILL, a crash), it is counted in parts from
then on, the sections four cubelets below it, each kept in FILE.parts as
it completes: a section of hours is not searched again from its start at
every stop. Its line in FILE is the sum of its parts, and FILE.parts goes
once every section it names is in FILE. FILE is locked while a census
runs: one FILE, one run at a time. Memory stays bounded: one section per
goroutine, whose count's table holds at most 67,108,864 snakes; a section
with more is counted as the sections four cubelets below it.

"census merge" sums census files, refusing a section counted twice; a
FOLDER stands for the .jsonl files in it. With -complete it also refuses a
census with sections missing; otherwise, when the files hold a random
sample of the sections, it extrapolates the totals with 95% confidence
intervals. Either way it says how many parts of the sections missing the
FILE.parts beside them hold, left out of the sums. Solutions are counted
once up to the box's rotations and reflections and up to reversal.

Every line read is checked: its checksum, its prefix against its section
number, and its counts against each other. "census upgrade" brings files
written before lines had checksums forward: it checks every line and
rewrites the file with checksums. Stop any census writing to FILE first.

"census check" recounts a random sample of the sections the files hold
by another route, that of "enumerate -prefix P | stats": every solution
found, written as a catalogue, read back and checked, then counted. It
prints each section's recount, "agree" or what differs from the census
line, and fails if any section disagrees. With -o FILE it keeps each
recount in FILE as a census line as soon as it is made, and takes the
sections FILE holds from it: run it again with the same FILE to resume a
check that stopped.

"census table" gathers a results folder (default results) into one
Markdown table, a row a box: exact counts from the censuses complete in
census/BOX/, estimates from the descents in estimate/, the directed
Hamiltonian paths and solutions that snakecube paths printed into
paths/BOX.txt; then the families of boxes AxBxn as sequences in n, and
the plans with their running totals. It fails when FOLDER holds none of
census, estimate, paths and checks; when a folder or file named for a
box has a name that is no box's, AxBxC, or holds another box's counts;
and when a census's solutions differ from its paths file's. With -format
csv it writes the table alone as CSV, every number in full, for pandas,
polars or DuckDB. With -format calibration it writes, as CSV, the
descents of boxes whose census is whole, those of calibration/ (named as
in estimate/, with -sSEED before .jsonl) and of estimate/, against the
census's counts: a row a file and quantity (snakes, one-solution snakes,
solutions), pooled over a design's seeds too, with its estimate, standard
error, z, the relative variance of a descent with and without the
solutions as control variate, and how many blocks of 100 descents have a
95% interval that holds the exact count (docs/RESEARCH.md, Calibration).

Flags:
  -size N|AxBxC  the box (required)
  -depth K       the prefix length that cuts the box into sections (required)
  -o FILE        the census file to append to (required); (check) the
                 file of recounts to append to and resume from
  -sections A:B  only sections A to B-1 (default: all)
  -sample N      only N sections chosen at random, 1 to 4194304
                 (check: of the sections in the files, default 200)
  -seed S        the seed choosing the sample (default 1)
  -j N           count N sections at once (default: all cores)
  -quiet         no progress on standard error
  -complete      (merge) require every section
  -format F      (table) markdown (default), csv or calibration
  -solutions N   (merge) the exact number of solutions, from snakecube
                 paths: the totals are also estimated by their ratio to
                 it, and a sample whose solutions interval misses it is
                 flagged as not to be trusted

Examples:
  $ snakecube census -size 3x3x4 -depth 10 -o census.jsonl
  $ snakecube census -size 4 -depth 24 -sample 200 -seed 1 -o sample.jsonl
  $ snakecube census merge sample.jsonl
  $ snakecube census merge -complete part-*.jsonl
  $ snakecube census upgrade old-*.jsonl
  $ snakecube census check -sample 200 parts/
`

func runCensus(ctx context.Context, e cli.Env, args []string) error {
	if len(args) > 0 {
		switch args[0] {
		case "merge":
			return runCensusMerge(ctx, e, args[1:])
		case "upgrade":
			return runCensusUpgrade(ctx, e, args[1:])
		case "check":
			return runCensusCheck(ctx, e, args[1:])
		case "table":
			return runCensusTable(ctx, e, args[1:])
		}
	}
	fs := flag.NewFlagSet("census", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	depth := fs.Int("depth", 0, "")
	out := fs.String("o", "", "")
	span := fs.String("sections", "", "")
	sample := fs.Int("sample", 0, "")
	seed := fs.Uint64("seed", 1, "")
	workers := workersVar(fs)
	quiet := fs.Bool("quiet", false, "")
	rest, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	b := box.box
	switch {
	case len(rest) > 0:
		return cli.BadUsage(e, censusUsage, "census takes no arguments, got %q", rest[0])
	case b.Len() == 0:
		return cli.BadUsage(e, censusUsage, "-size is required")
	case !cli.Given(fs, "depth"):
		return cli.BadUsage(e, censusUsage, "-depth is required")
	case *depth < 1 || *depth > b.Len():
		return cli.BadUsage(e, censusUsage, "-depth %d: want 1 to %d for the %v box", *depth, b.Len(), b)
	case *out == "":
		return cli.BadUsage(e, censusUsage, "-o FILE is required")
	}
	m := solver.NumSections(b, *depth)
	sel, err := census.Select(m, *span, cli.Given(fs, "sample"), *sample, *seed)
	if err != nil {
		return cli.BadUsage(e, censusUsage, "%v", err)
	}
	f, err := census.Open(ctx, *out, b, *depth)
	if err != nil {
		return err
	}
	if f.Torn() > 0 {
		e.Warnf("%s: dropped a torn last line of %d bytes, left by a run that stopped: its section is counted again", *out, f.Torn())
	}
	left := sel.Len() - sel.DoneIn(f)
	if !*quiet {
		e.Warnf("%v census at depth %d: %d of %d sections to count, %d already in %s", b, *depth, left, m, sel.Len()-left, *out)
	}
	start := time.Now()
	var done func(sections, parts int)
	if !*quiet && cli.Terminal(e.Stderr) {
		var mu sync.Mutex // one line at a time
		done = func(sections, parts int) {
			mu.Lock()
			defer mu.Unlock()
			var of string
			if parts > 0 {
				of = fmt.Sprintf(", with %d parts of sections cut", parts)
			}
			fmt.Fprintf(e.Stderr, "\rsnakecube: %d of %d sections counted%s, %v", sections, left, of, time.Since(start).Round(time.Second))
		}
	}
	err = f.Count(ctx, sel, int(*workers), done)
	if done != nil {
		fmt.Fprintln(e.Stderr)
	}
	if err != nil {
		f.Close()
		kept := census.Kept(*out)
		if errors.Is(err, context.Canceled) {
			return stopped(e, err, kept)
		}
		return fmt.Errorf("census %v: %w (%s; run the same command again to resume)", b, err, kept)
	}
	if !*quiet {
		e.Warnf("counted the sections in %v; sum them with: snakecube census merge %s", cli.Elapsed(time.Since(start)), *out)
	}
	return f.Close()
}

func runCensusMerge(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("census merge", flag.ContinueOnError)
	complete := fs.Bool("complete", false, "")
	known := fs.Float64("solutions", 0, "")
	names, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	switch {
	case len(names) == 0:
		return cli.BadUsage(e, censusUsage, "census merge: no file given")
	case !knownSolutions(fs, *known):
		return cli.BadUsage(e, censusUsage, "-solutions %v: want a positive number", *known)
	}
	recs, t, b, err := readCensus(ctx, e, "census merge", names)
	if err != nil {
		return err
	}
	m := solver.NumSections(b, t.Depth)
	g, err := census.FindGap(ctx, b, t.Depth, m, recs, names)
	if err != nil {
		return fmt.Errorf("census merge: %w", err)
	}
	if *complete && g.Missing > 0 {
		return fmt.Errorf("census merge -complete: %d of %d sections missing: %s", g.Missing, m, g.List())
	}
	if g.Underway != "" {
		e.Warnf("%d of %d sections missing; %s, not in these sums: run the census again to finish them", g.Missing, m, g.Underway)
	}
	// A sample's extrapolation is checked against the solutions given.
	r := census.NewReport(t, m, recs, *known)
	if err := r.WriteText(e.Stdout, *known, "-solutions"); err != nil {
		return err
	}
	if !r.Trusted(*known) {
		e.Warnf("the extrapolated solutions' 95%% interval [%.4g, %.4g] misses the %.0f known: the extrapolations are not to be trusted; run snakecube estimate -snakes -size %v", r.Solutions.Low, r.Solutions.High, *known, b)
	}
	return nil
}

// readCensus reads census files as one census (census.ReadFiles), warns
// of the torn last lines left out, and returns the census's box. what
// names the command, for the messages.
func readCensus(ctx context.Context, e cli.Env, what string, names []string) ([]census.Record, census.Total, symmetry.Box, error) {
	recs, t, torn, err := census.ReadFiles(ctx, names)
	for _, tl := range torn {
		e.Warnf("%s: left out a torn last line of %d bytes, left by a run that stopped: run it again to count that section", tl.File, tl.Bytes)
	}
	if err != nil {
		return nil, t, symmetry.Box{}, fmt.Errorf("%s: %w", what, err)
	}
	b, err := symmetry.ParseBox(t.Box)
	if err != nil {
		return nil, t, b, fmt.Errorf("%s: %w", names[0], err)
	}
	return recs, t, b, nil
}

func runCensusUpgrade(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("census upgrade", flag.ContinueOnError)
	names, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if len(names) == 0 {
		return cli.BadUsage(e, censusUsage, "census upgrade: no file given")
	}
	for _, name := range names {
		u, err := census.Upgrade(ctx, name)
		if err != nil {
			return err
		}
		e.Warnf("%s", u.Summary(name))
	}
	return nil
}

func runCensusTable(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("census table", flag.ContinueOnError)
	format := fs.String("format", "markdown", "")
	names, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if *format != "markdown" && *format != "csv" && *format != "calibration" {
		return cli.BadUsage(e, censusUsage, "census table: -format %q: want markdown, csv or calibration", *format)
	}
	dir := "results"
	switch len(names) {
	case 0:
	case 1:
		dir = names[0]
	default:
		return cli.BadUsage(e, censusUsage, "census table takes one folder, got %d", len(names))
	}
	if *format == "calibration" {
		cals, err := boxes.ReadCalibration(ctx, dir)
		if err != nil {
			return err
		}
		return boxes.WriteCalibrationCSV(e.Stdout, cals)
	}
	rows, err := boxes.Read(ctx, dir)
	if err != nil {
		return err
	}
	if *format == "csv" {
		return boxes.WriteCSV(e.Stdout, rows)
	}
	return boxes.WriteMarkdown(e.Stdout, dir, rows)
}
