package export

import (
	"errors"
	"fmt"
	"io"

	json "github.com/goccy/go-json"
)

// Solution is a solution as a file states it, not yet checked.
type Solution struct {
	StartPos  []int     `json:"startPos"`
	Direction []int     `json:"direction"`
	Path      [][][]int `json:"path"`
}

// Entry is one snake of a catalogue file as the file states it.
type Entry struct {
	Key       string
	Solutions []Solution
	// Offset is the byte offset in the file where the entry starts.
	Offset int64
}

// SyntaxError is a catalogue file that is not what it should be, at a byte
// offset.
type SyntaxError struct {
	Offset int64
	Err    error
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("byte %d: %v", e.Offset, e.Err) }
func (e *SyntaxError) Unwrap() error { return e.Err }

// Reader reads a catalogue file entry by entry, in either format, holding
// one entry at a time.
type Reader struct {
	dec    *json.Decoder
	format Format
	state  int // 0 before the first entry, 1 inside, 2 done
}

// NewReader returns a Reader of the catalogue in r. The format is told by
// the file's first name: "snake" for FormatJSONL, a key for FormatJSON.
func NewReader(r io.Reader) *Reader {
	return &Reader{dec: json.NewDecoder(r)}
}

// Format returns the file's format, known after the first call to Next.
func (r *Reader) Format() Format { return r.format }

func (r *Reader) fail(err error) error {
	r.state = 2
	var se *SyntaxError
	if errors.As(err, &se) {
		return err
	}
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return &SyntaxError{Offset: r.dec.InputOffset(), Err: err}
}

// delim reads the delimiter want.
func (r *Reader) delim(want json.Delim) error {
	t, err := r.dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return fmt.Errorf("found %v where %q was expected", t, want)
	}
	return nil
}

// name reads an object name.
func (r *Reader) name() (string, error) {
	t, err := r.dec.Token()
	if err != nil {
		return "", err
	}
	s, ok := t.(string)
	if !ok {
		return "", fmt.Errorf("found %v where a name was expected", t)
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
	if r.format == FormatJSONL {
		off := r.dec.InputOffset()
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
			return Entry{}, r.fail(fmt.Errorf("line starts with %q, want \"snake\"", k))
		}
		return r.line(off)
	}
	if !r.dec.More() {
		if err := r.delim('}'); err != nil {
			return Entry{}, r.fail(err)
		}
		if _, err := r.dec.Token(); !errors.Is(err, io.EOF) {
			return Entry{}, r.fail(errors.New("data after the catalogue"))
		}
		r.state = 2
		return Entry{}, io.EOF
	}
	off := r.dec.InputOffset()
	k, err := r.name()
	if err != nil {
		return Entry{}, r.fail(err)
	}
	return r.solutions(Entry{Key: k, Offset: off})
}

// first reads the opening of the file and its first entry.
func (r *Reader) first() (Entry, error) {
	r.state = 1
	if err := r.delim('{'); err != nil {
		if errors.Is(err, io.EOF) {
			return Entry{}, r.fail(errors.New("empty file"))
		}
		return Entry{}, r.fail(err)
	}
	if !r.dec.More() {
		r.state = 0 // an empty object: read its end as a FormatJSON file
		r.format = FormatJSON
		r.state = 1
		return r.Next()
	}
	off := r.dec.InputOffset()
	k, err := r.name()
	if err != nil {
		return Entry{}, r.fail(err)
	}
	if k == "snake" {
		r.format = FormatJSONL
		return r.line(0)
	}
	r.format = FormatJSON
	return r.solutions(Entry{Key: k, Offset: off})
}

// line reads the rest of a FormatJSONL line after its "snake" name.
func (r *Reader) line(off int64) (Entry, error) {
	e := Entry{Offset: off}
	if err := r.dec.Decode(&e.Key); err != nil {
		return Entry{}, r.fail(err)
	}
	k, err := r.name()
	if err != nil {
		return Entry{}, r.fail(err)
	}
	if k != "solutions" {
		return Entry{}, r.fail(fmt.Errorf("found %q where \"solutions\" was expected", k))
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

// solutions reads a list of solutions.
func (r *Reader) solutions(e Entry) (Entry, error) {
	if err := r.dec.Decode(&e.Solutions); err != nil {
		return Entry{}, r.fail(err)
	}
	return e, nil
}
