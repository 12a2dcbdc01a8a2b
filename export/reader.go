package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"

	"github.com/snakecube/snakecube/symmetry"
)

// Solution is a solution as a file states it, not yet checked.
type Solution struct {
	StartPos  []int     `json:"startPos"`
	Direction []int     `json:"direction"`
	Path      [][][]int `json:"path"`
	// Row is what a row of a FormatParquet catalogue states besides; the
	// zero Row in the other formats, which state no more than the above.
	Row Row `json:"-"`
}

// Entry is one snake of a catalogue file as the file states it.
type Entry struct {
	Key       string
	Solutions []Solution
	// Offset is the byte offset in the file where the entry starts; in a
	// FormatParquet catalogue, the index of its first row, from 0.
	Offset int64
	// Count is the number of solutions listed: len(Solutions), or for a
	// skim of a FormatParquet catalogue, whose solutions are not read,
	// the number of its rows.
	Count int
}

// Reader reads a catalogue file entry by entry, in either format, holding
// one entry at a time.
type Reader struct {
	dec      *json.Decoder
	toks     *tokens // what dec reads
	decBase  int64   // the offset of the decoder's first byte
	from     int64   // the offset where the decoder began its last token
	lines    *lines  // a catalogue's entries, read without dec
	plain    bool    // never read entries without dec
	tail     *tail
	inObject bool // inside a FormatJSON catalogue's braces
	format   Format
	box      symmetry.Box // the box the file states
	state    int          // 0 before the first entry, 1 inside, 2 done
	keysOnly bool

	pq   *parquetReader // a FormatParquet catalogue's rows
	perr error          // why they cannot be read
}

// NewReader returns a Reader of the catalogue in r. The format is told by
// the file's content: a Parquet file starts with the bytes "PAR1"; in
// JSON, the first name is "box" or "snake" for FormatJSONL, a key for
// FormatJSON. A Parquet file is read where it lies when r is a regular
// file or an [io.ReaderAt] with a Size method, such as [bytes.Reader];
// from a stream, it is first read whole into memory, its footer being at
// its end.
func NewReader(r io.Reader) *Reader {
	t := &tail{r: r}
	k := &tokens{r: t}
	return &Reader{dec: json.NewDecoder(k), toks: k, tail: t}
}

// NewKeyReader returns a Reader of the catalogue in r that reads, of a
// FormatParquet catalogue, only the keys: each [Entry] has a key, an
// offset and a count of solutions, and no solution. It reads the other
// formats as [NewReader] does.
func NewKeyReader(r io.Reader) *Reader {
	rd := NewReader(r)
	rd.keysOnly = true
	return rd
}

// Box returns the box the file states, known after the first call to
// Next: a FormatJSONL header's, or a FormatParquet file's. It is zero
// for a file that states none, such as every FormatJSON file.
func (r *Reader) Box() symmetry.Box { return r.box }

// tail keeps the bytes read since the start of the current entry, so that
// a syntax error can be placed exactly: the decoder says only which value
// failed.
type tail struct {
	r     io.Reader
	buf   []byte
	base  int64 // offset of buf[0]
	blank int   // blank bytes in a row at the end of what was read
	// later: buf starts at an entry after the first, where a FormatJSON
	// object has a comma.
	later bool
	lines LineCounter // the line breaks before base
}

// maxBlank is the longest run of blank bytes (spaces, tabs, line breaks) a
// catalogue may hold. A catalogue has a few between its tokens; a file of
// blank bytes is no catalogue, and reading on would hold all of it in the
// decoder's buffer and in the tail.
const maxBlank = 1 << 20

// ErrBlank reports a run of more than a mebibyte of blank bytes.
var ErrBlank = fmt.Errorf("more than %d blank bytes in a row: not a catalogue", maxBlank)

func (t *tail) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	for i, c := range p[:n] {
		switch c {
		case ' ', '\t', '\r', '\n':
			if t.blank++; t.blank > maxBlank {
				t.buf = append(t.buf, p[:i]...)
				return i, ErrBlank
			}
		default:
			t.blank = 0
		}
	}
	t.buf = append(t.buf, p[:n]...)
	return n, err
}

// maxToken is the longest token, a string or a number, a catalogue may
// hold. Its longest are keys, of up to [symmetry.MaxCells] characters; a
// longer one would be held whole in the decoder's buffer.
const maxToken = 1 << 16

// ErrToken reports a string or a number of more than 64 KiB.
var ErrToken = fmt.Errorf("a string or number of more than %d bytes: not a catalogue", maxToken)

// tokens hands the decoder the bytes of r, and ErrToken in the middle of
// a string or a number longer than maxToken. It starts outside a string,
// as the decoder does. The lines read without the decoder are bounded by
// their length and do not come through it.
type tokens struct {
	r             io.Reader
	pos           int64 // the offset of the next byte in the file
	token         int   // the length of the token being read
	inString, esc bool  // inside a string, after its backslash
	start         int64 // where the token too long starts
}

// tokenEnd tells the bytes that end a number or a literal outside a
// string (1), and the quote that starts a string (2).
var tokenEnd = [256]uint8{' ': 1, '\t': 1, '\r': 1, '\n': 1, ',': 1, ':': 1, '[': 1, ']': 1, '{': 1, '}': 1, '"': 2}

func (k *tokens) Read(p []byte) (int, error) {
	n, err := k.r.Read(p)
	token, inString, esc := k.token, k.inString, k.esc
	for i, c := range p[:n] {
		if !inString {
			switch tokenEnd[c] {
			case 0:
				if token++; token <= maxToken {
					continue
				}
			case 1:
				token = 0
				continue
			default:
				inString, token = true, 1
				continue
			}
		} else {
			token++
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inString, token = false, 0
			}
			if token <= maxToken {
				continue
			}
		}
		k.start = k.pos + int64(i-token+1)
		k.pos += int64(i)
		return i, ErrToken
	}
	k.token, k.inString, k.esc = token, inString, esc
	k.pos += int64(n)
	return n, err
}

// mark drops what lies before offset off, the start of an entry, the
// first or a later one. It slices it off rather than copying the rest
// down: the decoder reads far ahead of small entries, and an append
// beyond the array's end copies only what is kept.
func (t *tail) mark(off int64, later bool) {
	t.later = later
	if k := off - t.base; k > 0 && k <= int64(len(t.buf)) {
		t.lines.Count(t.buf[:k])
		t.buf = t.buf[k:]
		t.base = off
	}
}

// locate returns the offset where the bytes kept stop being JSON, as the
// standard library's scanner finds it; a value cut short ends at the last
// byte read. Inside a FormatJSON object (inObject), an entry starts at its
// name, after the comma that separates it from the one before: the comma
// is skipped and an opening brace put in front. A later entry that starts
// at its name has no comma: that is where the object stops being JSON.
func (t *tail) locate(inObject bool) (int64, bool) {
	data, base, shift := t.buf, t.base, int64(0)
	if inObject {
		trimmed := bytes.TrimLeft(data, " \t\r\n")
		if t.later && len(trimmed) > 0 && trimmed[0] == '"' {
			return base + int64(len(data)-len(trimmed)), true
		}
		trimmed = bytes.TrimPrefix(trimmed, []byte{','})
		base += int64(len(data) - len(trimmed))
		data, shift = append([]byte{'{'}, trimmed...), 1
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var v any
		err := dec.Decode(&v)
		var se *json.SyntaxError
		switch {
		case err == nil:
			continue
		case errors.As(err, &se):
			return base + max(se.Offset-1-shift, 0), true
		case errors.Is(err, io.ErrUnexpectedEOF):
			return t.base + int64(len(t.buf)), true
		}
		return 0, false
	}
}

// end returns the offset just past the bytes read.
func (t *tail) end() int64 { return t.base + int64(len(t.buf)) }

// error returns a SyntaxError at offset off, at or past the start of buf.
func (t *tail) error(off int64, err error) *SyntaxError {
	return t.lines.Error(off, t.buf, err)
}

// What the decoder takes before a token: blanks, and before a value the
// comma or colon that separates it from the one before.
const (
	blanks      = " \t\r\n"
	beforeToken = blanks + ",:"
)

// skip returns the offset of the first byte at or past offset off that
// is not one of skipped.
func (t *tail) skip(off int64, skipped string) int64 {
	if k := off - t.base; k >= 0 && k <= int64(len(t.buf)) {
		p := t.buf[k:]
		off += int64(len(p) - len(bytes.TrimLeft(p, skipped)))
	}
	return off
}

// valueAt returns the offset of the value that a json.UnmarshalTypeError
// at offset off of data places: just past a value that is no container,
// or past the opening bracket of one.
func valueAt(data []byte, off int64) int64 {
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		from := dec.InputOffset()
		if _, err := dec.Token(); err != nil {
			return off
		}
		if dec.InputOffset() == off {
			p := data[from:]
			return from + int64(len(p)-len(bytes.TrimLeft(p, beforeToken)))
		}
	}
}

// Format returns the file's format, known after the first call to Next.
func (r *Reader) Format() Format { return r.format }

// fail ends the reading with err, placed where the file goes wrong.
func (r *Reader) fail(err error) error {
	var se *SyntaxError
	if errors.As(err, &se) {
		r.state = 2
		return err
	}
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	off := r.offset()
	var jse *json.SyntaxError
	switch {
	case errors.Is(err, ErrBlank):
		off = r.tail.end()
	case errors.Is(err, ErrToken):
		off = r.toks.start
	case errors.As(err, &jse) || errors.Is(err, io.ErrUnexpectedEOF):
		// The decoder says which value failed, not where; any other
		// error stands where the decoder does, whatever it read ahead.
		if at, ok := r.tail.locate(r.inObject); ok {
			off = at
		}
	}
	return r.failAt(off, err)
}

// failAt ends the reading with err at offset off.
func (r *Reader) failAt(off int64, err error) error {
	r.state = 2
	return r.tail.error(off, err)
}

// failToken ends the reading with err at the token read last: past the
// blanks, and the comma or colon, that the decoder takes before it.
func (r *Reader) failToken(err error) error {
	return r.failAt(r.tail.skip(r.from, beforeToken), err)
}

// offset returns the offset in the file where the decoder stands.
func (r *Reader) offset() int64 { return r.decBase + r.dec.InputOffset() }

// token reads the next token, noting where the decoder began it.
func (r *Reader) token() (json.Token, error) {
	r.from = r.offset()
	return r.dec.Token()
}

// delim reads the delimiter want.
func (r *Reader) delim(want json.Delim) error {
	t, err := r.token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return r.failToken(fmt.Errorf("found %v where %q was expected", t, want))
	}
	return nil
}

// name reads an object name.
func (r *Reader) name() (string, error) { return r.str("a name") }

// str reads a string, what the file should hold there.
func (r *Reader) str(what string) (string, error) {
	t, err := r.token()
	if err != nil {
		return "", err
	}
	s, ok := t.(string)
	if !ok {
		return "", r.failToken(fmt.Errorf("found %v where %s was expected", t, what))
	}
	return s, nil
}

// Next returns the next entry, or io.EOF after the last.
func (r *Reader) Next() (Entry, error) {
	switch r.state {
	case 2:
		return Entry{}, io.EOF
	case 0:
		return r.first()
	}
	if r.format == FormatParquet {
		return r.row()
	}
	if r.lines == nil && !r.plain {
		r.lines = newLines(io.MultiReader(r.dec.Buffered(), r.tail), r.offset(), r.format == FormatJSON)
	}
	if r.lines != nil {
		r.tail.mark(r.lines.pos, true)
		e, back, err, ok := r.lines.next()
		switch {
		case ok && errors.Is(err, io.EOF):
			r.state = 2
			return Entry{}, io.EOF
		case ok:
			return e, nil
		}
		r.plain = true
		r.slowDown(back, err)
	}
	if r.format == FormatJSONL {
		off := r.offset()
		r.tail.mark(off, true)
		if err := r.delim('{'); err != nil {
			if errors.Is(err, io.EOF) {
				r.state = 2
				return Entry{}, io.EOF
			}
			return Entry{}, r.fail(err)
		}
		k, err := r.name()
		if err != nil {
			return Entry{}, r.fail(err)
		}
		if k != "snake" {
			return Entry{}, r.failToken(fmt.Errorf("line starts with %q, want \"snake\"", k))
		}
		return r.line(off)
	}
	if !r.dec.More() {
		if err := r.delim('}'); err != nil {
			return Entry{}, r.fail(err)
		}
		from := r.offset()
		if _, err := r.dec.Token(); !errors.Is(err, io.EOF) {
			if errors.Is(err, ErrBlank) || errors.Is(err, ErrToken) {
				return Entry{}, r.fail(err)
			}
			return Entry{}, r.failAt(r.tail.skip(from, blanks), errors.New("data after the catalogue"))
		}
		r.state = 2
		return Entry{}, io.EOF
	}
	off := r.offset()
	r.tail.mark(off, true)
	k, err := r.name()
	if err != nil {
		return Entry{}, r.fail(err)
	}
	return r.solutions(Entry{Key: k, Offset: off})
}

// Close gives back what the Reader holds of a FormatParquet catalogue,
// whose reader takes buffers from pools shared by the whole program; it
// closes no file. A Reader of another format holds nothing to give back.
// Next reports io.EOF after Close.
func (r *Reader) Close() error {
	if r.pq != nil {
		r.pq.close()
		r.pq = nil
	}
	r.state = 2
	return nil
}

// ErrEmpty reports a file with no byte but blanks: no catalogue, since
// even an empty catalogue has bytes ("{}", a JSONL header, a Parquet
// file's metadata).
var ErrEmpty = errors.New("empty file")

// row returns a FormatParquet catalogue's next snake.
func (r *Reader) row() (Entry, error) {
	if r.perr != nil {
		r.state = 2
		return Entry{}, r.perr
	}
	e, err := r.pq.next()
	if r.box.Len() == 0 {
		r.box = r.pq.box
	}
	if err != nil {
		r.Close()
	}
	return e, err
}

// sniff reads the file's first bytes and, for a Parquet file, opens it.
func (r *Reader) sniff() {
	var head [len(parquetMagic)]byte
	n, err := io.ReadFull(r.tail.r, head[:])
	if n == len(head) && string(head[:]) == parquetMagic {
		r.format = FormatParquet
		at, size, err := readerAt(r.tail.r, head[:])
		if err != nil {
			r.perr = err
			return
		}
		r.pq, r.perr = openParquet(at, size, 0, -1, r.keysOnly)
		if r.perr == nil {
			r.box = r.pq.box
		}
		return
	}
	rest := r.tail.r
	if err != nil { // fewer than 4 bytes: the error, if not the end, comes again
		rest = errReader{err}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			rest = eofReader{}
		}
	}
	r.tail.r = io.MultiReader(bytes.NewReader(head[:n]), rest)
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// first reads the opening of the file and its first entry.
func (r *Reader) first() (Entry, error) {
	r.state = 1
	r.sniff()
	if r.format == FormatParquet {
		return r.row()
	}
	if err := r.delim('{'); err != nil {
		if errors.Is(err, io.EOF) && r.offset() == 0 && len(bytes.TrimSpace(r.tail.buf)) == 0 {
			return Entry{}, r.failAt(r.tail.end(), ErrEmpty)
		}
		return Entry{}, r.fail(err)
	}
	if !r.dec.More() {
		// An empty object, or no object: the decoder reads its end, from
		// where it stands.
		r.format, r.inObject, r.plain = FormatJSON, true, true
		return r.Next()
	}
	off := r.offset()
	k, err := r.name()
	if err != nil {
		return Entry{}, r.fail(err)
	}
	if k == "box" {
		r.format = FormatJSONL
		if err := r.header(); err != nil {
			return Entry{}, err
		}
		return r.Next()
	}
	if k == "snake" {
		r.format = FormatJSONL
		return r.line(0)
	}
	r.format, r.inObject = FormatJSON, true
	r.tail.mark(off, false)
	return r.solutions(Entry{Key: k, Offset: off})
}

// header reads the rest of a FormatJSONL header line after its "box"
// name: the box, and the line's end.
func (r *Reader) header() error {
	s, err := r.str("a box")
	if err != nil {
		return r.fail(err)
	}
	b, err := symmetry.ParseBox(s)
	if err != nil {
		return r.failToken(fmt.Errorf("header: %w", err))
	}
	if err := r.delim('}'); err != nil {
		return r.fail(err)
	}
	r.box = b
	return nil
}

// line reads the rest of a FormatJSONL line after its "snake" name.
func (r *Reader) line(off int64) (Entry, error) {
	key, err := r.str("a key")
	if err != nil {
		return Entry{}, r.fail(err)
	}
	e := Entry{Key: key, Offset: off}
	k, err := r.name()
	if err != nil {
		return Entry{}, r.fail(err)
	}
	if k != "solutions" {
		return Entry{}, r.failToken(fmt.Errorf("found %q where \"solutions\" was expected", k))
	}
	e, err = r.solutions(e)
	if err != nil {
		return Entry{}, err
	}
	if err := r.delim('}'); err != nil {
		return Entry{}, r.fail(err)
	}
	return e, nil
}

// solutions reads a list of solutions, one at a time, so that a list
// longer than a snake may have is refused at the first solution past the
// bound, before the rest is read (see [MaxSnakeSolutions]).
func (r *Reader) solutions(e Entry) (Entry, error) {
	t, err := r.token()
	if err != nil {
		return Entry{}, r.fail(err)
	}
	switch t {
	case nil: // null, which encoding/json takes for no list
		return e, nil
	case json.Delim('['):
	default:
		// What encoding/json says of a value that is no list; a list
		// of solutions is what the file should hold there.
		value := "object"
		switch t.(type) {
		case string:
			value = "string"
		case float64:
			value = "number"
		case bool:
			value = "bool"
		case json.Delim:
			if t != json.Delim('{') {
				return Entry{}, r.failToken(fmt.Errorf("found %v where a list of solutions was expected", t))
			}
		}
		return Entry{}, r.failToken(&json.UnmarshalTypeError{Value: value, Type: reflect.TypeFor[[]Solution]()})
	}
	sols := []Solution{}
	var raw json.RawMessage
	for r.dec.More() {
		if len(sols) == maxSnakeRows {
			return Entry{}, r.failAt(r.tail.skip(r.offset(), beforeToken), tooManySolutions(e.Key))
		}
		if err := r.dec.Decode(&raw); err != nil {
			return Entry{}, r.fail(err)
		}
		p := solParser{data: raw, backing: make([]int, 0, len(raw)/2)}
		s, ok := p.solution()
		if !ok || p.pos != len(raw) {
			s = Solution{}
			if err := json.Unmarshal(raw, &s); err != nil {
				// A value of the wrong type: the error is placed in raw,
				// which ends where the decoder stands.
				off := r.offset() - int64(len(raw))
				var te *json.UnmarshalTypeError
				if errors.As(err, &te) {
					off += valueAt(raw, te.Offset)
				}
				return Entry{}, r.failAt(off, err)
			}
		}
		sols = append(sols, s)
	}
	if err := r.delim(']'); err != nil {
		return Entry{}, r.fail(err)
	}
	e.Solutions, e.Count = sols, len(sols)
	return e, nil
}

// tooManySolutions is the error of snake key's list of solutions, longer
// than a snake may have.
func tooManySolutions(key string) error {
	return fmt.Errorf("snake %s lists more than %d solutions, the most a snake may have", shownKey(key), maxSnakeRows)
}
