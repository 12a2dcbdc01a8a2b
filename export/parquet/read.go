package parquet

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/snakecube/snakecube/export/parquet/encoding"
	"github.com/snakecube/snakecube/export/parquet/snappy"
)

// The bounds a reader puts on what a file states, so that a damaged or
// hostile file cannot make it allocate without bound: the footer, a
// page before and after decompression, a page's values (levels and
// dictionary indexes may state many in a few bytes: the bound is above
// what the pages of the writers we know hold, and below what would let
// the ten columns a catalogue's reader decodes at once take gigabytes).
const (
	maxFooter     = 1 << 26
	maxPageBytes  = 1 << 27
	maxPageValues = 1 << 23
	maxIndexBytes = 1 << 24
)

// File is a Parquet file opened for reading. It is not safe for use by
// several goroutines at once.
type File struct {
	r        io.ReaderAt
	size     int64
	meta     fileMeta
	fields   []Field
	leaves   []Leaf
	groupRow []int64 // the index of each row group's first row
	zstd     *zstd.Decoder
	// What the columns' pages are decoded through, one page at a time:
	// a header, a page as read, decompressed, its levels.
	hdr, raw, buf []byte
	lvl           []int32
}

// Field is a top-level field of a file's schema.
type Field struct {
	Name string
	// Leaf is true for a column of values, false for a group.
	Leaf bool
	// Type is a leaf's physical type.
	Type Type
	// Repeated is true for a leaf that is itself repeated.
	Repeated bool
}

// Leaf is a column of values, at the end of a path through the schema.
type Leaf struct {
	Path []string
	Type Type
	// Index is the leaf's index among the row groups' column chunks.
	Index int
	// MaxDef and MaxRep are the greatest definition and repetition levels
	// of its values.
	MaxDef, MaxRep int
	// Optional is true when the leaf itself may be null.
	Optional bool
}

// Error is a damaged file's or a file's that this package cannot read.
type Error struct{ msg string }

func (e *Error) Error() string { return e.msg }

func errorf(format string, args ...any) error { return &Error{fmt.Sprintf(format, args...)} }

// Open reads the footer of the Parquet file in r, of size bytes.
func Open(r io.ReaderAt, size int64) (*File, error) {
	const least = int64(2*len(parquetMagic) + 4)
	if size < least {
		return nil, errorf("%d bytes, fewer than the %d of an empty Parquet file", size, least)
	}
	var end [8]byte
	// A ReaderAt may say io.EOF with the last bytes, all of them read.
	if k, err := r.ReadAt(end[:], size-8); err != nil && (err != io.EOF || k < len(end)) {
		return nil, errorf("reading its end: %v", err)
	}
	if string(end[4:]) != parquetMagic {
		return nil, errorf("it does not end with %q", parquetMagic)
	}
	n := int64(binary.LittleEndian.Uint32(end[:4]))
	if n > size-least {
		return nil, errorf("its footer is of %d bytes, the file of %d", n, size)
	}
	if n > maxFooter {
		return nil, errorf("its footer is of %d bytes, more than the %d read", n, maxFooter)
	}
	buf := make([]byte, n)
	if _, err := r.ReadAt(buf, size-8-n); err != nil {
		return nil, errorf("reading its footer: %v", err)
	}
	f := &File{r: r, size: size}
	t := tReader{b: buf}
	if err := t.readFileMeta(&f.meta); err != nil {
		return nil, errorf("its footer: %v", err)
	}
	if err := f.buildSchema(); err != nil {
		return nil, err
	}
	var rows int64
	for i, g := range f.meta.rowGroups {
		if len(g.columns) != len(f.leaves) {
			return nil, errorf("row group %d has %d columns, the schema %d", i+1, len(g.columns), len(f.leaves))
		}
		if g.numRows < 0 || rows+g.numRows < rows {
			return nil, errorf("row group %d states %d rows", i+1, g.numRows)
		}
		f.groupRow = append(f.groupRow, rows)
		rows += g.numRows
	}
	if rows != f.meta.numRows {
		return nil, errorf("its row groups hold %d rows, its footer states %d", rows, f.meta.numRows)
	}
	return f, nil
}

// buildSchema walks the flattened schema into fields and leaves.
func (f *File) buildSchema() error {
	s := f.meta.schema
	if len(s) == 0 {
		return errorf("its schema is empty")
	}
	at := 1
	var walk func(path []string, def, rep, depth int) error
	walk = func(path []string, def, rep, depth int) error {
		if at >= len(s) {
			return errorf("its schema ends inside a group")
		}
		e := &s[at]
		at++
		if depth > maxDepth {
			return errorf("its schema nests deeper than %d", maxDepth)
		}
		switch e.repetition {
		case optional:
			def++
		case repeated:
			def++
			rep++
		}
		p := append(path[:len(path):len(path)], e.name)
		if e.typ >= 0 && e.numChildren == 0 {
			f.leaves = append(f.leaves, Leaf{Path: p, Type: Type(e.typ), Index: len(f.leaves), MaxDef: def, MaxRep: rep, Optional: e.repetition == optional})
			if depth == 1 {
				f.fields = append(f.fields, Field{Name: e.name, Leaf: true, Type: Type(e.typ), Repeated: e.repetition == repeated})
			}
			return nil
		}
		if e.numChildren < 0 || int(e.numChildren) > len(s)-at {
			return errorf("its schema's group %s states %d children", e.name, e.numChildren)
		}
		if depth == 1 {
			f.fields = append(f.fields, Field{Name: e.name})
		}
		for range e.numChildren {
			if err := walk(p, def, rep, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	root := s[0]
	if root.numChildren < 0 || int(root.numChildren) > len(s)-1 {
		return errorf("its schema's root states %d children", root.numChildren)
	}
	for range root.numChildren {
		if err := walk(nil, 0, 0, 1); err != nil {
			return err
		}
	}
	if at != len(s) {
		return errorf("its schema has %d elements past its root's children", len(s)-at)
	}
	return nil
}

// NumRows returns the file's rows.
func (f *File) NumRows() int64 { return f.meta.numRows }

// Fields returns the top-level fields of the schema.
func (f *File) Fields() []Field { return f.fields }

// Lookup returns the value of key in the file's key-value metadata.
func (f *File) Lookup(key string) (string, bool) {
	for _, kv := range f.meta.kv {
		if kv.key == key {
			return kv.value, true
		}
	}
	return "", false
}

// LeafAt returns the leaf at path.
func (f *File) LeafAt(path ...string) (Leaf, bool) {
	for _, l := range f.leaves {
		if strings.Join(l.Path, "\x00") == strings.Join(path, "\x00") {
			return l, true
		}
	}
	return Leaf{}, false
}

// Page is a page of a column's values, decoded.
type Page struct {
	// Rep and Def are the values' repetition and definition levels, nil
	// when the column has none of a kind, and Def nil too when no value
	// of the page is null; Levels is how many levels the page has, one
	// per value, null or not.
	Rep, Def []byte
	Levels   int
	// The values that are not null, in order: Index into Dict for a page
	// of dictionary indexes, else in the array of the column's type.
	Int32 []int32
	Int64 []int64
	Bool  []bool
	Bytes encoding.ByteArrays
	Index []int32
	Dict  *Dict
	// From is the index of the first level of the rows asked for, and
	// FromValue that of its first value not null: the levels before are
	// rows a reader seeking a row skips.
	From, FromValue int
}

// Dict is a column chunk's dictionary.
type Dict struct {
	Int32 []int32
	Int64 []int64
	Bool  []bool
	Bytes encoding.ByteArrays
}

// Len returns the dictionary's values.
func (d *Dict) Len() int {
	return max(len(d.Int32), len(d.Int64), len(d.Bool), d.Bytes.Len())
}

// Pages reads a leaf column's pages from a row on.
type Pages struct {
	f    *File
	leaf Leaf
	g    int   // the row group
	at   int64 // the next page's offset
	end  int64 // the chunk's end
	skip int64 // rows still to skip
	dict *Dict
	page Page
	// index, rep and def are the buffers of the page's Index, Rep and
	// Def, which may be nil.
	index    []int32
	rep, def []byte
}

// Pages returns a reader of leaf's pages from row first on.
func (f *File) Pages(leaf Leaf, first int64) (*Pages, error) {
	p := &Pages{f: f, leaf: leaf, g: -1}
	g := 0
	for g+1 < len(f.groupRow) && f.groupRow[g+1] <= first {
		g++
	}
	if err := p.chunk(g); err != nil {
		return nil, err
	}
	if g < len(f.groupRow) {
		p.skip = first - f.groupRow[g]
	}
	if err := p.seek(); err != nil {
		return nil, err
	}
	return p, nil
}

// what names the column and the row group being read, for errors.
func (p *Pages) what() string {
	return fmt.Sprintf("column %s, row group %d", strings.Join(p.leaf.Path, "."), p.g+1)
}

// chunk starts reading row group g's chunk.
func (p *Pages) chunk(g int) error {
	p.g, p.dict = g, nil
	if g >= len(p.f.meta.rowGroups) {
		p.at, p.end = 0, 0
		return nil
	}
	m := &p.f.meta.rowGroups[g].columns[p.leaf.Index]
	start := m.dataPageOffset
	if m.dictPageOffset > 0 && m.dictPageOffset < start {
		start = m.dictPageOffset
	}
	end := start + m.compressed
	if start < int64(len(parquetMagic)) || m.compressed < 0 || end < start || end > p.f.size-8 {
		return errorf("%s: a chunk of %d bytes at byte %d, in a file of %d", p.what(), m.compressed, start, p.f.size)
	}
	if Type(m.typ) != p.leaf.Type {
		return errorf("%s: a chunk of %v, the schema states %v", p.what(), Type(m.typ), p.leaf.Type)
	}
	p.at, p.end = start, end
	return nil
}

// seek moves to the page holding the row skip rows into the chunk, by
// the chunk's offset index when it has one.
func (p *Pages) seek() error {
	if p.skip == 0 || p.g >= len(p.f.meta.rowGroups) {
		return nil
	}
	m := &p.f.meta.rowGroups[p.g].columns[p.leaf.Index]
	if m.offsetIndexAt <= 0 || m.offsetIndexBytes <= 0 || m.offsetIndexBytes > maxIndexBytes || m.offsetIndexAt+int64(m.offsetIndexBytes) > p.f.size {
		return nil
	}
	b := make([]byte, m.offsetIndexBytes)
	if _, err := p.f.r.ReadAt(b, m.offsetIndexAt); err != nil {
		return errorf("%s: reading its offset index: %v", p.what(), err)
	}
	t := tReader{b: b}
	locs, err := t.readOffsetIndex()
	if err != nil {
		return errorf("%s: its offset index: %v", p.what(), err)
	}
	k := -1
	for i, l := range locs {
		if l.firstRow <= p.skip && l.offset >= p.at && l.offset < p.end {
			k = i
		}
	}
	if k <= 0 {
		return nil
	}
	// The dictionary comes first, then the page.
	if p.at < m.dataPageOffset && m.dictPageOffset > 0 {
		if _, err := p.next(); err != nil {
			return err
		}
	}
	p.at = locs[k].offset
	p.skip -= locs[k].firstRow
	return nil
}

// Next returns the next page, valid until the next call, or io.EOF
// after the last.
func (p *Pages) Next() (*Page, error) {
	for {
		if p.at >= p.end {
			if p.g >= len(p.f.meta.rowGroups)-1 {
				return nil, io.EOF
			}
			if err := p.chunk(p.g + 1); err != nil {
				return nil, err
			}
			continue
		}
		pg, err := p.next()
		if err != nil {
			return nil, err
		}
		if pg == nil {
			continue // a dictionary or an index page
		}
		if p.skip > 0 {
			if !p.skipRows() {
				continue
			}
		}
		return pg, nil
	}
}

// skipRows skips rows of the page just read, and reports whether the
// page holds rows past them.
func (p *Pages) skipRows() bool {
	pg := &p.page
	rows := int64(0)
	for i := range pg.Levels {
		if pg.Rep == nil || pg.Rep[i] == 0 {
			if rows == p.skip {
				pg.From = i
				p.skip = 0
				break
			}
			rows++
		}
		if pg.Def == nil || int(pg.Def[i]) == p.leaf.MaxDef {
			pg.FromValue++
		}
	}
	if p.skip == 0 {
		return true
	}
	p.skip -= rows
	return false
}

// next reads the page at p.at: a data page, or nil after a dictionary
// page, which it keeps.
func (p *Pages) next() (*Page, error) {
	at := p.at
	var h pageHeader
	hlen, err := p.header(&h)
	if err != nil {
		return nil, errorf("%s, page at byte %d: %v", p.what(), at, err)
	}
	body := at + int64(hlen)
	if h.compressed < 0 || h.uncompressed < 0 || body+int64(h.compressed) > p.end {
		return nil, errorf("%s, page at byte %d: %d bytes past the chunk's end", p.what(), at, body+int64(h.compressed)-p.end)
	}
	if h.compressed > maxPageBytes || h.uncompressed > maxPageBytes {
		return nil, errorf("%s, page at byte %d: a page of %d bytes, more than the %d read", p.what(), at, max(h.compressed, h.uncompressed), maxPageBytes)
	}
	p.at = body + int64(h.compressed)
	if h.typ != pageData && h.typ != pageDataV2 && h.typ != pageDictionary {
		return nil, nil
	}
	if !h.set {
		return nil, errorf("%s, page at byte %d: no header for its type", p.what(), at)
	}
	if h.numValues < 0 || h.numValues > maxPageValues {
		return nil, errorf("%s, page at byte %d: %d values, more than the %d read", p.what(), at, h.numValues, maxPageValues)
	}
	p.f.raw = grow(p.f.raw, int(h.compressed))
	if _, err := p.f.r.ReadAt(p.f.raw, body); err != nil {
		return nil, errorf("%s, page at byte %d: %v", p.what(), at, err)
	}
	codec := p.f.meta.rowGroups[p.g].columns[p.leaf.Index].codec
	if h.typ == pageDictionary {
		data, err := p.decompress(codec, p.f.raw, int(h.uncompressed))
		if err != nil {
			return nil, errorf("%s, page at byte %d: %v", p.what(), at, err)
		}
		if p.dict, err = p.decodeDict(&h, data); err != nil {
			return nil, errorf("%s, dictionary at byte %d: %v", p.what(), at, err)
		}
		return nil, nil
	}
	if err := p.decodeData(&h, codec); err != nil {
		return nil, errorf("%s, page at byte %d: %v", p.what(), at, err)
	}
	return &p.page, nil
}

// header reads the page header at p.at, and returns its length.
func (p *Pages) header(h *pageHeader) (int, error) {
	for n := int64(256); ; n *= 4 {
		n = min(n, p.end-p.at, maxPageBytes)
		p.f.hdr = grow(p.f.hdr, int(n))
		if _, err := p.f.r.ReadAt(p.f.hdr, p.at); err != nil {
			return 0, err
		}
		t := tReader{b: p.f.hdr}
		*h = pageHeader{}
		err := t.readPageHeader(h)
		if err == nil {
			return t.at, nil
		}
		if !errors.Is(err, errShort) || n == min(p.end-p.at, maxPageBytes) {
			return 0, fmt.Errorf("its header: %v", err)
		}
	}
}

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// decompress returns src decompressed by codec, which must give n bytes.
func (p *Pages) decompress(codec int32, src []byte, n int) ([]byte, error) {
	var out []byte
	var err error
	switch codec {
	case codecNone:
		out = src
	case codecSnappy:
		p.f.buf, err = snappy.Decode(p.f.buf[:0], src, n)
		out = p.f.buf
	case codecZstd:
		if p.f.zstd == nil {
			if p.f.zstd, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxPageBytes)); err != nil {
				return nil, err
			}
		}
		p.f.buf, err = p.f.zstd.DecodeAll(src, p.f.buf[:0])
		out = p.f.buf
	case codecGzip:
		var z *gzip.Reader
		if z, err = gzip.NewReader(bytes.NewReader(src)); err != nil {
			return nil, fmt.Errorf("gzip: %v", err)
		}
		p.f.buf = grow(p.f.buf, n)
		if _, err = io.ReadFull(z, p.f.buf); err != nil {
			return nil, fmt.Errorf("gzip: %v", err)
		}
		if k, _ := z.Read(make([]byte, 1)); k > 0 {
			return nil, fmt.Errorf("gzip: more than the %d bytes its header states", n)
		}
		out = p.f.buf
	default:
		return nil, fmt.Errorf("compressed by %s, which this reader does not read", codecName(codec))
	}
	if err != nil {
		return nil, err
	}
	if len(out) != n {
		return nil, fmt.Errorf("%d bytes once decompressed, its header states %d", len(out), n)
	}
	return out, nil
}

func codecName(c int32) string {
	switch c {
	case codecLZO:
		return "LZO"
	case codecBrotli:
		return "Brotli"
	case codecLZ4:
		return "LZ4"
	case codecLZ4Raw:
		return "LZ4_RAW"
	}
	return fmt.Sprintf("codec %d", c)
}

// decodeDict decodes a dictionary page.
func (p *Pages) decodeDict(h *pageHeader, data []byte) (*Dict, error) {
	if h.encoding != encPlain && h.encoding != encPlainDictionary {
		return nil, fmt.Errorf("a dictionary in encoding %d", h.encoding)
	}
	d := &Dict{}
	n := int(h.numValues)
	var err error
	switch p.leaf.Type {
	case Int32:
		d.Int32, _, err = encoding.DecodePlainInt32(nil, data, n)
	case Int64:
		d.Int64, _, err = encoding.DecodePlainInt64(nil, data, n)
	case Boolean:
		d.Bool, _, err = encoding.DecodePlainBool(nil, data, n)
	case ByteArray:
		_, err = encoding.DecodePlainByteArray(&d.Bytes, data, n)
	default:
		err = fmt.Errorf("values of type %v, which this reader does not read", p.leaf.Type)
	}
	return d, err
}

// decodeData decodes a data page into p.page.
func (p *Pages) decodeData(h *pageHeader, codec int32) error {
	pg := &p.page
	if pg.Index != nil {
		p.index = pg.Index
	}
	*pg = Page{Int32: pg.Int32[:0], Int64: pg.Int64[:0], Bool: pg.Bool[:0], Bytes: pg.Bytes, Rep: p.rep[:0], Def: p.def[:0]}
	pg.Bytes.Reset()
	n := int(h.numValues)
	pg.Levels = n
	var data []byte
	var err error
	allFull := false
	if h.typ == pageData {
		if data, err = p.decompress(codec, p.f.raw, int(h.uncompressed)); err != nil {
			return err
		}
		if p.leaf.MaxRep > 0 {
			if h.repEnc != encRLE {
				return fmt.Errorf("repetition levels in encoding %d, not RLE", h.repEnc)
			}
			if pg.Rep, data, err = p.levels(pg.Rep, data, p.leaf.MaxRep, n, true, false); err != nil {
				return fmt.Errorf("repetition levels: %v", err)
			}
		}
		if p.leaf.MaxDef > 0 {
			if h.defEnc != encRLE {
				return fmt.Errorf("definition levels in encoding %d, not RLE", h.defEnc)
			}
			if pg.Def, data, err = p.levels(pg.Def, data, p.leaf.MaxDef, n, true, true); err == errAllFull {
				allFull, err = true, nil
			} else if err != nil {
				return fmt.Errorf("definition levels: %v", err)
			}
		}
	} else {
		lv := int64(h.repBytes) + int64(h.defBytes)
		if h.repBytes < 0 || h.defBytes < 0 || lv > int64(len(p.f.raw)) || lv > int64(h.uncompressed) {
			return fmt.Errorf("levels of %d and %d bytes in a page of %d", h.repBytes, h.defBytes, len(p.f.raw))
		}
		if p.leaf.MaxRep > 0 {
			if pg.Rep, _, err = p.levels(pg.Rep, p.f.raw[:h.repBytes], p.leaf.MaxRep, n, false, false); err != nil {
				return fmt.Errorf("repetition levels: %v", err)
			}
		}
		if p.leaf.MaxDef > 0 {
			if pg.Def, _, err = p.levels(pg.Def, p.f.raw[h.repBytes:lv], p.leaf.MaxDef, n, false, true); err == errAllFull {
				allFull, err = true, nil
			} else if err != nil {
				return fmt.Errorf("definition levels: %v", err)
			}
		}
		if h.v2Compressed {
			data, err = p.decompress(codec, p.f.raw[lv:], int(int64(h.uncompressed)-lv))
		} else {
			data = p.f.raw[lv:]
		}
		if err != nil {
			return err
		}
	}
	if p.leaf.MaxRep == 0 {
		pg.Rep = nil
	}
	p.rep, p.def = pg.Rep, pg.Def
	values := n
	if p.leaf.MaxDef == 0 || allFull {
		pg.Def = nil
	} else {
		values = 0
		for _, d := range pg.Def {
			if int(d) == p.leaf.MaxDef {
				values++
			}
		}
		if values == n {
			pg.Def = nil // every value there: as a column of none
		}
	}
	return p.values(h.encoding, data, values)
}

// levels decodes n levels of a hybrid of the width of max, prefixed by
// their length in a data page v1, and returns them and the bytes after;
// definition levels (def) that are one run of max, errAllFull.
func (p *Pages) levels(dst []byte, data []byte, max, n int, prefixed, def bool) ([]byte, []byte, error) {
	if prefixed {
		if len(data) < 4 {
			return nil, nil, errors.New("cut short")
		}
		l := binary.LittleEndian.Uint32(data)
		if uint64(l) > uint64(len(data)-4) {
			return nil, nil, fmt.Errorf("%d bytes, past the page's end", l)
		}
		data, rest := data[4:4+l], data[4+l:]
		dst, _, err := p.levels(dst, data, max, n, false, def)
		return dst, rest, err
	}
	var err error
	width := encoding.BitWidth(uint64(max))
	if def && full(data, max, width, n) {
		// One run of the greatest level: as a column of none.
		return dst[:0], nil, errAllFull
	}
	p.f.lvl, _, err = encoding.DecodeHybrid(p.f.lvl[:0], data, width, n)
	if err != nil {
		return nil, nil, err
	}
	// A level of width bits is at most max when max is all ones.
	check := max != 1<<width-1
	dst = slices.Grow(dst[:0], len(p.f.lvl))[:len(p.f.lvl)]
	for i, v := range p.f.lvl {
		if check && int(v) > max {
			return nil, nil, fmt.Errorf("a level of %d, more than the %d of the column", v, max)
		}
		dst[i] = byte(v)
	}
	return dst, nil, nil
}

// errAllFull is levels' report of definition levels that are all the
// greatest: a page of no null.
var errAllFull = errors.New("every level the greatest")

// full reports whether the hybrid data starts with a run of at least n
// levels of max, in width bits.
func full(data []byte, max, width, n int) bool {
	h, k := binary.Uvarint(data)
	if k <= 0 || h&1 != 0 || h>>1 < uint64(n) || width == 0 {
		return false
	}
	w := (width + 7) / 8
	if len(data) < k+w {
		return false
	}
	v := 0
	for i := range w {
		v |= int(data[k+i]) << (8 * i)
	}
	return v == max
}

// values decodes n values in encoding enc.
func (p *Pages) values(enc int32, data []byte, n int) error {
	pg := &p.page
	var err error
	switch enc {
	case encPlainDictionary, encRLEDictionary:
		if p.dict == nil {
			return errors.New("dictionary indexes, and no dictionary")
		}
		if len(data) < 1 {
			return errors.New("dictionary indexes cut short")
		}
		if pg.Index, _, err = encoding.DecodeHybrid(p.index[:0], data[1:], int(data[0]), n); err != nil {
			pg.Index = nil
			return err
		}
		if pg.Index == nil {
			pg.Index = []int32{} // a page of dictionary indexes, none
		}
		// Indexes are not negative (of at most 32 bits), and below 1<<width.
		size := p.dict.Len()
		if width := int(data[0]); width < 32 && size < 1<<width {
			top := int32(0)
			for _, k := range pg.Index {
				top = max(top, k)
			}
			if int(top) >= size {
				return fmt.Errorf("dictionary index %d of a dictionary of %d", top, size)
			}
		} else if width >= 32 {
			for _, k := range pg.Index {
				if uint(k) >= uint(size) {
					return fmt.Errorf("dictionary index %d of a dictionary of %d", k, size)
				}
			}
		}
		pg.Dict = p.dict
		return nil
	case encPlain:
		switch p.leaf.Type {
		case Int32:
			pg.Int32, _, err = encoding.DecodePlainInt32(pg.Int32, data, n)
		case Int64:
			pg.Int64, _, err = encoding.DecodePlainInt64(pg.Int64, data, n)
		case Boolean:
			pg.Bool, _, err = encoding.DecodePlainBool(pg.Bool, data, n)
		case ByteArray:
			_, err = encoding.DecodePlainByteArray(&pg.Bytes, data, n)
		default:
			err = fmt.Errorf("values of type %v, which this reader does not read", p.leaf.Type)
		}
		return err
	case encRLE:
		if p.leaf.Type != Boolean {
			return fmt.Errorf("%v values in encoding RLE", p.leaf.Type)
		}
		if len(data) < 4 {
			return errors.New("RLE booleans cut short")
		}
		l := binary.LittleEndian.Uint32(data)
		if uint64(l) > uint64(len(data)-4) {
			return errors.New("RLE booleans cut short")
		}
		if p.f.lvl, _, err = encoding.DecodeHybrid(p.f.lvl[:0], data[4:4+l], 1, n); err != nil {
			return err
		}
		for _, v := range p.f.lvl {
			pg.Bool = append(pg.Bool, v != 0)
		}
		return nil
	case encDeltaBinaryPacked:
		var v []int64
		switch p.leaf.Type {
		case Int32:
			if v, _, err = encoding.DecodeDeltaBinaryPacked(nil, data, n); err != nil {
				return err
			}
			for _, x := range v {
				pg.Int32 = append(pg.Int32, int32(x))
			}
		case Int64:
			pg.Int64, _, err = encoding.DecodeDeltaBinaryPacked(pg.Int64, data, n)
		default:
			return fmt.Errorf("%v values in encoding DELTA_BINARY_PACKED", p.leaf.Type)
		}
		if err == nil && len(pg.Int32)+len(pg.Int64) != n {
			err = fmt.Errorf("%d values, its levels state %d", len(pg.Int32)+len(pg.Int64), n)
		}
		return err
	case encDeltaLength, encDeltaByteArray:
		if p.leaf.Type != ByteArray {
			return fmt.Errorf("%v values in a byte arrays' encoding", p.leaf.Type)
		}
		if enc == encDeltaLength {
			_, err = encoding.DecodeDeltaLengthByteArray(&pg.Bytes, data, n)
		} else {
			_, err = encoding.DecodeDeltaByteArray(&pg.Bytes, data, n)
		}
		if err == nil && pg.Bytes.Len() != n {
			err = fmt.Errorf("%d values, its levels state %d", pg.Bytes.Len(), n)
		}
		return err
	case encByteStreamSplit:
		w := 4
		if p.leaf.Type == Int64 {
			w = 8
		} else if p.leaf.Type != Int32 {
			return fmt.Errorf("%v values in encoding BYTE_STREAM_SPLIT", p.leaf.Type)
		}
		if len(data) < w*n {
			return errors.New("BYTE_STREAM_SPLIT values cut short")
		}
		for i := range n {
			var x uint64
			for k := range w {
				x |= uint64(data[k*n+i]) << (8 * k)
			}
			if w == 4 {
				pg.Int32 = append(pg.Int32, int32(uint32(x)))
			} else {
				pg.Int64 = append(pg.Int64, int64(x))
			}
		}
		return nil
	}
	return fmt.Errorf("values in encoding %d, which this reader does not read", enc)
}

// LeafIndex returns the leaf of index i, in the order of the row groups'
// column chunks.
func (f *File) LeafIndex(i int) (Leaf, bool) {
	if i < 0 || i >= len(f.leaves) {
		return Leaf{}, false
	}
	return f.leaves[i], true
}
