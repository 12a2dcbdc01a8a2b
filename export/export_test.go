package export

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func catalogue(t testing.TB, size string) *solver.Catalogue {
	t.Helper()
	b := symmetry.MustParseBox(size)
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func encode(t testing.TB, c *solver.Catalogue, opts Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(context.Background(), &buf, c, opts); err != nil {
		t.Fatalf("Encode(%v): %v", c.Box, err)
	}
	return buf.Bytes()
}

// TestGolden compares whole small catalogues with testdata; go test
// ./export -update rewrites them.
func TestGolden(t *testing.T) {
	for _, size := range []string{"2x2x2", "2x2x3"} {
		for _, f := range []Format{FormatJSON, FormatJSONL} {
			t.Run(size+"."+f.String(), func(t *testing.T) {
				got := encode(t, catalogue(t, size), Options{Format: f})
				path := filepath.Join("testdata", size+"."+f.String())
				if *update {
					if err := os.WriteFile(path, got, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("Encode(%s, %v) differs from %s", size, f, path)
				}
			})
		}
	}
}

// TestGoccyAgrees decodes the 3x3x3 catalogue and encodes every value
// again with github.com/goccy/go-json: the bytes must be ours.
func TestGoccyAgrees(t *testing.T) {
	got := encode(t, catalogue(t, "3"), Options{})
	r := NewReader(bytes.NewReader(got))
	var want bytes.Buffer
	want.WriteString("{\n")
	for n := 0; ; n++ {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		if n > 0 {
			want.WriteString(",\n")
		}
		k, _ := json.Marshal(e.Key)
		v, err := json.Marshal(e.Solutions)
		if err != nil {
			t.Fatal(err)
		}
		want.Write(k)
		want.WriteByte(':')
		want.Write(v)
	}
	want.WriteString("\n}\n")
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("our 3x3x3 catalogue (%d bytes) differs from goccy/go-json's encoding of it (%d bytes)", len(got), want.Len())
	}
}

// TestFormatsAgree reads a catalogue in every format: same entries, but
// for what only one format holds (Parquet: the rows' figures; JSON: the
// path arrays, which startPos and direction fix).
func TestFormatsAgree(t *testing.T) {
	c := catalogue(t, "2x2x3")
	read := func(p []byte) []Entry {
		var es []Entry
		r := NewReader(bytes.NewReader(p))
		for {
			e, err := r.Next()
			if err == io.EOF {
				return es
			}
			if err != nil {
				t.Fatalf("Next: %v", err)
			}
			e.Offset = 0
			for i := range e.Solutions {
				e.Solutions[i].Path, e.Solutions[i].Row = nil, Row{}
			}
			es = append(es, e)
		}
	}
	a, b := read(encode(t, c, Options{})), read(encode(t, c, Options{Format: FormatJSONL}))
	if len(a) != len(c.Snakes) {
		t.Fatalf("read %d entries, want %d", len(a), len(c.Snakes))
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Error("json and jsonl files read differently")
	}
	jc, _ := json.Marshal(read(encode(t, c, Options{Format: FormatParquet})))
	if !bytes.Equal(ja, jc) {
		t.Error("json and parquet files read differently")
	}
}

// TestWorkersAgree: the bytes depend neither on the number of workers nor
// on how the snakes come, at once or one by one, in any format.
func TestWorkersAgree(t *testing.T) {
	c := catalogue(t, "3")
	for _, opts := range []Options{{}, {Format: FormatParquet}, {Format: FormatParquet, Snakes: true}, {Format: FormatCSV, Snakes: true}} {
		opts.Workers = 1
		want := encode(t, c, opts)
		for _, w := range []int{2, 5} {
			opts.Workers = w
			if got := encode(t, c, opts); !bytes.Equal(got, want) {
				t.Errorf("Encode(%+v) with %d workers differs from 1 worker", opts, w)
			}
		}
		var buf bytes.Buffer
		w := NewWriter(&buf, c.Box, opts)
		for _, s := range c.Snakes {
			if err := w.Write(s); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil || !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("Write(%+v) snake by snake differs from Encode (%v)", opts, err)
		}
	}
}

func TestWriteOrder(t *testing.T) {
	c := catalogue(t, "3")
	w := NewWriter(io.Discard, c.Box, Options{})
	w.Write(c.Snakes[1])
	if err := w.Write(c.Snakes[0]); !errors.Is(err, ErrOrder) {
		t.Errorf("Write out of order = %v, want ErrOrder", err)
	}
	var buf bytes.Buffer
	w = NewWriter(&buf, c.Box, Options{})
	if err := w.Close(); err != nil || buf.String() != "{\n}\n" {
		t.Errorf("empty catalogue = %q, %v", buf.String(), err)
	}
}

func TestReaderErrors(t *testing.T) {
	// No byte but blanks is no catalogue: an empty one is written "{}"
	// or as its JSONL header.
	for _, in := range []string{"", " \n", "\n\n\n\t"} {
		r := NewReader(strings.NewReader(in))
		_, err := r.Next()
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrEmpty) || se.Offset != int64(len(in)) {
			t.Errorf("reading %q: %v; want ErrEmpty at byte %d", in, err, len(in))
		}
	}
	good := string(encode(t, catalogue(t, "2x2x2"), Options{}))
	for _, tc := range []struct{ name, in string }{
		{"blank then a brace", " \n{"},
		{"truncated", good[:len(good)/2]},
		{"not an object", "[1,2]"},
		{"trailing data", good + "{}"},
		{"bad value", `{"01111110":[{"startPos":"x"}]}`},
		{"jsonl wrong name", `{"snake":"01111110","solutions":[]}` + "\n" + `{"key":"0"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tc.in))
			var err error
			for err == nil {
				_, err = r.Next()
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("reading %s: %v, want a *SyntaxError", tc.name, err)
			}
		})
	}
}

// TestLongestSolutions writes a solution of boxes of 64 cells, the most
// a box holds, in the shapes whose text is longest, and reads it back:
// every solution must fit the first half of the encoder's window, where
// its masked writes land.
func TestLongestSolutions(t *testing.T) {
	for _, size := range []string{"64x1x1", "1x64x1", "1x1x64", "4x4x4", "2x4x8", "8x8x1", "2x2x16"} {
		b := symmetry.MustParseBox(size)
		if m := newLayout(b).maxSol; m > window/2 {
			t.Errorf("%v: a solution takes up to %d bytes, past half the window of %d", b, m, window)
		}
		dirs := boustrophedon(b)
		cells := [][3]int{{}}
		for _, d := range dirs {
			cells = append(cells, b.Step(cells[len(cells)-1], d))
		}
		var buf bytes.Buffer
		w := NewWriter(&buf, b, Options{})
		if err := w.Write(solver.Snake{Seq: solver.SeqOf(dirs), Solutions: [][]symmetry.Dir{dirs}}); err != nil {
			t.Fatalf("%v: %v", b, err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		e, err := NewReader(&buf).Next()
		if err != nil {
			t.Fatalf("%v: reading back: %v", b, err)
		}
		got := e.Solutions[0]
		if len(got.Direction) != len(dirs) {
			t.Fatalf("%v: %d moves read back, %d written", b, len(got.Direction), len(dirs))
		}
		for k, d := range dirs {
			if got.Direction[k] != d.Code() {
				t.Fatalf("%v: move %d read back as %d, written %d", b, k+1, got.Direction[k], d.Code())
			}
		}
		for v, c := range cells {
			if got.Path[c[0]][c[1]][c[2]] != v+1 {
				t.Fatalf("%v: cell %v holds %d, want cubelet %d", b, c, got.Path[c[0]][c[1]][c[2]], v+1)
			}
		}
	}
}

// dirOf returns the move along axis, forwards for sign 1.
func dirOf(axis, sign int) symmetry.Dir {
	d := symmetry.Dir(2 * axis)
	if sign < 0 {
		d++
	}
	return d
}
