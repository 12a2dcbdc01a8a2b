package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
)

// ourRow is a row of our Parquet catalogue, read as another program
// would.
type ourRow = catalogtest.Row

// foreignRow is a row as another program may write it: its columns in
// another order, wider integers, optional values (as DuckDB writes every
// column), and a column of its own.
type foreignRow struct {
	Note       string  `parquet:"note"`
	Direction  []int64 `parquet:"direction,list"`
	Key        *string `parquet:"key,optional"`
	Solution   int64   `parquet:"solution"`
	Box        *string `parquet:"box,optional"`
	Solutions  int64   `parquet:"solutions"`
	Straights  *int64  `parquet:"straights,optional"`
	Palindrome bool    `parquet:"palindrome"`
	StartX     int32   `parquet:"start_x"`
	StartY     int32   `parquet:"start_y"`
	StartZ     int32   `parquet:"start_z"`
}

// rowsOf reads the rows of our Parquet catalogue of the box size names.
func rowsOf(t *testing.T, size string) []ourRow { return catalogtest.Rows(t, size) }

// writeRows writes rows as a Parquet file with no metadata of ours.
func writeRows[T any](t *testing.T, rows []T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := parquet.Write(&buf, rows); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// problems reads data through a Reader and returns every problem, a
// solution listed twice included, as verify reports them, or the error
// that stopped it.
func problems(data []byte, opts Options) ([]string, error) {
	var out []string
	err := eachSnake(NewReader(bytes.NewReader(data), opts), func(s *Snake) {
		for _, p := range s.Problems {
			out = append(out, ProblemOf(s, -1, p).Error())
		}
		for i, sol := range s.Solutions {
			switch {
			case sol.Err != nil:
				out = append(out, ProblemOf(s, i, sol.Err).Error())
			case sol.Same >= 0:
				out = append(out, fmt.Sprintf("%s solution %d: the same as solution %d", s.Text, i+1, sol.Same+1))
			}
		}
	})
	return out, err
}

// TestParquetForeign: a catalogue another program wrote from ours, with
// its columns reordered, widened, optional, and one more, reads as ours;
// the box comes from its rows when its metadata does not state it.
func TestParquetForeign(t *testing.T) {
	rows := rowsOf(t, "2x2x3")
	var foreign []foreignRow
	for _, r := range rows {
		key, box, straights := r.Key, r.Box, int64(r.Straights)
		f := foreignRow{Note: "from elsewhere", Key: &key, Box: &box, Solution: int64(r.Solution), Solutions: int64(r.Solutions),
			Straights: &straights, Palindrome: r.Palindrome, StartX: int32(r.StartX), StartY: int32(r.StartY), StartZ: int32(r.StartZ)}
		for _, d := range r.Direction {
			f.Direction = append(f.Direction, int64(d))
		}
		foreign = append(foreign, f)
	}
	data := writeRows(t, foreign)
	want, wantForms, err := read(catalogtest.File(t, "2x2x3", export.FormatJSON), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, forms, err := read(data, Options{})
	if err != nil {
		t.Fatalf("reading a foreign Parquet catalogue: %v", err)
	}
	if len(got) != len(want) || len(forms) != len(wantForms) {
		t.Fatalf("read %d snakes of a foreign Parquet catalogue, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i].Key != want[i].Key || got[i].Solutions != want[i].Solutions || !bytes.Equal(bytes.Join(forms[i], nil), bytes.Join(wantForms[i], nil)) {
			t.Fatalf("snake %d: %v, want %v", i, got[i], want[i])
		}
	}
	// Converted, it is our file again, byte for byte.
	var out bytes.Buffer
	if _, err := Convert(context.Background(), &out, bytes.NewReader(data), Options{}, export.Options{Format: export.FormatParquet}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), catalogtest.File(t, "2x2x3", export.FormatParquet)) {
		t.Error("a foreign Parquet catalogue converted to Parquet is not the bytes enumerate writes")
	}
}

// TestParquetRows: what a row states besides its solution is checked as
// strictly as the solution: each wrong figure once for its snake, each
// misnumbered row as a problem with its solution.
func TestParquetRows(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(rows []ourRow)
		want   []string
	}{
		// Rows 3 and 4 are the two solutions of 001111011110.
		{"sound", func([]ourRow) {}, nil},
		{"box", func(rows []ourRow) { rows[4].Box = "2x3x2" }, []string{`001111011110: row 2 states the box "2x3x2", not 2x2x3`}},
		{"solutions", func(rows []ourRow) { rows[3].Solutions, rows[4].Solutions = 3, 3 }, []string{"001111011110: row 1 states 3 solutions, the file lists 2"}},
		{"straights", func(rows []ourRow) { rows[4].Straights = 1 }, []string{"001111011110: row 2 states 1 straights, the snake has 2"}},
		{"palindrome", func(rows []ourRow) { rows[3].Palindrome = true }, []string{"001111011110: row 1 states palindrome true, the snake is not one"}},
		{"numbered", func(rows []ourRow) { rows[3].Solution, rows[4].Solution = 2, 1 }, []string{
			"001111011110 solution 1: numbered 2, but is row 1 of the snake's rows",
			"001111011110 solution 2: numbered 1, but is row 2 of the snake's rows",
		}},
		{"moves", func(rows []ourRow) { rows[0].Direction[0] = -rows[0].Direction[0] }, []string{"001101101100 solution 1: direction: move 1 (-z) leaves the box at cubelet 2"}},
		{"start", func(rows []ourRow) { rows[0].StartZ = 5 }, []string{"001101101100 solution 1: startPos [0 0 5] is not a cell of the 2x2x3 box"}},
		// Rows moved: a snake's rows apart, or one row twice.
		{"apart", func(rows []ourRow) { rows[4], rows[5] = rows[5], rows[4] }, []string{
			"001111011110: row 1 states 2 solutions, the file lists 1",
			"001111011110: follows 001111110110: keys must ascend",
			"001111011110: row 1 states 2 solutions, the file lists 1",
			"001111011110 solution 1: numbered 2, but is row 1 of the snake's rows",
		}},
		{"twice", func(rows []ourRow) {
			rows[1] = rows[0]
			rows[0].Solutions, rows[1].Solutions, rows[1].Solution = 2, 2, 2
		}, []string{"001101101100 solution 2: the same as solution 1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := rowsOf(t, "2x2x3")
			tc.change(rows)
			got, err := problems(writeRows(t, rows), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestParquetSchema: a Parquet file without a catalogue's columns, or
// with columns of the wrong kind, is no catalogue, and says why.
func TestParquetSchema(t *testing.T) {
	type noStart struct {
		Box, Key                       string
		Solutions, Straights, Solution int32
		Palindrome                     bool
		Direction                      []int8 `parquet:",list"`
	}
	type textMoves struct {
		Box        string `parquet:"box"`
		Key        string `parquet:"key"`
		Solutions  int32  `parquet:"solutions"`
		Straights  int32  `parquet:"straights"`
		Palindrome bool   `parquet:"palindrome"`
		Solution   int32  `parquet:"solution"`
		StartX     int32  `parquet:"start_x"`
		StartY     int32  `parquet:"start_y"`
		StartZ     int32  `parquet:"start_z"`
		Direction  string `parquet:"direction"`
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"no start", writeRows(t, []noStart{{Key: "01111110"}}), "the Parquet file has no column "},
		{"moves as text", writeRows(t, []textMoves{{Key: "01111110"}}), "column direction holds BYTE_ARRAY values, want a list of"},
	} {
		_, err := problems(tc.data, Options{})
		var se *export.SyntaxError
		if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v, want a *SyntaxError saying %q", tc.name, err, tc.want)
		}
	}
}
