package export_test

import (
	"bytes"
	"encoding/json"
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
			if !errors.As(err, &se) || !strings.Contains(err.Error(), "lists more than 1 solutions, the most a snake may have") {
				t.Errorf("%v, %d lines: %v; want an entry of too many solutions", f, bytes.Count(in, []byte("\n")), err)
			}
		}
	}
}

// oneSnake returns a catalogue of the 3x3x3 box in format f (FormatJSON
// or FormatJSONL) of one entry, its first snake, listing n times the
// snake's first solution, with the offset where the solution at index
// at, from 0, starts. With spaced, the solutions are apart, as no writer
// writes them, so that the decoder reads them all.
func oneSnake(t *testing.T, f export.Format, n, at int, spaced bool) ([]byte, string, int64) {
	t.Helper()
	text := catalogtest.File(t, "3x3x3", export.FormatJSONL)
	_, line, _ := bytes.Cut(text, []byte("\n"))
	line, _, _ = bytes.Cut(line, []byte("\n"))
	var e struct {
		Snake     string
		Solutions []json.RawMessage
	}
	if err := json.Unmarshal(line, &e); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if f == export.FormatJSONL {
		fmt.Fprintf(&buf, "{\"box\":\"3x3x3\"}\n{\"snake\":\"%s\",\"solutions\":[", e.Snake)
	} else {
		fmt.Fprintf(&buf, "{\n\"%s\":[", e.Snake)
	}
	var off int64
	for i := range n {
		if i > 0 {
			buf.WriteByte(',')
			if spaced {
				buf.WriteByte(' ')
			}
		}
		if i == at {
			off = int64(buf.Len())
		}
		buf.Write(e.Solutions[0])
	}
	buf.WriteString("]")
	if f == export.FormatJSONL {
		buf.WriteString("}\n")
	} else {
		buf.WriteString("\n}\n")
	}
	return buf.Bytes(), e.Snake, off
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestSolutionsBounded: a JSON or JSONL entry's list of solutions stops
// at the most a snake may have, and the solutions past it are not held:
// one 3x3x3 snake listing its first solution 200,000 times, 1,000 at
// most, is an error at the 1,001st solution, read in a few megabytes,
// whether the entry is in the writers' form or not.
func TestSolutionsBounded(t *testing.T) {
	const n, most = 200_000, 1000
	defer export.SetMaxSnakeRows(most)()
	for _, f := range []export.Format{export.FormatJSON, export.FormatJSONL} {
		for _, spaced := range []bool{false, true} {
			data, key, off := oneSnake(t, f, n, most, spaced)
			var err error
			alloc := allocated(func() { _, err = readRows(export.NewReader(bytes.NewReader(data))) })
			want := fmt.Sprintf("(byte %d): snake %s lists more than %d solutions, the most a snake may have", off, key, most)
			if err == nil || !strings.HasSuffix(err.Error(), want) {
				t.Errorf("%v, spaced %t: %d solutions of one snake, %d at most: %v; want ...%q", f, spaced, n, most, err, want)
			}
			// Held, the solutions take some 700 bytes each, 140 MB; the
			// bound's reader holds a thousand, and a line of at most
			// a few megabytes read without the decoder.
			if alloc > 32<<20 {
				t.Errorf("%v, spaced %t: reading %d solutions of one snake allocated %d MB", f, spaced, n, alloc>>20)
			}
		}
		// As many as a snake may have: no error here.
		data, _, _ := oneSnake(t, f, most, 0, false)
		if got, err := readRows(export.NewReader(bytes.NewReader(data))); got != most || err != nil {
			t.Errorf("%v: %d solutions, %d at most: read %d, %v; want all, no error", f, most, most, got, err)
		}
	}
}

// TestTokenBounded: a string or a number of a JSON or JSONL catalogue is
// refused past 64 KiB, at its start, without holding the rest: a key, a
// box and a number of 20 MB each.
func TestTokenBounded(t *testing.T) {
	long := strings.Repeat("1", 20<<20)
	for _, tc := range []struct{ name, text string }{
		{"JSON key", "{\n\"" + long + "\":[]}\n"},
		{"JSONL key", `{"box":"3x3x3"}` + "\n" + `{"snake":"` + long + `","solutions":[]}` + "\n"},
		{"JSONL box", `{"box":"` + long + `"}` + "\n"},
		{"number", `{"box":"3x3x3"}` + "\n" + `{"snake":"0","solutions":[{"startPos":[` + long + `]}]}` + "\n"},
		{"spaced number", "{\n\"0\": [ {\"startPos\": [" + long + "]}]}\n"},
	} {
		at := strings.Index(tc.text, long)
		if tc.text[at-1] == '"' {
			at--
		}
		var err error
		alloc := allocated(func() { _, err = readRows(export.NewReader(strings.NewReader(tc.text))) })
		var se *export.SyntaxError
		if !errors.As(err, &se) || se.Offset != int64(at) || !errors.Is(err, export.ErrToken) {
			t.Errorf("%s of %d bytes: %v; want %v at byte %d", tc.name, len(long), err, export.ErrToken, at)
		}
		// Before the bound, the token was held several times over, 140
		// to 670 MB; now a line of at most a mebibyte, read without the
		// decoder first.
		if alloc > 16<<20 {
			t.Errorf("%s of %d bytes: allocated %d MB", tc.name, len(long), alloc>>20)
		}
	}
}
