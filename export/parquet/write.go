package parquet

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"

	"github.com/snakecube/snakecube/export/parquet/encoding"
)

// Type is the physical type of a column's values.
type Type int8

// The physical types a Writer writes and a File reads.
const (
	Boolean   Type = typeBoolean
	Int32     Type = typeInt32
	Int64     Type = typeInt64
	ByteArray Type = typeByteArray
)

func (t Type) String() string {
	switch t {
	case typeBoolean:
		return "BOOLEAN"
	case typeInt32:
		return "INT32"
	case typeInt64:
		return "INT64"
	case typeInt96:
		return "INT96"
	case typeFloat:
		return "FLOAT"
	case typeDouble:
		return "DOUBLE"
	case typeByteArray:
		return "BYTE_ARRAY"
	case typeFixed:
		return "FIXED_LEN_BYTE_ARRAY"
	}
	return fmt.Sprintf("type %d", int8(t))
}

// Encoding is how a Writer encodes a column's values.
type Encoding int8

const (
	// Plain writes the values as they are.
	Plain Encoding = iota
	// Dictionary writes each chunk's distinct values once and the values
	// as their indexes, in runs: for columns of few distinct values.
	Dictionary
	// Delta writes integers as differences, byte arrays as the length of
	// the prefix they share with the value before and the rest: for
	// sorted columns.
	Delta
)

// Column is a column a Writer writes.
type Column struct {
	Name string
	Type Type // Boolean, Int32 or ByteArray
	// Int8 annotates Int32 values that fit in 8 bits as INT(8).
	Int8 bool
	// String annotates ByteArray values as UTF-8 strings.
	String bool
	// List makes the column a list of values a row, written as Parquet's
	// LIST (name.list.element), never null.
	List     bool
	Encoding Encoding
}

// KeyValue is an entry of a file's key-value metadata.
type KeyValue struct{ Key, Value string }

// WriterOptions are a Writer's.
type WriterOptions struct {
	// RowGroupRows is the most rows of a row group, PageRows of a page.
	RowGroupRows, PageRows int
	Metadata               []KeyValue
	CreatedBy              string
}

// Writer writes a Parquet file of required columns, zstd-compressed, a
// row at a time: a value for each column, then EndRow. Where pages and
// row groups are cut depends only on the rows, so the bytes do too.
type Writer struct {
	w        io.Writer
	at       int64 // bytes written
	err      error
	cols     []*colWriter
	opts     WriterOptions
	rows     int64 // written, in all
	rowsPage int   // in the page being filled
	rowsGrp  int   // in the row group being filled
	meta     fileMeta
	zstd     *zstd.Encoder
	buf      []byte // a page's bytes before compression
	zbuf     []byte
}

// maxDictionary is the most distinct values of a column chunk's
// dictionary: past it, the chunk's pages go plain.
const maxDictionary = 1 << 16

// maxDictionaryBytes is the most bytes of a dictionary of byte arrays.
const maxDictionaryBytes = 1 << 20

type colWriter struct {
	Column
	path []string
	// The page being filled: its values (an int8 list's as int32), and,
	// for a list, the lengths of its rows' lists.
	i32   []int32
	bools []bool
	bytes encoding.ByteArrays
	lens  []int32
	// The chunk's dictionary, and whether it was given up.
	small     [dictSmall]int32 // index+1 of values -dictSmall/2..dictSmall/2-1
	dict32    map[int32]int32
	dictVals  []int32
	dictBytes map[string]int32
	dictArr   encoding.ByteArrays
	plainOnly bool
	// The chunk's pages, compressed, with their headers, and where each
	// starts in it and at which row.
	pages     bytes.Buffer
	locs      []pageLocation
	values    int64 // the chunk's
	raw       int64 // its bytes before compression
	encodings [10]bool
	min, max  []byte
	hasStats  bool
	lo, hi    int32
	// The pages of each chunk written, for the offset index.
	index [][]pageLocation
}

// dictSmall is the span of small integers whose dictionary indexes are
// looked up in an array.
const dictSmall = 2048

// NewWriter returns a Writer of cols to w.
func NewWriter(w io.Writer, cols []Column, o WriterOptions) *Writer {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1), zstd.WithZeroFrames(true))
	pw := &Writer{w: w, opts: o, zstd: enc, err: err}
	if pw.opts.RowGroupRows <= 0 {
		pw.opts.RowGroupRows = 1 << 20
	}
	if pw.opts.PageRows <= 0 {
		pw.opts.PageRows = 1 << 14
	}
	pw.meta = fileMeta{version: 1, createdBy: o.CreatedBy}
	pw.meta.schema = append(pw.meta.schema, schemaElement{typ: -1, repetition: -1, name: "schema", numChildren: int32(len(cols)), converted: -1})
	for _, c := range cols {
		cw := &colWriter{Column: c, path: []string{c.Name}}
		leaf := schemaElement{typ: int32(c.Type), repetition: required, name: c.Name, converted: -1}
		switch {
		case c.Int8:
			leaf.converted, leaf.logical, leaf.intBits, leaf.intSigned = convertedInt8, logicalInteger, 8, true
		case c.String:
			leaf.converted, leaf.logical = convertedUTF8, logicalString
		}
		if c.List {
			cw.path = []string{c.Name, "list", "element"}
			pw.meta.schema = append(pw.meta.schema,
				schemaElement{typ: -1, repetition: required, name: c.Name, numChildren: 1, converted: convertedList, logical: logicalList},
				schemaElement{typ: -1, repetition: repeated, name: "list", numChildren: 1, converted: -1})
			leaf.name = "element"
		}
		pw.meta.schema = append(pw.meta.schema, leaf)
		pw.cols = append(pw.cols, cw)
	}
	for _, kv := range o.Metadata {
		pw.meta.kv = append(pw.meta.kv, keyValue{kv.Key, kv.Value})
	}
	pw.write([]byte(parquetMagic))
	return pw
}

// parquetMagic starts and ends every Parquet file.
const parquetMagic = "PAR1"

func (w *Writer) write(b []byte) {
	if w.err != nil {
		return
	}
	n, err := w.w.Write(b)
	w.at += int64(n)
	w.err = err
}

// Int32 adds v as the row's value of column c.
func (w *Writer) Int32(c int, v int32) { w.cols[c].i32 = append(w.cols[c].i32, v) }

// Bool adds v as the row's value of column c.
func (w *Writer) Bool(c int, v bool) { w.cols[c].bools = append(w.cols[c].bools, v) }

// String adds v as the row's value of column c.
func (w *Writer) String(c int, v string) { w.cols[c].bytes.Append([]byte(v)) }

// Int8s adds v as the row's list of column c.
func (w *Writer) Int8s(c int, v []int8) {
	cw := w.cols[c]
	for _, x := range v {
		cw.i32 = append(cw.i32, int32(x))
	}
	cw.lens = append(cw.lens, int32(len(v)))
}

// EndRow ends a row: each column must have had its value.
func (w *Writer) EndRow() error {
	w.rowsPage++
	w.rowsGrp++
	w.rows++
	if w.rowsPage == w.opts.PageRows {
		w.flushPages()
	}
	if w.rowsGrp == w.opts.RowGroupRows {
		w.flushGroup()
	}
	return w.err
}

// rowsOf returns how many rows column c holds in its page.
func (c *colWriter) rowsOf() int {
	switch {
	case c.List:
		return len(c.lens)
	case c.Type == Boolean:
		return len(c.bools)
	case c.Type == ByteArray:
		return c.bytes.Len()
	}
	return len(c.i32)
}

// flushPages ends every column's page.
func (w *Writer) flushPages() {
	for _, c := range w.cols {
		if n := c.rowsOf(); n != w.rowsPage && w.err == nil {
			w.err = fmt.Errorf("parquet: column %s has %d values in %d rows", c.Name, n, w.rowsPage)
		}
		if w.err == nil {
			w.err = w.page(c)
		}
	}
	w.rowsPage = 0
}

// page encodes, compresses and keeps column c's page.
func (w *Writer) page(c *colWriter) error {
	rows := c.rowsOf()
	if rows == 0 {
		return nil
	}
	b := w.buf[:0]
	levels := rows
	if c.List {
		levels = 0
		rep := make([]int32, 0, len(c.i32)+len(c.lens))
		def := make([]int32, 0, cap(rep))
		for _, n := range c.lens {
			if n == 0 {
				rep, def = append(rep, 0), append(def, 0)
				levels++
				continue
			}
			rep, def = append(rep, 0), append(def, 1)
			for range n - 1 {
				rep, def = append(rep, 1), append(def, 1)
			}
			levels += int(n)
		}
		b = appendLevels(b, rep, 1)
		b = appendLevels(b, def, 1)
	}
	enc := int32(encPlain)
	switch {
	case c.Type == Boolean:
		b = encoding.AppendPlainBool(b, c.bools)
	case c.Encoding == Dictionary && !c.plainOnly && (len(c.i32) > 0 || c.bytes.Len() > 0):
		var idx []int32
		if c.Type == ByteArray {
			idx = c.indexBytes()
		} else {
			idx = c.index32()
		}
		if idx == nil {
			c.plainOnly = true
			return w.page(c)
		}
		width := encoding.BitWidth(uint64(c.dictLen() - 1))
		b = append(b, byte(width))
		b = encoding.AppendHybrid(b, idx, width)
		enc = encRLEDictionary
	case c.Encoding == Delta && c.Type == ByteArray:
		b = encoding.AppendDeltaByteArray(b, &c.bytes)
		enc = encDeltaByteArray
	case c.Encoding == Delta:
		b = encoding.AppendDeltaBinaryPackedInt32(b, c.i32)
		enc = encDeltaBinaryPacked
	case c.Type == ByteArray:
		b = encoding.AppendPlainByteArray(b, &c.bytes)
	default:
		b = encoding.AppendPlainInt32(b, c.i32)
	}
	c.stats()
	c.encodings[enc] = true
	if c.List {
		c.encodings[encRLE] = true
	}
	h := pageHeader{typ: pageData, numValues: int32(levels), encoding: enc, defEnc: encRLE, repEnc: encRLE}
	w.keep(c, &h, b, rows)
	c.i32, c.bools, c.lens = c.i32[:0], c.bools[:0], c.lens[:0]
	c.bytes.Reset()
	c.values += int64(levels)
	w.buf = b
	return nil
}

// appendLevels appends levels as a data page v1 holds them: their
// length, then the hybrid of width bits.
func appendLevels(b []byte, levels []int32, width int) []byte {
	at := len(b)
	b = append(b, 0, 0, 0, 0)
	b = encoding.AppendHybrid(b, levels, width)
	binary.LittleEndian.PutUint32(b[at:], uint32(len(b)-at-4))
	return b
}

// keep compresses page b with header h and adds it to c's chunk.
func (w *Writer) keep(c *colWriter, h *pageHeader, b []byte, rows int) {
	w.zbuf = w.zstd.EncodeAll(b, w.zbuf[:0])
	h.uncompressed, h.compressed = int32(len(b)), int32(len(w.zbuf))
	var t tWriter
	h.write(&t)
	if h.typ != pageDictionary {
		c.locs = append(c.locs, pageLocation{offset: int64(c.pages.Len()), size: int32(len(t.b) + len(w.zbuf)), firstRow: int64(w.rowsGrp - w.rowsPage)})
	}
	c.pages.Write(t.b)
	c.pages.Write(w.zbuf)
	c.raw += int64(len(t.b) + len(b))
}

func (c *colWriter) dictLen() int {
	if c.Type == ByteArray {
		return c.dictArr.Len()
	}
	return len(c.dictVals)
}

// index32 returns the dictionary indexes of the page's values, adding
// the new ones, or nil once the dictionary is full.
func (c *colWriter) index32() []int32 {
	idx := make([]int32, len(c.i32))
	for i, v := range c.i32 {
		var k int32
		if s := v + dictSmall/2; uint32(s) < dictSmall {
			k = c.small[s] - 1
			if k < 0 {
				k = int32(len(c.dictVals))
				c.small[s] = k + 1
				c.dictVals = append(c.dictVals, v)
			}
		} else {
			if c.dict32 == nil {
				c.dict32 = map[int32]int32{}
			}
			var ok bool
			if k, ok = c.dict32[v]; !ok {
				k = int32(len(c.dictVals))
				c.dict32[v] = k
				c.dictVals = append(c.dictVals, v)
			}
		}
		if len(c.dictVals) > maxDictionary {
			return nil
		}
		idx[i] = k
	}
	return idx
}

// indexBytes is index32 for byte arrays.
func (c *colWriter) indexBytes() []int32 {
	idx := make([]int32, c.bytes.Len())
	if c.dictBytes == nil {
		c.dictBytes = map[string]int32{}
	}
	last, lastK := []byte(nil), int32(-1)
	for i := range idx {
		v := c.bytes.At(i)
		if lastK >= 0 && bytes.Equal(v, last) {
			idx[i] = lastK
			continue
		}
		k, ok := c.dictBytes[string(v)]
		if !ok {
			k = int32(c.dictArr.Len())
			c.dictBytes[string(v)] = k
			c.dictArr.Append(v)
		}
		if c.dictArr.Len() > maxDictionary || len(c.dictArr.Data) > maxDictionaryBytes {
			return nil
		}
		idx[i], last, lastK = k, v, k
	}
	return idx
}

// stats takes the page's values into the chunk's least and greatest.
func (c *colWriter) stats() {
	switch {
	case c.Type == ByteArray:
		for i := range c.bytes.Len() {
			v := c.bytes.At(i)
			if !c.hasStats || bytes.Compare(v, c.min) < 0 {
				c.min = append(c.min[:0], v...)
			}
			if !c.hasStats || bytes.Compare(v, c.max) > 0 {
				c.max = append(c.max[:0], v...)
			}
			c.hasStats = true
		}
	case c.Type == Int32:
		for _, v := range c.i32 {
			if !c.hasStats || v < c.lo {
				c.lo = v
			}
			if !c.hasStats || v > c.hi {
				c.hi = v
			}
			c.hasStats = true
		}
	}
}

// flushGroup writes the row group's chunks, each with its dictionary
// first.
func (w *Writer) flushGroup() {
	if w.rowsPage > 0 {
		w.flushPages()
	}
	if w.rowsGrp == 0 || w.err != nil {
		return
	}
	g := rowGroup{numRows: int64(w.rowsGrp), fileOffset: w.at, ordinal: int16(len(w.meta.rowGroups))}
	for _, c := range w.cols {
		m := columnMeta{typ: int32(c.Type), path: c.path, codec: codecZstd, numValues: c.values}
		var dict []byte
		if n := c.dictLen(); n > 0 {
			var b []byte
			if c.Type == ByteArray {
				b = encoding.AppendPlainByteArray(nil, &c.dictArr)
			} else {
				b = encoding.AppendPlainInt32(nil, c.dictVals)
			}
			var p colWriter
			w.keep(&p, &pageHeader{typ: pageDictionary, numValues: int32(n), encoding: encPlain}, b, 0)
			dict = p.pages.Bytes()
			c.raw += p.raw
			c.encodings[encPlain] = true
		}
		for e, used := range c.encodings {
			if used {
				m.encodings = append(m.encodings, int32(e))
			}
		}
		start := w.at
		if dict != nil {
			m.dictPageOffset = start
		}
		w.write(dict)
		m.dataPageOffset = w.at
		w.write(c.pages.Bytes())
		m.compressed = w.at - start
		m.uncompressed = c.raw
		if c.hasStats {
			m.hasStats = true
			if c.Type == Int32 {
				m.min = binary.LittleEndian.AppendUint32(nil, uint32(c.lo))
				m.max = binary.LittleEndian.AppendUint32(nil, uint32(c.hi))
			} else {
				m.min, m.max = bytes.Clone(c.min), bytes.Clone(c.max)
			}
		}
		locs := make([]pageLocation, len(c.locs))
		for i, l := range c.locs {
			locs[i] = pageLocation{offset: m.dataPageOffset + l.offset, size: l.size, firstRow: l.firstRow}
		}
		c.index = append(c.index, locs)
		g.totalBytes += m.uncompressed
		g.compressed += m.compressed
		g.columns = append(g.columns, m)
		c.reset()
	}
	w.meta.rowGroups = append(w.meta.rowGroups, g)
	w.meta.numRows += int64(w.rowsGrp)
	w.rowsGrp = 0
}

// reset starts a new chunk.
func (c *colWriter) reset() {
	c.small = [dictSmall]int32{}
	c.dict32, c.dictVals, c.dictBytes, c.plainOnly = nil, nil, nil, false
	c.dictArr = encoding.ByteArrays{}
	c.pages.Reset()
	c.locs = c.locs[:0]
	c.values, c.raw, c.encodings = 0, 0, [10]bool{}
	c.hasStats, c.min, c.max = false, nil, nil
}

// Close writes what is left, the offset indexes and the footer. It does
// not close the underlying writer.
func (w *Writer) Close() error {
	w.flushGroup()
	for g := range w.meta.rowGroups {
		for i, c := range w.cols {
			var t tWriter
			writeOffsetIndex(&t, c.index[g])
			m := &w.meta.rowGroups[g].columns[i]
			m.offsetIndexAt, m.offsetIndexBytes = w.at, int32(len(t.b))
			w.write(t.b)
		}
	}
	var t tWriter
	w.meta.write(&t)
	t.b = binary.LittleEndian.AppendUint32(t.b, uint32(len(t.b)))
	t.b = append(t.b, parquetMagic...)
	w.write(t.b)
	if w.zstd != nil {
		w.zstd.Close()
	}
	return w.err
}
