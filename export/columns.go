package export

import (
	"io"

	"github.com/parquet-go/parquet-go"
)

// leafPages reads the pages of one leaf column of a Parquet file, row
// group after row group.
type leafPages struct {
	groups []parquet.RowGroup
	index  int // the leaf column's index in a row group
	// slot is the definition level from which a value of a repeated
	// column stands for an element of its list, null or not: below it,
	// the list itself is empty or null. full is that of a value that is
	// not null.
	slot, full int
	g          int // the row group being read
	pages      parquet.Pages
}

func newLeafPages(f *parquet.File, leaf parquet.LeafColumn) leafPages {
	l := leafPages{groups: f.RowGroups(), index: leaf.ColumnIndex, full: leaf.MaxDefinitionLevel}
	l.slot = l.full
	if leaf.Node.Optional() {
		l.slot--
	}
	return l
}

// nextPage returns the next page of the column, or io.EOF after the
// last.
func (l *leafPages) nextPage() (parquet.Page, error) {
	for {
		if l.pages == nil {
			if l.g == len(l.groups) {
				return nil, io.EOF
			}
			l.pages = l.groups[l.g].ColumnChunks()[l.index].Pages()
		}
		p, err := l.pages.ReadPage()
		if err != io.EOF {
			return p, err
		}
		l.pages.Close()
		l.pages = nil
		l.g++
	}
}

// closePages gives back the pages being read.
func (l *leafPages) closePages() {
	if l.pages != nil {
		l.pages.Close()
		l.pages = nil
	}
}

// column reads the values of one leaf column of a Parquet file, a page
// at a time: reading a catalogue column by column costs a fraction of
// assembling its rows, which goes through reflection for every value.
type column struct {
	leafPages
	values parquet.ValueReader
	buf    []parquet.Value
	at, n  int
}

// columnBatch is the number of values a column decodes at once.
const columnBatch = 4096

func newColumn(f *parquet.File, leaf parquet.LeafColumn) *column {
	return &column{leafPages: newLeafPages(f, leaf), buf: make([]parquet.Value, columnBatch)}
}

// peek returns the next value, without taking it, or io.EOF after the
// last.
func (c *column) peek() (*parquet.Value, error) {
	for c.at == c.n {
		if c.values != nil {
			n, err := c.values.ReadValues(c.buf)
			c.at, c.n = 0, n
			switch {
			case n > 0:
				return &c.buf[0], nil
			case err == io.EOF:
				c.values = nil
			case err != nil:
				return nil, err
			}
			continue
		}
		p, err := c.nextPage()
		if err != nil {
			return nil, err
		}
		c.values = p.Values()
	}
	return &c.buf[c.at], nil
}

// next returns the next value, or io.EOF after the last.
func (c *column) next() (*parquet.Value, error) {
	v, err := c.peek()
	if err == nil {
		c.at++
	}
	return v, err
}

// intOf returns an INT32 or INT64 value as an integer.
func intOf(v *parquet.Value) int {
	if v.Kind() == parquet.Int32 {
		return int(v.Int32())
	}
	return int(v.Int64())
}

// catalogueColumns are the columns a reader of a catalogue's solutions
// reads, in the order of [columns].
type catalogueColumns struct {
	box, key, palindrome                               *column
	solutions, straights, solution, x, y, z, direction *intColumn
	lastBox                                            string
}

func newCatalogueColumns(f *parquet.File) *catalogueColumns {
	leaves := make([]parquet.LeafColumn, len(columns))
	for i, c := range columns {
		leaves[i], _ = f.Schema().Lookup(c.path...) // checkSchema found them
	}
	return &catalogueColumns{box: newColumn(f, leaves[0]), key: newColumn(f, leaves[1]), palindrome: newColumn(f, leaves[4]),
		solutions: newIntColumn(f, leaves[2]), straights: newIntColumn(f, leaves[3]), solution: newIntColumn(f, leaves[5]),
		x: newIntColumn(f, leaves[6]), y: newIntColumn(f, leaves[7]), z: newIntColumn(f, leaves[8]), direction: newIntColumn(f, leaves[9])}
}

// nextColumns returns the rows of the next snake, read column by column,
// or io.EOF.
func (p *parquetReader) nextColumns() (Entry, error) {
	c := p.cols
	if p.row >= p.end {
		return Entry{}, io.EOF
	}
	kv, err := c.key.peek()
	if err != nil {
		return Entry{}, p.columnError(err)
	}
	e := Entry{Key: string(kv.ByteArray()), Offset: p.row}
	var ints []int
	var stated int32
	bound := 1
	for {
		if err := p.columnRow(&e, &ints); err != nil {
			return Entry{}, p.columnError(err)
		}
		if len(e.Solutions) == 1 {
			stated = int32(min(max(e.Solutions[0].Row.Solutions, -1), maxSnakeRows+1))
			bound = rowBound(stated)
		}
		p.row++
		if p.row >= p.end {
			break
		}
		kv, err := c.key.peek()
		if err != nil {
			return Entry{}, p.columnError(err)
		}
		if string(kv.ByteArray()) != e.Key {
			break
		}
		if len(e.Solutions) == bound {
			return Entry{}, tooManyRows(p.row, e.Offset, e.Key, stated)
		}
	}
	e.Count = len(e.Solutions)
	return e, nil
}

// columnRow reads a row into e, its integers into ints.
func (p *parquetReader) columnRow(e *Entry, ints *[]int) error {
	c := p.cols
	bv, err := c.box.next()
	if err != nil {
		return err
	}
	if b := bv.ByteArray(); string(b) != c.lastBox {
		c.lastBox = string(b)
	}
	if p.box.Len() == 0 && p.row == 0 {
		p.statedBox(c.lastBox)
	}
	if _, err := c.key.next(); err != nil {
		return err
	}
	var row Row
	row.Box = c.lastBox
	if row.Solutions, err = c.solutions.int(); err != nil {
		return err
	}
	if row.Straights, err = c.straights.int(); err != nil {
		return err
	}
	pv, err := c.palindrome.next()
	if err != nil {
		return err
	}
	row.Palindrome = !pv.IsNull() && pv.Boolean()
	if row.Solution, err = c.solution.int(); err != nil {
		return err
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
			return err
		}
		*ints = append(*ints, n)
	}
	start := (*ints)[at:len(*ints):len(*ints)]
	at = len(*ints)
	if *ints, err = c.direction.list(*ints); err != nil {
		return err
	}
	dir := (*ints)[at:len(*ints):len(*ints)]
	e.Solutions = append(e.Solutions, Solution{StartPos: start, Direction: dir, Row: row})
	return nil
}

// columnError is the error of a column that could not be read at row
// p.row.
func (p *parquetReader) columnError(err error) error {
	if err == io.EOF {
		return parquetError("row %d: the file ends before its %d rows", p.row+1, p.end)
	}
	return parquetError("row %d: a damaged Parquet file: %v", p.row+1, err)
}

// close gives back the pages the columns are reading.
func (cc *catalogueColumns) close() {
	for _, c := range []*column{cc.box, cc.key, cc.palindrome} {
		c.closePages()
		c.values = nil
	}
	for _, c := range []*intColumn{cc.solutions, cc.straights, cc.solution, cc.x, cc.y, cc.z, cc.direction} {
		c.close()
	}
}
