package census

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/snakecube/snakecube/solver"
)

// MaxSample is the largest sample of sections a census draws: the sample
// is drawn and held in memory, 8 bytes a section; far more sections than
// any sample needs.
const MaxSample = 1 << 22

// Selection is the sections a census counts: a random sample, or a range
// of consecutive sections, which is not listed however long.
type Selection struct {
	sample   []int
	from, to int
}

// Select returns the sections to count among m: with sample, n of them,
// 1 to MaxSample, drawn at random by seed; otherwise the range span, "A:B"
// for sections A to B-1, or every section when span is "".
func Select(m int, span string, sample bool, n int, seed uint64) (Selection, error) {
	switch {
	case sample && span != "":
		return Selection{}, fmt.Errorf("-sections and -sample cannot be used together")
	case sample && (n < 1 || n > MaxSample):
		return Selection{}, fmt.Errorf("-sample %d: want 1 to %d sections; count more with -sections", n, MaxSample)
	case sample:
		return Selection{sample: Sample(m, n, seed)}, nil
	}
	s := Selection{from: 0, to: m}
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

// Len returns how many sections s holds.
func (s Selection) Len() int {
	if s.sample != nil {
		return len(s.sample)
	}
	return s.to - s.from
}

// All yields the section numbers in turn.
func (s Selection) All() iter.Seq[int] {
	if s.sample != nil {
		return slices.Values(s.sample)
	}
	return func(yield func(int) bool) {
		for k := s.from; k < s.to && yield(k); k++ {
		}
	}
}

// DoneIn returns how many of the sections f holds.
func (s Selection) DoneIn(f *File) int {
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

// Count counts the sections of sel that f does not hold yet, on workers
// goroutines, one section each with its own search, and appends each to
// f as it completes; done, if not nil, is called after each with how
// many were appended. An interrupt stops it between sections, or within
// one, whose count is then lost and made again on resume.
func (f *File) Count(ctx context.Context, sel Selection, workers int, done func(n int)) error {
	b, depth := f.Census()
	var written atomic.Int64
	eg, gctx := errgroup.WithContext(ctx)
	eg.SetLimit(max(workers, 1))
	for k := range sel.All() {
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
			if err := f.Append(NewRecord(b, depth, k, p, c)); err != nil {
				return err
			}
			if n := written.Add(1); done != nil {
				done(int(n))
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return err
	}
	return ctx.Err() // an interrupt between two sections stops the loop, not a search
}
