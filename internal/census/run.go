package census

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/snakecube/snakecube/internal/cputime"
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

// Select returns the sections to count among m: the range span, "A:B"
// for sections A to B-1, or every section when span is ""; with sample,
// n of the range's sections, 1 to MaxSample, drawn at random by seed (see
// [Sample] and [SampleRange]), so that the tasks of a census cut in ranges
// can each draw their share of a random sample of the whole.
func Select(m int, span string, sample bool, n int, seed uint64) (Selection, error) {
	s := Selection{from: 0, to: m}
	if span != "" {
		a, c, ok := strings.Cut(span, ":")
		var err1, err2 error
		s.from, err1 = strconv.Atoi(a)
		s.to, err2 = strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil || s.from < 0 || s.to > m || s.from >= s.to {
			return Selection{}, fmt.Errorf("-sections %q: want A:B with 0 <= A < B <= %d", span, m)
		}
	}
	switch {
	case sample && (n < 1 || n > MaxSample):
		return Selection{}, fmt.Errorf("-sample %d: want 1 to %d sections; count more with -sections", n, MaxSample)
	case sample && span == "":
		return Selection{sample: Sample(m, n, seed)}, nil
	case sample:
		return Selection{sample: SampleRange(s.from, s.to, n, seed)}, nil
	}
	return s, nil
}

// Sampled reports whether s is a random sample of its sections.
func (s Selection) Sampled() bool { return s.sample != nil }

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
// goroutines, one section or part each with its own search, and appends
// each section to f as it completes; done, if not nil, is called after
// each section or part with how many sections were appended and how many
// parts of sections cut it counted. An interrupt stops it between
// sections, or within one, whose count is then lost and made again on
// resume: in parts, when it had been searched a minute or more (see
// [PartsFile]), as after a kill.
func (f *File) Count(ctx context.Context, sel Selection, workers int, done func(sections, parts int)) error {
	b, depth := f.Census()
	var written, parts atomic.Int64
	m := cputime.Start()
	finish := func(k int, p solver.Seq, c solver.Count) error {
		if err := f.Append(NewRecord(b, depth, k, p, c)); err != nil {
			return err
		}
		if n := written.Add(1); done != nil {
			done(int(n), int(parts.Load()))
		}
		return nil
	}
	eg, gctx := errgroup.WithContext(ctx)
	eg.SetLimit(max(workers, 1))
	for k := range sel.All() {
		if gctx.Err() != nil {
			break
		}
		if f.Done(k) {
			continue
		}
		if p := solver.SectionAt(b, depth, k); !f.parts.split[p] {
			// Counted whole: the census's one unit, as nearly every
			// section is.
			eg.Go(func() error {
				if err := gctx.Err(); err != nil {
					return err
				}
				c, err := f.countUnit(gctx, p, p, m)
				if err != nil {
					return err
				}
				return finish(k, p, c)
			})
			continue
		}
		s := f.plan(k)
		if s.left.Load() == 0 { // every part counted, the section not appended
			eg.Go(func() error { return finish(k, s.p, s.sum()) })
			continue
		}
		for i, u := range s.units {
			if s.counted[i] {
				continue
			}
			eg.Go(func() error {
				if err := gctx.Err(); err != nil {
					return err // not searched: nothing to mark
				}
				c, err := f.countUnit(gctx, u, s.p, m)
				if err != nil {
					return err
				}
				s.counts[i] = c
				n := parts.Add(1)
				if s.left.Add(-1) == 0 {
					return finish(k, s.p, s.sum())
				}
				if done != nil {
					done(int(written.Load()), int(n))
				}
				return nil
			})
		}
	}
	if err := eg.Wait(); err != nil {
		return err
	}
	return ctx.Err() // an interrupt between two sections stops the loop, not a search
}

// pending is a section being counted: its units, and the counts of those
// counted.
type pending struct {
	p       solver.Seq
	units   []solver.Seq
	counted []bool
	counts  []solver.Count // each written by the unit's goroutine only
	left    atomic.Int64   // the units not counted yet
}

// plan returns section k, marked to be cut, as f's parts file has it.
func (f *File) plan(k int) *pending {
	b, depth := f.Census()
	s := &pending{p: solver.SectionAt(b, depth, k)}
	s.units = f.parts.units(b, s.p, nil)
	s.counted = make([]bool, len(s.units))
	s.counts = make([]solver.Count, len(s.units))
	for i, u := range s.units {
		s.counts[i], s.counted[i] = f.parts.counted[u]
		if !s.counted[i] {
			s.left.Add(1)
		}
	}
	return s
}

// sum returns the section's count, the sum of its units' in key order.
func (s *pending) sum() solver.Count {
	var c solver.Count
	for _, d := range s.counts {
		c.Add(d)
	}
	return c
}

// countUnit counts u, section p or a part of it, with the processor
// seconds m gives it, and appends a part's count to the parts file. Once
// it has searched u for splitAfter, it marks u in the parts file, so that
// the runs after count u in parts unless this one gets to count it whole.
func (f *File) countUnit(ctx context.Context, u, p solver.Seq, m *cputime.Meter) (solver.Count, error) {
	b := f.box
	var marked chan error
	var stop func() bool
	if u.Len < b.Len() {
		marked = make(chan error, 1)
		stop = f.markLater(func() {
			mark := NewRecord(b, u.Len, solver.SectionIndex(b, u), u, solver.Count{Seconds: splitAfter.Seconds()})
			marked <- f.appendPart(partLine{Split: true, Record: mark})
		})
	}
	c, err := solver.CountSection(ctx, b, u, solver.Options{Workers: 1})
	c.CPU = m.Take()
	if stop != nil && !stop() {
		err = errors.Join(err, <-marked) // the mark is being written, or was
	}
	if err == nil && u != p {
		err = f.appendPart(partLine{Record: NewRecord(b, u.Len, solver.SectionIndex(b, u), u, c)})
	}
	return c, err
}
