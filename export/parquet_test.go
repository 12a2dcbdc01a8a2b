package export

import (
	"bytes"
	"fmt"
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
		if rows+perSnake >= rowGroupRows+perSnake && reached < 0 {
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
		t.Errorf("once %d rows were given, %d bytes had been written; the first row group alone has %d", rowGroupRows+perSnake, reached, first)
	}
	t.Logf("the first row group: %d bytes; written when the rows of the second began: %d", first, reached)
}
