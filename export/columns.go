package export

import (
	"fmt"
	"io"
	"slices"

	"github.com/snakecube/snakecube/export/parquet"
	"github.com/snakecube/snakecube/symmetry"
)

// levels reads the levels of one leaf column of a Parquet file a page at
// a time, from a row on: what a [column] and an [intColumn] share.
type levels struct {
	pages *parquet.Pages
	page  *parquet.Page
	// slot is the definition level from which a value of a repeated
	// column stands for an element of its list, null or not: below it,
	// the list itself is empty or null. full is that of a value that is
	// not null.
	slot, full int
	// at is the index of the page's next level, v that of its next value.
	at, v int
}

func newLevels(f *parquet.File, leaf parquet.Leaf, first int64) (levels, error) {
	p, err := f.Pages(leaf, first)
	l := levels{pages: p, full: leaf.MaxDef}
	l.slot = l.full
	if leaf.Optional {
		l.slot--
	}
	return l, err
}

// fill makes sure a level is left in the page, reading pages as needed,
// or returns io.EOF after the last.
func (l *levels) fill() error {
	for l.page == nil || l.at == l.page.Levels {
		p, err := l.pages.Next()
		if err != nil {
			l.page = nil
			return err
		}
		if p.Rep != nil && len(p.Rep) != p.Levels || p.Def != nil && len(p.Def) != p.Levels {
			return fmt.Errorf("a page of %d levels and %d repetition and %d definition levels", p.Levels, len(p.Rep), len(p.Def))
		}
		l.page, l.at, l.v = p, p.From, p.FromValue
	}
	return nil
}

// level takes the next level: its value's index among the page's values
// that are not null, or -1 for a null, and whether it stands for an
// element of a list.
func (l *levels) level() (v int, slot bool) {
	d := l.full
	if l.page.Def != nil {
		d = int(l.page.Def[l.at])
	}
	l.at++
	if d != l.full {
		return -1, d >= l.slot
	}
	l.v++
	return l.v - 1, true
}

// column reads the values of a leaf column of byte arrays or booleans.
type column struct{ levels }

func newColumn(f *parquet.File, leaf parquet.Leaf, first int64) (*column, error) {
	l, err := newLevels(f, leaf, first)
	return &column{l}, err
}

// peekBytes returns the next byte array, nil for a null, without taking
// it, or io.EOF after the last. It aliases the page.
func (c *column) peekBytes() ([]byte, error) {
	if err := c.fill(); err != nil {
		return nil, err
	}
	at, v := c.at, c.v
	b, err := c.nextBytes()
	c.at, c.v = at, v
	return b, err
}

// nextBytes returns the next byte array, nil for a null.
func (c *column) nextBytes() ([]byte, error) {
	if err := c.fill(); err != nil {
		return nil, err
	}
	v, _ := c.level()
	if v < 0 {
		return nil, nil
	}
	p := c.page
	if p.Index != nil {
		if v >= len(p.Index) {
			return nil, errFewValues
		}
		return p.Dict.Bytes.At(int(p.Index[v])), nil
	}
	if v >= p.Bytes.Len() {
		return nil, errFewValues
	}
	return p.Bytes.At(v), nil
}

// nextBool returns the next boolean, false for a null.
func (c *column) nextBool() (bool, error) {
	if err := c.fill(); err != nil {
		return false, err
	}
	v, _ := c.level()
	if v < 0 {
		return false, nil
	}
	p := c.page
	if p.Index != nil {
		if v >= len(p.Index) {
			return false, errFewValues
		}
		return p.Dict.Bool[p.Index[v]], nil
	}
	if v >= len(p.Bool) {
		return false, errFewValues
	}
	return p.Bool[v], nil
}

var errFewValues = fmt.Errorf("a page of fewer values than its levels state")

// intColumn reads a leaf column of integers, INT32 or INT64, in a
// dictionary or not. Nine values in ten of a catalogue are its moves.
type intColumn struct{ levels }

func newIntColumn(f *parquet.File, leaf parquet.Leaf, first int64) (*intColumn, error) {
	l, err := newLevels(f, leaf, first)
	return &intColumn{l}, err
}

// value takes the value at the next level, 0 for a null, and reports
// whether the level stands for an element of a list.
func (c *intColumn) value() (int, bool, error) {
	v, slot := c.level()
	if v < 0 {
		return 0, slot, nil
	}
	p := c.page
	if p.Index != nil {
		if v >= len(p.Index) {
			return 0, false, errFewValues
		}
		k := p.Index[v]
		if p.Dict.Int32 != nil {
			return int(p.Dict.Int32[k]), true, nil
		}
		return int(p.Dict.Int64[k]), true, nil
	}
	switch {
	case v < len(p.Int32):
		return int(p.Int32[v]), true, nil
	case v < len(p.Int64):
		return int(p.Int64[v]), true, nil
	}
	return 0, false, errFewValues
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
		// The moves as a catalogue writes them, values of a dictionary
		// of int32, none null, are taken in a loop of their own up to
		// the list's end or the page's.
		if p := c.page; p.Index != nil && p.Dict.Int32 != nil && p.Def == nil && p.Rep != nil {
			dict, idx, rep := p.Dict.Int32, p.Index, p.Rep
			at, v := c.at, c.v
			for v < len(idx) && len(dst)-start <= symmetry.MaxCells {
				dst = append(dst, int(dict[idx[v]]))
				at++
				v++
				if at == p.Levels || rep[at] == 0 {
					break
				}
			}
			c.at, c.v = at, v
			if c.at < p.Levels && rep[c.at] != 0 && v == len(idx) {
				return dst, errFewValues
			}
		} else {
			n, slot, err := c.value()
			if err != nil {
				return dst, err
			}
			if slot {
				dst = append(dst, n)
			}
		}
		if c.at == c.page.Levels {
			if err := c.fill(); err == io.EOF {
				return dst, nil
			} else if err != nil {
				return dst, err
			}
		}
		if c.page.Rep == nil || c.page.Rep[c.at] == 0 {
			return dst, nil
		}
	}
}

// catalogueColumns are the columns a reader of a catalogue reads, in the
// order of [columns]; a reader of keys reads only the first three.
type catalogueColumns struct {
	box, key, palindrome                               *column
	solutions, straights, solution, x, y, z, direction *intColumn
	lastBox                                            string
}

func newCatalogueColumns(f *parquet.File, first int64, keysOnly bool) (*catalogueColumns, error) {
	leaves := make([]parquet.Leaf, len(columns))
	for i, c := range columns {
		leaves[i], _ = f.LeafAt(c.path...) // checkSchema found them
	}
	var c catalogueColumns
	var errs [10]error
	c.box, errs[0] = newColumn(f, leaves[0], first)
	c.key, errs[1] = newColumn(f, leaves[1], first)
	c.solutions, errs[2] = newIntColumn(f, leaves[2], first)
	if !keysOnly {
		c.straights, errs[3] = newIntColumn(f, leaves[3], first)
		c.palindrome, errs[4] = newColumn(f, leaves[4], first)
		c.solution, errs[5] = newIntColumn(f, leaves[5], first)
		c.x, errs[6] = newIntColumn(f, leaves[6], first)
		c.y, errs[7] = newIntColumn(f, leaves[7], first)
		c.z, errs[8] = newIntColumn(f, leaves[8], first)
		c.direction, errs[9] = newIntColumn(f, leaves[9], first)
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return &c, nil
}

// nextColumns returns the rows of the next snake, or io.EOF; with
// keysOnly, its key, first row and count.
func (p *parquetReader) nextColumns() (Entry, error) {
	c := p.cols
	if p.row >= p.end {
		return Entry{}, io.EOF
	}
	kv, err := c.key.peekBytes()
	if err != nil {
		return Entry{}, p.columnError(err)
	}
	e := Entry{Key: string(kv), Offset: p.row}
	var ints []int
	var stated int32
	bound := 1
	for {
		n, err := p.columnRow(&e, &ints)
		if err != nil {
			return Entry{}, p.columnError(err)
		}
		e.Count++
		if e.Count == 1 {
			stated = int32(min(max(n, -1), maxSnakeRows+1))
			bound = rowBound(stated)
			if !p.keysOnly {
				e.Solutions = slices.Grow(e.Solutions, min(bound, 1<<12)-1)
			}
		}
		p.row++
		if p.row >= p.end {
			break
		}
		kv, err := c.key.peekBytes()
		if err != nil {
			return Entry{}, p.columnError(err)
		}
		if string(kv) != e.Key {
			break
		}
		if e.Count == bound {
			return Entry{}, tooManyRows(p.row, e.Offset, e.Key, stated)
		}
	}
	return e, nil
}

// columnRow reads a row, into e unless only keys are read, its integers
// into ints, and returns the solutions it states.
func (p *parquetReader) columnRow(e *Entry, ints *[]int) (int, error) {
	c := p.cols
	b, err := c.box.nextBytes()
	if err != nil {
		return 0, err
	}
	if string(b) != c.lastBox {
		c.lastBox = string(b)
	}
	if p.box.Len() == 0 && p.row == 0 {
		p.statedBox(c.lastBox)
	}
	if _, err := c.key.nextBytes(); err != nil {
		return 0, err
	}
	var row Row
	row.Box = c.lastBox
	if row.Solutions, err = c.solutions.int(); err != nil {
		return 0, err
	}
	if p.keysOnly {
		return row.Solutions, nil
	}
	if row.Straights, err = c.straights.int(); err != nil {
		return 0, err
	}
	if row.Palindrome, err = c.palindrome.nextBool(); err != nil {
		return 0, err
	}
	if row.Solution, err = c.solution.int(); err != nil {
		return 0, err
	}
	if *ints == nil {
		// The snake's rows state its number of solutions: room for them
		// all at once, within reason for a file that lies.
		*ints = make([]int, 0, min(max(row.Solutions, 1), 1<<12)*36)
	}
	at := len(*ints)
	for _, col := range []*intColumn{c.x, c.y, c.z} {
		n, err := col.int()
		if err != nil {
			return 0, err
		}
		*ints = append(*ints, n)
	}
	start := (*ints)[at:len(*ints):len(*ints)]
	at = len(*ints)
	if *ints, err = c.direction.list(*ints); err != nil {
		return 0, err
	}
	dir := (*ints)[at:len(*ints):len(*ints)]
	e.Solutions = append(e.Solutions, Solution{StartPos: start, Direction: dir, Row: row})
	return row.Solutions, nil
}

// columnError is the error of a column that could not be read at row
// p.row.
func (p *parquetReader) columnError(err error) error {
	if err == io.EOF {
		return parquetError("row %d: the file ends before its %d rows", p.row+1, p.end)
	}
	return parquetError("row %d: a damaged Parquet file: %v", p.row+1, err)
}
