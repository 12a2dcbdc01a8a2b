package export

import (
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/snakecube/snakecube/symmetry"
)

// intColumn reads a leaf column of integers a page at a time, from the
// page's own arrays: its levels, and its values looked up in its
// dictionary if it has one. Nine values in ten of a catalogue are its
// moves, and the generic reading of a [column] goes through a 24-byte
// parquet.Value and two calls for each.
type intColumn struct {
	leafPages
	// The page being read, held until the next is read: its levels,
	// nil when the column has none of a kind (a required column, a
	// column not repeated), and how many levels it has; its values that
	// are not null, in order, in one of the ways of kind.
	page     parquet.Page
	rep, def []byte
	levels   int
	kind     valueKind
	i32      []int32 // the values, or their indexes in d32 or d64
	i64      []int64
	d32      []int32
	d64      []int64
	// at is the index of the next level, v that of the next value.
	at, v int
	// plain reads every page through parquet.Value, as [column] does;
	// for the tests, which compare the two.
	plain bool
	buf   []parquet.Value
}

// valueKind is how an intColumn holds the values of its page.
type valueKind uint8

const (
	values32  valueKind = iota // in i32
	values64                   // in i64
	indexes32                  // i32 indexes d32
	indexes64                  // i32 indexes d64
)

// intsPlain has every intColumn read through parquet.Value: the tests'
// reference for the arrays.
var intsPlain = false

func newIntColumn(f *parquet.File, leaf parquet.LeafColumn) *intColumn {
	return &intColumn{leafPages: newLeafPages(f, leaf), plain: intsPlain}
}

// fill makes sure a level is left in the page, reading pages as needed,
// or returns io.EOF after the last.
func (c *intColumn) fill() error {
	for c.at == c.levels {
		c.release()
		p, err := c.nextPage()
		if err != nil {
			return err
		}
		c.page = p
		if err := c.load(p); err != nil {
			return err
		}
	}
	return nil
}

// release gives back the page being read.
func (c *intColumn) release() {
	if c.page != nil {
		parquet.Release(c.page)
		c.page = nil
	}
	c.rep, c.def, c.i32, c.i64, c.d32, c.d64 = nil, nil, nil, nil, nil, nil
	c.at, c.v, c.levels = 0, 0, 0
}

// load takes the levels and values of page p.
func (c *intColumn) load(p parquet.Page) error {
	c.rep, c.def = p.RepetitionLevels(), p.DefinitionLevels()
	if c.plain || !c.arrays(p) {
		if err := c.values(p); err != nil {
			return err
		}
	}
	n := len(c.i32)
	if c.kind == values64 {
		n = len(c.i64)
	}
	switch {
	case len(c.def) > 0:
		c.levels = len(c.def)
	case len(c.rep) > 0:
		c.levels = len(c.rep)
	default:
		c.levels = n
		c.def = nil
	}
	if len(c.rep) == 0 {
		c.rep = nil
	}
	if c.rep != nil && len(c.rep) != c.levels {
		return fmt.Errorf("a page of %d repetition levels and %d definition levels", len(c.rep), c.levels)
	}
	return nil
}

// arrays takes the values of page p from its arrays, and reports false
// when they are of a kind it does not know.
func (c *intColumn) arrays(p parquet.Page) bool {
	data := p.Data()
	if d := p.Dictionary(); d != nil {
		if data.Kind() != encoding.Int32 {
			return false
		}
		c.i32 = data.Int32()
		dict := d.Page().Data()
		switch dict.Kind() {
		case encoding.Int32:
			c.kind, c.d32 = indexes32, dict.Int32()
		case encoding.Int64:
			c.kind, c.d64 = indexes64, dict.Int64()
		default:
			return false
		}
		return true
	}
	switch data.Kind() {
	case encoding.Int32:
		c.kind, c.i32 = values32, data.Int32()
	case encoding.Int64:
		c.kind, c.i64 = values64, data.Int64()
	default:
		return false
	}
	return true
}

// values takes the levels and values of page p through parquet.Value,
// into arrays of the column's own.
func (c *intColumn) values(p parquet.Page) error {
	if c.buf == nil {
		c.buf = make([]parquet.Value, columnBatch)
	}
	var rep, def []byte
	var vals []int64
	r := p.Values()
	for {
		n, err := r.ReadValues(c.buf)
		for _, v := range c.buf[:n] {
			rep = append(rep, byte(v.RepetitionLevel()))
			def = append(def, byte(v.DefinitionLevel()))
			if !v.IsNull() {
				vals = append(vals, int64(intOf(&v)))
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	c.rep, c.def, c.kind, c.i64 = rep, def, values64, vals
	return nil
}

// value takes the value at the next level, 0 for a null, and reports
// whether the level stands for an element of a list.
func (c *intColumn) value() (n int, slot bool, err error) {
	d := c.full
	if c.def != nil {
		d = int(c.def[c.at])
	}
	c.at++
	if d != c.full {
		return 0, d >= c.slot, nil
	}
	v := c.v
	c.v++
	switch c.kind {
	case values32:
		if v < len(c.i32) {
			return int(c.i32[v]), true, nil
		}
	case values64:
		if v < len(c.i64) {
			return int(c.i64[v]), true, nil
		}
	case indexes32, indexes64:
		if v >= len(c.i32) {
			break
		}
		k := c.i32[v]
		switch {
		case c.kind == indexes32 && uint(k) < uint(len(c.d32)):
			return int(c.d32[k]), true, nil
		case c.kind == indexes64 && uint(k) < uint(len(c.d64)):
			return int(c.d64[k]), true, nil
		}
		return 0, false, fmt.Errorf("dictionary index %d out of range", k)
	}
	return 0, false, fmt.Errorf("a page of fewer values than its levels state")
}

// int returns the next value as an integer, 0 for a null, or io.EOF
// after the last.
func (c *intColumn) int() (int, error) {
	if err := c.fill(); err != nil {
		return 0, err
	}
	n, _, err := c.value()
	return n, err
}

// list appends the next row's list of integers to dst, a null element
// as 0.
func (c *intColumn) list(dst []int) ([]int, error) {
	if err := c.fill(); err != nil {
		return dst, err
	}
	for start := len(dst); ; {
		if len(dst)-start > symmetry.MaxCells {
			return dst, fmt.Errorf("a list of more than %d values, more than a solution has moves", symmetry.MaxCells)
		}
		// The moves as a catalogue writes them, a value of a dictionary
		// of int32 at a level that is not null, take no call.
		var n int
		slot := false
		if c.kind == indexes32 && c.def != nil && c.def[c.at] == byte(c.full) && c.v < len(c.i32) && uint(c.i32[c.v]) < uint(len(c.d32)) {
			n, slot = int(c.d32[c.i32[c.v]]), true
			c.at++
			c.v++
		} else {
			var err error
			if n, slot, err = c.value(); err != nil {
				return dst, err
			}
		}
		if slot {
			dst = append(dst, n)
		}
		if c.at == c.levels {
			if err := c.fill(); err == io.EOF {
				return dst, nil
			} else if err != nil {
				return dst, err
			}
		}
		if c.rep == nil || c.rep[c.at] == 0 {
			return dst, nil
		}
	}
}

// close gives back the pages being read.
func (c *intColumn) close() {
	c.release()
	c.closePages()
}
