package export

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// solutionRow is a row of a FormatParquet catalogue: one solution and
// the figures of its snake. The tags choose each column's encoding, the
// smallest of those tried on whole catalogues: the moves in a dictionary
// of the six codes, the sorted keys as deltas of their common prefixes,
// the numbers repeated along a snake's rows in dictionaries whose runs
// cost next to nothing.
type solutionRow struct {
	Box        string `parquet:"box,dict"`
	Key        string `parquet:"key,delta"`
	Solutions  int32  `parquet:"solutions,dict"`
	Straights  int32  `parquet:"straights,dict"`
	Palindrome bool   `parquet:"palindrome"`
	Solution   int32  `parquet:"solution,delta"`
	StartX     int8   `parquet:"start_x,int(8),dict"`
	StartY     int8   `parquet:"start_y,int(8),dict"`
	StartZ     int8   `parquet:"start_z,int(8),dict"`
	Direction  []int8 `parquet:"direction,list" parquet-element:",int(8),dict"`
}

// snakeRow is a row of a table of snakes.
type snakeRow struct {
	Box        string `parquet:"box,dict"`
	Key        string `parquet:"key,delta"`
	Solutions  int32  `parquet:"solutions,dict"`
	Straights  int32  `parquet:"straights,dict"`
	Palindrome bool   `parquet:"palindrome"`
}

// rowGroupRows is the number of rows of a row group: what the writer
// holds in memory before it writes the group, and the unit a reader such
// as DuckDB reads in parallel, a group per 2^20 solutions being some
// tens of groups for the largest catalogues written whole.
const rowGroupRows = 1 << 20

// BoxKey is the name under which a Parquet file's key-value metadata
// states its box, so that an empty catalogue too says its box.
const BoxKey = "snakecube.box"

// parquetOptions are the writer's options: the box in the metadata, zstd
// compression, and a created_by with no version or build, so that the
// bytes depend only on the rows.
func parquetOptions(b symmetry.Box) []parquet.WriterOption {
	return []parquet.WriterOption{
		&parquet.WriterConfig{CreatedBy: "snakecube"},
		parquet.Compression(&zstd.Codec{Level: zstd.SpeedDefault}),
		parquet.MaxRowsPerRowGroup(rowGroupRows),
		parquet.KeyValueMetadata(BoxKey, b.String()),
	}
}

// batched writes rows to a Parquet writer in batches of writeBatch rows,
// whatever the chunks they come in: where the writer cuts pages depends
// on the rows it is given at once, and the bytes must not depend on how
// a run cut its work.
type batched[T any] struct {
	w   *parquet.GenericWriter[T]
	buf []T
}

// writeBatch is the number of rows given to the Parquet writer at once.
const writeBatch = 4096

func newBatched[T any](w io.Writer, b symmetry.Box) *batched[T] {
	return &batched[T]{w: parquet.NewGenericWriter[T](w, parquetOptions(b)...), buf: make([]T, 0, writeBatch)}
}

// add adds a row.
func (p *batched[T]) add(row T) error {
	p.buf = append(p.buf, row)
	if len(p.buf) < writeBatch {
		return nil
	}
	_, err := p.w.Write(p.buf)
	clear(p.buf) // the rows' memory is the chunks', which may go
	p.buf = p.buf[:0]
	return err
}

func (p *batched[T]) close() error {
	if _, err := p.w.Write(p.buf); err != nil {
		return err
	}
	return p.w.Close()
}

// parquetWriter writes the rows of a FormatParquet catalogue.
type parquetWriter struct {
	*batched[solutionRow]
	name string
	m    int // moves per solution
}

func newParquetWriter(w io.Writer, b symmetry.Box) parquetWriter {
	return parquetWriter{newBatched[solutionRow](w, b), b.String(), b.Len() - 1}
}

func (p parquetWriter) write(c *Chunk) error {
	i := 0 // the solution
	for _, h := range c.heads {
		for k := range int(h.solutions) {
			err := p.add(solutionRow{
				Box: p.name, Key: h.key,
				Solutions: h.solutions, Straights: h.straights, Palindrome: h.palindrome,
				Solution: int32(k + 1),
				StartX:   c.starts[3*i], StartY: c.starts[3*i+1], StartZ: c.starts[3*i+2],
				Direction: c.moves[i*p.m : (i+1)*p.m : (i+1)*p.m],
			})
			if err != nil {
				return err
			}
			i++
		}
	}
	return nil
}

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
	*batched[snakeRow]
	name string
}

func newParquetTable(w io.Writer, b symmetry.Box) parquetTable {
	return parquetTable{newBatched[snakeRow](w, b), b.String()}
}

func (t parquetTable) write(c *Chunk) error {
	for _, h := range c.heads {
		row := snakeRow{Box: t.name, Key: h.key, Solutions: h.solutions, Straights: h.straights, Palindrome: h.palindrome}
		if err := t.add(row); err != nil {
			return err
		}
	}
	return nil
}

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
// a time.
type parquetReader struct {
	rows     *parquet.GenericReader[solutionRow]
	cols     *catalogueColumns              // read instead of rows from the first row
	keys     *parquet.GenericReader[keyRow] // keysOnly
	box      symmetry.Box                   // the box the file states
	buf      []solutionRow
	kbuf     []keyRow
	at, n    int    // buf[at:n] are rows read, not yet returned
	row, end int64  // the index of buf[at]'s row, and where to stop
	lastBox  string // the box the last row read states, a copy
}

// boxName returns the box a row states, as a string of its own: the
// strings read alias the reader's buffers. Rows state the same box, one
// copy for them all.
func (p *parquetReader) boxName(s string) string {
	if s != p.lastBox {
		p.lastBox = strings.Clone(s)
	}
	return p.lastBox
}

// keyRow is what a skim reads of a row.
type keyRow struct {
	Box       string `parquet:"box"`
	Key       string `parquet:"key"`
	Solutions int32  `parquet:"solutions"`
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

// readBatch is the number of rows read at once.
const readBatch = 1024

// parquetError is a Parquet file that is no catalogue, or a damaged one.
func parquetError(format string, args ...any) error {
	return &SyntaxError{Offset: -1, Err: fmt.Errorf(format, args...)}
}

// columns are the columns of a catalogue a reader needs, and the kinds of
// values they may hold. A file may have more columns, in any order.
var columns = []struct {
	path  []string
	kinds []parquet.Kind
}{
	{[]string{"box"}, []parquet.Kind{parquet.ByteArray}},
	{[]string{"key"}, []parquet.Kind{parquet.ByteArray}},
	{[]string{"solutions"}, []parquet.Kind{parquet.Int32, parquet.Int64}},
	{[]string{"straights"}, []parquet.Kind{parquet.Int32, parquet.Int64}},
	{[]string{"palindrome"}, []parquet.Kind{parquet.Boolean}},
	{[]string{"solution"}, []parquet.Kind{parquet.Int32, parquet.Int64}},
	{[]string{"start_x"}, []parquet.Kind{parquet.Int32, parquet.Int64}},
	{[]string{"start_y"}, []parquet.Kind{parquet.Int32, parquet.Int64}},
	{[]string{"start_z"}, []parquet.Kind{parquet.Int32, parquet.Int64}},
	{[]string{"direction", "list", "element"}, []parquet.Kind{parquet.Int32, parquet.Int64}},
}

// openParquet opens the Parquet catalogue in r, of size bytes, to read
// rows first to end (all of them when end < 0), or with keysOnly only its
// boxes and keys.
func openParquet(r io.ReaderAt, size, first, end int64, keysOnly bool) (p *parquetReader, err error) {
	defer func() {
		if v := recover(); v != nil {
			p, err = nil, parquetError("a damaged Parquet file: %v", v)
		}
	}()
	if err := checkFooter(r, size); err != nil {
		return nil, err
	}
	// A reader from the first row reads every page; one from another row
	// finds its page through the page index.
	f, err := parquet.OpenFile(r, size, parquet.SkipBloomFilters(true), parquet.SkipPageIndex(first == 0))
	if err != nil {
		return nil, parquetError("a Parquet file cut short or damaged: %v", err)
	}
	if err := checkSchema(f.Schema()); err != nil {
		return nil, err
	}
	p = &parquetReader{row: first, end: end}
	if end < 0 || end > f.NumRows() {
		p.end = f.NumRows()
	}
	if s, ok := f.Lookup(BoxKey); ok {
		if p.box, err = symmetry.ParseBox(s); err != nil {
			return nil, parquetError("metadata %s: %v", BoxKey, err)
		}
	}
	if keysOnly {
		p.keys = parquet.NewGenericReader[keyRow](f)
		err = p.keys.SeekToRow(first)
	} else if first == 0 {
		p.cols = newCatalogueColumns(f)
	} else {
		p.rows = parquet.NewGenericReader[solutionRow](f)
		err = p.rows.SeekToRow(first)
	}
	if err != nil {
		return nil, parquetError("row %d: %v", first+1, err)
	}
	return p, nil
}

// checkFooter makes sure the footer's length, in the 4 bytes before the
// file's closing magic, fits in the file: parquet-go allocates a buffer
// of that length before it reads, up to 4 GB for a damaged length.
func checkFooter(r io.ReaderAt, size int64) error {
	// The opening magic, the footer, its length, the closing magic.
	const least = int64(2*len(parquetMagic) + 4)
	if size < least {
		return parquetError("a Parquet file cut short or damaged: %d bytes, fewer than the %d of an empty one", size, least)
	}
	var end [4 + len(parquetMagic)]byte
	if _, err := r.ReadAt(end[:], size-int64(len(end))); err != nil {
		return parquetError("a Parquet file cut short or damaged: %v", err)
	}
	if string(end[4:]) != parquetMagic {
		return parquetError("a Parquet file cut short or damaged: it does not end with %q", parquetMagic)
	}
	if n := int64(binary.LittleEndian.Uint32(end[:4])); n > size-least {
		return parquetError("a Parquet file cut short or damaged: its footer is of %d bytes, the file of %d", n, size)
	}
	return nil
}

// checkSchema makes sure the file has the columns of a catalogue.
func checkSchema(s *parquet.Schema) error {
	top := map[string]parquet.Node{}
	for _, f := range s.Fields() {
		top[f.Name()] = f
	}
	if top["direction"] == nil && top["key"] != nil && top["solutions"] != nil {
		return parquetError("the Parquet file has no column direction: a table of snakes, not a catalogue of solutions")
	}
	for _, c := range columns {
		name := c.path[0]
		if top[name] == nil {
			return parquetError("the Parquet file has no column %s: not a catalogue", name)
		}
		list := len(c.path) > 1
		want := fmt.Sprintf("%v", c.kinds[0])
		if len(c.kinds) > 1 {
			want = fmt.Sprintf("%v or %v", c.kinds[0], c.kinds[1])
		}
		if list {
			want = "a list of " + want
		}
		leaf, ok := s.Lookup(c.path...)
		if !ok || (leaf.MaxRepetitionLevel > 0) != list || !slices.Contains(c.kinds, leaf.Node.Type().Kind()) {
			return parquetError("column %s holds %s, want %s", name, describe(top[name]), want)
		}
	}
	return nil
}

// describe says what a column holds.
func describe(n parquet.Node) string {
	switch {
	case n.Leaf() && n.Repeated():
		return "a repeated " + n.Type().Kind().String()
	case n.Leaf():
		return n.Type().Kind().String() + " values"
	}
	return "a group of columns"
}

// next returns the rows of the next snake, or io.EOF.
func (p *parquetReader) next() (e Entry, err error) {
	defer func() {
		if v := recover(); v != nil {
			e, err = Entry{}, parquetError("row %d: a damaged Parquet file: %v", p.row+1, v)
		}
	}()
	if p.keys != nil {
		return p.nextKey()
	}
	if p.cols != nil {
		return p.nextColumns()
	}
	if err := p.fill(); err != nil {
		return Entry{}, err
	}
	first := &p.buf[p.at]
	// The key outlives the rows read, whose buffers go back to the
	// reader's pools when it closes.
	e = Entry{Key: strings.Clone(first.Key), Offset: p.row}
	stated := first.Solutions
	bound := rowBound(stated)
	for {
		r := &p.buf[p.at]
		dir := make([]int, len(r.Direction))
		for i, c := range r.Direction {
			dir[i] = int(c)
		}
		e.Solutions = append(e.Solutions, Solution{
			StartPos:  []int{int(r.StartX), int(r.StartY), int(r.StartZ)},
			Direction: dir,
			Row: Row{
				Box: p.boxName(r.Box), Solutions: int(r.Solutions), Straights: int(r.Straights),
				Palindrome: r.Palindrome, Solution: int(r.Solution),
			},
		})
		p.at++
		p.row++
		if err := p.fill(); err == io.EOF {
			break
		} else if err != nil {
			return Entry{}, err
		}
		if p.buf[p.at].Key != e.Key {
			break
		}
		if len(e.Solutions) == bound {
			return Entry{}, tooManyRows(p.row, e.Offset, e.Key, stated)
		}
	}
	e.Count = len(e.Solutions)
	return e, nil
}

// close gives back the buffers of the Parquet reader.
func (p *parquetReader) close() {
	if p.rows != nil {
		p.rows.Close()
	}
	if p.keys != nil {
		p.keys.Close()
	}
	if p.cols != nil {
		p.cols.close()
	}
	p.rows, p.keys, p.cols, p.buf, p.kbuf = nil, nil, nil, nil, nil
}

// fill makes sure a row is buffered, or returns io.EOF.
func (p *parquetReader) fill() error {
	if p.at < p.n {
		return nil
	}
	if p.row >= p.end {
		return io.EOF
	}
	if p.buf == nil {
		p.buf = make([]solutionRow, readBatch)
	}
	n, err := p.rows.Read(p.buf[:min(int64(len(p.buf)), p.end-p.row)])
	p.at, p.n = 0, n
	if n > 0 {
		if p.box.Len() == 0 && p.row == 0 {
			p.statedBox(p.buf[0].Box)
		}
		return nil
	}
	if err == nil || err == io.EOF {
		return parquetError("row %d: the file ends before its %d rows", p.row+1, p.end)
	}
	return parquetError("row %d: a damaged Parquet file: %v", p.row+1, err)
}

// nextKey returns the next snake's key, where its rows start and how
// many there are.
func (p *parquetReader) nextKey() (Entry, error) {
	if err := p.fillKeys(); err != nil {
		return Entry{}, err
	}
	e := Entry{Key: strings.Clone(p.kbuf[p.at].Key), Offset: p.row}
	stated := p.kbuf[p.at].Solutions
	bound := rowBound(stated)
	for {
		e.Count++
		p.at++
		p.row++
		if err := p.fillKeys(); err == io.EOF {
			return e, nil
		} else if err != nil {
			return Entry{}, err
		}
		if p.kbuf[p.at].Key != e.Key {
			return e, nil
		}
		if e.Count == bound {
			return Entry{}, tooManyRows(p.row, e.Offset, e.Key, stated)
		}
	}
}

func (p *parquetReader) fillKeys() error {
	if p.at < p.n {
		return nil
	}
	if p.row >= p.end {
		return io.EOF
	}
	if p.kbuf == nil {
		p.kbuf = make([]keyRow, readBatch)
	}
	n, err := p.keys.Read(p.kbuf[:min(int64(len(p.kbuf)), p.end-p.row)])
	p.at, p.n = 0, n
	if n > 0 {
		if p.box.Len() == 0 && p.row == 0 {
			p.statedBox(p.kbuf[0].Box)
		}
		return nil
	}
	if err == nil || err == io.EOF {
		return parquetError("row %d: the file ends before its %d rows", p.row+1, p.end)
	}
	return parquetError("row %d: a damaged Parquet file: %v", p.row+1, err)
}

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
