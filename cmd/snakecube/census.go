package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

const censusUsage = `Usage:
  snakecube census -size N|AxBxC -depth K -o FILE.jsonl [-sections A:B | -sample N [-seed S]] [-j N] [-quiet]
  snakecube census merge [-complete] [-solutions N] FILE...

Counts a box's catalogue exactly, section by section: the sections are the
snakes whose keys start with each prefix of K characters, numbered from 0
in key order. Each section's counts (snakes, palindromes, solutions,
one-solution snakes, search nodes, seconds) are appended to FILE as one
JSON line as soon as it completes. Run again with the same FILE, a census
skips the sections already there, so a crashed or preempted run resumes.
Memory stays bounded by one section per goroutine.

"census merge" sums census files, refusing a section counted twice. With
-complete it also refuses a census with sections missing; otherwise, when
the files hold a random sample of the sections, it extrapolates the totals
with 95% confidence intervals. Solutions are counted once up to the box's
rotations and reflections and up to reversal.

Flags:
  -size N|AxBxC  the box (required)
  -depth K       the prefix length that cuts the box into sections (required)
  -o FILE        the census file to append to (required)
  -sections A:B  only sections A to B-1 (default: all)
  -sample N      only N sections chosen at random
  -seed S        the seed choosing the sample (default 1)
  -j N           count N sections at once (default: all cores)
  -quiet         no progress on standard error
  -complete      (merge) require every section
  -solutions N   (merge) the exact number of solutions, when known: the
                 totals are also estimated by their ratio to it

Examples:
  $ snakecube census -size 3x3x4 -depth 10 -o census.jsonl
  $ snakecube census -size 4 -depth 24 -sample 200 -seed 1 -o sample.jsonl
  $ snakecube census merge sample.jsonl
  $ snakecube census merge -complete part-*.jsonl
`

func runCensus(ctx context.Context, e env, args []string) error {
	if len(args) > 0 && args[0] == "merge" {
		return runCensusMerge(e, args[1:])
	}
	fs := flag.NewFlagSet("census", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	depth := fs.Int("depth", 0, "")
	out := fs.String("o", "", "")
	span := fs.String("sections", "", "")
	sample := fs.Int("sample", 0, "")
	seed := fs.Uint64("seed", 1, "")
	workers := fs.Int("j", runtime.NumCPU(), "")
	quiet := fs.Bool("quiet", false, "")
	rest, err := parseFlags(fs, e, censusUsage, args)
	if err != nil {
		return helpOK(err)
	}
	b := box.box
	switch {
	case len(rest) > 0:
		return badUsage(e, censusUsage, "census takes no arguments, got %q", rest[0])
	case b.Len() == 0:
		return badUsage(e, censusUsage, "-size is required")
	case *depth < 1 || *depth > b.Len():
		return badUsage(e, censusUsage, "-depth %d: want 1 to %d for the %v box", *depth, b.Len(), b)
	case *out == "":
		return badUsage(e, censusUsage, "-o FILE is required")
	case *span != "" && *sample > 0:
		return badUsage(e, censusUsage, "-sections and -sample cannot be used together")
	case *sample < 0 || *workers < 1:
		return badUsage(e, censusUsage, "-sample and -j want positive numbers")
	}
	m := solver.NumSections(b, *depth)
	todo, err := pickSections(m, *span, *sample, *seed)
	if err != nil {
		return badUsage(e, censusUsage, "%v", err)
	}
	done, err := resume(*out, b, *depth)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	left := todo[:0]
	for _, k := range todo {
		if !done[k] {
			left = append(left, k)
		}
	}
	if !*quiet {
		e.warnf("%v census at depth %d: %d of %d sections to count, %d already in %s",
			b, *depth, len(left), m, len(todo)-len(left), *out)
	}
	// Sections are written in the order they complete, each line in one
	// write and synced, so that what a crash leaves is whole lines.
	var mu sync.Mutex
	var written int
	start := time.Now()
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(*workers)
	for _, k := range left {
		eg.Go(func() error {
			p := solver.SectionAt(b, *depth, k)
			c, err := solver.CountSection(ctx, b, p, solver.Options{Workers: 1})
			if err != nil {
				return err
			}
			rec := census.NewRecord(b, *depth, k, p, c)
			mu.Lock()
			defer mu.Unlock()
			if _, err := f.Write(rec.Line()); err != nil {
				return err
			}
			written++
			if !*quiet && terminal(e.stderr) {
				fmt.Fprintf(e.stderr, "\rsnakecube: %d of %d sections counted, %v", written, len(left), time.Since(start).Round(time.Second))
			}
			return f.Sync()
		})
	}
	err = eg.Wait()
	if !*quiet && terminal(e.stderr) {
		fmt.Fprintln(e.stderr)
	}
	if err != nil {
		return fmt.Errorf("census %v: %w (the %d sections counted are in %s; run again to resume)", b, err, written, *out)
	}
	if !*quiet {
		e.warnf("counted %d sections in %v; sum them with: snakecube census merge %s", written, elapsed(time.Since(start)), *out)
	}
	return nil
}

// pickSections returns the section numbers to count among m.
func pickSections(m int, span string, sample int, seed uint64) ([]int, error) {
	if sample > 0 {
		return census.Sample(m, sample, seed), nil
	}
	from, to := 0, m
	if span != "" {
		a, c, ok := strings.Cut(span, ":")
		var err1, err2 error
		from, err1 = strconv.Atoi(a)
		to, err2 = strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil || from < 0 || to > m || from >= to {
			return nil, fmt.Errorf("-sections %q: want A:B with 0 <= A < B <= %d", span, m)
		}
	}
	ks := make([]int, 0, to-from)
	for k := from; k < to; k++ {
		ks = append(ks, k)
	}
	return ks, nil
}

// resume reads what an earlier run left in path, dropping a torn last
// line, and returns the sections done.
func resume(path string, b symmetry.Box, depth int) (map[int]bool, error) {
	recs, whole, err := census.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[int]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	done := map[int]bool{}
	for _, r := range recs {
		if r.Box != b.String() || r.Depth != depth {
			return nil, fmt.Errorf("%s holds a census of %s at depth %d, not of %v at depth %d", path, r.Box, r.Depth, b, depth)
		}
		done[r.Section] = true
	}
	if st, err := os.Stat(path); err == nil && st.Size() != whole {
		if err := os.Truncate(path, whole); err != nil {
			return nil, err
		}
	}
	return done, nil
}

func runCensusMerge(e env, args []string) error {
	fs := flag.NewFlagSet("census merge", flag.ContinueOnError)
	complete := fs.Bool("complete", false, "")
	known := fs.Float64("solutions", 0, "")
	names, err := parseFlags(fs, e, censusUsage, args)
	if err != nil {
		return helpOK(err)
	}
	if len(names) == 0 {
		return badUsage(e, censusUsage, "census merge: no file given")
	}
	var recs []census.Record
	var from []string
	for _, name := range names {
		rs, _, err := census.ReadFile(name)
		if err != nil {
			return err
		}
		recs = append(recs, rs...)
		for range rs {
			from = append(from, name)
		}
	}
	if len(recs) == 0 {
		return errors.New("census merge: the files hold no section")
	}
	t, err := census.Merge(recs, func(i int) string { return from[i] })
	if err != nil {
		return err
	}
	b, err := symmetry.ParseBox(t.Box)
	if err != nil {
		return fmt.Errorf("%s: %w", from[0], err)
	}
	m := solver.NumSections(b, t.Depth)
	if n, first := census.Missing(recs, m, 5); *complete && n > 0 {
		list := fmt.Sprint(first)
		if n > len(first) {
			list = strings.TrimSuffix(list, "]") + " ...]"
		}
		return fmt.Errorf("census merge -complete: %d of %d sections missing: %s", n, m, list)
	}
	writeCensus(e.stdout, t, m, recs, *known)
	return nil
}

// writeCensus prints the sums of a census and, for a sample, the totals
// extrapolated to all m sections.
func writeCensus(w io.Writer, t census.Total, m int, recs []census.Record, known float64) {
	fmt.Fprintf(w, "# %s census at depth %d: %d of %d sections; solutions counted once up to the box's rotations and reflections and up to reversal\n",
		t.Box, t.Depth, t.Sections, m)
	fmt.Fprintf(w, "sections %d\n", t.Sections)
	writeCounts(w, t.Count)
	fmt.Fprintf(w, "seconds %.1f\n", t.Seconds)
	if t.Sections == m {
		return
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
	}
	if known <= 0 {
		return
	}
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
