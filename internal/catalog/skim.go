package catalog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Entry is one snake of a catalogue as a [Skimmer] sees it: its key, where
// its entry starts and how many solutions the file lists for it, none of
// them read.
type Entry struct {
	Key solver.Seq
	// Offset is the byte offset where the entry starts in the file, the
	// same as [Snake.Offset]; [ReadAt] reads the entry there. Size is
	// its length in bytes, from Offset to the end of its list of
	// solutions, or of its line.
	Offset, Size int64
	// Solutions is the number of solutions the file lists, unchecked: a
	// solution listed twice counts twice here, once in [Snake.Forms].
	Solutions int
}

// Skimmer reads a catalogue, JSON, JSONL or Parquet, entry by entry
// without decoding its solutions: it counts them. It is the index of a
// catalogue too large to hold: skim it once, keep each entry's key,
// offset and count, and read a snake's solutions with [ReadAt] when they
// are wanted. Of a Parquet catalogue it reads the keys alone, and an
// entry's offset and size are its first row and its number of rows.
type Skimmer struct {
	buf      []byte
	pos      int
	base     int64              // offset of buf[0]
	lines    export.LineCounter // the line breaks before base
	named    int64              // the offset of the last name read
	r        io.Reader
	rerr     error
	opts     Options
	box      symmetry.Box
	stated   symmetry.Box // the box a JSONL header states
	settled  bool
	format   export.Format
	state    int // 0 before the first entry, 1 inside, 2 done, 3 inside Parquet
	prev     solver.Seq
	n        int
	keyBytes []byte
	keys     *export.Reader // a Parquet catalogue's keys
	// firstList holds the start of the first entry's list of solutions while
	// the box is not settled, for the shape of its path array.
	firstList []byte
	capturing bool
}

// maxFirst bounds the bytes of the first list of solutions kept for its
// first path array: a solution takes at most some 600 bytes.
const maxFirst = 1 << 14

// skimBuf is the Skimmer's read size: a few system calls per megabyte.
const skimBuf = 1 << 16

// maxDepth bounds the nesting of brackets inside a list of solutions,
// which is 4 in a catalogue (list, solution, path's three levels): the
// Skimmer keeps the open brackets as the bits of a uint64.
const maxDepth = 64

// NewSkimmer returns a Skimmer of the catalogue in r. A Parquet
// catalogue is read where it lies when r is an [io.ReaderAt] (see
// [export.NewReader]).
func NewSkimmer(r io.Reader, opts Options) *Skimmer {
	return &Skimmer{r: r, opts: opts, buf: make([]byte, 0, skimBuf)}
}

// Box returns the catalogue's box, known after the first call to Next:
// the one the file states or tells, or the one given.
func (s *Skimmer) Box() symmetry.Box { return s.box }

// settle settles the box from the JSONL header's, the options and the
// first entry, once.
func (s *Skimmer) settle(e *export.Entry) error {
	if s.settled {
		return nil
	}
	s.settled = true
	b, err := s.opts.settle(s.stated, e)
	s.box = b
	return err
}

// Format returns the file's format, known after the first call to Next.
func (s *Skimmer) Format() export.Format { return s.format }

// Next returns the next entry, or io.EOF after the last. What a skim can
// see is checked: the file's structure around the entries (brackets and
// strings closed, names where they belong), each key a key of the box,
// keys ascending, each entry listing a solution. The first problem with a
// key ends the skim with a [*Problem]; a file that is no catalogue gives
// an [*export.SyntaxError]; a box neither given nor told, an error
// wrapping [ErrNoBox]. Solutions are not decoded: [ReadAt] checks them.
func (s *Skimmer) Next() (Entry, error) {
	var e Entry
	var err error
	switch s.state {
	case 2:
		return Entry{}, io.EOF
	case 0:
		e, err = s.first()
	case 3:
		e, err = s.key()
	default:
		e, err = s.next()
	}
	if err == io.EOF {
		err = s.settle(nil)
		if err == nil {
			err = io.EOF
		}
	}
	if err != nil {
		s.state = 2
		return Entry{}, err
	}
	if err := s.check(&e); err != nil {
		s.state = 2
		return Entry{}, err
	}
	return e, nil
}

// first reads the opening of the file and its first entry.
func (s *Skimmer) first() (Entry, error) {
	s.state = 1
	if s.parquet() {
		s.state, s.format = 3, export.FormatParquet
		return s.key()
	}
	c, err := s.space()
	if err == io.EOF {
		return Entry{}, s.syntax(export.ErrEmpty)
	}
	if err != nil {
		return Entry{}, err
	}
	if c != '{' {
		return Entry{}, s.syntax(fmt.Errorf("found %q where '{' was expected", c))
	}
	s.pos++
	if c, err = s.space(); err != nil {
		return Entry{}, s.cut(err)
	}
	if c == '}' { // an empty object
		s.pos++
		s.format = export.FormatJSON
		return Entry{}, s.end()
	}
	at := s.offset()
	name, err := s.name()
	if err != nil {
		return Entry{}, err
	}
	if string(name) == "box" {
		s.format = export.FormatJSONL
		if err := s.header(); err != nil {
			return Entry{}, err
		}
		return s.next()
	}
	if string(name) == "snake" {
		s.format = export.FormatJSONL
		return s.line(0)
	}
	s.format = export.FormatJSON
	return s.entry(at, string(name))
}

// header reads the rest of a JSONL header line after its "box" name.
func (s *Skimmer) header() error {
	if err := s.colon(); err != nil {
		return err
	}
	name, err := s.name()
	if err != nil {
		return err
	}
	b, err := symmetry.ParseBox(string(name))
	if err != nil {
		return s.syntaxAt(s.named, fmt.Errorf("header: %w", err))
	}
	s.stated = b
	return s.want('}')
}

// parquet reports whether the file is a Parquet file, and then opens its
// keys. A file that is an io.ReaderAt is looked at without being read
// (a Parquet file is read where it lies); another is read, and a Parquet
// file then read whole into memory by the key reader.
func (s *Skimmer) parquet() bool {
	const magic = "PAR1"
	var head [len(magic)]byte
	if ra, ok := s.r.(io.ReaderAt); ok {
		if n, _ := ra.ReadAt(head[:], 0); n < len(head) || string(head[:]) != magic {
			return false
		}
		s.keys = export.NewKeyReader(s.r)
		return true
	}
	for len(s.buf)-s.pos < len(head) {
		if s.rerr != nil {
			return false
		}
		n, err := s.r.Read(s.buf[len(s.buf):cap(s.buf)])
		s.buf = s.buf[:len(s.buf)+n]
		if err != nil {
			s.rerr = err
		}
	}
	if string(s.buf[:len(head)]) != magic {
		return false
	}
	s.keys = export.NewKeyReader(io.MultiReader(bytes.NewReader(s.buf), s.r))
	return true
}

// key reads a Parquet catalogue's next key.
func (s *Skimmer) key() (Entry, error) {
	e, err := s.keys.Next()
	if err != nil {
		return Entry{}, err
	}
	s.stated = s.keys.Box()
	return s.entryOf(e.Offset, e.Key, e.Count, int64(e.Count))
}

// next reads an entry after the first.
func (s *Skimmer) next() (Entry, error) {
	at := s.offset()
	c, err := s.space()
	if s.format == export.FormatJSONL {
		switch {
		case err == io.EOF:
			s.state = 2
			return Entry{}, io.EOF
		case err != nil:
			return Entry{}, err
		case c != '{':
			return Entry{}, s.syntax(fmt.Errorf("found %q where '{' was expected", c))
		}
		s.pos++
		name, err := s.name()
		if err != nil {
			return Entry{}, err
		}
		if string(name) != "snake" {
			return Entry{}, s.syntaxAt(s.named, fmt.Errorf("line starts with %q, want \"snake\"", name))
		}
		return s.line(at)
	}
	switch {
	case err != nil:
		return Entry{}, s.cut(err)
	case c == '}':
		s.pos++
		return Entry{}, s.end()
	case c != ',':
		return Entry{}, s.syntax(fmt.Errorf("found %q where ',' or '}' was expected", c))
	}
	s.pos++
	name, err := s.name()
	if err != nil {
		return Entry{}, err
	}
	return s.entry(at, string(name))
}

// end checks that nothing follows the catalogue's closing brace.
func (s *Skimmer) end() error {
	s.state = 2
	if _, err := s.space(); err != io.EOF {
		if err != nil {
			return err
		}
		return s.syntax(errors.New("data after the catalogue"))
	}
	return io.EOF
}

// entry reads the ':' and list of solutions of a FormatJSON entry named
// key, which started at byte at.
func (s *Skimmer) entry(at int64, key string) (Entry, error) {
	if err := s.colon(); err != nil {
		return Entry{}, err
	}
	n, err := s.list()
	if err != nil {
		return Entry{}, err
	}
	return s.entryOf(at, key, n, -1)
}

// line reads the rest of a FormatJSONL line after its "snake" name.
func (s *Skimmer) line(at int64) (Entry, error) {
	if err := s.colon(); err != nil {
		return Entry{}, err
	}
	name, err := s.name()
	if err != nil {
		return Entry{}, err
	}
	key := string(name)
	if err := s.want(','); err != nil {
		return Entry{}, err
	}
	if name, err = s.name(); err != nil {
		return Entry{}, err
	}
	if string(name) != "solutions" {
		return Entry{}, s.syntaxAt(s.named, fmt.Errorf("found %q where \"solutions\" was expected", name))
	}
	if err := s.colon(); err != nil {
		return Entry{}, err
	}
	n, err := s.list()
	if err != nil {
		return Entry{}, err
	}
	if err := s.want('}'); err != nil {
		return Entry{}, err
	}
	return s.entryOf(at, key, n, -1)
}

// entryOf makes the entry of a key as the file writes it, which started
// at byte at and ends where the skim is, or with a size when it is not
// negative.
func (s *Skimmer) entryOf(at int64, key string, n int, size int64) (Entry, error) {
	if !s.settled {
		first := &export.Entry{Key: key}
		// The first solution, for the shape of its path array.
		dec := json.NewDecoder(bytes.NewReader(s.firstList))
		var sol export.Solution
		if _, err := dec.Token(); err == nil && dec.More() && dec.Decode(&sol) == nil {
			first.Solutions = []export.Solution{sol}
		}
		s.firstList, s.capturing = nil, false
		if err := s.settle(first); err != nil {
			return Entry{}, err
		}
	}
	if size < 0 {
		size = s.offset() - at
	}
	e := Entry{Offset: at, Size: size, Solutions: n}
	q, err := solver.ParseSeq(key)
	if err == nil {
		err = q.Valid(s.box)
	}
	if err != nil {
		return Entry{}, &Problem{Key: key, Solution: -1, Offset: at, Err: fmt.Errorf("not a snake of the %v box: %w", s.box, err)}
	}
	e.Key = q
	return e, nil
}

// check finds the first problem of a valid key that a skim can see, as
// [Reader] words it.
func (s *Skimmer) check(e *Entry) error {
	q := e.Key
	var err error
	switch {
	case s.n > 0 && q == s.prev:
		err = errors.New("listed again: keys must be unique")
	case s.n > 0 && q.Compare(s.prev) < 0:
		err = fmt.Errorf("follows %v: keys must ascend", s.prev)
	case !q.IsKey():
		err = fmt.Errorf("not a key: its reverse, %v, is smaller", q.Reverse())
	case e.Solutions == 0:
		err = errors.New("lists no solution")
	case e.Solutions > export.MaxSnakeSolutions():
		err = fmt.Errorf("lists more than %d solutions, the most a snake may have", export.MaxSnakeSolutions())
	}
	if err != nil {
		return &Problem{Key: q.String(), Solution: -1, Offset: e.Offset, Err: err}
	}
	s.prev = q
	s.n++
	return nil
}

// offset returns the offset of the next byte.
func (s *Skimmer) offset() int64 { return s.base + int64(s.pos) }

// syntax returns a SyntaxError at the next byte.
func (s *Skimmer) syntax(err error) error { return s.syntaxAt(s.offset(), err) }

// syntaxAt returns a SyntaxError at offset off, in buf.
func (s *Skimmer) syntaxAt(off int64, err error) error {
	return s.lines.Error(off, s.buf, err)
}

// cut turns the end of the file where more was expected into a syntax
// error.
func (s *Skimmer) cut(err error) error {
	if err == io.EOF {
		return s.syntax(io.ErrUnexpectedEOF)
	}
	return err
}

// fill reads more of the file once every byte read is used; it returns
// io.EOF at the end of the file or the read error. It keeps the name
// being read, so that an error about it can be placed at its start.
func (s *Skimmer) fill() error {
	if s.pos < len(s.buf) {
		return nil
	}
	if s.rerr != nil {
		return s.rerr
	}
	keep := 0
	if k := s.offset() - s.named; k > 0 && k <= maxName+1 {
		keep = int(k)
	}
	s.lines.Count(s.buf[:len(s.buf)-keep])
	s.base += int64(len(s.buf) - keep)
	s.pos = copy(s.buf, s.buf[len(s.buf)-keep:])
	for {
		n, err := s.r.Read(s.buf[s.pos:cap(s.buf)])
		s.buf = s.buf[:s.pos+n]
		if err != nil {
			s.rerr = err
		}
		if n > 0 {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// space skips white space and returns the next byte, not consumed.
func (s *Skimmer) space() (byte, error) {
	for {
		if err := s.fill(); err != nil {
			return 0, err
		}
		switch c := s.buf[s.pos]; c {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return c, nil
		}
	}
}

// want skips white space and reads byte c.
func (s *Skimmer) want(c byte) error {
	got, err := s.space()
	if err != nil {
		return s.cut(err)
	}
	if got != c {
		return s.syntax(fmt.Errorf("found %q where %q was expected", got, c))
	}
	s.pos++
	return nil
}

func (s *Skimmer) colon() error { return s.want(':') }

// maxName bounds the names and keys a Skimmer reads: a key has at most
// symmetry.MaxCells characters, a name of the wire format fewer.
const maxName = symmetry.MaxCells

// name reads a string of at most maxName characters with no escape, as
// the names and keys of a catalogue are. The bytes hold until the next
// call.
func (s *Skimmer) name() ([]byte, error) {
	if err := s.want('"'); err != nil {
		return nil, err
	}
	s.named = s.offset() - 1
	p := s.keyBytes[:0]
	for {
		if err := s.fill(); err != nil {
			return nil, s.cut(err)
		}
		c := s.buf[s.pos]
		switch {
		case c == '"':
			s.pos++
			s.keyBytes = p
			return p, nil
		case c == '\\' || c < ' ':
			return nil, s.syntax(fmt.Errorf("found %q in a name or key, which holds neither escapes nor control characters", c))
		case len(p) == maxName:
			return nil, s.syntax(fmt.Errorf("name or key longer than %d characters", maxName))
		}
		p = append(p, c)
		s.pos++
	}
}

// list skips a list of solutions, and returns how many items it holds.
// It checks that brackets and strings close, and no more.
func (s *Skimmer) list() (int, error) {
	if err := s.want('['); err != nil {
		return 0, err
	}
	l := lister{depth: 1}
	s.capturing = !s.settled
	if s.capturing {
		s.firstList = append(s.firstList[:0], '[')
	}
	for {
		if err := s.fill(); err != nil {
			return 0, s.cut(err)
		}
		i, err := l.scan(s.buf[s.pos:])
		if s.capturing {
			s.firstList = append(s.firstList, s.buf[s.pos:s.pos+min(i, maxFirst-len(s.firstList))]...)
			s.capturing = len(s.firstList) < maxFirst
		}
		switch {
		case err != nil:
			s.pos += i
			return 0, s.syntax(err)
		case l.depth == 0:
			s.pos += i
			return l.n, nil
		}
		s.pos = len(s.buf)
	}
}

// lister is the state of skipping a list of solutions.
type lister struct {
	open       uint64 // bit d set: the bracket open at depth d+1 is '{'
	depth      int
	n          int  // items begun at depth 1
	item       bool // an item has begun since the last comma at depth 1
	inStr, esc bool
}

// The bytes that matter inside a solution: quotes and brackets. Digits,
// commas, names and white space are skipped a byte at a time with one
// table look-up, which is most of a catalogue.
const (
	plain = iota
	quote
	opening
	closing
)

var class = [256]uint8{'"': quote, '[': opening, '{': opening, ']': closing, '}': closing}

// scan reads p until the list closes, and returns the bytes it read; it
// returns len(p) when the list goes on past p, or where p goes wrong.
func (l *lister) scan(p []byte) (int, error) {
	for i := 0; i < len(p); i++ {
		if l.inStr {
			j := l.skipString(p[i:])
			if i += j; l.inStr {
				return len(p), nil
			}
			continue
		}
		c := p[i]
		if l.depth == 1 {
			if err := l.top(c); err != nil {
				return i, err
			}
		}
		switch class[c] {
		case plain:
			continue
		case quote:
			l.inStr = true
		case opening:
			if l.depth == maxDepth {
				return i, fmt.Errorf("brackets nested deeper than %d", maxDepth)
			}
			// '{' has bit 5 set, '[' not.
			l.open = l.open&^(1<<l.depth) | uint64(c>>5&1)<<l.depth
			l.depth++
		case closing:
			l.depth--
			if isBrace := l.open>>l.depth&1 == 1; isBrace != (c == '}') {
				return i, fmt.Errorf("found %q that closes no bracket open", c)
			}
			if l.depth == 0 {
				if l.n > 0 && !l.item {
					return i, errors.New("found ']' after ','")
				}
				return i + 1, nil
			}
		}
	}
	return len(p), nil
}

// top follows the items of the list: byte c is at depth 1.
func (l *lister) top(c byte) error {
	switch c {
	case ' ', '\t', '\n', '\r', ']':
	case ',':
		if !l.item {
			return errors.New("found ',' where a solution was expected")
		}
		l.item = false
	default:
		if !l.item {
			l.item, l.n = true, l.n+1
		}
	}
	return nil
}

// skipString reads p inside a string and returns the index of its
// closing quote, clearing inStr, or len(p)-1 when the string goes on.
func (l *lister) skipString(p []byte) int {
	for i, c := range p {
		switch {
		case l.esc:
			l.esc = false
		case c == '\\':
			l.esc = true
		case c == '"':
			l.inStr = false
			return i
		}
	}
	return len(p) - 1
}

// sizeOf returns the size of the file r reads.
func sizeOf(r io.ReaderAt) (int64, error) {
	switch v := r.(type) {
	case interface{ Size() int64 }:
		return v.Size(), nil
	case interface{ Stat() (fs.FileInfo, error) }:
		fi, err := v.Stat()
		if err != nil {
			return 0, err
		}
		return fi.Size(), nil
	}
	return 0, errors.New("a Parquet catalogue read from a reader of unknown size")
}

// ReadAt reads and checks the entry at byte offset off of a catalogue of
// box b in format f, held by r: the offset of an [Entry] or a [Snake],
// reading no more than its size bytes (an [Entry]'s Size, or the bytes to
// the next entry), so that an entry rewritten longer is an error, not a
// read of the rest of the file. Of a Parquet catalogue, off and size are
// the entry's first row and its number of rows, and r must have a Size
// or a Stat method, as an [*os.File] has. It reads through a [Reader], so
// the snake is checked as Next checks it, but for its order among the
// others, which a Skimmer checked. The Snake is the caller's.
func ReadAt(r io.ReaderAt, off, size int64, b symmetry.Box, f export.Format) (*Snake, error) {
	if f == export.FormatParquet {
		n, err := sizeOf(r)
		if err != nil {
			return nil, err
		}
		raw := export.NewRowReader(r, n, off, size)
		defer raw.Close()
		rd := &Reader{raw: raw, opts: Options{Box: b}}
		s, err := rd.Next()
		if errors.Is(err, io.EOF) {
			err = &export.SyntaxError{Offset: -1, Err: fmt.Errorf("no row %d", off+1)}
		}
		return s, err
	}
	br := bufio.NewReader(io.NewSectionReader(r, off, size))
	// An entry's offset may fall on the white space and comma before it.
	at := off
	for {
		c, err := br.ReadByte()
		if err != nil {
			return nil, export.ErrorAt(r, at, io.ErrUnexpectedEOF)
		}
		if !strings.ContainsRune(" \t\r\n,", rune(c)) {
			br.UnreadByte()
			break
		}
		at++
	}
	var in io.Reader = br
	shift := int64(0)
	if f == export.FormatJSON {
		// The entry read as the first of a whole object.
		in, shift = io.MultiReader(strings.NewReader("{"), br), 1
	}
	rd := NewReader(in, Options{Box: b})
	s, err := rd.Next()
	if err != nil {
		var se *export.SyntaxError
		if errors.As(err, &se) {
			err = export.ErrorAt(r, at+max(se.Offset-shift, 0), se.Err)
		}
		return nil, err
	}
	s.Offset = off
	return s, nil
}
