package export

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/solver/sequencer"
	"github.com/snakecube/snakecube/symmetry"
)

// Format is the layout of a catalogue file.
type Format int

const (
	// FormatJSON is one JSON object, keys to solution lists.
	FormatJSON Format = iota
	// FormatJSONL is a header line, {"box":"AxBxC"}, then one JSON object
	// per line: {"snake":KEY,"solutions":[...]}.
	FormatJSONL
	// FormatParquet is a Parquet file, one row per solution, or with
	// [Options.Snakes] one row per snake.
	FormatParquet
	// FormatCSV is a CSV table, one row per snake: [Options.Snakes] only.
	FormatCSV
)

// formats are the formats' names, by Format.
var formats = []string{"json", "jsonl", "parquet", "csv"}

// ParseFormat reads "json", "jsonl", "parquet" or "csv".
func ParseFormat(s string) (Format, error) {
	for f, name := range formats {
		if s == name {
			return Format(f), nil
		}
	}
	return 0, fmt.Errorf("unknown format %q, want json, jsonl, parquet or csv", s)
}

// FormatOfName returns the format a file's name tells by its extension,
// .json, .jsonl, .parquet or .csv, and whether it tells one.
func FormatOfName(name string) (Format, bool) {
	f, err := ParseFormat(strings.TrimPrefix(filepath.Ext(name), "."))
	return f, err == nil
}

// String returns the format's name.
func (f Format) String() string {
	if f >= 0 && int(f) < len(formats) {
		return formats[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Options tune a [Writer]. The zero value writes FormatJSON.
type Options struct {
	Format Format
	// Workers is the number of goroutines [Encode] encodes with; 0 means
	// runtime.GOMAXPROCS(0). The bytes written do not depend on it.
	Workers int
	// Unordered accepts snakes in any order, named by their sequence as
	// given rather than by their key, as solve writes the snakes typed.
	Unordered bool
	// Snakes writes the table of snakes, one row per snake with its
	// figures and no solution, in FormatCSV or FormatParquet.
	Snakes bool
	// NoHeader leaves out FormatJSONL's header line, for a line that is
	// not a file: serve's answer about one snake.
	NoHeader bool
}

// ErrOptions reports options that do not go together.
var ErrOptions = errors.New("options that do not go together")

// Check reports whether the options go together: a table of snakes is
// written as CSV or Parquet, a catalogue as JSON, JSONL or Parquet.
func (o Options) Check() error {
	switch {
	case o.Format < FormatJSON || o.Format > FormatCSV:
		return fmt.Errorf("%w: unknown format %d", ErrOptions, int(o.Format))
	case o.Snakes && o.Format != FormatCSV && o.Format != FormatParquet:
		return fmt.Errorf("%w: a table of snakes is written as csv or parquet, not %v", ErrOptions, o.Format)
	case !o.Snakes && o.Format == FormatCSV:
		return fmt.Errorf("%w: csv writes a table of snakes, not a catalogue of solutions", ErrOptions)
	case o.Unordered && (o.Format == FormatParquet || o.Snakes):
		return fmt.Errorf("%w: %v rows are in key order", ErrOptions, o.Format)
	}
	return nil
}

// NewOptions returns the checked options that write format, named as
// [ParseFormat] reads it, or when it is "" the default: JSON, or CSV for
// a table of snakes.
func NewOptions(format string, snakes bool) (Options, error) {
	o := Options{Snakes: snakes}
	switch {
	case format != "":
		f, err := ParseFormat(format)
		if err != nil {
			return o, err
		}
		o.Format = f
	case snakes:
		o.Format = FormatCSV
	}
	return o, o.Check()
}

// FileName is the name of the file written unless another is given:
// solutions.FORMAT, or snakes.FORMAT for a table of snakes.
func (o Options) FileName() string {
	if o.Snakes {
		return "snakes." + o.Format.String()
	}
	return "solutions." + o.Format.String()
}

// text reports whether the options write JSON text that EncodeChunk
// encodes; the other formats are rows, written by a row writer.
func (o Options) text() bool { return !o.Snakes && o.Format != FormatParquet }

// ErrOrder reports snakes written out of ascending key order.
var ErrOrder = errors.New("snakes out of key order")

// Writer streams a catalogue: [Writer.Write] each snake in ascending key
// order, then [Writer.Close].
type Writer struct {
	w    *bufio.Writer
	rows rowWriter // the rows of FormatParquet and of tables
	box  symmetry.Box
	opts Options
	last solver.Seq
	n    int
	head bool // the file's opening is written
	err  error
}

// rowWriter writes the rows of a format whose chunks are rows.
type rowWriter interface {
	write(c *Chunk) error
	close() error
}

// bufSize is the output buffer: large writes keep system calls rare when a
// catalogue of many megabytes goes to a file or a pipe.
const bufSize = 1 << 16

// NewWriter returns a Writer of box b's catalogue to w. Options that do
// not go together ([Options.Check]) fail the first Write or Close.
func NewWriter(w io.Writer, b symmetry.Box, opts Options) *Writer {
	wr := &Writer{w: bufio.NewWriterSize(w, bufSize), box: b, opts: opts, err: opts.Check()}
	if wr.err != nil {
		return wr
	}
	switch {
	case opts.Snakes && opts.Format == FormatCSV:
		wr.rows = newCSVTable(wr.w, b)
	case opts.Snakes:
		wr.rows = newParquetTable(wr.w, b)
	case opts.Format == FormatParquet:
		wr.rows = newParquetWriter(wr.w, b)
	}
	return wr
}

// Chunk is a run of consecutive snakes encoded ahead of writing, so that
// encoding can run on many goroutines and writing in order.
type Chunk struct {
	// The snakes, separated but without a leading separator, in blocks
	// of blockSize bytes or less.
	blocks []*[]byte
	// What a format of rows writes its rows from: the snakes, and the
	// start cells and moves of their solutions (see encodeRows).
	heads         []head
	starts, moves []int8
	n             int
	first, last   solver.Seq
}

// blockSize is the size of the blocks chunks are encoded into. Blocks of
// one size are handed from written chunks to new ones whatever the sizes
// of the chunks: a run then needs fresh memory, a page fault per 4 KB,
// only for the bytes waiting to be written at once, not for all it
// writes. 64 KB is one bufio buffer, written with one system call.
const blockSize = bufSize

// blocks holds the blocks of chunks written, for the next chunks.
var blocks = sync.Pool{New: func() any {
	b := make([]byte, 0, blockSize)
	return &b
}}

// EncodeChunk encodes snakes, in key order, for a Writer of box b with
// options opts. It is safe for concurrent use.
func EncodeChunk(b symmetry.Box, opts Options, snakes []solver.Snake) (Chunk, error) {
	c := Chunk{n: len(snakes)}
	if len(snakes) == 0 {
		return c, nil
	}
	if err := checkOrder(b, opts, snakes, solver.Seq{}, 0); err != nil {
		return Chunk{}, err
	}
	c.first, c.last = snakes[0].Seq, snakes[len(snakes)-1].Seq
	if !opts.text() {
		if err := encodeRows(&c, b, snakes, !opts.Snakes); err != nil {
			return Chunk{}, err
		}
		return c, nil
	}
	enc := newEncoder(b)
	var p []byte
	for k, s := range snakes {
		var err error
		if p, err = enc.snake(&c, p, s, opts.Format, k == 0); err != nil {
			c.end(p)
			c.release()
			return Chunk{}, err
		}
	}
	c.end(p)
	return c, nil
}

// room returns p, the open block, if need more bytes fit in it, or else a
// new empty block, p being then closed.
func (c *Chunk) room(p []byte, need int) []byte {
	if cap(p)-len(p) >= need {
		return p
	}
	c.end(p)
	return (*blocks.Get().(*[]byte))[:0]
}

// release hands the chunk's blocks to the next chunks.
func (c *Chunk) release() {
	for _, p := range c.blocks {
		blocks.Put(p)
	}
	c.blocks = nil
}

// end closes block p.
func (c *Chunk) end(p []byte) {
	if cap(p) > 0 {
		c.blocks = append(c.blocks, &p)
	}
}

// checkOrder makes sure snakes may follow n snakes ending with last: keys
// of the box's length, ascending unless opts.Unordered.
func checkOrder(b symmetry.Box, opts Options, snakes []solver.Snake, last solver.Seq, n int) error {
	for _, s := range snakes {
		if s.Seq.Len != b.Len() {
			return fmt.Errorf("snake %v: %d cubelets, want %d for the %v box", s.Seq, s.Seq.Len, b.Len(), b)
		}
		if n > 0 && !opts.Unordered && s.Seq.Compare(last) <= 0 {
			return fmt.Errorf("snake %v after %v: %w", s.Seq, last, ErrOrder)
		}
		last, n = s.Seq, n+1
	}
	return nil
}

// Write adds a snake and its solutions.
func (w *Writer) Write(s solver.Snake) error {
	if w.err != nil {
		return w.err
	}
	c, err := EncodeChunk(w.box, w.opts, []solver.Snake{s})
	if err != nil {
		w.err = err
		return err
	}
	return w.WriteChunk(c)
}

// WriteChunk adds the snakes of a chunk encoded for this Writer's box and
// options.
func (w *Writer) WriteChunk(c Chunk) error {
	if w.err != nil || c.n == 0 {
		return w.err
	}
	if w.n > 0 && !w.opts.Unordered && c.first.Compare(w.last) <= 0 {
		w.err = fmt.Errorf("snake %v after %v: %w", c.first, w.last, ErrOrder)
		return w.err
	}
	if w.rows != nil {
		w.err = w.rows.write(&c)
	} else {
		w.writeText(c)
	}
	w.last = c.last
	w.n += c.n
	return w.err
}

// writeText writes a chunk of JSON or JSONL text.
func (w *Writer) writeText(c Chunk) {
	switch {
	case !w.head:
		w.opening()
	case w.opts.Format == FormatJSON:
		_, w.err = w.w.WriteString(",\n")
	}
	for _, p := range c.blocks {
		if w.err == nil {
			_, w.err = w.w.Write(*p)
		}
	}
	c.release()
}

// opening writes the start of a JSON or JSONL file: the object's brace,
// or the header line.
func (w *Writer) opening() {
	w.head = true
	switch {
	case w.opts.Format == FormatJSON:
		_, w.err = w.w.WriteString("{\n")
	case !w.opts.NoHeader:
		_, w.err = fmt.Fprintf(w.w, "{\"box\":\"%v\"}\n", w.box)
	}
}

// Close ends the catalogue and flushes it. It does not close the underlying
// writer.
func (w *Writer) Close() error {
	if w.err != nil {
		return w.err
	}
	switch {
	case w.rows != nil:
		w.err = w.rows.close()
	case w.opts.Format == FormatJSON && !w.head:
		w.w.WriteString("{\n}\n")
	case w.opts.Format == FormatJSON:
		w.w.WriteString("\n}\n")
	case !w.head:
		w.opening()
	}
	if w.err == nil {
		w.err = w.w.Flush()
	}
	if w.err == nil {
		w.err = errors.New("export: writer closed")
		return nil
	}
	return w.err
}

// chunkSnakes is how many snakes one encoding task takes: about 100 KB of
// 3x3x3 output, big enough that scheduling costs nothing, small enough that
// few chunks wait in memory.
const chunkSnakes = 512

// Encode writes snakes through w, encoding chunks of them on several
// goroutines and writing them in order.
func (w *Writer) Encode(ctx context.Context, snakes []solver.Snake) error {
	workers := w.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	n := (len(snakes) + chunkSnakes - 1) / chunkSnakes
	return sequencer.Run(ctx, n, workers, func(_ context.Context, k int) (Chunk, error) {
		return EncodeChunk(w.box, w.opts, snakes[k*chunkSnakes:min((k+1)*chunkSnakes, len(snakes))])
	}, func(_ int, c Chunk) error { return w.WriteChunk(c) })
}

// Encode writes catalogue c to dst and closes the catalogue.
func Encode(ctx context.Context, dst io.Writer, c *solver.Catalogue, opts Options) error {
	w := NewWriter(dst, c.Box, opts)
	if err := w.Encode(ctx, c.Snakes); err != nil {
		return err
	}
	return w.Close()
}

// encoder appends the JSON of snakes of one box. It owns scratch space, so
// each goroutine needs its own.
type encoder struct {
	*layout
	// at and cells are place's: the walk's cells, and the path array's.
	at    [maxCells]int64
	cells [maxCells]int8
}

// layout is what encoding a box's solutions reads and never changes,
// computed once per box.
type layout struct {
	box    symmetry.Box
	n      int
	maxSol int // bytes of a solution, at most, with room for the last wide write
	// inBox adds to each byte of a packed cell, relative to the box's
	// lowest corner, what takes it to 128 or more when it lies past the
	// box's length on that axis.
	inBox int32
	// start[k] is `{"startPos":[x,y,z],"direction":` for the cell at
	// position k of the path array.
	start []string
	// sx and sy are the steps along x and y of the path array.
	sx, sy int32
	// moves are the packed moves of the walk, by Dir (see walkStep).
	moves [256]int64
	// full has a bit for each cell of the box.
	full uint64
	// path[pathAt(k, v)] is the text of entry k of the path array when
	// it holds cubelet v: the brackets and commas before it and v's
	// digits, little-endian, with their length in the top byte.
	path [maxCells * maxCells]uint64
}

// pathAt is the index in layout.path of entry k of the path array
// holding cubelet v, both below maxCells and from 1 respectively: six
// bits each, masked so that the encoder's loop checks no bounds.
func pathAt(k, v int) int { return (k<<6 | (v - 1)) & (maxCells*maxCells - 1) }

// maxCells bounds the boxes: a cell's index and a cubelet's number fit
// in six bits, which the encoder's tables are indexed by, masked, so
// that its loops check no bounds.
const maxCells = symmetry.MaxCells

// window is the room a solution is written into: the longest, of 64
// cubelets, takes some 600 bytes, and every write lands in its first
// half (masked so), so that no write checks its bounds.
const window = 2048

// A cell is packed in an int32, a byte per axis, x in the lowest; a path
// starts at bias, half a byte on each axis, so that no move of a path of
// 64 cells or less takes a byte below 0 or past 127. One register moves
// along, where an array indexed by the axis would live in memory. The
// walk packs beside it, in the top 32 bits of an int64, the cell's index
// in the path array, sx*x + sy*y + z, from sx*64 + sy*64 + 64: the low
// half is never below 0, so that adding a packed move adds each half on
// its own.
const bias = 64 | 64<<8 | 64<<16

// steps are the packed moves of a cell, by Dir; a Dir past the last has
// none, stays in place and so fails the walk.
var steps = [6]int32{1, -1, 1 << 8, -1 << 8, 1 << 16, -1 << 16}

// codes are the moves' text, ",1", ",-1" and so on by Dir, little-endian,
// length in the top byte: written four bytes at a time, the position then
// advanced by the length, with no branch on the sign. The path's entries
// are written the same way, eight bytes at a time.
var codes [256]uint32

func init() {
	for d := range symmetry.Dir(symmetry.NumDirs) {
		t := pack("," + strconv.Itoa(d.Code()))
		codes[d] = uint32(t&0xffffff) | uint32(t>>56)<<24
	}
}

// pack returns text of up to 7 bytes little-endian in a uint64, with its
// length in the top byte.
func pack(text string) uint64 {
	var w [8]byte
	copy(w[:7], text)
	w[7] = byte(len(text))
	return binary.LittleEndian.Uint64(w[:])
}

// layouts caches each box's layout.
var layouts = symmetry.NewMemo(newLayout)

func newEncoder(b symmetry.Box) *encoder {
	return &encoder{layout: layouts.Of(b)}
}

func newLayout(b symmetry.Box) *layout {
	n := b.Len()
	l := &layout{box: b, n: n, sx: int32(b.Size[1] * b.Size[2]), sy: int32(b.Size[2])}
	for axis, size := range b.Size {
		l.inBox |= int32(128-size) << (8 * axis)
	}
	index := [6]int32{l.sx, -l.sx, l.sy, -l.sy, 1, -1}
	for d, st := range steps {
		l.moves[d] = int64(index[d])<<32 + int64(st)
	}
	l.full = 1<<n - 1 // all ones for 64 cells
	// The longest startPos and direction, 3 bytes per move, the wide
	// writes' spare bytes.
	l.maxSol = len(`{"startPos":[00,00,00],"direction":],"path":]]]}`) + 3*(n-1) + 8
	for x := range b.Size[0] {
		for y := range b.Size[1] {
			for z := range b.Size[2] {
				l.start = append(l.start, fmt.Sprintf(`{"startPos":[%d,%d,%d],"direction":`, x, y, z))
				sep := ","
				switch {
				case x == 0 && y == 0 && z == 0:
					sep = "[[["
				case y == 0 && z == 0:
					sep = "]],[["
				case z == 0:
					sep = "],["
				}
				k := len(l.start) - 1
				for v := 1; v <= n; v++ {
					l.path[pathAt(k, v)] = pack(sep + strconv.Itoa(v))
				}
				l.maxSol += len(sep) + 2
			}
		}
	}
	return l
}

// snake appends one snake to chunk c, whose open block is p, and returns
// the open block: `"KEY":[...]` for FormatJSON, preceded by ",\n" unless
// first; a line {"snake":"KEY","solutions":[...]} for FormatJSONL.
func (e *encoder) snake(c *Chunk, p []byte, s solver.Snake, f Format, first bool) ([]byte, error) {
	p = c.room(p, 2*s.Seq.Len+40)
	if f == FormatJSONL {
		p = append(p, `{"snake":"`...)
		p = s.Seq.Append(p)
		p = append(p, `","solutions":`...)
	} else {
		if !first {
			p = append(p, ",\n"...)
		}
		p = append(p, '"')
		p = s.Seq.Append(p)
		p = append(p, `":`...)
	}
	p = append(p, '[')
	for k, d := range s.Solutions {
		p = c.room(p, window+1)
		if k > 0 {
			p = append(p, ',')
		}
		var err error
		if p, err = e.solution(p, d); err != nil {
			return p, fmt.Errorf("snake %v, solution %d: %w", s.Seq, k+1, err)
		}
	}
	p = c.room(p, 3)
	p = append(p, ']')
	if f == FormatJSONL {
		p = append(p, "}\n"...)
	}
	return p, nil
}

// place walks the moves dirs from some cell of the box and returns the
// cell they start from, packed, relative to the box's lowest corner, with
// e.cells[k] the number, from 1, of the cubelet at position k of the path
// array; or errNotPath, e.cells then holding anything.
//
// The walk's cells are taken relative to the least of them, its packed
// path array index the least: for a path through the whole box, the
// box's lowest corner. The moves fill the box when every cell so taken
// lies within the box on each axis, and no two share an index: a bit
// each, n bits for n cells. Nothing branches on the moves.
func (e *encoder) place(dirs []symmetry.Dir) (int32, error) {
	l := e.layout
	if len(dirs) != l.n-1 {
		return 0, errNotPath
	}
	at, cells, moves := &e.at, &e.cells, &l.moves
	cur := int64(bias) + int64(64*(l.sx+l.sy+1))<<32
	lo := cur
	at[0] = cur
	for i, d := range dirs {
		cur += moves[d]
		at[(i+1)&(maxCells-1)] = cur
		lo = min(lo, cur)
	}
	var out int32
	var seen uint64
	for i, a := range at[:l.n] {
		a -= lo
		r := int32(a)
		out |= r | (r + l.inBox)
		k := int(a>>32) & (maxCells - 1)
		seen |= 1 << k
		cells[k] = int8(i + 1)
	}
	if out&0x808080 != 0 || seen != l.full {
		return 0, errNotPath
	}
	return int32(at[0] - lo), nil
}

// startCell returns the cell the moves dirs start from, on a path through
// every cell of the box, or errNotPath.
func (e *encoder) startCell(dirs []symmetry.Dir) ([3]int, error) {
	d0, err := e.place(dirs)
	return [3]int{int(d0 & 0xff), int(d0 >> 8 & 0xff), int(d0 >> 16 & 0xff)}, err
}

// errNotPath reports a solution that is not a path through every cell of
// the box.
var errNotPath = errors.New("its moves do not fill the box, each cell once")

// solution appends {"startPos":[..],"direction":[..],"path":[[[..]]]}, or
// reports that dirs are not a solution of the box. The text is written by
// index into room the caller made for the longest solution of the box,
// rather than append by append.
//
// A walk from an arbitrary cell gives each cubelet's cell up to a shift.
// A path through the whole box passes through the box's lowest corner,
// the cell lowest on all three axes at once and so the least packed
// value: the cells relative to it are the cells in the box, and the first
// one the start.
func (e *encoder) solution(p []byte, dirs []symmetry.Dir) ([]byte, error) {
	d0, err := e.place(dirs)
	if err != nil {
		return p, err
	}
	n := len(p)
	w := (*[window]byte)(p[n : n+window])
	const half = window/2 - 1
	i := copy(w[:half], e.start[e.sx*(d0&0xff)+e.sy*(d0>>8&0xff)+d0>>16&0xff])
	at := i
	codes := &codes
	for _, d := range dirs {
		t := codes[d]
		binary.LittleEndian.PutUint32(w[i&half:], t)
		i += int(t >> 24)
	}
	w[at&half] = '[' // in place of the first code's comma
	i += copy(w[i&half:], `],"path":`)
	path := &e.path
	for k, v := range e.cells[:e.n] {
		t := path[pathAt(k, int(v))]
		binary.LittleEndian.PutUint64(w[i&half:], t)
		i += int(t >> 56)
	}
	i += copy(w[i&half:], "]]]}")
	return p[:n+i], nil
}
