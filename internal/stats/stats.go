package stats

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"

	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Convention is how solutions are counted, to be stated wherever counts
// are shown.
const Convention = "solutions are counted once up to the box's rotations and reflections and up to reading the snake from its other end"

// TopN is the number of snakes in [Stats.Top].
const TopN = 10

// Options tune [Compute]. The zero value reads the catalogue of the box
// the file tells.
type Options struct {
	// Box is the catalogue's box; the zero Box means the box the file
	// tells ([catalog.Options]).
	Box symmetry.Box
	// Rate asks for the figures of difficulty ([Stats.Difficulty]):
	// every snake rated (package rate, Feel), on Workers goroutines, 0
	// meaning runtime.GOMAXPROCS(0). On more than one, the file is read
	// on as many: one decodes, the others check ([catalog.Options.Workers]).
	Rate    bool
	Workers int
	// Progress, when not nil, is called after each snake rated with the
	// number rated and -1, as the total is not known; ScaleProgress
	// while the box's scale is made, for a box whose scale is not
	// committed (rate.ScaleOf).
	Progress, ScaleProgress func(done, total int)
}

// Stats are the figures of a catalogue.
type Stats struct {
	Box symmetry.Box
	// Snakes is the number of snakes listed; Solutions the number of
	// their solutions, counted by [Convention].
	Snakes, Solutions int
	// Duplicates is the number of listed solutions that are the same as
	// an earlier one of their snake under [Convention], and so were not
	// counted.
	Duplicates int
	// Palindromes is the number of snakes that read the same from both
	// ends; PalindromeSolutions the number of their solutions.
	Palindromes, PalindromeSolutions int
	// Most is the largest number of solutions of a snake, and MostSnakes
	// the snakes that have it, ascending.
	Most       int
	MostSnakes []solver.Seq
	// MinStraights and MaxStraights bound the number of straight
	// cubelets of the snakes; both are 0 when there is no snake.
	MinStraights, MaxStraights int
	// Histogram[n] is the number of snakes with n solutions, for n from 0
	// to Most.
	Histogram []int
	// ByStraights[s][n] is the number of snakes with s straights and n
	// solutions, for s up to MaxStraights; a row may be shorter than
	// Most+1, its missing entries 0. PalindromesByStraights counts the
	// palindromes alone.
	ByStraights, PalindromesByStraights [][]int
	// Ends[a][b] is the number of solutions whose first cubelet lies in a
	// cell of class a and last cubelet in a cell of class b, reading each
	// solution along its snake's key; a palindrome's solution is read in
	// the direction of its canonical form.
	Ends [NumClasses][NumClasses]int
	// Top holds the TopN snakes with most solutions, most first, ties in
	// key order.
	Top []Snake
	// Skimmed reports figures counted from a skim of the catalogue
	// ([Counter.Skimmed]): solutions as the file lists them, unread, so
	// that Ends and Duplicates were not counted.
	Skimmed bool
	// Difficulty holds the figures of the snakes' difficulty when they
	// were rated ([Options.Rate]); nil when not, or when no snake folds.
	Difficulty *Difficulty
}

// Snake is a snake and its number of solutions.
type Snake struct {
	Key       solver.Seq
	Solutions int
}

// OneSolution returns the number of snakes with exactly one solution.
func (s *Stats) OneSolution() int {
	if len(s.Histogram) > 1 {
		return s.Histogram[1]
	}
	return 0
}

// Class is the kind of a cell, by the number of its coordinates at an
// extreme of their axis, 0 or the side's length minus 1: three for a
// corner, two for an edge, one for a face, none for the centre (any cell
// inside). On a side of length 1 or 2 every coordinate is extreme, so
// every cell of a 2x2x2 box is a corner.
type Class uint8

// The classes of cells, the most extreme first.
const (
	Corner Class = iota
	Edge
	Face
	Centre
)

// NumClasses is the number of classes of cells.
const NumClasses = 4

func (c Class) String() string {
	switch c {
	case Corner:
		return "corner"
	case Edge:
		return "edge"
	case Face:
		return "face"
	case Centre:
		return "centre"
	}
	return fmt.Sprintf("Class(%d)", uint8(c))
}

// ClassOf returns the class of cell p of box b.
func ClassOf(b symmetry.Box, p [3]int) Class {
	c := Centre
	for a, v := range p {
		if v == 0 || v == b.Size[a]-1 {
			c--
		}
	}
	return c
}

// Compute reads the catalogue in r, in any format, as a stream and returns
// its figures. A snake or solution with a problem ends it with a
// [*catalog.Problem] naming the snake; a file that is not a catalogue gives
// the reader's [*export.SyntaxError].
func Compute(ctx context.Context, r io.Reader, opts Options) (*Stats, error) {
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rd := catalog.NewReader(r, catalog.Options{Box: opts.Box, Workers: workers})
	defer rd.Close()
	t := NewCounter(opts.Box)
	var rt *rater
	for n := 0; ; n++ {
		// An entry takes microseconds: looking at the context every
		// 256 keeps a stop prompt and costs nothing.
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		s, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			t = NewCounter(rd.Box())
			if opts.Rate {
				rt = &rater{t: t, workers: opts.Workers, progress: opts.Progress, scaled: opts.ScaleProgress}
			}
		}
		if p := s.Err(); p != nil {
			return nil, p
		}
		sols := t.Snake(s)
		if rt != nil {
			if err := rt.add(ctx, s.Key, sols); err != nil {
				return nil, err
			}
		}
	}
	if rt != nil {
		if err := rt.flush(ctx); err != nil {
			return nil, err
		}
	}
	return t.Stats(), nil
}

// Counter counts the figures of a catalogue snake by snake, for a caller
// that reads the catalogue itself; [Compute] is a [catalog.Reader]
// feeding a Counter. Snakes are counted in key order, as a catalogue lists
// them.
type Counter struct {
	st Stats
}

// NewCounter returns a Counter of a catalogue of box b.
func NewCounter(b symmetry.Box) *Counter {
	return &Counter{st: Stats{Box: b, MinStraights: b.Len()}}
}

// Snake counts a sound snake, read and checked: a solution listed twice
// counts once. It returns the snake's solutions so counted.
func (t *Counter) Snake(s *catalog.Snake) int {
	b := t.st.Box
	n := 0
	for _, sol := range s.Solutions {
		if sol.Same >= 0 {
			t.st.Duplicates++
			continue
		}
		n++
		t.st.Ends[ClassOf(b, sol.First)][ClassOf(b, sol.Last)]++
	}
	t.add(s.Key, n)
	return n
}

// Skimmed counts a snake as a [catalog.Skimmer] saw it: its solutions as
// listed, unread. The figures are then [Stats.Skimmed]: they have no ends
// and no duplicates.
func (t *Counter) Skimmed(e catalog.Entry) {
	t.st.Skimmed = true
	t.add(e.Key, e.Solutions)
}

// Stats returns the figures counted so far. They are the Counter's: counting
// more changes them.
func (t *Counter) Stats() *Stats {
	if t.st.Snakes == 0 {
		t.st.MinStraights = 0
	}
	return &t.st
}

// add counts snake q with n solutions.
func (t *Counter) add(q solver.Seq, n int) {
	st := &t.st
	st.Snakes++
	st.Solutions += n
	k := q.Straights()
	st.MinStraights = min(st.MinStraights, k)
	st.MaxStraights = max(st.MaxStraights, k)
	st.Histogram = bump(st.Histogram, n)
	st.ByStraights = bump2(st.ByStraights, k, n)
	if q.Palindrome() {
		st.Palindromes++
		st.PalindromeSolutions += n
		st.PalindromesByStraights = bump2(st.PalindromesByStraights, k, n)
	}
	switch {
	case n > st.Most || st.Snakes == 1:
		st.Most, st.MostSnakes = n, append(st.MostSnakes[:0], q)
	case n == st.Most:
		st.MostSnakes = append(st.MostSnakes, q)
	}
	// Keys arrive ascending, so a snake tied with the last of Top comes
	// after it.
	if len(st.Top) < TopN || n > st.Top[len(st.Top)-1].Solutions {
		at := len(st.Top)
		for at > 0 && st.Top[at-1].Solutions < n {
			at--
		}
		st.Top = slices.Insert(st.Top, at, Snake{Key: q, Solutions: n})
		if len(st.Top) > TopN {
			st.Top = st.Top[:TopN]
		}
	}
}

// bump adds 1 to h[i], growing h as needed.
func bump(h []int, i int) []int {
	if i >= len(h) {
		h = append(h, make([]int, i+1-len(h))...)
	}
	h[i]++
	return h
}

// bump2 adds 1 to t[i][j], growing t as needed.
func bump2(t [][]int, i, j int) [][]int {
	if i >= len(t) {
		t = append(t, make([][]int, i+1-len(t))...)
	}
	t[i] = bump(t[i], j)
	return t
}

// cell returns t[i][j], or 0 outside t.
func cell(t [][]int, i, j int) int {
	if i < len(t) && j < len(t[i]) {
		return t[i][j]
	}
	return 0
}

// Bin is a range of numbers of solutions, Lo to Hi inclusive.
type Bin struct{ Lo, Hi int }

func (b Bin) String() string {
	if b.Lo == b.Hi {
		return fmt.Sprint(b.Lo)
	}
	return fmt.Sprintf("%d-%d", b.Lo, b.Hi)
}

// Bins returns the ranges that tables of snakes by number of solutions
// use: 1, 2, 3-4, 5-8, ..., doubling up to the first range holding Most,
// and 0 first when some snake lists no solution. Numbers of solutions
// spread over orders of magnitude, and few snakes have many, so ranges
// that double keep a table narrow and every column populated.
func (s *Stats) Bins() []Bin {
	var bins []Bin
	if len(s.Histogram) > 0 && s.Histogram[0] > 0 {
		bins = append(bins, Bin{0, 0})
	}
	for lo, hi := 1, 1; lo <= s.Most; lo, hi = hi+1, 2*hi {
		bins = append(bins, Bin{lo, hi})
	}
	return bins
}

// Binned returns the row of table t for s straights, summed over bins.
func Binned(t [][]int, s int, bins []Bin) []int {
	row := make([]int, len(bins))
	for k, b := range bins {
		for n := b.Lo; n <= b.Hi; n++ {
			row[k] += cell(t, s, n)
		}
	}
	return row
}

// keyList writes keys separated by commas.
func keyList(keys []solver.Seq) string {
	s := make([]string, len(keys))
	for i, k := range keys {
		s[i] = k.String()
	}
	return strings.Join(s, ", ")
}
