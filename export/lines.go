package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// lines reads a FormatJSONL catalogue's lines without the JSON decoder
// while they are in the writers' exact form,
//
//	{"snake":"KEY","solutions":[...]}
//
// KEY of characters 0 and 1 and the solutions as [parseSolutions] takes
// them, each line after a single line break. The decoder scans every byte
// twice, once to find a value's end and once more to hand it over raw;
// this reads it once. At the first line in any other form it hands the
// bytes it read back to a new decoder ([Reader.slowDown]), which carries
// on as though it had read the file from the start: the same entries,
// and the same errors at the same offsets (FuzzReaderLines).
type lines struct {
	br *bufio.Reader
	// pos is the offset just past the last entry's closing brace, where
	// the decoder would stand.
	pos int64
	// broken: the line break after pos has been read.
	broken bool
	line   []byte // the line being read
}

func newLines(r io.Reader, pos int64) *lines {
	return &lines{br: bufio.NewReaderSize(r, 64<<10), pos: pos}
}

// readLine reads into l.line up to and including the next line break, or
// to the end of the input.
func (l *lines) readLine() error {
	l.line = l.line[:0]
	for {
		chunk, err := l.br.ReadSlice('\n')
		l.line = append(l.line, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}

// next returns the next entry, io.EOF after the last, or false when the
// bytes that follow are not a line in the writers' form, or could not be
// read: then back holds the bytes read, in an array of their own, and err
// why reading stopped, if it did, for the decoder to read in turn.
func (l *lines) next() (e Entry, back []byte, err error, ok bool) {
	if !l.broken {
		c, err := l.br.ReadByte()
		switch {
		case errors.Is(err, io.EOF):
			return Entry{}, nil, io.EOF, true
		case err != nil:
			return Entry{}, nil, err, false
		case c != '\n':
			return Entry{}, []byte{c}, nil, false
		}
	}
	l.broken = false
	err = l.readLine()
	// handBack gives the decoder the line break and the line, copied only
	// when the line is not in the writers' form.
	handBack := func() (Entry, []byte, error, bool) {
		return Entry{}, append([]byte{'\n'}, l.line...), err, false
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return handBack()
	}
	body, broken := bytes.CutSuffix(l.line, []byte{'\n'})
	if len(body) == 0 && !broken {
		return Entry{}, nil, io.EOF, true // a line break, then the end
	}
	rest, ok := bytes.CutPrefix(body, []byte(`{"snake":"`))
	if !ok {
		return handBack()
	}
	n := bytes.IndexByte(rest, '"')
	if n < 0 || len(bytes.Trim(rest[:n], "01")) > 0 {
		return handBack()
	}
	key := rest[:n]
	list, ok := bytes.CutPrefix(rest[n+1:], []byte(`,"solutions":`))
	if !ok {
		return handBack()
	}
	list, ok = bytes.CutSuffix(list, []byte{'}'})
	if !ok {
		return handBack()
	}
	sols, ok := parseSolutions(list)
	if !ok {
		return handBack()
	}
	e = Entry{Key: string(key), Solutions: sols, Offset: l.pos, Count: len(sols)}
	l.pos += 1 + int64(len(body))
	l.broken = broken
	return e, nil, nil, true
}

// slowDown hands a FormatJSONL catalogue back to the decoder at the
// lines' position: a new decoder reads back, then, after the error that
// stopped the lines if any, the rest of the input.
func (r *Reader) slowDown(back []byte, err error) {
	l := r.lines
	r.lines = nil
	var rest io.Reader = l.br
	if err != nil {
		rest = errReader{err}
	}
	r.dec = json.NewDecoder(io.MultiReader(bytes.NewReader(back), rest))
	r.decBase = l.pos
}
