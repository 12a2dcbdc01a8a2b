package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Options tune [Verify]. The zero value checks the catalogue of the box
// the file tells.
type Options struct {
	// Box is the catalogue's box. The zero Box means the box the file
	// tells ([catalog.Options]).
	Box symmetry.Box
	// Complete also compares the catalogue with a fresh search of the
	// whole box: every snake that folds and every solution must be there.
	Complete bool
	// Workers is the number of goroutines of the fresh search; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
}

// Summary is what [Verify] read and found.
type Summary struct {
	Box symmetry.Box
	// Snakes and Solutions count the entries and the solutions the file
	// lists, right or wrong.
	Snakes, Solutions int
	// Problems is the number of problems reported.
	Problems int
}

// ErrNoSnakeNoBox is the error of a catalogue with no snake that states no
// box, such as "{}": a catalogue of no box, nothing that could be right.
// Given the box, the empty catalogue of a box with no snake is verified.
var ErrNoSnakeNoBox = errors.New("no snake, and no box stated: a catalogue of no box; give its box with -size")

// Verify reads the catalogue in r and calls report with each problem it
// finds, in file order. It returns what it read, and an error when it could
// not read on: an [*export.SyntaxError] for a file that is not a catalogue,
// the reader's error, [ErrNoBox] (wrapped), [ErrNoSnakeNoBox], or the
// context's error.
func Verify(ctx context.Context, r io.Reader, opts Options, report func(*catalog.Problem)) (Summary, error) {
	v := &verifier{opts: opts, report: report}
	if opts.Box.Len() > 0 {
		if err := v.setBox(ctx, opts.Box); err != nil {
			return v.sum, err
		}
	}
	rd := catalog.NewReader(r, catalog.Options{Box: opts.Box})
	for n := 0; ; n++ {
		// Reading and checking an entry takes microseconds: looking at
		// the context every 256 keeps a stop prompt and costs nothing.
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return v.sum, err
			}
		}
		s, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return v.sum, err
		}
		if v.sum.Box.Len() == 0 {
			if err := v.setBox(ctx, rd.Box()); err != nil {
				return v.sum, err
			}
		}
		v.entry(s)
	}
	if v.sum.Box.Len() == 0 && rd.Box().Len() > 0 { // an empty catalogue that states its box
		if err := v.setBox(ctx, rd.Box()); err != nil {
			return v.sum, err
		}
	}
	switch {
	case v.sum.Box.Len() == 0 && opts.Complete:
		return v.sum, fmt.Errorf("%w: an empty catalogue tells none", catalog.ErrNoBox)
	case v.sum.Box.Len() == 0:
		return v.sum, ErrNoSnakeNoBox
	}
	v.finish()
	return v.sum, nil
}

// verifier is the state of one Verify.
type verifier struct {
	opts   Options
	report func(*catalog.Problem)
	sum    Summary

	// The fresh search, with Complete: the next snake of the merge walk,
	// and the last key the walk went past.
	fresh  []solver.Snake
	next   int
	walked solver.Seq
	buf    []byte
	seen   map[string]bool
}

func (v *verifier) setBox(ctx context.Context, b symmetry.Box) error {
	v.sum.Box = b
	if !v.opts.Complete {
		return nil
	}
	cat, err := solver.Enumerate(ctx, b, solver.Options{Workers: v.opts.Workers})
	if err != nil {
		return fmt.Errorf("fresh search of the %v box: %w", b, err)
	}
	v.fresh = cat.Snakes
	v.seen = make(map[string]bool)
	return nil
}

// problem reports a problem with solution i of s, or with the whole snake
// when i is -1.
func (v *verifier) problem(s *catalog.Snake, i int, err error) {
	v.sum.Problems++
	v.report(catalog.ProblemOf(s, i, err))
}

func (v *verifier) entry(s *catalog.Snake) {
	v.sum.Snakes++
	v.sum.Solutions += len(s.Solutions)
	for _, err := range s.Problems {
		v.problem(s, -1, err)
	}
	for i, sol := range s.Solutions {
		switch {
		case sol.Err != nil:
			v.problem(s, i, sol.Err)
		case sol.Same >= 0:
			v.problem(s, i, fmt.Errorf("the same solution as solution %d, up to symmetry and reversal", sol.Same+1))
		}
	}
	if v.opts.Complete && s.Valid && s.InOrder && s.IsKey && (v.walked.Len == 0 || s.Key.Compare(v.walked) > 0) {
		v.walk(s)
	}
}

// walk advances the merge walk with the fresh search to snake s, whose
// key follows every key walked so far, and compares the solutions.
func (v *verifier) walk(s *catalog.Snake) {
	q := s.Key
	v.walked = q
	for v.next < len(v.fresh) && v.fresh[v.next].Seq.Compare(q) < 0 {
		v.missing(v.fresh[v.next], s.Offset)
		v.next++
	}
	if v.next == len(v.fresh) || v.fresh[v.next].Seq != q {
		if len(s.Solutions) > 0 {
			v.problem(s, -1, errors.New("a fresh search of the box finds no solution of this snake"))
		}
		return
	}
	want := v.fresh[v.next].Solutions
	v.next++
	clear(v.seen)
	for i, sol := range s.Solutions {
		if sol.Err != nil {
			continue
		}
		v.seen[string(appendForm(v.buf[:0], sol.Form))] = true
		if _, ok := slices.BinarySearchFunc(want, sol.Form, slices.Compare); !ok {
			v.problem(s, i, errors.New("a fresh search of the box does not find this solution"))
		}
	}
	for _, w := range want {
		if !v.seen[string(appendForm(v.buf[:0], w))] {
			v.problem(s, -1, fmt.Errorf("missing the solution with direction %s", codes(w)))
		}
	}
}

// appendForm appends a direction list as bytes, to serve as a map key.
func appendForm(p []byte, dirs []symmetry.Dir) []byte {
	for _, d := range dirs {
		p = append(p, byte(d))
	}
	return p
}

// missing reports a snake of the fresh search absent from the file, before
// the entry at offset off.
func (v *verifier) missing(s solver.Snake, off int64) {
	v.sum.Problems++
	err := fmt.Errorf("missing: a fresh search of the box finds %s", words.Plural(len(s.Solutions), "solution"))
	v.report(&catalog.Problem{Key: s.Seq.String(), Solution: -1, Offset: off, Err: err})
}

// finish reports the snakes of the fresh search after the last key walked.
func (v *verifier) finish() {
	for ; v.next < len(v.fresh); v.next++ {
		v.missing(v.fresh[v.next], -1)
	}
}

// codes writes a direction list as the file does, [1,2,-1,...].
func codes(dirs []symmetry.Dir) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, d := range dirs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprint(&b, d.Code())
	}
	b.WriteByte(']')
	return b.String()
}
