package catalog

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// ErrNoBox reports a catalogue whose box [Options.Box] does not give and
// whose content does not tell.
var ErrNoBox = errors.New("the box is not known")

// ErrOtherBox reports a catalogue that states a box other than
// [Options.Box].
var ErrOtherBox = errors.New("a catalogue of another box")

// Options tune a [Reader]. The zero value reads the catalogue of the box
// the file tells.
type Options struct {
	// Box is the catalogue's box. A file that states its box must state
	// this one. The zero Box means the box the file tells (see the
	// package's doc).
	Box symmetry.Box
	// Boxes are the boxes a catalogue may be of, when Box is zero and the
	// file tells no box, besides the cubes: a server given several
	// catalogues of several boxes.
	Boxes []symmetry.Box
	// Workers, above 1, is the number of goroutines that read: one
	// decodes the file's entries ahead, in batches, and the others check
	// the batches, which Next hands on in file order; the caller must
	// then Close the Reader. 0 or 1 reads and checks in the caller's
	// goroutine.
	Workers int
	// batch is how many entries a batch of Workers holds at most,
	// aheadBatch when 0: tests cut the file in small batches.
	batch int
}

// settle returns the box of a catalogue that states box stated (zero
// when it states none) and whose first entry is e (nil when it has
// none): the box stated, else Options.Box, else the shape of e's first
// path array, else the cube or the box of Boxes whose volume is its
// key's length. The box is zero when the catalogue has no entry and
// nothing tells it; the error wraps ErrOtherBox or ErrNoBox.
func (o Options) settle(stated symmetry.Box, e *export.Entry) (symmetry.Box, error) {
	switch {
	case stated.Len() > 0 && o.Box.Len() > 0 && stated != o.Box:
		return symmetry.Box{}, fmt.Errorf("%w: the file states the %v box, not the %v box given", ErrOtherBox, stated, o.Box)
	case stated.Len() > 0:
		return stated, nil
	case o.Box.Len() > 0:
		return o.Box, nil
	case e == nil:
		return symmetry.Box{}, nil
	}
	if b, ok := pathBox(e); ok {
		return b, nil
	}
	return o.boxOf(e.Key)
}

// pathBox returns the box whose sides the path array of e's first
// solution has, when its volume is the length of e's key: path[x][y][z]
// has a plane per x, a row per y, a cell per z.
func pathBox(e *export.Entry) (symmetry.Box, bool) {
	if len(e.Solutions) == 0 {
		return symmetry.Box{}, false
	}
	p := e.Solutions[0].Path
	if len(p) == 0 || len(p[0]) == 0 {
		return symmetry.Box{}, false
	}
	b, err := symmetry.NewBox(len(p), len(p[0]), len(p[0][0]))
	return b, err == nil && b.Len() == len(e.Key)
}

// boxOf returns the cube, or else the box of Boxes, whose volume is the
// length of key k, or an error wrapping ErrNoBox.
func (o Options) boxOf(k string) (symmetry.Box, error) {
	if b, ok := symmetry.CubeOf(len(k)); ok {
		return b, nil
	}
	for _, b := range o.Boxes {
		if b.Len() == len(k) {
			return b, nil
		}
	}
	what := "no cube's volume (8, 27 or 64)"
	if len(o.Boxes) > 0 {
		what += " nor that of a box given"
	}
	return symmetry.Box{}, fmt.Errorf("%w: the file states no box, and the first key, %s, has %d characters, %s", ErrNoBox, QuoteKey(k), len(k), what)
}

// Snake is one entry of a catalogue, read and checked. A Reader reuses its
// Snake and the slices in it: they hold until the next call to Next.
type Snake struct {
	// Text is the key as the file writes it, which may be no key at all.
	Text string
	// Key is the snake, valid when Valid is true.
	Key solver.Seq
	// Valid reports that Text is a snake of the box; when it is not, no
	// solution is checked.
	Valid bool
	// IsKey reports that Key is the smaller of itself and its reverse.
	IsKey bool
	// InOrder reports that the key follows the previous entry's, strictly.
	InOrder bool
	// Offset is the byte offset where the entry starts in the file.
	Offset int64
	// Problems are what is wrong with the snake as a whole, in the order
	// found: its order in the file, its key, no solution listed.
	Problems []error
	// Solutions are the solutions the file lists, in its order.
	Solutions []Solution
}

// Solution is one solution of a [Snake], checked.
type Solution struct {
	// Checked holds the canonical form and the ends; its Form is nil
	// when Err is not.
	Checked
	// Err is what is wrong with the solution, or nil.
	Err error
	// Same is the index, from 0, of an earlier solution of the snake with
	// the same canonical form, or -1.
	Same int
}

// Err returns the first problem of the snake, as a whole or with one of
// its solutions, or nil when it is sound. A solution listed twice is not a
// problem here (see [Solution.Same]).
func (s *Snake) Err() *Problem {
	if len(s.Problems) > 0 {
		return s.problem(-1, s.Problems[0])
	}
	for i, sol := range s.Solutions {
		if sol.Err != nil {
			return s.problem(i, sol.Err)
		}
	}
	return nil
}

// Forms returns the distinct canonical forms of the snake's correct
// solutions, ascending: the snake as a single search would find it.
func (s *Snake) Forms() [][]symmetry.Dir {
	var forms [][]symmetry.Dir
	for _, sol := range s.Solutions {
		if sol.Err == nil && sol.Same < 0 {
			forms = append(forms, sol.Form)
		}
	}
	slices.SortFunc(forms, slices.Compare)
	return forms
}

// Distinct returns the number of distinct correct solutions.
func (s *Snake) Distinct() int {
	n := 0
	for _, sol := range s.Solutions {
		if sol.Err == nil && sol.Same < 0 {
			n++
		}
	}
	return n
}

func (s *Snake) problem(i int, err error) *Problem {
	return &Problem{Key: s.Text, Solution: i, Offset: s.Offset, Err: err}
}

// Problem is something wrong with a snake of a catalogue or with one of its
// solutions.
type Problem struct {
	// Key is the snake's key as the file writes it.
	Key string
	// Solution is the index of the solution in the key's list, from 0, or
	// -1 when the problem concerns the snake as a whole. Its text counts
	// from 1.
	Solution int
	// Offset is the byte offset of the snake's entry in the file; for a
	// snake missing from the file, that of the entry before which it
	// belongs, or -1 after the last.
	Offset int64
	Err    error
}

// ProblemOf returns the problem with solution i of s, from 0, or with the
// whole snake when i is -1.
func ProblemOf(s *Snake, i int, err error) *Problem { return s.problem(i, err) }

func (p *Problem) Error() string {
	if p.Solution < 0 {
		return fmt.Sprintf("%s: %v", QuoteKey(p.Key), p.Err)
	}
	return fmt.Sprintf("%s solution %d: %v", QuoteKey(p.Key), p.Solution+1, p.Err)
}

func (p *Problem) Unwrap() error { return p.Err }

// QuoteKey writes a key as it is when it looks like one, else quoted and
// cut short: a damaged file may hold any string.
func QuoteKey(k string) string {
	const long = symmetry.MaxCells
	if k != "" && len(k) <= long && strings.Trim(k, "01") == "" {
		return k
	}
	if len(k) > long {
		return fmt.Sprintf("%q...", k[:long])
	}
	return fmt.Sprintf("%q", k)
}

// Reader reads a catalogue, JSON, JSONL or Parquet, snake by snake.
type Reader struct {
	opts     Options
	raw      *export.Reader
	box      symmetry.Box
	settled  bool  // the box is settled, or the file is no catalogue
	lane     *lane // checks the entries read in the caller's goroutine
	snk      Snake
	prev     string
	n        int // entries read
	parallel *pipeline
}

// raw is an entry as the file states it, or the error that ends the
// reading.
type raw struct {
	e   export.Entry
	err error
}

// NewReader returns a Reader of the catalogue in r, told by its content:
// see [export.NewReader].
func NewReader(r io.Reader, opts Options) *Reader {
	return &Reader{raw: export.NewReader(r), opts: opts}
}

// Box returns the catalogue's box, known after the first call to Next:
// the one the file states or tells, or the one given. It is zero while
// unknown, and for an empty catalogue that nothing tells the box of.
func (r *Reader) Box() symmetry.Box { return r.box }

// Format returns the file's format, known after the first call to Next.
func (r *Reader) Format() export.Format { return r.raw.Format() }

// Close stops the goroutines of [Options.Workers] and waits for them;
// Next then reports io.EOF. Without Workers it does nothing.
func (r *Reader) Close() {
	if r.parallel != nil {
		r.parallel.close()
	}
}

// Next reads and checks the next snake. It returns io.EOF after the last,
// an [*export.SyntaxError] for a file that is no catalogue, or an error
// wrapping [ErrOtherBox] or [ErrNoBox] when the box the file states is not
// the one given, or when the box is neither given nor told. The Snake
// returned holds until the next call.
func (r *Reader) Next() (*Snake, error) {
	if r.parallel != nil {
		s, err := r.parallel.next()
		if err == nil {
			r.n++
		}
		return s, err
	}
	e, err := r.raw.Next()
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if !r.settled {
		r.settled = true
		first := &e
		if err != nil {
			first = nil
		}
		b, err := r.opts.settle(r.raw.Box(), first)
		if err != nil {
			return nil, err
		}
		if b.Len() > 0 {
			r.box = b
			r.lane = newLane(b, r.raw.Format() == export.FormatParquet)
		}
	}
	if err != nil {
		return nil, err
	}
	r.lane.arena = r.lane.arena[:0]
	r.lane.entry(&r.snk, e, r.prev, r.n > 0)
	r.prev = e.Key
	r.n++
	if r.opts.Workers > 1 && r.n == 1 {
		// The first entry settles the format and the box, which the
		// goroutines would change under the reader's eyes: the rest
		// are decoded and checked ahead.
		r.parallel = startPipeline(r.raw, r.lane, r.opts, e.Key)
	}
	return &r.snk, nil
}

// lane checks entries of one catalogue: the box and format it settled,
// and the scratch space a goroutine needs of its own.
type lane struct {
	box     symmetry.Box
	boxName string // box.String(), for the rows of a Parquet catalogue
	parquet bool
	chk     *Checker
	// arena holds the canonical forms of the snakes checked since it
	// was last cut to nothing.
	arena []symmetry.Dir
	seen  map[string]int
	buf   []byte
}

// newLane returns a lane of a catalogue of box b, Parquet or not.
func newLane(b symmetry.Box, parquet bool) *lane {
	c := NewChecker(b)
	c.pathless = parquet
	return &lane{box: b, boxName: b.String(), parquet: parquet, chk: c, seen: make(map[string]int)}
}

// fork returns a lane of the same catalogue with scratch space of its
// own.
func (l *lane) fork() *lane { return newLane(l.box, l.parquet) }

// entry checks the raw entry e into s, reusing s's slices; prev is the
// key of the entry before, when there is one (after). The forms of s's
// solutions go to l.arena, appended.
func (l *lane) entry(s *Snake, e export.Entry, prev string, after bool) {
	*s = Snake{Text: e.Key, Offset: e.Offset, Problems: s.Problems[:0], Solutions: s.Solutions[:0], InOrder: true}
	if after {
		switch c := strings.Compare(e.Key, prev); {
		case c == 0:
			s.Problems = append(s.Problems, errors.New("listed again: keys must be unique"))
			s.InOrder = false
		case c < 0:
			s.Problems = append(s.Problems, fmt.Errorf("follows %s: keys must ascend", QuoteKey(prev)))
			s.InOrder = false
		}
	}
	b := l.box
	q, err := solver.ParseSeq(e.Key)
	if err == nil {
		err = q.Valid(b)
	}
	if err != nil {
		s.Problems = append(s.Problems, fmt.Errorf("not a snake of the %v box: %w", b, err))
		return
	}
	s.Key, s.Valid, s.IsKey = q, true, q.IsKey()
	if !s.IsKey {
		s.Problems = append(s.Problems, fmt.Errorf("not a key: its reverse, %v, is smaller", q.Reverse()))
	}
	if len(e.Solutions) == 0 {
		s.Problems = append(s.Problems, errors.New("lists no solution"))
	}
	l.solutions(s, q, e.Solutions)
	if l.parquet {
		l.rows(s, q, e.Solutions)
	}
}

// rows checks what the rows of a Parquet catalogue state besides their
// solutions: the box and the snake's figures on every row, each
// disagreement reported once for the snake, and each row's place in the
// snake's list.
func (l *lane) rows(s *Snake, q solver.Seq, sols []export.Solution) {
	want := export.Row{Box: l.boxName, Solutions: len(sols), Straights: q.Straights(), Palindrome: q.Palindrome()}
	var box, n, straights, pal bool
	for i, sol := range sols {
		got := sol.Row
		if got.Box != want.Box && !box {
			box = true
			s.Problems = append(s.Problems, fmt.Errorf("row %d states the box %q, not %v", i+1, got.Box, l.box))
		}
		if got.Solutions != want.Solutions && !n {
			n = true
			s.Problems = append(s.Problems, fmt.Errorf("row %d states %d solutions, the file lists %d", i+1, got.Solutions, want.Solutions))
		}
		if got.Straights != want.Straights && !straights {
			straights = true
			s.Problems = append(s.Problems, fmt.Errorf("row %d states %d straights, the snake has %d", i+1, got.Straights, want.Straights))
		}
		if got.Palindrome != want.Palindrome && !pal {
			pal = true
			s.Problems = append(s.Problems, fmt.Errorf("row %d states palindrome %t, the snake is %s", i+1, got.Palindrome, map[bool]string{true: "one", false: "not one"}[want.Palindrome]))
		}
		if got.Solution != i+1 && s.Solutions[i].Err == nil {
			s.Solutions[i].Err = fmt.Errorf("numbered %d, but is row %d of the snake's rows", got.Solution, i+1)
			s.Solutions[i].Form = nil
		}
	}
}

// solutions checks the solutions of snake q into s.Solutions.
func (l *lane) solutions(s *Snake, q solver.Seq, sols []export.Solution) {
	m := l.box.Len() - 1
	// The arena is grown before the loop, so the forms handed out are
	// never moved by a later append; those of earlier snakes stay in the
	// array they were written to.
	l.arena = slices.Grow(l.arena, len(sols)*m)
	// A catalogue lists a snake's solutions ascending by canonical form,
	// so none twice: a map finds the solutions listed again only when
	// the forms do not ascend.
	ascending := true
	var last []symmetry.Dir
	for _, raw := range sols {
		at := len(l.arena)
		c, err := l.chk.Solution(l.arena[at:at+m], q, raw)
		if err == nil {
			l.arena = l.arena[:at+m]
			ascending = ascending && (last == nil || slices.Compare(last, c.Form) < 0)
			last = c.Form
		}
		s.Solutions = append(s.Solutions, Solution{Checked: c, Err: err, Same: -1})
	}
	if ascending {
		return
	}
	clear(l.seen)
	for i := range s.Solutions {
		sol := &s.Solutions[i]
		if sol.Err != nil {
			continue
		}
		l.buf = appendForm(l.buf[:0], sol.Form)
		if j, ok := l.seen[string(l.buf)]; ok {
			sol.Same = j
		} else {
			l.seen[string(l.buf)] = i
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
