package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
)

// TestWorkers: a Reader with workers hands on, entry by entry, what the
// Reader without them reads, problems and all, for catalogues with
// problems planted every few entries: keys out of order, a key listed
// twice, a solution listed twice, a key that is no key, a wrong solution,
// rows that state wrong figures, a file that breaks off. Batches of one
// entry, of a few and of the default size put the planted problems on
// both sides of their ends, and several workers check them in any order.
func TestWorkers(t *testing.T) {
	t.Parallel()
	const n = 1500 // entries of the 3x3x3 catalogue: the whole costs seconds under -race
	lines := strings.SplitAfter(string(catalogtest.File(t, "3", export.FormatJSONL)), "\n")
	jsonl := plantLines(t, lines[0], lines[1:n+1])
	broken := jsonl[:len(jsonl)*2/3] // a line cut short
	rows := catalogtest.Rows(t, "3")
	parquet := writeRows(t, plantRows(rows[:slices.IndexFunc(rows, func(r ourRow) bool { return r.Key == rows[3*n].Key })]))
	for _, tc := range []struct {
		name string
		data []byte
		want []string // problems the serial reading must find
	}{
		{"JSONL", jsonl, []string{"keys must ascend", "keys must be unique", "the same as", "not a key", "direction"}},
		{"JSONL cut", broken, []string{"keys must ascend"}},
		{"Parquet", parquet, []string{"keys must ascend", "the same as", "not a key", "straights", "numbered"}},
	} {
		serial, err := readAll(NewReader(bytes.NewReader(tc.data), Options{}))
		all := strings.Join(serial, "\n")
		for _, w := range tc.want {
			if c := strings.Count(all, w); c < 3 {
				t.Fatalf("%s: the serial reading finds %q %d times, want the problems planted", tc.name, w, c)
			}
		}
		if tc.name == "JSONL cut" && err == nil {
			t.Fatalf("%s: no error at the end", tc.name)
		}
		for _, workers := range []int{2, 3, 8} {
			for _, batch := range []int{1, 5, 0} {
				got, gotErr := readAll(NewReader(bytes.NewReader(tc.data), Options{Workers: workers, batch: batch}))
				for i := range max(len(got), len(serial)) {
					if i >= len(got) || i >= len(serial) || got[i] != serial[i] {
						t.Fatalf("%s, %d workers, batches of %d: entry %d reads\n%s\nwant\n%s", tc.name, workers, batch, i+1, at(got, i), at(serial, i))
					}
				}
				if fmt.Sprint(gotErr) != fmt.Sprint(err) {
					t.Errorf("%s, %d workers, batches of %d: ends with %v, want %v", tc.name, workers, batch, gotErr, err)
				}
			}
		}
	}
}

// at returns s[i], or a note that there is none.
func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "(no entry)"
}

// readAll reads every snake of r, each written whole as a line of text,
// and the error that ends the reading, nil at the end of the file.
func readAll(r *Reader) ([]string, error) {
	defer r.Close()
	var out []string
	err := eachSnake(r, func(s *Snake) { out = append(out, snapshot(s)) })
	return out, err
}

// eachSnake calls f with every snake r reads and returns the error that
// ends the reading, nil at the end of the file.
func eachSnake(r *Reader, f func(*Snake)) error {
	for {
		s, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		f(s)
	}
}

// snapshot writes all that a Snake holds.
func snapshot(s *Snake) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s at %d: key %v valid %t key %t in order %t", QuoteKey(s.Text), s.Offset, s.Key, s.Valid, s.IsKey, s.InOrder)
	for _, p := range s.Problems {
		fmt.Fprintf(&b, "; %v", ProblemOf(s, -1, p))
	}
	for i, sol := range s.Solutions {
		fmt.Fprintf(&b, "; solution %d: form %v ends %v %v", i+1, sol.Form, sol.First, sol.Last)
		if sol.Err != nil {
			fmt.Fprintf(&b, " %v", ProblemOf(s, i, sol.Err))
		}
		if sol.Same >= 0 {
			fmt.Fprintf(&b, " the same as solution %d", sol.Same+1)
		}
	}
	return b.String()
}

// jsonlEntry is a line of a JSONL catalogue, its solutions unread.
type jsonlEntry struct {
	Snake     string            `json:"snake"`
	Solutions []json.RawMessage `json:"solutions"`
}

// plantLines returns the JSONL catalogue of header and lines with a
// problem planted every seventh entry, the kinds in turn.
func plantLines(t *testing.T, header string, lines []string) []byte {
	t.Helper()
	es := make([]jsonlEntry, len(lines))
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &es[i]); err != nil {
			t.Fatal(err)
		}
	}
	var out []jsonlEntry
	for i := 0; i < len(es); i++ {
		e := es[i]
		if i%7 != 3 {
			out = append(out, e)
			continue
		}
		switch i / 7 % 5 {
		case 0: // out of order
			if i+1 < len(es) {
				out = append(out, es[i+1])
				i++
			}
			out = append(out, e)
		case 1: // listed twice
			out = append(out, e, e)
		case 2: // a solution listed twice, last
			e.Solutions = append(slices.Clip(e.Solutions), e.Solutions[0])
			out = append(out, e)
		case 3: // no key: the reverse
			k := []byte(e.Snake)
			slices.Reverse(k)
			e.Snake = string(k)
			out = append(out, e)
		case 4: // a wrong solution
			e.Solutions = slices.Clone(e.Solutions)
			e.Solutions[0] = json.RawMessage(strings.Replace(string(e.Solutions[0]), `"direction":[`, `"direction":[-`, 1))
			out = append(out, e)
		}
	}
	var buf bytes.Buffer
	buf.WriteString(header)
	for _, e := range out {
		p, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(p)
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

// plantRows changes rows, those of a Parquet catalogue, to plant a
// problem in every seventh snake, the kinds in turn, and returns them.
func plantRows(rows []ourRow) []ourRow {
	var snakes [][]ourRow
	for len(rows) > 0 {
		n := 1
		for n < len(rows) && rows[n].Key == rows[0].Key {
			n++
		}
		snakes, rows = append(snakes, slices.Clone(rows[:n])), rows[n:]
	}
	for i, s := range snakes {
		if i%7 != 3 {
			continue
		}
		switch i / 7 % 5 {
		case 0: // out of order
			if i+1 < len(snakes) {
				snakes[i], snakes[i+1] = snakes[i+1], s
			}
		case 1: // a wrong figure
			s[len(s)-1].Straights++
		case 2: // a solution listed twice, when the snake has two
			if len(s) > 1 {
				s[1].StartX, s[1].StartY, s[1].StartZ, s[1].Direction = s[0].StartX, s[0].StartY, s[0].StartZ, s[0].Direction
			} else {
				s[0].Solution = 2
			}
		case 3: // no key: the reverse
			k := []byte(s[0].Key)
			slices.Reverse(k)
			for j := range s {
				s[j].Key = string(k)
			}
		case 4: // misnumbered
			s[0].Solution = 9
		}
	}
	return slices.Concat(snakes...)
}

// TestWorkersClose: Close stops the goroutines of the workers, in the
// middle of the file, with batches waiting, and Next then says io.EOF.
func TestWorkersClose(t *testing.T) {
	data := catalogtest.File(t, "3", export.FormatJSONL)
	before := runtime.NumGoroutine()
	r := NewReader(bytes.NewReader(data), Options{Workers: 4, batch: 3})
	for range 10 {
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
	}
	r.Close()
	if s, err := r.Next(); s != nil || !errors.Is(err, io.EOF) {
		t.Errorf("Next after Close: %v, %v; want io.EOF", s, err)
	}
	r.Close() // twice, harmless
	// Close waits for the reader's goroutines; the runtime's count may
	// still hold one of another's for a moment (CI, under -race and load,
	// once counted 5 after Close against 4 before): a leak stays.
	deadline := time.Now().Add(time.Minute)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines a minute after Close, %d before", n, before)
	}
}
