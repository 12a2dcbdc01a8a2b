package parquet

import (
	"fmt"
)

// The metadata of a Parquet file, as its footer holds it in Thrift
// structs: only the fields a catalogue's files need or a reader uses;
// a reader skips the others.

// Physical types.
const (
	typeBoolean   = 0
	typeInt32     = 1
	typeInt64     = 2
	typeInt96     = 3
	typeFloat     = 4
	typeDouble    = 5
	typeByteArray = 6
	typeFixed     = 7
)

// Repetitions of a field.
const (
	required = 0
	optional = 1
	repeated = 2
)

// Encodings of a page's values or levels.
const (
	encPlain             = 0
	encPlainDictionary   = 2
	encRLE               = 3
	encBitPacked         = 4
	encDeltaBinaryPacked = 5
	encDeltaLength       = 6
	encDeltaByteArray    = 7
	encRLEDictionary     = 8
	encByteStreamSplit   = 9
)

// Compression codecs.
const (
	codecNone   = 0
	codecSnappy = 1
	codecGzip   = 2
	codecLZO    = 3
	codecBrotli = 4
	codecLZ4    = 5
	codecZstd   = 6
	codecLZ4Raw = 7
)

// Page types.
const (
	pageData       = 0
	pageIndex      = 1
	pageDictionary = 2
	pageDataV2     = 3
)

// Converted types (the older annotations) that the writer states.
const (
	convertedUTF8 = 0
	convertedList = 3
	convertedInt8 = 15
)

// Logical types: the field of the LogicalType union that is set.
const (
	logicalString  = 1
	logicalList    = 3
	logicalInteger = 10
)

type schemaElement struct {
	typ         int32 // -1 for a group
	repetition  int32 // -1 when not stated (the root)
	name        string
	numChildren int32
	converted   int32 // -1 when none
	logical     int16 // the LogicalType's field set, 0 when none
	intBits     int8  // of an INTEGER logical type
	intSigned   bool
}

type keyValue struct{ key, value string }

type columnMeta struct {
	typ              int32
	encodings        []int32
	path             []string
	codec            int32
	numValues        int64
	uncompressed     int64
	compressed       int64
	dataPageOffset   int64
	dictPageOffset   int64 // 0 when none: a page never starts at 0
	min, max         []byte
	hasStats         bool
	offsetIndexAt    int64 // of the chunk: 0 when none
	offsetIndexBytes int32
}

type rowGroup struct {
	columns    []columnMeta
	totalBytes int64
	numRows    int64
	fileOffset int64
	compressed int64
	ordinal    int16
}

type fileMeta struct {
	version   int32
	schema    []schemaElement
	numRows   int64
	rowGroups []rowGroup
	kv        []keyValue
	createdBy string
}

type pageHeader struct {
	typ          int32
	uncompressed int32
	compressed   int32
	// A data page's (v1 or v2) or a dictionary page's.
	numValues    int32
	encoding     int32
	defEnc       int32 // v1
	repEnc       int32 // v1
	numNulls     int32 // v2
	numRows      int32 // v2
	defBytes     int32 // v2
	repBytes     int32 // v2
	v2Compressed bool  // v2: whether its values are compressed
	set          bool  // whether the header of its type was there
}

type pageLocation struct {
	offset   int64
	size     int32
	firstRow int64
}

// Writing.

func (s *schemaElement) write(w *tWriter) {
	w.begin()
	if s.typ >= 0 {
		w.i32(1, s.typ)
	}
	if s.repetition >= 0 {
		w.i32(3, s.repetition)
	}
	w.binary(4, s.name)
	if s.typ < 0 {
		w.i32(5, s.numChildren)
	}
	if s.converted >= 0 {
		w.i32(6, s.converted)
	}
	if s.logical != 0 {
		w.structField(10)
		w.structField(s.logical)
		if s.logical == logicalInteger {
			w.field(1, ctByte)
			w.b = append(w.b, byte(s.intBits))
			w.boolean(2, s.intSigned)
		}
		w.end()
		w.end()
	}
	w.end()
}

// writeBody writes the fields of the chunk's ColumnMetaData, in a
// struct its caller opens and closes.
func (c *columnMeta) writeBody(w *tWriter) {
	w.i32(1, c.typ)
	w.list(2, ctI32, len(c.encodings))
	for _, e := range c.encodings {
		w.elemI32(e)
	}
	w.list(3, ctBinary, len(c.path))
	for _, p := range c.path {
		w.elemBinary(p)
	}
	w.i32(4, c.codec)
	w.i64(5, c.numValues)
	w.i64(6, c.uncompressed)
	w.i64(7, c.compressed)
	w.i64(9, c.dataPageOffset)
	if c.dictPageOffset > 0 {
		w.i64(11, c.dictPageOffset)
	}
	if c.hasStats {
		w.structField(12)
		w.i64(3, 0) // null_count
		w.binary(5, string(c.max))
		w.binary(6, string(c.min))
		w.end()
	}
}

func (m *fileMeta) write(w *tWriter) {
	w.begin()
	w.i32(1, m.version)
	w.list(2, ctStruct, len(m.schema))
	for i := range m.schema {
		m.schema[i].write(w)
	}
	w.i64(3, m.numRows)
	w.list(4, ctStruct, len(m.rowGroups))
	for i := range m.rowGroups {
		g := &m.rowGroups[i]
		w.begin()
		w.list(1, ctStruct, len(g.columns))
		for j := range g.columns {
			c := &g.columns[j]
			w.begin()
			w.i64(2, c.dataPageOffsetOrDict())
			w.structField(3)
			c.writeBody(w)
			w.end()
			if c.offsetIndexAt > 0 {
				w.i64(4, c.offsetIndexAt)
				w.i32(5, c.offsetIndexBytes)
			}
			w.end()
		}
		w.i64(2, g.totalBytes)
		w.i64(3, g.numRows)
		w.i64(5, g.fileOffset)
		w.i64(6, g.compressed)
		w.field(7, ctI16)
		w.zigzag(int64(g.ordinal))
		w.end()
	}
	if len(m.kv) > 0 {
		w.list(5, ctStruct, len(m.kv))
		for _, kv := range m.kv {
			w.begin()
			w.binary(1, kv.key)
			w.binary(2, kv.value)
			w.end()
		}
	}
	w.binary(6, m.createdBy)
	// Every leaf's values are ordered as their type orders them, which
	// lets a reader use the statistics of byte arrays.
	leaves := 0
	for _, s := range m.schema {
		if s.typ >= 0 {
			leaves++
		}
	}
	w.list(7, ctStruct, leaves)
	for range leaves {
		w.begin()
		w.structField(1)
		w.end()
		w.end()
	}
	w.end()
}

// dataPageOffsetOrDict is the chunk's file offset: where its first page
// starts.
func (c *columnMeta) dataPageOffsetOrDict() int64 {
	if c.dictPageOffset > 0 {
		return c.dictPageOffset
	}
	return c.dataPageOffset
}

func (h *pageHeader) write(w *tWriter) {
	w.begin()
	w.i32(1, h.typ)
	w.i32(2, h.uncompressed)
	w.i32(3, h.compressed)
	switch h.typ {
	case pageData:
		w.structField(5)
		w.i32(1, h.numValues)
		w.i32(2, h.encoding)
		w.i32(3, h.defEnc)
		w.i32(4, h.repEnc)
		w.end()
	case pageDictionary:
		w.structField(7)
		w.i32(1, h.numValues)
		w.i32(2, h.encoding)
		w.end()
	}
	w.end()
}

func writeOffsetIndex(w *tWriter, pages []pageLocation) {
	w.begin()
	w.list(1, ctStruct, len(pages))
	for _, p := range pages {
		w.begin()
		w.i64(1, p.offset)
		w.i32(2, p.size)
		w.i64(3, p.firstRow)
		w.end()
	}
	w.end()
}

// Reading.

func (r *tReader) readSchemaElement(s *schemaElement) error {
	s.typ, s.repetition, s.converted = -1, -1, -1
	return r.structure(func(id int16, t byte) (err error) {
		switch id {
		case 1:
			s.typ, err = r.i32(t)
		case 3:
			s.repetition, err = r.i32(t)
		case 4:
			var b []byte
			b, err = r.binary(t)
			s.name = string(b)
		case 5:
			s.numChildren, err = r.i32(t)
		case 6:
			s.converted, err = r.i32(t)
		case 10:
			if t != ctStruct {
				return r.skip(t)
			}
			err = r.structure(func(id int16, t byte) error {
				if t != ctStruct {
					return r.skip(t)
				}
				s.logical = id
				if id != logicalInteger {
					return r.skip(t)
				}
				return r.structure(func(id int16, t byte) error {
					switch id {
					case 1:
						v, err := r.int(t)
						s.intBits = int8(v)
						return err
					case 2:
						v, err := r.boolean(t)
						s.intSigned = v
						return err
					}
					return r.skip(t)
				})
			})
		default:
			err = r.skip(t)
		}
		return err
	})
}

func (r *tReader) readColumnMeta(c *columnMeta) error {
	return r.structure(func(id int16, t byte) (err error) {
		switch id {
		case 1:
			c.typ, err = r.i32(t)
		case 2:
			var et byte
			var n int
			if et, n, err = r.list(t); err != nil {
				return err
			}
			c.encodings = make([]int32, n)
			for i := range n {
				if c.encodings[i], err = r.i32(et); err != nil {
					return err
				}
			}
		case 3:
			var et byte
			var n int
			if et, n, err = r.list(t); err != nil {
				return err
			}
			c.path = make([]string, n)
			for i := range n {
				b, err := r.binary(et)
				if err != nil {
					return err
				}
				c.path[i] = string(b)
			}
		case 4:
			c.codec, err = r.i32(t)
		case 5:
			c.numValues, err = r.int(t)
		case 6:
			c.uncompressed, err = r.int(t)
		case 7:
			c.compressed, err = r.int(t)
		case 9:
			c.dataPageOffset, err = r.int(t)
		case 11:
			c.dictPageOffset, err = r.int(t)
		default:
			err = r.skip(t)
		}
		return err
	})
}

func (r *tReader) readFileMeta(m *fileMeta) error {
	return r.structure(func(id int16, t byte) (err error) {
		switch id {
		case 1:
			m.version, err = r.i32(t)
		case 2:
			return r.structs(t, func(int) error {
				m.schema = append(m.schema, schemaElement{})
				return r.readSchemaElement(&m.schema[len(m.schema)-1])
			})
		case 3:
			m.numRows, err = r.int(t)
		case 4:
			return r.structs(t, func(int) error {
				m.rowGroups = append(m.rowGroups, rowGroup{})
				return r.readRowGroup(&m.rowGroups[len(m.rowGroups)-1])
			})
		case 5:
			return r.structs(t, func(int) error {
				var kv keyValue
				err := r.structure(func(id int16, t byte) error {
					switch id {
					case 1, 2:
						b, err := r.binary(t)
						if id == 1 {
							kv.key = string(b)
						} else {
							kv.value = string(b)
						}
						return err
					}
					return r.skip(t)
				})
				m.kv = append(m.kv, kv)
				return err
			})
		case 6:
			var b []byte
			b, err = r.binary(t)
			m.createdBy = string(b)
		default:
			err = r.skip(t)
		}
		return err
	})
}

func (r *tReader) readRowGroup(g *rowGroup) error {
	return r.structure(func(id int16, t byte) (err error) {
		switch id {
		case 1:
			return r.structs(t, func(int) error {
				g.columns = append(g.columns, columnMeta{})
				c := &g.columns[len(g.columns)-1]
				return r.structure(func(id int16, t byte) (err error) {
					switch id {
					case 1:
						return fmt.Errorf("a column chunk in another file")
					case 3:
						return r.readColumnMeta(c)
					case 4:
						c.offsetIndexAt, err = r.int(t)
					case 5:
						c.offsetIndexBytes, err = r.i32(t)
					default:
						err = r.skip(t)
					}
					return err
				})
			})
		case 2:
			g.totalBytes, err = r.int(t)
		case 3:
			g.numRows, err = r.int(t)
		default:
			err = r.skip(t)
		}
		return err
	})
}

func (r *tReader) readPageHeader(h *pageHeader) error {
	h.v2Compressed = true
	return r.structure(func(id int16, t byte) (err error) {
		switch id {
		case 1:
			h.typ, err = r.i32(t)
		case 2:
			h.uncompressed, err = r.i32(t)
		case 3:
			h.compressed, err = r.i32(t)
		case 5, 7, 8:
			if t != ctStruct {
				return r.skip(t)
			}
			if id == 5 && h.typ == pageData || id == 7 && h.typ == pageDictionary || id == 8 && h.typ == pageDataV2 {
				h.set = true
			}
			return r.structure(func(f int16, t byte) (err error) {
				switch {
				case f == 1:
					h.numValues, err = r.i32(t)
				case id == 5 && f == 2, id == 7 && f == 2, id == 8 && f == 4:
					h.encoding, err = r.i32(t)
				case id == 5 && f == 3:
					h.defEnc, err = r.i32(t)
				case id == 5 && f == 4:
					h.repEnc, err = r.i32(t)
				case id == 8 && f == 2:
					h.numNulls, err = r.i32(t)
				case id == 8 && f == 3:
					h.numRows, err = r.i32(t)
				case id == 8 && f == 5:
					h.defBytes, err = r.i32(t)
				case id == 8 && f == 6:
					h.repBytes, err = r.i32(t)
				case id == 8 && f == 7:
					h.v2Compressed, err = r.boolean(t)
				default:
					err = r.skip(t)
				}
				return err
			})
		default:
			err = r.skip(t)
		}
		return err
	})
}

func (r *tReader) readOffsetIndex() ([]pageLocation, error) {
	var pages []pageLocation
	err := r.structure(func(id int16, t byte) error {
		if id != 1 {
			return r.skip(t)
		}
		return r.structs(t, func(int) error {
			var p pageLocation
			err := r.structure(func(id int16, t byte) (err error) {
				switch id {
				case 1:
					p.offset, err = r.int(t)
				case 2:
					p.size, err = r.i32(t)
				case 3:
					p.firstRow, err = r.int(t)
				default:
					err = r.skip(t)
				}
				return err
			})
			pages = append(pages, p)
			return err
		})
	})
	return pages, err
}
