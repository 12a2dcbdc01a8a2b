package parquet_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	pq "github.com/parquet-go/parquet-go"

	"github.com/snakecube/snakecube/export/parquet"
)

// level is a value of a leaf column as both readers see it: its levels,
// and its value when not null, as text.
type level struct {
	rep, def int
	value    string
}

// theirs returns the values of every leaf of data, rows first on, as
// parquet-go, an independent reader, reads them.
func theirs(t testing.TB, data []byte, first int64) [][]level {
	t.Helper()
	f, err := pq.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]level, len(f.Schema().Columns()))
	r := pq.NewReader(f)
	defer r.Close()
	if err := r.SeekToRow(first); err != nil {
		t.Fatal(err)
	}
	buf := make([]pq.Row, 64)
	for {
		n, err := r.ReadRows(buf)
		for _, row := range buf[:n] {
			for _, v := range row {
				l := level{rep: v.RepetitionLevel(), def: v.DefinitionLevel()}
				if !v.IsNull() {
					l.value = text(v)
				}
				out[v.Column()] = append(out[v.Column()], l)
			}
		}
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func text(v pq.Value) string {
	switch v.Kind() {
	case pq.Boolean:
		return fmt.Sprint(v.Boolean())
	case pq.Int32:
		return fmt.Sprint(v.Int32())
	case pq.Int64:
		return fmt.Sprint(v.Int64())
	}
	return "b:" + string(v.ByteArray())
}

// ours returns the values of every leaf of data, rows first on, as this
// package reads them.
func ours(data []byte, first int64) ([][]level, error) {
	f, err := parquet.Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	var out [][]level
	for i := 0; ; i++ {
		leaf, ok := leafAt(f, i)
		if !ok {
			return out, nil
		}
		var col []level
		p, err := f.Pages(leaf, first)
		if err != nil {
			return nil, err
		}
		for {
			pg, err := p.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, err
			}
			v := pg.FromValue
			for k := pg.From; k < pg.Levels; k++ {
				l := level{def: leaf.MaxDef}
				if pg.Rep != nil {
					l.rep = int(pg.Rep[k])
				}
				if pg.Def != nil {
					l.def = int(pg.Def[k])
				}
				if l.def == leaf.MaxDef {
					l.value, err = valueOf(leaf, pg, v)
					if err != nil {
						return nil, err
					}
					v++
				}
				col = append(col, l)
			}
		}
		out = append(out, col)
	}
}

// leafAt returns the file's leaf of index i.
func leafAt(f *parquet.File, i int) (parquet.Leaf, bool) {
	return f.LeafIndex(i)
}

func valueOf(leaf parquet.Leaf, pg *parquet.Page, v int) (string, error) {
	if pg.Index != nil {
		if v >= len(pg.Index) {
			return "", errors.New("fewer values than levels")
		}
		k := int(pg.Index[v])
		d := pg.Dict
		switch leaf.Type {
		case parquet.Boolean:
			return fmt.Sprint(d.Bool[k]), nil
		case parquet.Int32:
			return fmt.Sprint(d.Int32[k]), nil
		case parquet.Int64:
			return fmt.Sprint(d.Int64[k]), nil
		}
		return "b:" + string(d.Bytes.At(k)), nil
	}
	switch {
	case leaf.Type == parquet.Boolean && v < len(pg.Bool):
		return fmt.Sprint(pg.Bool[v]), nil
	case leaf.Type == parquet.Int32 && v < len(pg.Int32):
		return fmt.Sprint(pg.Int32[v]), nil
	case leaf.Type == parquet.Int64 && v < len(pg.Int64):
		return fmt.Sprint(pg.Int64[v]), nil
	case leaf.Type == parquet.ByteArray && v < pg.Bytes.Len():
		return "b:" + string(pg.Bytes.At(v)), nil
	}
	return "", errors.New("fewer values than levels")
}

// compare checks that both readers read the same from data, from the
// first row and from others.
func compare(t *testing.T, data []byte, rows int64) {
	t.Helper()
	for _, first := range []int64{0, 1, rows / 3, rows / 2, rows - 1, rows} {
		if first < 0 || first > rows {
			continue
		}
		want := theirs(t, data, first)
		got, err := ours(data, first)
		if err != nil {
			t.Fatalf("from row %d: %v", first, err)
		}
		if len(got) != len(want) {
			t.Fatalf("from row %d: %d leaves, parquet-go %d", first, len(got), len(want))
		}
		for i := range want {
			if len(want[i]) == 0 && len(got[i]) == 0 {
				continue
			}
			if !slices.Equal(got[i], want[i]) {
				n := 0
				for n < min(len(got[i]), len(want[i])) && got[i][n] == want[i][n] {
					n++
				}
				t.Fatalf("from row %d, leaf %d: %d levels, parquet-go %d; the first difference at %d", first, i, len(got[i]), len(want[i]), n)
			}
		}
	}
}

// written is what TestWriter writes: a column of every kind.
type written struct {
	Box   string
	Key   string
	N     int32
	S     int32
	P     bool
	X     int8
	Plain int32
	Text  string
	List  []int8
}

var writtenColumns = []parquet.Column{
	{Name: "box", Type: parquet.ByteArray, String: true, Encoding: parquet.Dictionary},
	{Name: "key", Type: parquet.ByteArray, String: true, Encoding: parquet.Delta},
	{Name: "n", Type: parquet.Int32, Encoding: parquet.Dictionary},
	{Name: "s", Type: parquet.Int32, Encoding: parquet.Delta},
	{Name: "p", Type: parquet.Boolean},
	{Name: "x", Type: parquet.Int32, Int8: true, Encoding: parquet.Dictionary},
	{Name: "plain", Type: parquet.Int32},
	{Name: "text", Type: parquet.ByteArray},
	{Name: "list", Type: parquet.Int32, Int8: true, List: true, Encoding: parquet.Dictionary},
}

func randomRows(rng *rand.Rand, n, distinct int) []written {
	rows := make([]written, n)
	key := []byte("0")
	for i := range rows {
		// Keys sorted, sharing prefixes of any length.
		key = append(key[:rng.IntN(len(key))+1], byte('0'+rng.IntN(2)), byte('0'+rng.IntN(2)))
		r := written{Box: "3x3x3", Key: string(key), N: int32(rng.IntN(distinct)) - int32(distinct/3), S: int32(rng.Uint32()),
			P: rng.IntN(3) == 0, X: int8(rng.IntN(256) - 128), Plain: int32(rng.Uint32()), Text: strings.Repeat("ab", rng.IntN(5))}
		if i%50 == 7 {
			r.Box = "2x2x2"
		}
		for range rng.IntN(40) {
			r.List = append(r.List, int8(rng.IntN(6)))
		}
		rows[i] = r
	}
	return rows
}

func write(t testing.TB, rows []written, o parquet.WriterOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, writtenColumns, o)
	for _, r := range rows {
		w.String(0, r.Box)
		w.String(1, r.Key)
		w.Int32(2, r.N)
		w.Int32(3, r.S)
		w.Bool(4, r.P)
		w.Int32(5, int32(r.X))
		w.Int32(6, r.Plain)
		w.String(7, r.Text)
		w.Int8s(8, r.List)
		if err := w.EndRow(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestWriter: what the Writer writes, parquet-go reads as this package
// does, value for value, from any row; with row groups and pages of one
// row and many, a dictionary that outgrows its bound, empty lists.
func TestWriter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		rows, distinct int
		o              parquet.WriterOptions
	}{
		{0, 1, parquet.WriterOptions{}},
		{1, 1, parquet.WriterOptions{}},
		{500, 10, parquet.WriterOptions{RowGroupRows: 1, PageRows: 1}},
		{3000, 100, parquet.WriterOptions{RowGroupRows: 1000, PageRows: 77}},
		{3000, 100, parquet.WriterOptions{}},
		{70000, 1 << 20, parquet.WriterOptions{RowGroupRows: 69000, PageRows: 4096}},
	} {
		t.Run(fmt.Sprintf("%d rows, %+v", c.rows, c.o), func(t *testing.T) {
			rows := randomRows(rng, c.rows, c.distinct)
			data := write(t, rows, c.o)
			compare(t, data, int64(c.rows))
			got, err := pq.Read[struct {
				Box string `parquet:"box"`
				Key string `parquet:"key"`
				N   int32  `parquet:"n"`
				S   int32  `parquet:"s"`
				P   bool   `parquet:"p"`
				X   int8   `parquet:"x"`
			}](bytes.NewReader(data), int64(len(data)))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(rows) {
				t.Fatalf("parquet-go reads %d rows, want %d", len(got), len(rows))
			}
			for i, g := range got {
				r := rows[i]
				if g.Box != r.Box || g.Key != r.Key || g.N != r.N || g.S != r.S || g.P != r.P || g.X != r.X {
					t.Fatalf("row %d: parquet-go reads %+v, want %+v", i, g, r)
				}
			}
			checkStatistics(t, data)
			// The same rows, the same bytes.
			if again := write(t, rows, c.o); !bytes.Equal(again, data) {
				t.Fatal("the same rows written twice differ")
			}
		})
	}
}

// foreign is a row as other programs write one: optional columns,
// 64-bit integers, a list of optional elements.
type foreign struct {
	Box   *string  `parquet:"box,optional"`
	Key   string   `parquet:"key"`
	N     *int64   `parquet:"n,optional"`
	I     int32    `parquet:"i"`
	P     *bool    `parquet:"p,optional"`
	Moves []*int64 `parquet:"moves,list,optional"`
}

type foreignDict struct {
	Box   string  `parquet:"box,dict"`
	Key   string  `parquet:"key,delta"`
	N     int64   `parquet:"n,dict"`
	I     int32   `parquet:"i,delta"`
	P     bool    `parquet:"p"`
	Moves []int32 `parquet:"moves,list" parquet-element:",dict"`
}

type foreignLength struct {
	Key   string  `parquet:"key,plain"`
	S     int64   `parquet:"s,split"`
	N     int64   `parquet:"n,delta"`
	Moves []int64 `parquet:"moves,list" parquet-element:",delta"`
}

func writeForeign[T any](t testing.TB, rows []T, opts ...pq.WriterOption) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := pq.NewGenericWriter[T](&buf, opts...)
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestForeign: files parquet-go writes, with every codec this package
// reads, data pages of both versions, optional columns with nulls,
// dictionaries, deltas and plain values, this package reads as
// parquet-go does, from any row.
func TestForeign(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 2500
	a, b, c := make([]foreign, n), make([]foreignDict, n), make([]foreignLength, n)
	for i := range n {
		s := fmt.Sprintf("%x", rng.IntN(1000))
		k := int64(rng.IntN(20))
		p := rng.IntN(2) == 0
		a[i] = foreign{Key: fmt.Sprintf("%05d", i), I: int32(i)}
		if i%3 != 0 {
			a[i].Box, a[i].N = &s, &k
		}
		if i%4 != 0 {
			a[i].P = &p
		}
		b[i] = foreignDict{Box: s[:1], Key: fmt.Sprintf("%05d", i), N: k, I: int32(rng.Uint32()), P: p}
		c[i] = foreignLength{Key: s, N: rng.Int64(), S: rng.Int64()}
		for m := range rng.IntN(30) {
			v := int64(rng.IntN(6))
			if m == 3 && i%5 == 0 {
				a[i].Moves = append(a[i].Moves, nil)
			} else {
				a[i].Moves = append(a[i].Moves, &v)
			}
			b[i].Moves = append(b[i].Moves, int32(v))
			c[i].Moves = append(c[i].Moves, rng.Int64())
		}
	}
	for _, codec := range []struct {
		name string
		opt  pq.WriterOption
	}{{"none", pq.Compression(&pq.Uncompressed)}, {"snappy", pq.Compression(&pq.Snappy)}, {"gzip", pq.Compression(&pq.Gzip)}, {"zstd", pq.Compression(&pq.Zstd)}} {
		for _, version := range []int{1, 2} {
			opts := []pq.WriterOption{codec.opt, pq.DataPageVersion(version), pq.PageBufferSize(2048), pq.MaxRowsPerRowGroup(1000)}
			t.Run(fmt.Sprintf("%s, v%d", codec.name, version), func(t *testing.T) {
				compare(t, writeForeign(t, a, opts...), n)
				compare(t, writeForeign(t, b, opts...), n)
				compare(t, writeForeign(t, c, opts...), n)
			})
		}
	}
}

// FuzzRead damages files this package and parquet-go write and reads
// every leaf of them: an error or values, never a panic.
func FuzzRead(f *testing.F) {
	rows := randomRows(rand.New(rand.NewPCG(5, 6)), 300, 20)
	var other []foreign
	for i := range 300 {
		s, n, p := fmt.Sprint(i%7), int64(i), i%2 == 0
		m := []*int64{&n, nil, &n}
		other = append(other, foreign{Box: &s, Key: fmt.Sprintf("%04d", i), N: &n, I: int32(i), P: &p, Moves: m[:i%4]})
	}
	files := [][]byte{
		write(f, rows, parquet.WriterOptions{RowGroupRows: 100, PageRows: 33}),
		writeForeign(f, other, pq.Compression(&pq.Snappy), pq.DataPageVersion(2), pq.PageBufferSize(512), pq.MaxRowsPerRowGroup(120)),
		writeForeign(f, other, pq.Compression(&pq.Gzip), pq.DataPageVersion(1), pq.PageBufferSize(512)),
	}
	for k := range files {
		f.Add(uint8(k), uint32(len(files[k])/2), []byte{0xff, 0x7f}, uint32(1<<31), uint16(0))
		f.Add(uint8(k), uint32(len(files[k])-20), []byte{0x11}, uint32(1<<31), uint16(150))
	}
	f.Fuzz(func(t *testing.T, which uint8, at uint32, patch []byte, cut uint32, first uint16) {
		data := bytes.Clone(files[int(which)%len(files)])
		copy(data[int(at)%len(data):], patch)
		data = data[:int(cut)%(len(data)+1)]
		var pe *parquet.Error
		if _, err := ours(data, int64(first)); err != nil && !errors.As(err, &pe) {
			t.Fatalf("%T %v, want a *parquet.Error", err, err)
		}
	})
}

// checkStatistics checks, through parquet-go, that each row group states
// the least and greatest value of each column of integers or strings.
func checkStatistics(t *testing.T, data []byte) {
	t.Helper()
	f, err := pq.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for g, rg := range f.RowGroups() {
		for c, cc := range rg.ColumnChunks() {
			kind := cc.Type().Kind()
			if kind != pq.Int32 && kind != pq.ByteArray {
				continue
			}
			var lo, hi pq.Value
			seen := false
			pages := cc.Pages()
			for {
				p, err := pages.ReadPage()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				vals := make([]pq.Value, p.NumValues())
				n, _ := p.Values().ReadValues(vals)
				for _, v := range vals[:n] {
					if v.IsNull() {
						continue
					}
					if !seen || cc.Type().Compare(v, lo) < 0 {
						lo = v.Clone()
					}
					if !seen || cc.Type().Compare(v, hi) > 0 {
						hi = v.Clone()
					}
					seen = true
				}
			}
			pages.Close()
			st := f.Metadata().RowGroups[g].Columns[c].MetaData.Statistics
			if !seen {
				continue
			}
			gotLo, gotHi := cc.Type().Kind().Value(st.MinValue), cc.Type().Kind().Value(st.MaxValue)
			if cc.Type().Compare(gotLo, lo) != 0 || cc.Type().Compare(gotHi, hi) != 0 {
				t.Fatalf("row group %d, column %d: statistics %v to %v, values %v to %v", g, c, gotLo, gotHi, lo, hi)
			}
		}
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r *bytes.Reader
	n int64
}

func (c *countingReader) ReadAt(b []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(b, off)
	c.n += int64(n)
	return n, err
}

// TestSeek: reading a column from a row near the end of a row group
// reads the page that holds it, by the offset index, not the pages
// before it.
func TestSeek(t *testing.T) {
	rows := randomRows(rand.New(rand.NewPCG(7, 8)), 40000, 50)
	data := write(t, rows, parquet.WriterOptions{PageRows: 1000})
	cr := &countingReader{r: bytes.NewReader(data)}
	f, err := parquet.Open(cr, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	leaf, _ := f.LeafAt("list", "list", "element")
	footer := cr.n
	p, err := f.Pages(leaf, 39500)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := p.Next()
	if err != nil {
		t.Fatal(err)
	}
	// The row's list, as written.
	var got []int8
	v := pg.FromValue
	for i := pg.From; i < pg.Levels && (i == pg.From || pg.Rep[i] != 0); i++ {
		if pg.Def == nil || pg.Def[i] == 1 {
			got = append(got, int8(pg.Dict.Int32[pg.Index[v]]))
			v++
		}
	}
	if !slices.Equal(got, rows[39500].List) {
		t.Fatalf("row 39,500's list reads %v, want %v", got, rows[39500].List)
	}
	if read := cr.n - footer; read > int64(len(data))/10 {
		t.Errorf("seeking row 39,500 of 40,000 read %d bytes of a file of %d", read, len(data))
	}
}
