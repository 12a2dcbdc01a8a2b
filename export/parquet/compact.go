package parquet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The types of Thrift's compact protocol, in which Parquet writes its
// metadata and page headers.
const (
	ctStop   = 0
	ctTrue   = 1
	ctFalse  = 2
	ctByte   = 3
	ctI16    = 4
	ctI32    = 5
	ctI64    = 6
	ctDouble = 7
	ctBinary = 8
	ctList   = 9
	ctSet    = 10
	ctMap    = 11
	ctStruct = 12
)

// tWriter writes Thrift structs in the compact protocol.
type tWriter struct {
	b    []byte
	last []int16 // the last field id of each struct open, innermost last
}

func (w *tWriter) varint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }

func (w *tWriter) zigzag(v int64) { w.varint(uint64(v<<1) ^ uint64(v>>63)) }

// field writes the header of field id of type t.
func (w *tWriter) field(id int16, t byte) {
	top := len(w.last) - 1
	if d := id - w.last[top]; d > 0 && d <= 15 {
		w.b = append(w.b, byte(d)<<4|t)
	} else {
		w.b = append(w.b, t)
		w.zigzag(int64(id))
	}
	w.last[top] = id
}

// begin opens a struct; the outermost with begin(), nested ones as a
// field's value or a list's element.
func (w *tWriter) begin() { w.last = append(w.last, 0) }

// end closes the innermost struct.
func (w *tWriter) end() {
	w.b = append(w.b, ctStop)
	w.last = w.last[:len(w.last)-1]
}

func (w *tWriter) i32(id int16, v int32) {
	w.field(id, ctI32)
	w.zigzag(int64(v))
}

func (w *tWriter) i64(id int16, v int64) {
	w.field(id, ctI64)
	w.zigzag(v)
}

func (w *tWriter) boolean(id int16, v bool) {
	t := byte(ctFalse)
	if v {
		t = ctTrue
	}
	w.field(id, t)
}

func (w *tWriter) binary(id int16, v string) {
	w.field(id, ctBinary)
	w.varint(uint64(len(v)))
	w.b = append(w.b, v...)
}

// structField opens a struct as field id's value; end closes it.
func (w *tWriter) structField(id int16) {
	w.field(id, ctStruct)
	w.begin()
}

// list writes the header of field id, a list of n elements of type t,
// which follow: plain values (elemI32, elemBinary) or structs between
// begin and end.
func (w *tWriter) list(id int16, t byte, n int) {
	w.field(id, ctList)
	if n < 15 {
		w.b = append(w.b, byte(n)<<4|t)
	} else {
		w.b = append(w.b, 0xf0|t)
		w.varint(uint64(n))
	}
}

func (w *tWriter) elemI32(v int32) { w.zigzag(int64(v)) }

func (w *tWriter) elemBinary(v string) {
	w.varint(uint64(len(v)))
	w.b = append(w.b, v...)
}

// tReader reads Thrift structs in the compact protocol from a buffer,
// bounding every length by the bytes left and its nesting by maxDepth.
type tReader struct {
	b     []byte
	at    int
	last  []int16
	depth int
	bool  byte // a boolean field's value, carried in its header
}

// maxDepth is the deepest nesting of structs and lists a reader follows:
// Parquet's metadata nests a few levels; a damaged one could nest until
// the stack overflows.
const maxDepth = 32

var errShort = errors.New("thrift: the bytes end inside a value")

func (r *tReader) byte() (byte, error) {
	if r.at >= len(r.b) {
		return 0, errShort
	}
	c := r.b[r.at]
	r.at++
	return c, nil
}

func (r *tReader) varint() (uint64, error) {
	v, n := binary.Uvarint(r.b[r.at:])
	if n <= 0 {
		if n == 0 {
			return 0, errShort
		}
		return 0, errors.New("thrift: a varint of more than 64 bits")
	}
	r.at += n
	return v, nil
}

func (r *tReader) zigzag() (int64, error) {
	v, err := r.varint()
	return int64(v>>1) ^ -int64(v&1), err
}

// begin enters a struct.
func (r *tReader) begin() error {
	if r.depth++; r.depth > maxDepth {
		return fmt.Errorf("thrift: structs nested more than %d deep", maxDepth)
	}
	r.last = append(r.last, 0)
	return nil
}

// field reads the next field's header: its id and type, or ctStop at the
// struct's end, which it leaves.
func (r *tReader) field() (int16, byte, error) {
	c, err := r.byte()
	if err != nil {
		return 0, 0, err
	}
	t := c & 0x0f
	if t == ctStop {
		r.last = r.last[:len(r.last)-1]
		r.depth--
		return 0, ctStop, nil
	}
	top := len(r.last) - 1
	var id int16
	if d := c >> 4; d != 0 {
		id = r.last[top] + int16(d)
	} else {
		v, err := r.zigzag()
		if err != nil {
			return 0, 0, err
		}
		if v < math.MinInt16 || v > math.MaxInt16 {
			return 0, 0, fmt.Errorf("thrift: field id %d", v)
		}
		id = int16(v)
	}
	r.last[top] = id
	if t == ctTrue || t == ctFalse {
		r.bool = t
	}
	return id, t, nil
}

// int reads an integer value of type t, which must be one.
func (r *tReader) int(t byte) (int64, error) {
	switch t {
	case ctByte:
		c, err := r.byte()
		return int64(int8(c)), err
	case ctI16, ctI32, ctI64:
		return r.zigzag()
	}
	return 0, fmt.Errorf("thrift: an integer of type %d", t)
}

// i32 reads an integer value of type t that fits in 32 bits.
func (r *tReader) i32(t byte) (int32, error) {
	v, err := r.int(t)
	if err == nil && (v < math.MinInt32 || v > math.MaxInt32) {
		err = fmt.Errorf("thrift: %d does not fit in 32 bits", v)
	}
	return int32(v), err
}

// boolean returns a boolean field's value.
func (r *tReader) boolean(t byte) (bool, error) {
	if t != ctTrue && t != ctFalse {
		return false, fmt.Errorf("thrift: a boolean of type %d", t)
	}
	return t == ctTrue, nil
}

// binary reads a string or binary value, aliasing the buffer.
func (r *tReader) binary(t byte) ([]byte, error) {
	if t != ctBinary {
		return nil, fmt.Errorf("thrift: a string of type %d", t)
	}
	n, err := r.varint()
	if err != nil {
		return nil, err
	}
	if n > uint64(len(r.b)-r.at) {
		return nil, errShort
	}
	v := r.b[r.at : r.at+int(n)]
	r.at += int(n)
	return v, nil
}

// list reads a list's header, of type t: the type of its elements and
// how many, which the bytes left bound.
func (r *tReader) list(t byte) (byte, int, error) {
	if t != ctList && t != ctSet {
		return 0, 0, fmt.Errorf("thrift: a list of type %d", t)
	}
	c, err := r.byte()
	if err != nil {
		return 0, 0, err
	}
	n := uint64(c >> 4)
	if n == 15 {
		if n, err = r.varint(); err != nil {
			return 0, 0, err
		}
	}
	if n > uint64(len(r.b)-r.at) {
		return 0, 0, fmt.Errorf("thrift: a list of %d elements in %d bytes", n, len(r.b)-r.at)
	}
	return c & 0x0f, int(n), nil
}

// skip skips a value of type t.
func (r *tReader) skip(t byte) error {
	switch t {
	case ctTrue, ctFalse:
		return nil
	case ctByte:
		_, err := r.byte()
		return err
	case ctI16, ctI32, ctI64:
		_, err := r.varint()
		return err
	case ctDouble:
		if len(r.b)-r.at < 8 {
			return errShort
		}
		r.at += 8
		return nil
	case ctBinary:
		_, err := r.binary(t)
		return err
	case ctList, ctSet:
		et, n, err := r.list(t)
		if err != nil {
			return err
		}
		if r.depth++; r.depth > maxDepth {
			return fmt.Errorf("thrift: values nested more than %d deep", maxDepth)
		}
		for range n {
			if err := r.skipElem(et); err != nil {
				return err
			}
		}
		r.depth--
		return nil
	case ctMap:
		n, err := r.varint()
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		if n > uint64(len(r.b)-r.at) {
			return errShort
		}
		kv, err := r.byte()
		if err != nil {
			return err
		}
		if r.depth++; r.depth > maxDepth {
			return fmt.Errorf("thrift: values nested more than %d deep", maxDepth)
		}
		for range n {
			if err := r.skipElem(kv >> 4); err != nil {
				return err
			}
			if err := r.skipElem(kv & 0x0f); err != nil {
				return err
			}
		}
		r.depth--
		return nil
	case ctStruct:
		return r.structure(func(id int16, t byte) error { return r.skip(t) })
	}
	return fmt.Errorf("thrift: a value of unknown type %d", t)
}

// skipElem skips a list's element of type t: a boolean element is a
// byte of its own.
func (r *tReader) skipElem(t byte) error {
	if t == ctTrue || t == ctFalse {
		_, err := r.byte()
		return err
	}
	return r.skip(t)
}

// structure reads a struct, handing each field to f, which reads or
// skips its value.
func (r *tReader) structure(f func(id int16, t byte) error) error {
	if err := r.begin(); err != nil {
		return err
	}
	for {
		id, t, err := r.field()
		if err != nil {
			return err
		}
		if t == ctStop {
			return nil
		}
		if err := f(id, t); err != nil {
			return err
		}
	}
}

// structs reads a list of structs, handing each to f, which calls
// structure.
func (r *tReader) structs(t byte, f func(i int) error) error {
	et, n, err := r.list(t)
	if err != nil {
		return err
	}
	if et != ctStruct {
		if n == 0 {
			return nil
		}
		return fmt.Errorf("thrift: a list of type %d where structs are due", et)
	}
	for i := range n {
		if err := f(i); err != nil {
			return err
		}
	}
	return nil
}
