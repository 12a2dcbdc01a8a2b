package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Options tune [Verify]. The zero value checks the catalogue of a cube told
// by the length of its first key.
type Options struct {
	// Box is the catalogue's box. The zero Box means the cube whose volume
	// is the first key's length: 8, 27 or 64.
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

// ErrNoBox reports a catalogue whose box [Options.Box] does not give and
// its keys do not tell.
var ErrNoBox = errors.New("the box is not known")

// Problem is something wrong with a snake of the catalogue or one of its
// solutions.
type Problem struct {
	// Key is the snake's key as the file writes it.
	Key string
	// Solution is the index of the solution in the key's list, from 0, or
	// -1 when the problem concerns the snake as a whole.
	Solution int
	// Offset is the byte offset of the snake's entry in the file; for a
	// snake missing from the file, that of the entry before which it
	// belongs, or -1 after the last.
	Offset int64
	Err    error
}

func (p *Problem) Error() string {
	if p.Solution < 0 {
		return fmt.Sprintf("%s: %v", quoteKey(p.Key), p.Err)
	}
	return fmt.Sprintf("%s solution %d: %v", quoteKey(p.Key), p.Solution, p.Err)
}

func (p *Problem) Unwrap() error { return p.Err }

// quoteKey writes a key as it is when it looks like one, else quoted and
// cut short: a damaged file may hold any string.
func quoteKey(k string) string {
	const long = symmetry.MaxCells
	if k != "" && len(k) <= long && strings.Trim(k, "01") == "" {
		return k
	}
	if len(k) > long {
		return fmt.Sprintf("%q...", k[:long])
	}
	return fmt.Sprintf("%q", k)
}

// Verify reads the catalogue in r and calls report with each problem it
// finds, in file order. It returns what it read, and an error when it could
// not read on: an [*export.SyntaxError] for a file that is not a catalogue,
// the reader's error, [ErrNoBox] (wrapped), or the context's error.
func Verify(ctx context.Context, r io.Reader, opts Options, report func(*Problem)) (Summary, error) {
	v := &verifier{opts: opts, report: report}
	if opts.Box.Len() > 0 {
		if err := v.setBox(ctx, opts.Box); err != nil {
			return v.sum, err
		}
	}
	rd := export.NewReader(r)
	for n := 0; ; n++ {
		// Reading and checking an entry takes microseconds: looking at
		// the context every 256 keeps a stop prompt and costs nothing.
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return v.sum, err
			}
		}
		e, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return v.sum, err
		}
		if v.chk == nil {
			b, err := BoxOf(e.Key)
			if err != nil {
				return v.sum, err
			}
			if err := v.setBox(ctx, b); err != nil {
				return v.sum, err
			}
		}
		v.entry(e)
	}
	if v.chk == nil && opts.Complete {
		return v.sum, fmt.Errorf("%w: an empty catalogue tells none", ErrNoBox)
	}
	v.finish()
	return v.sum, nil
}

// BoxOf returns the box a catalogue's first key k tells: the cube whose
// volume is its length, 8, 27 or 64, or an error wrapping [ErrNoBox].
func BoxOf(k string) (symmetry.Box, error) {
	for n := 2; n*n*n <= symmetry.MaxCells; n++ {
		if n*n*n == len(k) {
			return symmetry.Cube(n)
		}
	}
	return symmetry.Box{}, fmt.Errorf("%w: the first key, %s, has %d characters, no cube's volume (8, 27 or 64)", ErrNoBox, quoteKey(k), len(k))
}

// verifier is the state of one Verify.
type verifier struct {
	opts   Options
	report func(*Problem)
	sum    Summary
	chk    *Checker

	prev    string // the previous entry's key
	started bool   // an entry was read

	// The current snake's solutions: canonical form by index (nil when
	// the solution is wrong), and index by canonical form.
	forms [][]symmetry.Dir
	arena []symmetry.Dir
	seen  map[string]int
	buf   []byte

	// The fresh search, with Complete: the next snake of the merge walk,
	// and the last key the walk went past.
	fresh  []solver.Snake
	next   int
	walked solver.Seq
}

func (v *verifier) setBox(ctx context.Context, b symmetry.Box) error {
	v.sum.Box = b
	v.chk = NewChecker(b)
	v.seen = make(map[string]int)
	if !v.opts.Complete {
		return nil
	}
	cat, err := solver.Enumerate(ctx, b, solver.Options{Workers: v.opts.Workers})
	if err != nil {
		return fmt.Errorf("fresh search of the %v box: %w", b, err)
	}
	v.fresh = cat.Snakes
	return nil
}

// problem reports a problem with solution i of entry e, or with the whole
// snake when i is -1.
func (v *verifier) problem(e *export.Entry, i int, err error) {
	v.sum.Problems++
	v.report(&Problem{Key: e.Key, Solution: i, Offset: e.Offset, Err: err})
}

func (v *verifier) entry(e export.Entry) {
	v.sum.Snakes++
	v.sum.Solutions += len(e.Solutions)
	inOrder := true
	if v.started {
		switch c := strings.Compare(e.Key, v.prev); {
		case c == 0:
			v.problem(&e, -1, errors.New("listed again: keys must be unique"))
			inOrder = false
		case c < 0:
			v.problem(&e, -1, fmt.Errorf("follows %s: keys must ascend", quoteKey(v.prev)))
			inOrder = false
		}
	}
	v.started, v.prev = true, e.Key

	b := v.chk.Box()
	q, err := solver.ParseSeq(e.Key)
	if err == nil {
		err = q.Valid(b)
	}
	if err != nil {
		v.problem(&e, -1, fmt.Errorf("not a snake of the %v box: %w", b, err))
		return
	}
	isKey := q.IsKey()
	if !isKey {
		v.problem(&e, -1, fmt.Errorf("not a key: its reverse, %v, is smaller", q.Reverse()))
	}
	if len(e.Solutions) == 0 {
		v.problem(&e, -1, errors.New("lists no solution"))
	}

	m := b.Len() - 1
	clear(v.seen)
	v.forms = v.forms[:0]
	v.arena = slices.Grow(v.arena[:0], len(e.Solutions)*m)
	for i, s := range e.Solutions {
		at := len(v.arena)
		form, err := v.chk.Solution(v.arena[at:at+m], q, s)
		if err != nil {
			v.forms = append(v.forms, nil)
			v.problem(&e, i, err)
			continue
		}
		v.arena = v.arena[:at+m]
		v.forms = append(v.forms, form)
		v.buf = appendForm(v.buf[:0], form)
		if j, ok := v.seen[string(v.buf)]; ok {
			v.problem(&e, i, fmt.Errorf("the same solution as solution %d, up to symmetry and reversal", j))
			continue
		}
		v.seen[string(v.buf)] = i
	}
	if v.opts.Complete && inOrder && isKey && (v.walked.Len == 0 || q.Compare(v.walked) > 0) {
		v.walk(&e, q)
	}
}

// appendForm appends a direction list as bytes, to serve as a map key.
func appendForm(p []byte, dirs []symmetry.Dir) []byte {
	for _, d := range dirs {
		p = append(p, byte(d))
	}
	return p
}

// walk advances the merge walk with the fresh search to entry e, whose key
// q follows every key walked so far, and compares the solutions.
func (v *verifier) walk(e *export.Entry, q solver.Seq) {
	v.walked = q
	for v.next < len(v.fresh) && v.fresh[v.next].Key.Compare(q) < 0 {
		v.missing(v.fresh[v.next], e.Offset)
		v.next++
	}
	if v.next == len(v.fresh) || v.fresh[v.next].Key != q {
		if len(e.Solutions) > 0 {
			v.problem(e, -1, errors.New("a fresh search of the box finds no solution of this snake"))
		}
		return
	}
	want := v.fresh[v.next].Solutions
	v.next++
	for i, f := range v.forms {
		if f == nil {
			continue
		}
		if _, ok := slices.BinarySearchFunc(want, f, slices.Compare); !ok {
			v.problem(e, i, errors.New("a fresh search of the box does not find this solution"))
		}
	}
	for _, w := range want {
		v.buf = appendForm(v.buf[:0], w)
		if _, ok := v.seen[string(v.buf)]; !ok {
			v.problem(e, -1, fmt.Errorf("missing the solution with direction %s", codes(w)))
		}
	}
}

// missing reports a snake of the fresh search absent from the file, before
// the entry at offset off.
func (v *verifier) missing(s solver.Snake, off int64) {
	v.sum.Problems++
	err := fmt.Errorf("missing: a fresh search of the box finds %s", plural(len(s.Solutions), "solution"))
	v.report(&Problem{Key: s.Key.String(), Solution: -1, Offset: off, Err: err})
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

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
