package export

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestParquetStreams: a Parquet catalogue is written as it comes, a row
// group at a time: once a row group's rows and a batch more are given,
// the group's bytes have reached the destination, all but what the
// output buffer holds, and the file's groups have rowGroupRows rows. So
// the writer's memory is a row group's, whatever the catalogue's size.
func TestParquetStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("writes two row groups, two million rows")
	}
	c := catalogue(t, "2x3x4")
	var pool [][]symmetry.Dir // solutions of the box, written under made-up keys
	for _, s := range c.Snakes {
		pool = append(pool, s.Solutions...)
	}
	var out bytes.Buffer
	w := NewWriter(&out, c.Box, Options{Format: FormatParquet})
	const perSnake = 8
	reached := -1 // the bytes written once a row group and a batch are given
	for rows := 0; rows < 2*rowGroupRows+1; rows += perSnake {
		seq, err := solver.ParseSeq(fmt.Sprintf("0%0*b0", c.Box.Len()-2, rows/perSnake))
		if err != nil {
			t.Fatal(err)
		}
		sols := make([][]symmetry.Dir, perSnake)
		for k := range sols {
			sols[k] = pool[(rows+k)%len(pool)]
		}
		if err := w.Write(solver.Snake{Seq: seq, Solutions: sols}); err != nil {
			t.Fatal(err)
		}
		if rows+perSnake >= rowGroupRows+writeBatch && reached < 0 {
			reached = out.Len()
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := parquet.OpenFile(bytes.NewReader(out.Bytes()), int64(out.Len()))
	if err != nil {
		t.Fatal(err)
	}
	groups := f.RowGroups()
	if len(groups) != 3 || groups[0].NumRows() != rowGroupRows || groups[1].NumRows() != rowGroupRows {
		t.Fatalf("%d row groups, the first of %d rows; want 3, of %d rows but the last", len(groups), groups[0].NumRows(), rowGroupRows)
	}
	first := f.Metadata().RowGroups[0].TotalCompressedSize
	if int64(reached) < first-bufSize {
		t.Errorf("once %d rows were given, %d bytes had been written; the first row group alone has %d", rowGroupRows+writeBatch, reached, first)
	}
	t.Logf("the first row group: %d bytes; written when the rows of the second began: %d", first, reached)
}

// repeatedRows returns a Parquet catalogue of the 2x2x3 box whose rows are
// n copies of the first row of its catalogue, each stating stated
// solutions, in one row group: a snake listed n times over.
func repeatedRows(t *testing.T, n int, stated int32) (data []byte, key string) {
	t.Helper()
	cat := encode(t, catalogue(t, "2x2x3"), Options{Format: FormatParquet})
	rows, err := parquet.Read[solutionRow](bytes.NewReader(cat), int64(len(cat)))
	if err != nil {
		t.Fatal(err)
	}
	row := rows[0]
	row.Solutions = stated
	batch := make([]solutionRow, min(n, writeBatch))
	for i := range batch {
		batch[i] = row
	}
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[solutionRow](&buf, parquet.MaxRowsPerRowGroup(int64(n+1)), parquet.KeyValueMetadata(BoxKey, "2x2x3"))
	for left := n; left > 0; left -= len(batch) {
		batch = batch[:min(left, len(batch))]
		if _, err := w.Write(batch); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), row.Key
}

// readRows reads every entry r reads, and returns the number of rows or
// solutions read and the error that ended the reading, nil at the end.
func readRows(r *Reader) (int, error) {
	n := 0
	for {
		e, err := r.Next()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n += e.Count
	}
}

// TestSnakeRowsBounded: a snake's rows stop at the solutions its first
// row states, or at the most a snake may have, whether the solutions are
// read or only the keys, and the rows past the bound are not held: a
// file of a hundred thousand rows of one snake that states one solution
// is an error at its second row, read in a few megabytes.
func TestSnakeRowsBounded(t *testing.T) {
	const n = 100_000
	data, key := repeatedRows(t, n, 1)
	for _, keysOnly := range []bool{false, true} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r := NewReader(bytes.NewReader(data))
		if keysOnly {
			r = NewKeyReader(bytes.NewReader(data))
		}
		_, err := readRows(r)
		runtime.ReadMemStats(&after)
		want := fmt.Sprintf("row 2: snake %s has more rows than the 1 solution its first row, row 1, states", key)
		if err == nil || err.Error() != want {
			t.Errorf("keys only %t: %d rows of one snake stating 1 solution: %v; want %q", keysOnly, n, err, want)
		}
		// Held, the rows take some 200 bytes each, 20 MB, and more
		// allocated as their slice grows; the bound's reader reads a
		// batch of rows.
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
			t.Errorf("keys only %t: reading %d rows of one snake allocated %d MB", keysOnly, n, alloc>>20)
		}
	}

	// As many rows as the first states: no error here (a reader of the
	// catalogue checks them).
	data, _ = repeatedRows(t, 5, 5)
	for _, r := range []*Reader{NewReader(bytes.NewReader(data)), NewKeyReader(bytes.NewReader(data))} {
		if got, err := readRows(r); got != 5 || err != nil {
			t.Errorf("5 rows stating 5 solutions: read %d, %v; want 5 rows, no error", got, err)
		}
	}

	// The most rows a snake may have, lowered.
	defer func(m int) { maxSnakeRows = m }(maxSnakeRows)
	maxSnakeRows = 3
	data, key = repeatedRows(t, 10, 100)
	for _, r := range []*Reader{NewReader(bytes.NewReader(data)), NewKeyReader(bytes.NewReader(data))} {
		_, err := readRows(r)
		want := fmt.Sprintf("row 4: snake %s has more than 3 rows, the most solutions a snake may have", key)
		if err == nil || err.Error() != want {
			t.Errorf("10 rows of a snake stating 100 solutions, 3 at most: %v; want %q", err, want)
		}
	}

	// In JSON and JSONL, the most solutions an entry may list: the
	// 2x2x3 box's second snake has two. The entries read the fast way,
	// as the writers write them, and by the decoder, on one line.
	maxSnakeRows = 1
	for _, f := range []Format{FormatJSON, FormatJSONL} {
		text := encode(t, catalogue(t, "2x2x3"), Options{Format: f})
		for _, in := range [][]byte{text, bytes.ReplaceAll(text, []byte("\n"), []byte(" "))} {
			if f == FormatJSONL && in[len(in)-1] == ' ' {
				continue // JSONL takes a line per entry
			}
			_, err := readRows(NewReader(bytes.NewReader(in)))
			var se *SyntaxError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), "an entry of more than 1 solutions") {
				t.Errorf("%v, %d lines: %v; want an entry of too many solutions", f, bytes.Count(in, []byte("\n")), err)
			}
		}
	}
}
