package export

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// SyntaxError is a catalogue file that is not what it should be, at a byte
// offset, or -1 when the problem has no place in bytes: a Parquet file's
// schema, or its footer. A JSON or JSONL catalogue's error is placed by
// line and column too, as people count them.
type SyntaxError struct {
	// Offset is the offset of the byte where the file goes wrong, from 0,
	// or of its end when it stops short.
	Offset int64
	// Line and Column place Offset, both from 1, the column counted in
	// bytes of its line; 0 when the error has no place in lines.
	Line, Column int64
	Err          error
}

func (e *SyntaxError) Error() string {
	switch {
	case e.Offset < 0:
		return e.Err.Error()
	case e.Line <= 0:
		return fmt.Sprintf("byte %d: %v", e.Offset, e.Err)
	}
	return fmt.Sprintf("line %d, column %d (byte %d): %v", e.Line, e.Column, e.Offset, e.Err)
}
func (e *SyntaxError) Unwrap() error { return e.Err }

// LineCounter counts the line breaks of a file read from its start, so
// that an error further on can be placed by line and column: a reader of
// a stream counts what it has done with and cannot read again. The zero
// LineCounter stands at the file's start.
type LineCounter struct {
	end    int64 // the offset counted up to
	breaks int64 // line breaks before end
	start  int64 // the offset where end's line starts
}

// Count counts p, the bytes of the file from where c stands.
func (c *LineCounter) Count(p []byte) {
	if n := bytes.Count(p, []byte{'\n'}); n > 0 {
		c.breaks += int64(n)
		c.start = c.end + int64(bytes.LastIndexByte(p, '\n')) + 1
	}
	c.end += int64(len(p))
}

// Error returns a SyntaxError at offset off, err saying what is wrong; p
// holds the bytes of the file from where c stands to off at least. An
// offset p does not reach is given without its line and column.
func (c LineCounter) Error(off int64, p []byte, err error) *SyntaxError {
	k := off - c.end
	if k < 0 || k > int64(len(p)) {
		return &SyntaxError{Offset: off, Err: err}
	}
	c.Count(p[:k])
	return &SyntaxError{Offset: off, Line: c.breaks + 1, Column: off - c.start + 1, Err: err}
}

// ErrorAt returns a SyntaxError at offset off of the file r, err saying
// what is wrong, placed by reading r up to off: the place of an error
// found by reading a part of the file.
func ErrorAt(r io.ReaderAt, off int64, err error) *SyntaxError {
	var c LineCounter
	buf := make([]byte, 64<<10)
	for c.end < off {
		n, rerr := r.ReadAt(buf[:min(int64(len(buf)), off-c.end)], c.end)
		c.Count(buf[:n])
		if n == 0 || (rerr != nil && !errors.Is(rerr, io.EOF)) {
			break
		}
	}
	return c.Error(off, nil, err)
}
