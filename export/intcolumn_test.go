package export

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/snakecube/snakecube/symmetry"
)

// optionalRow is a row of a catalogue as another program may write it:
// every column optional and of 64 bits, the moves' elements too, and
// none of them in a dictionary.
type optionalRow struct {
	Box        *string  `parquet:"box,optional"`
	Key        *string  `parquet:"key,optional"`
	Solutions  *int64   `parquet:"solutions,optional"`
	Straights  *int64   `parquet:"straights,optional"`
	Palindrome *bool    `parquet:"palindrome,optional"`
	Solution   *int64   `parquet:"solution,optional"`
	StartX     *int64   `parquet:"start_x,optional"`
	StartY     *int64   `parquet:"start_y,optional"`
	StartZ     *int64   `parquet:"start_z,optional"`
	Direction  []*int64 `parquet:"direction,list,optional"`
}

// catalogueRows returns the rows of the catalogue of the box size names,
// each solution's row repeated after it when twice is set, so that a
// snake lists it twice (and states twice its solutions), across a row
// group's end too.
func catalogueRows(t testing.TB, size string, twice bool) []solutionRow {
	t.Helper()
	b, _ := symmetry.ParseBox(size)
	var rows []solutionRow
	r := NewReader(bytes.NewReader(encode(t, catalogue(t, size), Options{Format: FormatParquet})))
	for {
		e, err := r.Next()
		if err == io.EOF {
			return rows
		}
		if err != nil {
			t.Fatal(err)
		}
		k := 1
		if twice {
			k = 2
		}
		for i, s := range e.Solutions {
			row := solutionRow{Box: b.String(), Key: e.Key, Solutions: int32(k * s.Row.Solutions), Straights: int32(s.Row.Straights),
				Palindrome: s.Row.Palindrome, Solution: int32(k*i + 1), StartX: int8(s.StartPos[0]), StartY: int8(s.StartPos[1]), StartZ: int8(s.StartPos[2])}
			for _, d := range s.Direction {
				row.Direction = append(row.Direction, int8(d))
			}
			rows = append(rows, row)
			if twice {
				row.Solution++
				rows = append(rows, row)
			}
		}
	}
}

// optional returns rows as optionalRows, with a null for every value
// where nulls is set: the first row's move 3, the second's start_y.
func optional(rows []solutionRow, nulls bool) []optionalRow {
	out := make([]optionalRow, len(rows))
	for i, r := range rows {
		i64 := func(v int) *int64 { n := int64(v); return &n }
		o := optionalRow{Box: &r.Box, Key: &r.Key, Solutions: i64(int(r.Solutions)), Straights: i64(int(r.Straights)),
			Palindrome: &r.Palindrome, Solution: i64(int(r.Solution)), StartX: i64(int(r.StartX)), StartY: i64(int(r.StartY)), StartZ: i64(int(r.StartZ))}
		for _, d := range r.Direction {
			o.Direction = append(o.Direction, i64(int(d)))
		}
		if nulls && i == 0 {
			o.Direction[2] = nil
		}
		if nulls && i == 1 {
			o.StartY = nil
		}
		out[i] = o
	}
	return out
}

// writeParquet writes rows as a Parquet file of row groups of groupRows
// rows and pages of about pageBytes bytes.
func writeParquet[T any](t testing.TB, rows []T, groupRows int64, pageBytes int) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[T](&buf, parquet.MaxRowsPerRowGroup(groupRows), parquet.PageBufferSize(pageBytes))
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// readIntEntries reads every entry of data with the package's reader or,
// with plain, with parquet-go's (oracleEntries); it returns the entries
// read before the first error, and the error.
func readIntEntries(data []byte, plain bool) ([]Entry, error) {
	if plain {
		return oracleEntries(data)
	}
	r := NewReader(bytes.NewReader(data))
	var out []Entry
	for range len(data) + 2 {
		e, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, e)
	}
	return out, errors.New("more entries than bytes")
}

// TestIntColumnPlain reads catalogues with the package's reader and with
// parquet-go's, and finds the same entries: an empty
// file; one row group and many, with pages of a few rows and snakes
// across their ends; a solution listed twice, across a row group's end
// too; optional 64-bit columns, with nulls and without; a file cut off
// at its last row.
func TestIntColumnPlain(t *testing.T) {
	rows := catalogueRows(t, "2x2x3", false)
	twice := catalogueRows(t, "2x2x3", true)
	files := map[string][]byte{
		"empty":                         writeParquet(t, []solutionRow{}, 1<<20, 1<<20),
		"one row":                       writeParquet(t, rows[:1], 1<<20, 1<<20),
		"one row group":                 writeParquet(t, rows, 1<<20, 1<<20),
		"row groups of 7, small pages":  writeParquet(t, rows, 7, 64),
		"row groups of 1":               writeParquet(t, rows[:40], 1, 1<<20),
		"listed twice":                  writeParquet(t, twice, 1<<20, 1<<20),
		"listed twice, row groups of 3": writeParquet(t, twice, 3, 100),
		"optional":                      writeParquet(t, optional(rows, false), 5, 200),
		"optional, nulls":               writeParquet(t, optional(rows, true), 5, 200),
	}
	files["ours"] = encode(t, catalogue(t, "2x2x3"), Options{Format: FormatParquet})
	for name, data := range files {
		t.Run(name, func(t *testing.T) {
			got, err := readIntEntries(data, false)
			want, werr := readIntEntries(data, true)
			if err != nil || werr != nil {
				t.Fatalf("read by the package: %v; by parquet-go: %v", err, werr)
			}
			if len(data) > 0 && name != "empty" && len(got) == 0 {
				t.Fatal("no entry read")
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("the package reads %d entries, which differ from parquet-go's %d", len(got), len(want))
			}
		})
	}
	// The whole catalogue's rows, its last row being what ends the last
	// snake, against the rows read one at a time.
	data := files["row groups of 7, small pages"]
	all, err := readIntEntries(data, false)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range all {
		for i, s := range e.Solutions {
			r := rows[n]
			if e.Key != r.Key || s.Row.Solution != i+1 || s.Row.Solution != int(r.Solution) || fmt.Sprint(s.StartPos) != fmt.Sprint([]int{int(r.StartX), int(r.StartY), int(r.StartZ)}) || len(s.Direction) != len(r.Direction) {
				t.Fatalf("row %d: %s %+v, want %+v", n+1, e.Key, s, r)
			}
			n++
		}
	}
	if n != len(rows) {
		t.Fatalf("%d rows read, want %d", n, len(rows))
	}
}

// FuzzIntColumn damages Parquet catalogues of small row groups and pages
// and reads them with the package's reader and with parquet-go's: the
// entries both read before an error are the same, and when neither
// fails, all of them.
func FuzzIntColumn(f *testing.F) {
	rows := catalogueRows(f, "2x2x3", true)
	files := [][]byte{
		writeParquet(f, rows, 7, 64),
		writeParquet(f, optional(rows[:60], true), 5, 200),
		encode(f, catalogue(f, "2x2x2"), Options{Format: FormatParquet}),
	}
	for k := range files {
		f.Add(uint8(k), uint32(0), []byte{}, uint32(1<<31))
		f.Add(uint8(k), uint32(len(files[k])/2), []byte{0xff, 0x7f}, uint32(1<<31))
		f.Add(uint8(k), uint32(len(files[k])/3), []byte{0x11}, uint32(1<<31))
	}
	f.Fuzz(func(t *testing.T, which uint8, at uint32, patch []byte, cut uint32) {
		data := bytes.Clone(files[int(which)%len(files)])
		copy(data[int(at)%len(data):], patch)
		data = data[:int(cut)%(len(data)+1)]
		got, err := readIntEntries(data, false)
		want, werr := readIntEntries(data, true)
		n := min(len(got), len(want))
		if n > 0 && !reflect.DeepEqual(got[:n], want[:n]) {
			t.Fatalf("the first %d entries differ: the package %v, parquet-go %v", n, err, werr)
		}
		if err == nil && werr == nil && len(got) != len(want) {
			t.Fatalf("the package reads %d entries, parquet-go %d", len(got), len(want))
		}
		var se *SyntaxError
		if err != nil && !errors.As(err, &se) {
			t.Fatalf("the package: %T %v, want a *SyntaxError", err, err)
		}
	})
}
