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
	// ReadAhead, set, has a goroutine decode the file's entries ahead of
	// the ones being checked, so that decoding and checking share two
	// cores; the caller must then Close the Reader.
	ReadAhead bool
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
	opts    Options
	raw     *export.Reader
	box     symmetry.Box
	boxName string // box.String(), for the rows of a Parquet catalogue
	settled bool   // the box is settled, or the file is no catalogue
	chk     *Checker
	snk     Snake
	prev    string
	n       int // entries read

	arena []symmetry.Dir
	seen  map[string]int
	buf   []byte

	ahead chan []raw    // entries decoded ahead, with ReadAhead
	stop  chan struct{} // closed by Close
	batch []raw         // what is left of the batch being checked
}

// raw is an entry as the file states it, or the error that ends the
// reading.
type raw struct {
	e   export.Entry
	err error
}

// aheadBatch is how many entries, or about how many solutions, the
// goroutine of ReadAhead decodes before it hands them over; aheadBatches
// how many batches may wait.
const (
	aheadBatch   = 256
	aheadBatches = 4
)

// readAhead decodes entries ahead, in batches, until the end, an error or
// Close.
func (r *Reader) readAhead(ahead chan<- []raw, stop <-chan struct{}) {
	defer close(ahead)
	for {
		batch := make([]raw, 0, aheadBatch)
		sols := 0
		for len(batch) < aheadBatch && sols < 16*aheadBatch {
			e, err := r.raw.Next()
			batch = append(batch, raw{e, err})
			if err != nil {
				break
			}
			sols += len(e.Solutions)
		}
		// The batch is the reader's once sent.
		last := batch[len(batch)-1].err != nil
		select {
		case ahead <- batch:
		case <-stop:
			return
		}
		if last {
			return
		}
	}
}

// Close stops the goroutine of ReadAhead; without ReadAhead it does
// nothing.
func (r *Reader) Close() {
	if r.stop != nil {
		close(r.stop)
		r.stop = nil
		for range r.ahead {
		}
	}
}

// next returns the next raw entry, decoded here or ahead.
func (r *Reader) next() (export.Entry, error) {
	if r.ahead == nil {
		e, err := r.raw.Next()
		if r.opts.ReadAhead && err == nil && r.stop == nil {
			// The first entry settles the format and the box, which the
			// goroutine would change under the reader's eyes.
			r.ahead, r.stop = make(chan []raw, aheadBatches), make(chan struct{})
			go r.readAhead(r.ahead, r.stop)
		}
		return e, err
	}
	if len(r.batch) == 0 {
		b, ok := <-r.ahead
		if !ok {
			return export.Entry{}, io.EOF
		}
		r.batch = b
	}
	x := r.batch[0]
	r.batch[0] = raw{}
	r.batch = r.batch[1:]
	return x.e, x.err
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

func (r *Reader) setBox(b symmetry.Box) {
	r.box, r.boxName = b, b.String()
	r.chk = NewChecker(b)
	r.chk.pathless = r.raw.Format() == export.FormatParquet
	r.seen = make(map[string]int)
}

// Next reads and checks the next snake. It returns io.EOF after the last,
// an [*export.SyntaxError] for a file that is no catalogue, or an error
// wrapping [ErrOtherBox] or [ErrNoBox] when the box the file states is not
// the one given, or when the box is neither given nor told. The Snake
// returned holds until the next call.
func (r *Reader) Next() (*Snake, error) {
	e, err := r.next()
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
			r.setBox(b)
		}
	}
	if err != nil {
		return nil, err
	}
	r.entry(e)
	r.n++
	return &r.snk, nil
}

// entry checks the raw entry e into r.snk.
func (r *Reader) entry(e export.Entry) {
	s := &r.snk
	*s = Snake{Text: e.Key, Offset: e.Offset, Problems: s.Problems[:0], Solutions: s.Solutions[:0], InOrder: true}
	if r.n > 0 {
		switch c := strings.Compare(e.Key, r.prev); {
		case c == 0:
			s.Problems = append(s.Problems, errors.New("listed again: keys must be unique"))
			s.InOrder = false
		case c < 0:
			s.Problems = append(s.Problems, fmt.Errorf("follows %s: keys must ascend", QuoteKey(r.prev)))
			s.InOrder = false
		}
	}
	r.prev = e.Key
	b := r.box
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
	r.solutions(q, e.Solutions)
	if r.raw.Format() == export.FormatParquet {
		r.rows(q, e.Solutions)
	}
}

// rows checks what the rows of a Parquet catalogue state besides their
// solutions: the box and the snake's figures on every row, each
// disagreement reported once for the snake, and each row's place in the
// snake's list.
func (r *Reader) rows(q solver.Seq, sols []export.Solution) {
	s := &r.snk
	want := export.Row{Box: r.boxName, Solutions: len(sols), Straights: q.Straights(), Palindrome: q.Palindrome()}
	var box, n, straights, pal bool
	for i, sol := range sols {
		got := sol.Row
		if got.Box != want.Box && !box {
			box = true
			s.Problems = append(s.Problems, fmt.Errorf("row %d states the box %q, not %v", i+1, got.Box, r.box))
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

// solutions checks the solutions of snake q into r.snk.Solutions.
func (r *Reader) solutions(q solver.Seq, sols []export.Solution) {
	s := &r.snk
	m := r.box.Len() - 1
	// One arena holds every canonical form: it is grown before the loop,
	// so the forms handed out are never moved by a later append.
	r.arena = slices.Grow(r.arena[:0], len(sols)*m)
	// A catalogue lists a snake's solutions ascending by canonical form,
	// so none twice: a map finds the solutions listed again only when
	// the forms do not ascend.
	ascending := true
	var last []symmetry.Dir
	for _, raw := range sols {
		at := len(r.arena)
		c, err := r.chk.Solution(r.arena[at:at+m], q, raw)
		if err == nil {
			r.arena = r.arena[:at+m]
			ascending = ascending && (last == nil || slices.Compare(last, c.Form) < 0)
			last = c.Form
		}
		s.Solutions = append(s.Solutions, Solution{Checked: c, Err: err, Same: -1})
	}
	if ascending {
		return
	}
	clear(r.seen)
	for i := range s.Solutions {
		sol := &s.Solutions[i]
		if sol.Err != nil {
			continue
		}
		r.buf = appendForm(r.buf[:0], sol.Form)
		if j, ok := r.seen[string(r.buf)]; ok {
			sol.Same = j
		} else {
			r.seen[string(r.buf)] = i
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
