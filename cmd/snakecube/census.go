package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/snakecube/snakecube/internal/fold"
	"io"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/estimate"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

const censusUsage = `Usage:
  snakecube census -size N|AxBxC -depth K -o FILE.jsonl [-sections A:B | -sample N [-seed S]] [-j N] [-quiet]
  snakecube census merge [-complete] [-solutions N] FILE|FOLDER...
  snakecube census upgrade FILE...
  snakecube census check [-sample N] [-seed S] [-j N] [-quiet] FILE|FOLDER...

Counts a box's catalogue exactly, section by section: the sections are the
snakes whose keys start with each prefix of K characters, numbered from 0
in key order. Each section's counts (snakes, palindromes, solutions,
one-solution snakes, search nodes, seconds) are appended to FILE as one
JSON line, with a checksum, as soon as it completes. Run again with the
same FILE, a census skips the sections already there, so a crashed or
preempted run resumes; it drops a torn last line that a crash left, and
refuses a FILE that holds anything else. FILE is locked while a census
runs: one FILE, one run at a time. Memory stays bounded by one section per
goroutine.

"census merge" sums census files, refusing a section counted twice; a
FOLDER stands for the .jsonl files in it. With -complete it also refuses a
census with sections missing; otherwise, when the files hold a random
sample of the sections, it extrapolates the totals with 95% confidence
intervals. Solutions are counted once up to the box's rotations and
reflections and up to reversal.

Every line read is checked: its checksum, its prefix against its section
number, and its counts against each other. "census upgrade" brings files
written before lines had checksums forward: it checks every line and
rewrites the file with checksums. Stop any census writing to FILE first.

"census check" recounts a random sample of the sections the files hold
by another route, that of "enumerate -prefix P | stats": every solution
found, written as a catalogue, read back and checked, then counted. It
prints each section's recount, "agree" or what differs from the census
line, and fails if any section disagrees.

Flags:
  -size N|AxBxC  the box (required)
  -depth K       the prefix length that cuts the box into sections (required)
  -o FILE        the census file to append to (required)
  -sections A:B  only sections A to B-1 (default: all)
  -sample N      only N sections chosen at random, at most 4194304
                 (check: of the sections in the files, default 200)
  -seed S        the seed choosing the sample (default 1)
  -j N           count N sections at once (default: all cores)
  -quiet         no progress on standard error
  -complete      (merge) require every section
  -solutions N   (merge) the exact number of solutions, when known: the
                 totals are also estimated by their ratio to it, and a
                 sample whose solutions interval misses it is flagged as
                 not to be trusted (4x4x4's are known without it)

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
	case *depth < 1 || *depth > b.Len():
		return cli.BadUsage(e, censusUsage, "-depth %d: want 1 to %d for the %v box", *depth, b.Len(), b)
	case *out == "":
		return cli.BadUsage(e, censusUsage, "-o FILE is required")
	case *span != "" && *sample > 0:
		return cli.BadUsage(e, censusUsage, "-sections and -sample cannot be used together")
	case *sample < 0 || *sample > maxSample:
		return cli.BadUsage(e, censusUsage, "-sample %d: want 1 to %d sections; count more with -sections", *sample, maxSample)
	}
	m := solver.NumSections(b, *depth)
	todo, err := pickSections(m, *span, *sample, *seed)
	if err != nil {
		return cli.BadUsage(e, censusUsage, "%v", err)
	}
	f, err := census.Open(ctx, *out, b, *depth)
	if err != nil {
		return oldFormat(err, *out)
	}
	if f.Torn() > 0 {
		e.Warnf("%s: dropped a torn last line of %d bytes, left by a run that stopped: its section is counted again", *out, f.Torn())
	}
	if err := countSections(ctx, e, f, todo, int(*workers), *quiet); err != nil {
		f.Close()
		return fmt.Errorf("census %v: %w (the sections counted are in %s; run again to resume)", b, err, *out)
	}
	return f.Close()
}

// maxSample is the largest -sample: the sample is drawn and held in
// memory, 8 bytes a section; far more sections than any sample needs.
const maxSample = 1 << 22

// countSections counts the sections of todo that f does not hold yet and
// appends them to f, on the given number of goroutines, in the order they
// complete.
func countSections(ctx context.Context, e cli.Env, f *census.File, todo sections, workers int, quiet bool) error {
	b, depth := f.Census()
	left := todo.len() - todo.doneIn(f)
	if !quiet {
		e.Warnf("%v census at depth %d: %d of %d sections to count, %d already in %s",
			b, depth, left, solver.NumSections(b, depth), todo.len()-left, f.Name())
	}
	var written atomic.Int64
	start := time.Now()
	eg, gctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers)
	for k := range todo.all() {
		if gctx.Err() != nil {
			break
		}
		if f.Done(k) {
			continue
		}
		eg.Go(func() error {
			p := solver.SectionAt(b, depth, k)
			c, err := solver.CountSection(gctx, b, p, solver.Options{Workers: 1})
			if err != nil {
				return err
			}
			if err := f.Append(census.NewRecord(b, depth, k, p, c)); err != nil {
				return err
			}
			if n := written.Add(1); !quiet && terminal(e.Stderr) {
				fmt.Fprintf(e.Stderr, "\rsnakecube: %d of %d sections counted, %v", n, left, time.Since(start).Round(time.Second))
			}
			return nil
		})
	}
	err := eg.Wait()
	if err == nil {
		// An interrupt between two sections stops the loop, not a search.
		err = ctx.Err()
	}
	if !quiet && terminal(e.Stderr) {
		fmt.Fprintln(e.Stderr)
	}
	if err == nil && !quiet {
		e.Warnf("counted %d sections in %v; sum them with: snakecube census merge %s", written.Load(), cli.Elapsed(time.Since(start)), f.Name())
	}
	return err
}

// sections are the section numbers a census counts: a sample, or the
// range from to to-1, which is not listed, however long.
type sections struct {
	sample   []int
	from, to int
}

func (s sections) len() int {
	if s.sample != nil {
		return len(s.sample)
	}
	return s.to - s.from
}

// all yields the section numbers in turn.
func (s sections) all() iter.Seq[int] {
	if s.sample != nil {
		return slices.Values(s.sample)
	}
	return func(yield func(int) bool) {
		for k := s.from; k < s.to && yield(k); k++ {
		}
	}
}

// doneIn returns how many of the sections f holds.
func (s sections) doneIn(f *census.File) int {
	if s.sample == nil {
		return f.DoneIn(s.from, s.to)
	}
	n := 0
	for _, k := range s.sample {
		if f.Done(k) {
			n++
		}
	}
	return n
}

// pickSections returns the section numbers to count among m.
func pickSections(m int, span string, sample int, seed uint64) (sections, error) {
	if sample > 0 {
		return sections{sample: census.Sample(m, sample, seed)}, nil
	}
	s := sections{from: 0, to: m}
	if span != "" {
		a, c, ok := strings.Cut(span, ":")
		var err1, err2 error
		s.from, err1 = strconv.Atoi(a)
		s.to, err2 = strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil || s.from < 0 || s.to > m || s.from >= s.to {
			return s, fmt.Errorf("-sections %q: want A:B with 0 <= A < B <= %d", span, m)
		}
	}
	return s, nil
}

func runCensusMerge(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("census merge", flag.ContinueOnError)
	complete := fs.Bool("complete", false, "")
	known := fs.Float64("solutions", 0, "")
	names, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if len(names) == 0 {
		return cli.BadUsage(e, censusUsage, "census merge: no file given")
	}
	recs, t, err := readCensus(ctx, e, "census merge", names)
	if err != nil {
		return err
	}
	b, err := symmetry.ParseBox(t.Box)
	if err != nil {
		return fmt.Errorf("%s: %w", names[0], err)
	}
	m := solver.NumSections(b, t.Depth)
	if n, first := census.Missing(recs, m, 5); *complete && n > 0 {
		list := fmt.Sprint(first)
		if n > len(first) {
			list = strings.TrimSuffix(list, "]") + " ...]"
		}
		return fmt.Errorf("census merge -complete: %d of %d sections missing: %s", n, m, list)
	}
	// The extrapolation is checked against the solutions where they are
	// known, from -solutions or from elsewhere (4x4x4).
	check, source := *known, "-solutions"
	if k, src, ok := estimate.KnownSolutions(b); ok && check == 0 {
		check, source = k, src
	}
	sols, extrapolated := writeCensus(e.Stdout, t, m, recs, *known)
	if check > 0 && extrapolated && !sols.Covers(check) {
		fmt.Fprintf(e.Stdout, "# the solutions' 95%% interval misses the %.0f known (%s): the sample under-represents the large sections, and these extrapolations are not to be trusted; snakecube estimate -snakes gives calibrated ones\n", check, source)
		e.Warnf("the extrapolated solutions' 95%% interval [%.4g, %.4g] misses the %.0f known: the extrapolations are not to be trusted; run snakecube estimate -snakes -size %v", sols.Low, sols.High, check, b)
	}
	return nil
}

// readCensus reads census files and sums them as one census, refusing
// files of several censuses or a section counted twice. what names the
// command, for the messages.
func readCensus(ctx context.Context, e cli.Env, what string, names []string) ([]census.Record, census.Total, error) {
	names, err := censusFiles(names)
	if err != nil {
		return nil, census.Total{}, err
	}
	var recs []census.Record
	var from []string
	for _, name := range names {
		rs, torn, err := census.ReadFile(ctx, name)
		if err != nil {
			return nil, census.Total{}, oldFormat(err, name)
		}
		if torn > 0 {
			e.Warnf("%s: left out a torn last line of %d bytes, left by a run that stopped: run it again to count that section", name, torn)
		}
		recs = append(recs, rs...)
		for range rs {
			from = append(from, name)
		}
	}
	if len(recs) == 0 {
		return nil, census.Total{}, fmt.Errorf("%s: the files hold no section", what)
	}
	t, err := census.Merge(recs, func(i int) string { return from[i] })
	return recs, t, err
}

// censusFiles returns the files named, each folder among them replaced
// by the .jsonl files in it, in name order: a census split by section
// range is read whole by naming its folder.
func censusFiles(names []string) ([]string, error) {
	var out []string
	for _, name := range names {
		fi, err := os.Stat(name)
		if err != nil || !fi.IsDir() {
			out = append(out, name) // the reader says what is wrong
			continue
		}
		ents, err := os.ReadDir(name)
		if err != nil {
			return nil, err
		}
		n := len(out)
		for _, de := range ents {
			if !de.IsDir() && strings.HasSuffix(de.Name(), ".jsonl") {
				out = append(out, filepath.Join(name, de.Name()))
			}
		}
		if len(out) == n {
			return nil, fmt.Errorf("%s: a folder with no .jsonl file", name)
		}
	}
	return out, nil
}

// oldFormat adds to a reader's error what to do about a file of the first
// format.
func oldFormat(err error, name string) error {
	if errors.Is(err, census.ErrNoSum) {
		return fmt.Errorf("%w; bring it forward with: snakecube census upgrade %s", err, name)
	}
	return err
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
		msg := fmt.Sprintf("%s: %s checked, each line with its checksum", name, fold.Plural(u.Records, "section"))
		if u.Duplicates > 0 {
			msg += fmt.Sprintf("; dropped %s repeating an earlier one", fold.Plural(u.Duplicates, "record"))
		}
		if u.Torn > 0 {
			msg += fmt.Sprintf("; dropped a torn last line of %d bytes", u.Torn)
		}
		e.Warnf("%s", msg)
	}
	return nil
}

// writeCensus prints the sums of a census and, for a sample, the totals
// extrapolated to all m sections; it returns the solutions' interval and
// whether it was extrapolated. Ranges of consecutive sections, what
// -sections A:B writes, are no sample: sections grow along key order, so
// they are summed and not extrapolated.
func writeCensus(w io.Writer, t census.Total, m int, recs []census.Record, known float64) (census.Interval, bool) {
	fmt.Fprintf(w, "# %s census at depth %d: %d of %d sections; solutions counted once up to the box's rotations and reflections and up to reversal\n",
		t.Box, t.Depth, t.Sections, m)
	fmt.Fprintf(w, "sections %d\n", t.Sections)
	writeCounts(w, t.Count)
	fmt.Fprintf(w, "seconds %.1f\n", t.Seconds)
	sols := census.Interval{Estimate: float64(t.Solutions), Low: float64(t.Solutions), High: float64(t.Solutions)}
	if t.Sections == m {
		return sols, false
	}
	if runs, ok := notSample(recs, m); ok {
		fmt.Fprintf(w, "# the sections lie in %s of consecutive sections, ranges and not a random sample: not extrapolated, as sections grow along key order\n", fold.Plural(runs, "run"))
		return sols, false
	}
	fmt.Fprintf(w, "# extrapolated from a random sample of %d of the %d sections: %d x the mean per section, [95%% confidence interval]\n", t.Sections, m, m)
	for _, q := range []struct {
		name string
		of   func(census.Record) float64
	}{
		{"snakes", func(r census.Record) float64 { return float64(r.Snakes) }},
		{"solutions", func(r census.Record) float64 { return float64(r.Solutions) }},
		{"one_solution_snakes", func(r census.Record) float64 { return float64(r.OneSolution) }},
		{"nodes", func(r census.Record) float64 { return float64(r.Nodes) }},
	} {
		ys := make([]float64, len(recs))
		for i, r := range recs {
			ys[i] = q.of(r)
		}
		iv := census.Extrapolate(ys, m)
		fmt.Fprintf(w, "%s_total %.4g [%.4g, %.4g]\n", q.name, iv.Estimate, iv.Low, iv.High)
		if q.name == "solutions" {
			sols = iv
		}
	}
	if known > 0 {
		writeRatio(w, recs, known, m)
	}
	return sols, true
}

// notSample reports whether the sections of recs lie in too few runs of
// consecutive sections to be a random sample of the m, as the ranges that
// -sections A:B counts do: a uniform sample of n has some n(1-n/m) runs,
// and fewer than half that is taken for ranges. It returns the runs.
func notSample(recs []census.Record, m int) (runs int, ok bool) {
	n := len(recs)
	if n < 2 {
		return n, false
	}
	ss := make([]int, n)
	for i, r := range recs {
		ss[i] = r.Section
	}
	slices.Sort(ss)
	runs = 1
	for i := 1; i < n; i++ {
		if ss[i] != ss[i-1]+1 {
			runs++
		}
	}
	expected := float64(n) * (1 - float64(n)/float64(m))
	return runs, float64(runs) < expected/2
}

// writeRatio prints the totals of a sample of m sections estimated by
// their ratio to the known solutions.
func writeRatio(w io.Writer, recs []census.Record, known float64, m int) {
	fmt.Fprintf(w, "# by ratio to the %.0f solutions known: the sample's ratio to its solutions x %.0f, [95%% confidence interval]\n", known, known)
	sols := make([]float64, len(recs))
	for i, r := range recs {
		sols[i] = float64(r.Solutions)
	}
	for _, q := range []struct {
		name string
		of   func(census.Record) float64
	}{
		{"snakes", func(r census.Record) float64 { return float64(r.Snakes) }},
		{"one_solution_snakes", func(r census.Record) float64 { return float64(r.OneSolution) }},
	} {
		ys := make([]float64, len(recs))
		for i, r := range recs {
			ys[i] = q.of(r)
		}
		iv := census.ExtrapolateRatio(ys, sols, known, m)
		fmt.Fprintf(w, "%s_total_by_ratio %.4g [%.4g, %.4g]\n", q.name, iv.Estimate, iv.Low, iv.High)
	}
}
