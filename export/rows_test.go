package export_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
)

// readRows reads every entry r reads, and returns the number of rows or
// solutions read and the error that ended the reading, nil at the end.
func readRows(r *export.Reader) (int, error) {
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
	data, key := catalogtest.Repeated(t, "2x2x3", n, 1), catalogtest.Rows(t, "2x2x3")[0].Key
	for _, keysOnly := range []bool{false, true} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r := export.NewReader(bytes.NewReader(data))
		if keysOnly {
			r = export.NewKeyReader(bytes.NewReader(data))
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
	data = catalogtest.Repeated(t, "2x2x3", 5, 5)
	for _, r := range []*export.Reader{export.NewReader(bytes.NewReader(data)), export.NewKeyReader(bytes.NewReader(data))} {
		if got, err := readRows(r); got != 5 || err != nil {
			t.Errorf("5 rows stating 5 solutions: read %d, %v; want 5 rows, no error", got, err)
		}
	}

	// The most rows a snake may have, lowered.
	defer export.SetMaxSnakeRows(3)()
	data = catalogtest.Repeated(t, "2x2x3", 10, 100)
	for _, r := range []*export.Reader{export.NewReader(bytes.NewReader(data)), export.NewKeyReader(bytes.NewReader(data))} {
		_, err := readRows(r)
		want := fmt.Sprintf("row 4: snake %s has more than 3 rows, the most solutions a snake may have", key)
		if err == nil || err.Error() != want {
			t.Errorf("10 rows of a snake stating 100 solutions, 3 at most: %v; want %q", err, want)
		}
	}

	// In JSON and JSONL, the most solutions an entry may list: the
	// 2x2x3 box's second snake has two. The entries read the fast way,
	// as the writers write them, and by the decoder, on one line.
	defer export.SetMaxSnakeRows(1)()
	for _, f := range []export.Format{export.FormatJSON, export.FormatJSONL} {
		text := catalogtest.File(t, "2x2x3", f)
		for _, in := range [][]byte{text, bytes.ReplaceAll(text, []byte("\n"), []byte(" "))} {
			if f == export.FormatJSONL && in[len(in)-1] == ' ' {
				continue // JSONL takes a line per entry
			}
			_, err := readRows(export.NewReader(bytes.NewReader(in)))
			var se *export.SyntaxError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), "an entry of more than 1 solutions") {
				t.Errorf("%v, %d lines: %v; want an entry of too many solutions", f, bytes.Count(in, []byte("\n")), err)
			}
		}
	}
}
