package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/sequencer"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// checkSample is how many sections census check recounts unless told.
const checkSample = 200

func runCensusCheck(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("census check", flag.ContinueOnError)
	sample := fs.Int("sample", checkSample, "")
	seed := fs.Uint64("seed", 1, "")
	workers := workersVar(fs)
	quiet := fs.Bool("quiet", false, "")
	names, err := cli.ParseFlags(fs, e, censusUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	switch {
	case len(names) == 0:
		return cli.BadUsage(e, censusUsage, "census check: no file given")
	case *sample < 1 || *sample > census.MaxSample:
		return cli.BadUsage(e, censusUsage, "-sample %d: want 1 to %d sections", *sample, census.MaxSample)
	}
	recs, t, b, err := readCensus(ctx, e, "census check", names)
	if err != nil {
		return err
	}
	todo := census.SampleRecords(recs, *sample, *seed)
	fmt.Fprintf(e.Stdout, "# %v census at depth %d: %d of the %d sections in the files, chosen by seed %d, recounted as enumerate -prefix writes their catalogue and stats reads it back\n",
		b, t.Depth, len(todo), len(recs), *seed)
	start := time.Now()
	bad, err := recountAll(ctx, e, b, todo, int(*workers), *quiet)
	if err != nil {
		return fmt.Errorf("census check: %w", err)
	}
	if !*quiet {
		e.Warnf("recounted %d sections in %v", len(todo), cli.Elapsed(time.Since(start)))
	}
	if bad > 0 {
		return fmt.Errorf("census check: %d of %d sections disagree with the census", bad, len(todo))
	}
	return nil
}

// recountAll recounts the sections of the census lines todo, of box b, up
// to workers at once, prints a line for each in the order of todo and a
// summary, and returns how many disagree with their census line.
func recountAll(ctx context.Context, e cli.Env, b symmetry.Box, todo []census.Record, workers int, quiet bool) (int, error) {
	var bar func(done, total int)
	if !quiet && terminal(e.Stderr) {
		bar = progress(e.Stderr, "recounting")
	}
	var done atomic.Int64
	var sum solver.Count
	bad := 0
	// The census's nodes size each section: the largest start first, so
	// that one large section does not finish alone while the rest wait.
	size := func(i int) float64 { return float64(todo[i].Nodes) }
	err := sequencer.RunLargestFirst(ctx, len(todo), workers, size, func(ctx context.Context, i int) (solver.Count, error) {
		p := solver.SectionAt(b, todo[i].Depth, todo[i].Section)
		c, err := recount(ctx, b, p)
		if err != nil {
			return c, fmt.Errorf("section %d (prefix %s): %w", todo[i].Section, p, err)
		}
		if bar != nil {
			bar(int(done.Add(1)), len(todo))
		}
		return c, nil
	}, func(i int, c solver.Count) error {
		sum.Add(c)
		diff := todo[i].Differences(c)
		if len(diff) > 0 {
			bad++
		}
		return writeRecount(e.Stdout, todo[i], c, diff)
	})
	if err != nil {
		return bad, err
	}
	_, err = fmt.Fprintf(e.Stdout, "# %d sections recounted: %d agree, %d disagree; between them %d snakes, %d solutions\n",
		len(todo), len(todo)-bad, bad, sum.Snakes, sum.Solutions)
	return bad, err
}

// writeRecount prints one section's recount and whether it agrees with
// the census line r: diff says where it does not.
func writeRecount(w io.Writer, r census.Record, c solver.Count, diff []string) error {
	verdict := "agree"
	if len(diff) > 0 {
		verdict = "DISAGREE: " + strings.Join(diff, "; ")
	}
	_, err := fmt.Fprintf(w, "section %d prefix %s snakes %d solutions %d palindromes %d palindrome_solutions %d one_solution_snakes %d most_solutions %d: %s\n",
		r.Section, r.Prefix, c.Snakes, c.Solutions, c.Palindromes, c.PalindromeSolutions, c.OneSolution, c.Most, verdict)
	return err
}

// recount counts the section of box b under prefix p the way
//
//	snakecube enumerate -size B -prefix P -format jsonl -o - | snakecube stats -size B -
//
// does, which is not the way a census counts: every solution is found and
// kept, sorted into canonical form, written as a catalogue, read back,
// checked to fold its snake and to differ from the snake's other solutions,
// and only then counted. The catalogue streams through a pipe: a section of
// 3x4x4 may list gigabytes.
func recount(ctx context.Context, b symmetry.Box, p solver.Seq) (solver.Count, error) {
	sections, _, err := chooseSections(b, p.String(), "")
	if err != nil {
		return solver.Count{}, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r, w := io.Pipe()
	wrote := make(chan error, 1)
	go func() {
		_, err := encode(ctx, w, b, sections, solver.Options{Workers: 1}, export.Options{Format: export.FormatJSONL})
		w.CloseWithError(err)
		wrote <- err
	}()
	st, err := stats.Compute(ctx, r, stats.Options{Box: b})
	// A reader that stopped early unblocks the writer, and the search
	// stops.
	r.CloseWithError(errors.New("the catalogue's reader stopped"))
	cancel()
	if werr := <-wrote; err == nil {
		err = werr
	}
	if err != nil {
		return solver.Count{}, err
	}
	if st.Duplicates > 0 {
		return solver.Count{}, fmt.Errorf("the catalogue lists %d solutions twice", st.Duplicates)
	}
	c := solver.Count{
		Snakes: int64(st.Snakes), Solutions: int64(st.Solutions),
		Palindromes: int64(st.Palindromes), PalindromeSolutions: int64(st.PalindromeSolutions),
		OneSolution: int64(st.OneSolution()), Most: int64(st.Most),
	}
	if st.Snakes > 0 {
		c.MostKey = st.MostSnakes[0]
	}
	return c, nil
}
