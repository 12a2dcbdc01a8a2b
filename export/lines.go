package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
)

// lines reads a catalogue's entries without the JSON decoder while they
// are in the writers' exact form, one to a line: in FormatJSONL,
//
//	{"snake":"KEY","solutions":[...]}
//
// each after a single line break; in FormatJSON, after the first entry,
//
//	"KEY":[...]
//
// each after a comma and a line break. KEY is of characters 0 and 1 and
// the solutions as [parseSolutions] takes them. The decoder scans every
// byte twice, once to find a value's end and once more to hand it over
// raw; this reads it once. At the first entry in any other form, and at
// a FormatJSON catalogue's closing brace, it hands the bytes it read back
// to a new decoder ([Reader.slowDown]), which carries on as though it had
// read the file from the start: the same entries, and the same errors at
// the same offsets (FuzzReaderLines).
type lines struct {
	br *bufio.Reader
	// object: the entries are a FormatJSON object's, not FormatJSONL lines.
	object bool
	// pos is the offset just past the last entry, its closing brace in
	// FormatJSONL or bracket in FormatJSON, where the decoder would stand.
	pos int64
	// over is what has been read past pos: the separator before the next
	// entry, or the start of it.
	over string
	line []byte // the line being read
}

func newLines(r io.Reader, pos int64, object bool) *lines {
	return &lines{br: bufio.NewReaderSize(r, 64<<10), pos: pos, object: object}
}

// separator returns what stands between two entries.
func (l *lines) separator() string {
	if l.object {
		return ",\n"
	}
	return "\n"
}

// maxLine is the longest line read without the decoder: a line of
// thousands of solutions. A longer one goes to the decoder, which reads
// a list of solutions one at a time, so that a list longer than a snake
// may have is refused without holding it.
const maxLine = 1 << 20

// errLong stops a line longer than maxLine.
var errLong = errors.New("line too long to read without the decoder")

// readLine reads into l.line up to and including the next line break, or
// to the end of the input, or errLong past maxLine bytes.
func (l *lines) readLine() error {
	l.line = l.line[:0]
	for {
		chunk, err := l.br.ReadSlice('\n')
		l.line = append(l.line, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
		if len(l.line) > maxLine {
			return errLong
		}
	}
}

// next returns the next entry, io.EOF after the last, or false when the
// bytes that follow are not an entry in the writers' form, or could not
// be read: then back holds the bytes read, in an array of their own, and
// err why reading stopped, if it did, for the decoder to read in turn.
func (l *lines) next() (e Entry, back []byte, err error, ok bool) {
	sep := l.separator()
	for len(l.over) < len(sep) && strings.HasPrefix(sep, l.over) {
		c, err := l.br.ReadByte()
		switch {
		case errors.Is(err, io.EOF) && !l.object && l.over == "":
			return Entry{}, nil, io.EOF, true
		case err != nil:
			return Entry{}, []byte(l.over), err, false
		case c != sep[len(l.over)]:
			return Entry{}, append([]byte(l.over), c), nil, false
		}
		l.over = sep[:len(l.over)+1]
	}
	if l.over != sep {
		return Entry{}, []byte(l.over), nil, false
	}
	err = l.readLine()
	if errors.Is(err, errLong) {
		return Entry{}, append([]byte(sep), l.line...), nil, false
	}
	// handBack gives the decoder the separator and the line, copied only
	// when the line is not in the writers' form.
	handBack := func() (Entry, []byte, error, bool) {
		return Entry{}, append([]byte(sep), l.line...), err, false
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return handBack()
	}
	body, broken := bytes.CutSuffix(l.line, []byte{'\n'})
	if len(body) == 0 && !broken && !l.object {
		return Entry{}, nil, io.EOF, true // a line break, then the end
	}
	key, list, ok := l.parse(body)
	if !ok {
		return handBack()
	}
	// In FormatJSON, a comma ends the line unless the entry is the last.
	comma := false
	if l.object {
		list, comma = bytes.CutSuffix(list, []byte{','})
	}
	sols, ok := parseSolutions(list)
	if !ok || len(sols) > maxSnakeRows { // the decoder says where it goes wrong
		return handBack()
	}
	e = Entry{Key: string(key), Solutions: sols, Offset: l.pos, Count: len(sols)}
	n := len(body)
	if comma {
		n--
	}
	l.pos += int64(len(sep) + n)
	l.over = ""
	switch {
	case comma && broken:
		l.over = sep
	case comma:
		l.over = sep[:1]
	case broken:
		l.over = "\n"
	}
	return e, nil, nil, true
}

// parse splits a line in the writers' form into its key and what follows
// the key: the solutions, and in FormatJSON the comma after them.
func (l *lines) parse(body []byte) (key, list []byte, ok bool) {
	open, close := `{"snake":"`, `","solutions":`
	if l.object {
		open, close = `"`, `":`
	}
	rest, ok := bytes.CutPrefix(body, []byte(open))
	if !ok {
		return nil, nil, false
	}
	n := bytes.IndexByte(rest, '"')
	if n < 0 || n >= maxToken || len(bytes.Trim(rest[:n], "01")) > 0 { // the decoder refuses a long key
		return nil, nil, false
	}
	key = rest[:n]
	list, ok = bytes.CutPrefix(rest[n:], []byte(close))
	if !ok {
		return nil, nil, false
	}
	if !l.object {
		list, ok = bytes.CutSuffix(list, []byte{'}'})
	}
	return key, list, ok
}

// afterEntry is what a decoder reads first to stand where it stands after
// an entry of a FormatJSON object: past a value inside the braces, where
// a comma or the closing brace comes next.
const afterEntry = `{"":[]`

// slowDown hands the catalogue back to the decoder at the lines' position:
// a new decoder reads back, then, after the error that stopped the lines
// if any, the rest of the input.
func (r *Reader) slowDown(back []byte, err error) {
	l := r.lines
	r.lines = nil
	var rest io.Reader = l.br
	if err != nil {
		rest = errReader{err}
	}
	in := io.MultiReader(bytes.NewReader(back), rest)
	r.decBase = l.pos
	if l.object {
		in = io.MultiReader(strings.NewReader(afterEntry), in)
		r.decBase -= int64(len(afterEntry))
	}
	r.toks = &tokens{r: in, pos: r.decBase}
	r.dec = json.NewDecoder(r.toks)
	if !l.object {
		return
	}
	// '{', "", '[' and ']': afterEntry's tokens, read without a byte
	// beyond them.
	for range 4 {
		r.dec.Token()
	}
}
