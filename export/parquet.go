package export

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/snakecube/snakecube/export/parquet"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// The columns of a FormatParquet catalogue: a solution a row, with the
// figures of its snake. Each column's encoding is the smallest of those
// tried on whole catalogues: the moves in a dictionary of the six codes,
// the sorted keys as deltas of their common prefixes, the numbers
// repeated along a snake's rows in dictionaries whose runs cost next to
// nothing.
var (
	snakeColumns = []parquet.Column{
		{Name: "box", Type: parquet.ByteArray, String: true, Encoding: parquet.Dictionary},
		{Name: "key", Type: parquet.ByteArray, String: true, Encoding: parquet.Delta},
		{Name: "solutions", Type: parquet.Int32, Encoding: parquet.Dictionary},
		{Name: "straights", Type: parquet.Int32, Encoding: parquet.Dictionary},
		{Name: "palindrome", Type: parquet.Boolean},
	}
	solutionColumns = append(slices.Clip(snakeColumns),
		parquet.Column{Name: "solution", Type: parquet.Int32, Encoding: parquet.Delta},
		parquet.Column{Name: "start_x", Type: parquet.Int32, Int8: true, Encoding: parquet.Dictionary},
		parquet.Column{Name: "start_y", Type: parquet.Int32, Int8: true, Encoding: parquet.Dictionary},
		parquet.Column{Name: "start_z", Type: parquet.Int32, Int8: true, Encoding: parquet.Dictionary},
		parquet.Column{Name: "direction", Type: parquet.Int32, Int8: true, List: true, Encoding: parquet.Dictionary},
	)
)

// rowGroupRows is the number of rows of a row group: what the writer
// holds in memory before it writes the group, and the unit a reader such
// as DuckDB reads in parallel, a group per 2^20 solutions being some
// tens of groups for the largest catalogues written whole.
const rowGroupRows = 1 << 20

// BoxKey is the name under which a Parquet file's key-value metadata
// states its box, so that an empty catalogue too says its box.
const BoxKey = "snakecube.box"

// newParquet returns a writer of cols to w: the box in the metadata, and
// a created_by with no version or build, so that the bytes depend only
// on the rows.
func newParquet(w io.Writer, b symmetry.Box, cols []parquet.Column) *parquet.Writer {
	return parquet.NewWriter(w, cols, parquet.WriterOptions{
		RowGroupRows: rowGroupRows,
		Metadata:     []parquet.KeyValue{{Key: BoxKey, Value: b.String()}},
		CreatedBy:    "snakecube",
	})
}

// snakeFigures writes the columns a row of a snake and of its solution
// share.
func snakeFigures(w *parquet.Writer, name string, h *head) {
	w.String(0, name)
	w.String(1, h.key)
	w.Int32(2, h.solutions)
	w.Int32(3, h.straights)
	w.Bool(4, h.palindrome)
}

// parquetWriter writes the rows of a FormatParquet catalogue.
type parquetWriter struct {
	w    *parquet.Writer
	name string
	m    int // moves per solution
}

func newParquetWriter(w io.Writer, b symmetry.Box) parquetWriter {
	return parquetWriter{newParquet(w, b, solutionColumns), b.String(), b.Len() - 1}
}

func (p parquetWriter) write(c *Chunk) error {
	i := 0 // the solution
	for k := range c.heads {
		h := &c.heads[k]
		for s := range int(h.solutions) {
			snakeFigures(p.w, p.name, h)
			p.w.Int32(5, int32(s+1))
			p.w.Int32(6, int32(c.starts[3*i]))
			p.w.Int32(7, int32(c.starts[3*i+1]))
			p.w.Int32(8, int32(c.starts[3*i+2]))
			p.w.Int8s(9, c.moves[i*p.m:(i+1)*p.m])
			if err := p.w.EndRow(); err != nil {
				return err
			}
			i++
		}
	}
	return nil
}

func (p parquetWriter) close() error { return p.w.Close() }

// head is a snake of a chunk of rows: its key and figures.
type head struct {
	key                  string
	solutions, straights int32
	palindrome           bool
}

// encodeRows fills chunk c with snakes of box b as rows are written from:
// the snakes' heads, the start cells and moves of their solutions, 38
// bytes a 3x3x4 solution, or an error naming a solution that is no path
// through every cell of the box. It holds no memory of the snakes'.
func encodeRows(c *Chunk, b symmetry.Box, snakes []solver.Snake, solutions bool) error {
	c.heads = make([]head, len(snakes))
	n := 0
	for i, s := range snakes {
		c.heads[i] = head{key: s.Seq.String(), solutions: int32(len(s.Solutions)), straights: int32(s.Seq.Straights()), palindrome: s.Seq.Palindrome()}
		n += len(s.Solutions)
	}
	if !solutions {
		return nil
	}
	m := b.Len() - 1
	c.moves, c.starts = make([]int8, 0, n*m), make([]int8, 0, 3*n)
	enc := newEncoder(b)
	for _, s := range snakes {
		for k, d := range s.Solutions {
			start, err := enc.startCell(d)
			if err != nil {
				return fmt.Errorf("snake %v, solution %d: %w", s.Seq, k+1, err)
			}
			c.starts = append(c.starts, int8(start[0]), int8(start[1]), int8(start[2]))
			for _, x := range d {
				c.moves = append(c.moves, int8(x.Code()))
			}
		}
	}
	return nil
}

// parquetTable writes a table of snakes as Parquet.
type parquetTable struct {
	w    *parquet.Writer
	name string
}

func newParquetTable(w io.Writer, b symmetry.Box) parquetTable {
	return parquetTable{newParquet(w, b, snakeColumns), b.String()}
}

func (t parquetTable) write(c *Chunk) error {
	for k := range c.heads {
		snakeFigures(t.w, t.name, &c.heads[k])
		if err := t.w.EndRow(); err != nil {
			return err
		}
	}
	return nil
}

func (t parquetTable) close() error { return t.w.Close() }

// csvTable writes a table of snakes as CSV: a header, then a line per
// snake. No field needs quoting.
type csvTable struct {
	w    io.Writer
	name string
	head bool
	line []byte
}

// csvHeader is the first line of a table of snakes in CSV.
const csvHeader = "box,key,solutions,straights,palindrome\n"

func newCSVTable(w io.Writer, b symmetry.Box) *csvTable { return &csvTable{w: w, name: b.String()} }

func (t *csvTable) write(c *Chunk) error {
	if err := t.header(); err != nil {
		return err
	}
	for _, h := range c.heads {
		t.line = fmt.Appendf(t.line[:0], "%s,%s,%d,%d,%t\n", t.name, h.key, h.solutions, h.straights, h.palindrome)
		if _, err := t.w.Write(t.line); err != nil {
			return err
		}
	}
	return nil
}

func (t *csvTable) header() error {
	if t.head {
		return nil
	}
	t.head = true
	_, err := io.WriteString(t.w, csvHeader)
	return err
}

func (t *csvTable) close() error { return t.header() }

// parquetMagic starts and ends every Parquet file.
const parquetMagic = "PAR1"

// Row is what a row of a Parquet catalogue states besides its solution's
// start and moves: its box, and its snake's figures.
type Row struct {
	Box        string
	Solutions  int
	Straights  int
	Palindrome bool
	// Solution is the solution's place in its snake's list, from 1.
	Solution int
}

// parquetReader reads the rows of a FormatParquet catalogue, a snake at
// a time, column by column: a fraction of the cost of assembling rows.
type parquetReader struct {
	cols     *catalogueColumns
	keysOnly bool
	box      symmetry.Box // the box the file states
	row, end int64        // the index of the next row, and where to stop
}

// maxSnakeRows is the most rows one snake may have: the most solutions
// a section of a catalogue holds, and so a snake of one that enumerate
// writes ([solver.MaxFound]). A variable for the tests.
var maxSnakeRows = solver.MaxFound

// MaxSnakeSolutions returns the most solutions a catalogue may list for
// one snake, in any format: the most a section of enumerate holds.
func MaxSnakeSolutions() int { return maxSnakeRows }

// rowBound returns how many rows a snake whose first row states stated
// solutions may have: as many as it states, at least one, and no more
// than maxSnakeRows. Rows past it would be held for nothing: the snake
// is wrong whatever they hold.
func rowBound(stated int32) int {
	return min(max(int(stated), 1), maxSnakeRows)
}

// shownKey returns key as an error shows it: a damaged file's key may be
// anything, and is cut to the length of the longest.
func shownKey(key string) string {
	if len(key) > symmetry.MaxCells {
		return fmt.Sprintf("%q...", key[:symmetry.MaxCells])
	}
	return key
}

// tooManyRows is the error of snake key's row at index row, from 0, one
// past the bound of a snake whose first row, at index first, states
// stated solutions.
func tooManyRows(row, first int64, key string, stated int32) error {
	key = shownKey(key)
	if int(stated) > maxSnakeRows {
		return parquetError("row %d: snake %s has more than %d rows, the most solutions a snake may have", row+1, key, maxSnakeRows)
	}
	n := max(stated, 0)
	s := "s"
	if n == 1 {
		s = ""
	}
	return parquetError("row %d: snake %s has more rows than the %d solution%s its first row, row %d, states", row+1, key, n, s, first+1)
}

// parquetError is a Parquet file that is no catalogue, or a damaged one.
func parquetError(format string, args ...any) error {
	return &SyntaxError{Offset: -1, Err: fmt.Errorf(format, args...)}
}

// columns are the columns of a catalogue a reader needs, and the types
// of values they may hold. A file may have more columns, in any order.
var columns = []struct {
	path  []string
	types []parquet.Type
}{
	{[]string{"box"}, []parquet.Type{parquet.ByteArray}},
	{[]string{"key"}, []parquet.Type{parquet.ByteArray}},
	{[]string{"solutions"}, []parquet.Type{parquet.Int32, parquet.Int64}},
	{[]string{"straights"}, []parquet.Type{parquet.Int32, parquet.Int64}},
	{[]string{"palindrome"}, []parquet.Type{parquet.Boolean}},
	{[]string{"solution"}, []parquet.Type{parquet.Int32, parquet.Int64}},
	{[]string{"start_x"}, []parquet.Type{parquet.Int32, parquet.Int64}},
	{[]string{"start_y"}, []parquet.Type{parquet.Int32, parquet.Int64}},
	{[]string{"start_z"}, []parquet.Type{parquet.Int32, parquet.Int64}},
	{[]string{"direction", "list", "element"}, []parquet.Type{parquet.Int32, parquet.Int64}},
}

// openParquet opens the Parquet catalogue in r, of size bytes, to read
// rows first to end (all of them when end < 0), or with keysOnly only its
// boxes and keys.
func openParquet(r io.ReaderAt, size, first, end int64, keysOnly bool) (*parquetReader, error) {
	f, err := parquet.Open(r, size)
	if err != nil {
		return nil, parquetError("a Parquet file cut short or damaged: %v", err)
	}
	if err := checkSchema(f); err != nil {
		return nil, err
	}
	p := &parquetReader{row: first, end: end, keysOnly: keysOnly}
	if end < 0 || end > f.NumRows() {
		p.end = f.NumRows()
	}
	if s, ok := f.Lookup(BoxKey); ok {
		if p.box, err = symmetry.ParseBox(s); err != nil {
			return nil, parquetError("metadata %s: %v", BoxKey, err)
		}
	}
	if p.cols, err = newCatalogueColumns(f, first, keysOnly); err != nil {
		return nil, parquetError("row %d: a damaged Parquet file: %v", first+1, err)
	}
	return p, nil
}

// checkSchema makes sure the file has the columns of a catalogue.
func checkSchema(f *parquet.File) error {
	top := map[string]parquet.Field{}
	for _, fl := range f.Fields() {
		top[fl.Name] = fl
	}
	_, hasDir := top["direction"]
	_, hasKey := top["key"]
	_, hasSolutions := top["solutions"]
	if !hasDir && hasKey && hasSolutions {
		return parquetError("the Parquet file has no column direction: a table of snakes, not a catalogue of solutions")
	}
	for _, c := range columns {
		name := c.path[0]
		fl, ok := top[name]
		if !ok {
			return parquetError("the Parquet file has no column %s: not a catalogue", name)
		}
		list := len(c.path) > 1
		want := fmt.Sprintf("%v", c.types[0])
		if len(c.types) > 1 {
			want = fmt.Sprintf("%v or %v", c.types[0], c.types[1])
		}
		if list {
			want = "a list of " + want
		}
		leaf, ok := f.LeafAt(c.path...)
		if !ok || (leaf.MaxRep > 0) != list || !slices.Contains(c.types, leaf.Type) {
			return parquetError("column %s holds %s, want %s", name, describe(fl), want)
		}
	}
	return nil
}

// describe says what a column holds.
func describe(f parquet.Field) string {
	switch {
	case f.Leaf && f.Repeated:
		return "a repeated " + f.Type.String()
	case f.Leaf:
		return f.Type.String() + " values"
	}
	return "a group of columns"
}

// next returns the rows of the next snake, or io.EOF; with keysOnly, its
// key, first row and count.
func (p *parquetReader) next() (Entry, error) {
	return p.nextColumns()
}

// close lets go of the columns.
func (p *parquetReader) close() { p.cols = nil }

// statedBox takes the box of the first row, when the metadata states
// none, as a file another program wrote from ours may.
func (p *parquetReader) statedBox(s string) {
	if b, err := symmetry.ParseBox(s); err == nil {
		p.box = b
	}
}

// readerAt returns r as an io.ReaderAt and its size: a file or a reader
// that is one, or else what remains of r, read into memory, after head,
// the bytes already read from it.
func readerAt(r io.Reader, head []byte) (io.ReaderAt, int64, error) {
	switch v := r.(type) {
	case interface {
		io.ReaderAt
		Size() int64
	}:
		return v, v.Size(), nil
	case *os.File:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			return v, fi.Size(), nil
		}
	}
	rest, err := io.ReadAll(r)
	if err != nil {
		return nil, 0, err
	}
	data := append(bytes.Clone(head), rest...)
	return bytes.NewReader(data), int64(len(data)), nil
}

// NewRowReader returns a Reader of rows first to first+rows of the
// Parquet catalogue in r, of size bytes: the rows of one snake, as a
// [Reader] of the whole file reported them in [Entry.Offset] and
// [Entry.Count].
func NewRowReader(r io.ReaderAt, size, first, rows int64) *Reader {
	rd := &Reader{format: FormatParquet, state: 1}
	rd.pq, rd.perr = openParquet(r, size, first, first+rows, false)
	if rd.perr == nil {
		rd.box = rd.pq.box
	}
	return rd
}
