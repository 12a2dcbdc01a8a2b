package export

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// FuzzReader feeds arbitrary bytes to the Reader, JSON and Parquet alike:
// it returns entries or an error, never panics, and always comes to an
// end. An error at a byte of the input names its line and column.
func FuzzReader(f *testing.F) {
	for _, name := range []string{"2x2x2.json", "2x2x2.jsonl", "2x2x3.jsonl"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	f.Add([]byte(`{"0110":[{"startPos":[0,0,0],"direction":[1],"path":[[[1]]]}]}`))
	f.Add([]byte(`{"snake":"0","solutions":[]}` + "\n{"))
	f.Add([]byte(`{}`))
	pq := encode(f, catalogue(f, "2x2x2"), Options{Format: FormatParquet})
	f.Add(pq)
	f.Add(pq[:len(pq)/2])
	f.Add(append([]byte("PAR1"), pq[len(pq)/2:]...))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for range len(data) + 2 {
			_, err := r.Next()
			var se *SyntaxError
			switch {
			case err == io.EOF:
				return
			case err != nil && !errors.As(err, &se):
				t.Fatalf("Next = %v, want io.EOF or a *SyntaxError", err)
			case err != nil && se.Offset > int64(len(data)):
				t.Fatalf("Next = %v, past the %d bytes of the input", err, len(data))
			case err != nil && se.Offset >= 0:
				if line, col := place(data, se.Offset); se.Line != line || se.Column != col {
					t.Fatalf("Next = %v, want line %d, column %d", err, line, col)
				}
				return
			case err != nil:
				return
			}
		}
		t.Fatalf("Reader gave more entries than the %d bytes allow", len(data))
	})
}

// FuzzWriteSolution writes arbitrary move lists as a solution of a 2x3x2
// box: the Writer must take exactly those that fill the box, each cell
// once, as a walk from some cell of the box finds, and refuse the others
// with an error, never a panic.
func FuzzWriteSolution(f *testing.F) {
	f.Add([]byte{2, 2, 0, 3, 3, 4, 2, 2, 1, 3, 3}) // the first solution of 001101101100
	f.Add([]byte{2, 2, 0, 3, 3, 4, 2, 2, 1, 3, 2}) // its last move back
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{6, 7, 200, 1, 2, 3, 4, 5, 0, 1, 2})
	b, err := symmetry.NewBox(2, 3, 2)
	if err != nil {
		f.Fatal(err)
	}
	key, err := solver.ParseSeq("011111111110")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < b.Len()-1 {
			return
		}
		dirs := make([]symmetry.Dir, b.Len()-1)
		for k := range dirs {
			dirs[k] = symmetry.Dir(data[k])
		}
		w := NewWriter(io.Discard, b, Options{})
		err := w.Write(solver.Snake{Seq: key, Solutions: [][]symmetry.Dir{dirs}})
		if fills := fillsBox(b, dirs); fills != (err == nil) {
			t.Fatalf("moves %v: Write = %v, but a walk says filling the box is %v", dirs, err, fills)
		}
	})
}

// fillsBox reports whether dirs, from some cell of b, walk through every
// cell of b once.
func fillsBox(b symmetry.Box, dirs []symmetry.Dir) bool {
	for start := range b.Len() {
		p := b.Coord(start)
		seen := map[[3]int]bool{p: true}
		ok := true
		for _, d := range dirs {
			if d >= symmetry.NumDirs {
				return false
			}
			if p = b.Step(p, d); !b.Contains(p) || seen[p] {
				ok = false
				break
			}
			seen[p] = true
		}
		if ok && len(seen) == b.Len() {
			return true
		}
	}
	return false
}

// TestBlank: a run of blank bytes longer than a catalogue ever holds stops
// the reader at the byte where it passes the limit, holding little memory,
// and a catalogue with blank bytes within the limit reads as without.
func TestBlank(t *testing.T) {
	for _, prefix := range []string{"", "{", `{"01111110":`} {
		in := io.MultiReader(strings.NewReader(prefix), strings.NewReader(strings.Repeat(" \n", 3*maxBlank)))
		_, err := NewReader(in).Next()
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrBlank) || se.Offset != int64(len(prefix)+maxBlank) {
			t.Errorf("Next(%q and blanks) = %v, want ErrBlank at byte %d", prefix, err, len(prefix)+maxBlank)
		}
	}
	blanks := strings.Repeat(" ", maxBlank/2)
	in := blanks + `{"01111110":` + blanks + `[]` + blanks + "}" + blanks
	r := NewReader(strings.NewReader(in))
	if e, err := r.Next(); err != nil || e.Key != "01111110" {
		t.Fatalf("Next(catalogue with blank runs) = %+v, %v", e, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("Next after the last entry = %v, want io.EOF", err)
	}
}

// readAll reads every entry r gives: it must come to io.EOF or stop at a
// *SyntaxError, never panic, within as many entries as data has bytes.
func readAll(t *testing.T, what string, r *Reader, data []byte) error {
	t.Helper()
	for range len(data) + 2 {
		_, err := r.Next()
		var se *SyntaxError
		switch {
		case err == io.EOF:
			return nil
		case err != nil && !errors.As(err, &se):
			t.Fatalf("%s: Next = %T %v, want io.EOF or a *SyntaxError", what, err, err)
		case err != nil:
			return err
		}
	}
	t.Fatalf("%s: the Reader gave more entries than the %d bytes allow", what, len(data))
	return nil
}

// FuzzParquet damages a sound Parquet catalogue, bytes overwritten at a
// place and the file cut, and reads it whole, by keys or from a row
// (how): a *SyntaxError or the end, never a panic. Arbitrary bytes
// (FuzzReader) seldom get past a Parquet file's footer; these reach its
// pages, their headers and their compressed data. One reading per input:
// parquet-go skips a damaged list in a page header value by value, up to
// 2^31 of them, some seconds, before it reports the damage.
func FuzzParquet(f *testing.F) {
	good := encode(f, catalogue(f, "2x2x3"), Options{Format: FormatParquet})
	f.Add(uint32(0), []byte{}, uint32(len(good)), uint8(0))
	f.Add(uint32(len(good)-5), []byte{0xff}, uint32(len(good)), uint8(0)) // the footer's length
	f.Add(uint32(46), []byte{0xfe, 0xff, 0xff, 0xff, 0x07}, uint32(len(good)), uint8(1))
	f.Add(uint32(len(good)/2), []byte{0, 0, 0, 0}, uint32(len(good)), uint8(2))
	f.Add(uint32(0), []byte{}, uint32(len(good)-8), uint8(0))
	f.Fuzz(func(t *testing.T, at uint32, patch []byte, cut uint32, how uint8) {
		data := bytes.Clone(good)
		copy(data[int(at)%len(data):], patch)
		data = data[:int(cut)%(len(data)+1)]
		switch how % 3 {
		case 0:
			readAll(t, "whole", NewReader(bytes.NewReader(data)), data)
		case 1:
			readAll(t, "keys", NewKeyReader(bytes.NewReader(data)), data)
		case 2:
			readAll(t, "from a row", NewRowReader(bytes.NewReader(data), int64(len(data)), int64(at%17), 3), data)
		}
	})
}

// TestParquetDamage cuts a sound Parquet catalogue at every byte and
// overwrites each of its bytes in turn: every such file reads to its end
// or stops at a *SyntaxError, never a panic, and one cut short, or whose
// footer's stated length exceeds the file, says so.
func TestParquetDamage(t *testing.T) {
	good := encode(t, catalogue(t, "2x2x3"), Options{Format: FormatParquet})
	step := 1
	if testing.Short() {
		step = 23
	}
	for n := 4; n < len(good); n += step {
		err := readAll(t, fmt.Sprintf("cut at byte %d", n), NewReader(bytes.NewReader(good[:n])), good[:n])
		if err == nil || !strings.Contains(err.Error(), "a Parquet file cut short or damaged") {
			t.Fatalf("cut at byte %d: %v, want a Parquet file cut short", n, err)
		}
	}
	for i := 0; i < len(good); i += step {
		for _, v := range []byte{0, 0x80, 0xff, good[i] ^ 1} {
			bad := bytes.Clone(good)
			bad[i] = v
			err := readAll(t, fmt.Sprintf("byte %d set to %#x", i, v), NewReader(bytes.NewReader(bad)), bad)
			if err != nil && strings.Contains(err.Error(), "row 0") {
				t.Fatalf("byte %d set to %#x: %v: rows are numbered from 1", i, v, err)
			}
		}
	}
	bad := bytes.Clone(good)
	bad[len(bad)-5] = 0xff // the footer's length, now over 4 GB
	err := readAll(t, "a footer's length over 4 GB", NewReader(bytes.NewReader(bad)), bad)
	if want := fmt.Sprintf("the file of %d", len(bad)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a footer's length over 4 GB: %v, want it to say %q", err, want)
	}
}
