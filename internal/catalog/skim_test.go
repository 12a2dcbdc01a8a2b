package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/symmetry"
)

// read returns what a Reader reads of data, as entries and forms, or the
// first error or problem.
func read(data []byte, opts Options) ([]Entry, [][][]byte, error) {
	r := NewReader(bytes.NewReader(data), opts)
	var es []Entry
	var forms [][][]byte
	for {
		s, err := r.Next()
		if errors.Is(err, io.EOF) {
			return es, forms, nil
		}
		if err != nil {
			return nil, nil, err
		}
		if p := s.Err(); p != nil {
			return nil, nil, p
		}
		es = append(es, Entry{Key: s.Key, Offset: s.Offset, Solutions: len(s.Solutions)})
		forms = append(forms, formBytes(s))
	}
}

func formBytes(s *Snake) [][]byte {
	var out [][]byte
	for _, f := range s.Forms() {
		out = append(out, appendForm(nil, f))
	}
	return out
}

// skim returns what a Skimmer reads of data, or its first error.
func skim(data []byte, opts Options) ([]Entry, *Skimmer, error) {
	s := NewSkimmer(bytes.NewReader(data), opts)
	var es []Entry
	for {
		e, err := s.Next()
		if errors.Is(err, io.EOF) {
			return es, s, nil
		}
		if err != nil {
			return nil, s, err
		}
		es = append(es, e)
	}
}

// sizeless returns es without their sizes, which only a skim gives.
func sizeless(es []Entry) []Entry {
	out := slices.Clone(es)
	for i := range out {
		out[i].Size = 0
	}
	return out
}

// TestSkim: a skim of a catalogue the engine wrote finds the keys, offsets
// and counts a Reader finds, in every format, JSON pretty and compact (as
// the public Go enumerator writes it, on one line), with the box told by
// the file; and ReadAt reads each snake at its offset as the Reader read
// it in turn.
func TestSkim(t *testing.T) {
	t.Parallel()
	for _, size := range []string{"2", "2x2x3", "1x3x4", "3"} {
		b := symmetry.MustParseBox(size)
		for _, f := range []export.Format{export.FormatJSON, export.FormatJSONL, export.FormatParquet} {
			big := size == "3"
			if big && f != export.FormatJSON && testing.Short() {
				continue // the small boxes try every format and layout
			}
			data := catalogtest.File(t, size, f)
			layouts := map[string][]byte{"as written": data}
			if f == export.FormatJSON && !(big && testing.Short()) {
				var c bytes.Buffer
				if err := json.Compact(&c, data); err != nil {
					t.Fatal(err)
				}
				layouts["compact"] = c.Bytes()
			}
			for name, data := range layouts {
				opts := Options{Box: b}
				want, forms, err := read(data, opts)
				if err != nil {
					t.Fatalf("%v %v %s: Reader: %v", b, f, name, err)
				}
				// The box the file states or its path arrays tell,
				// before the boxes given.
				other := symmetry.MustParseBox("2x2x5")
				got, s, err := skim(data, Options{Boxes: []symmetry.Box{other}})
				if err != nil {
					t.Fatalf("%v %v %s: Skimmer: %v", b, f, name, err)
				}
				if !reflect.DeepEqual(sizeless(got), want) {
					t.Fatalf("%v %v %s: the skim found %d entries, not the %d the Reader found, or not the same", b, f, name, len(got), len(want))
				}
				if s.Box() != b || s.Format() != f {
					t.Errorf("%v %v %s: the skimmer says box %v, format %v", b, f, name, s.Box(), s.Format())
				}
				step := 1
				if testing.Short() && len(got) > 1000 {
					step = 37 // 3x3x3: some three hundred snakes, under the race detector too
				}
				for k := 0; k < len(got); k += step {
					e := got[k]
					sn, err := ReadAt(bytes.NewReader(data), e.Offset, e.Size, b, f)
					if err != nil {
						t.Fatalf("%v %v %s: ReadAt(%d): %v", b, f, name, e.Offset, err)
					}
					if sn.Key != e.Key || sn.Offset != e.Offset || sn.Err() != nil || !reflect.DeepEqual(formBytes(sn), forms[k]) {
						t.Fatalf("%v %v %s: ReadAt(%d) = %v, %v, not the snake %v", b, f, name, e.Offset, sn.Key, sn.Err(), e.Key)
					}
				}
			}
		}
	}
}

// TestSkimProblems: what ends a skim, and where.
func TestSkimProblems(t *testing.T) {
	t.Parallel()
	good := `{"startPos":[0,0,0],"direction":[1,2,-1,3,1,-2,-1],"path":[[[1,8],[4,5]],[[2,7],[3,6]]]}`
	for _, tc := range []struct{ in, want string }{
		{``, "line 1, column 1 (byte 0): empty file"},
		{`[]`, "line 1, column 1 (byte 0): found '[' where '{' was expected"},
		{`{}`, ""},
		{`{} x`, "line 1, column 4 (byte 3): data after the catalogue"},
		{`{"01111110":[` + good + `]}`, ""},
		{`{"01111110":[` + good + `]`, "line 1, column 103 (byte 102): unexpected EOF"},
		{`{"01111110":[` + good + `,]}`, "line 1, column 103 (byte 102): found ']' after ','"},
		{`{"01111110":[,` + good + `]}`, "line 1, column 14 (byte 13): found ',' where a solution was expected"},
		{`{"01111110":[` + good[:len(good)-1] + `]]}`, "line 1, column 101 (byte 100): found ']' that closes no bracket open"},
		{`{"01111110":[{"a":"]}\"]}"}]}`, ""},
		{`{"01111110":[]}`, "01111110: lists no solution"},
		{`{"01111110":[1],"01111110":[1]}`, "01111110: listed again: keys must be unique"},
		{`{"01111110":[1],"01101110":[1]}`, "01101110: follows 01111110: keys must ascend"},
		{`{"01000000":[1]}`, "01000000: not a key: its reverse, 00000010, is smaller"},
		{` ` + "\n\t", "line 2, column 2 (byte 3): empty file"},
		{`{"0111111":[1]}`, "the box is not known: the file states no box, and the first key, 0111111, has 7 characters, no cube's volume (8, 27 or 64)"},
		{`{"box":"2x2x2"}` + "\n", ""},
		{`{"box":"2x2"}` + "\n", `line 1, column 8 (byte 7): header: invalid box: "2x2": want N or AxBxC`},
		{`{"box":"2x2x3"}` + "\n" + `{"snake":"01111110","solutions":[1]}`, "01111110: not a snake of the 2x2x3 box: 8 cubelets, want 12 for the 2x2x3 box"},
		{`{"box":"2x2x2"}` + "\n" + `{"box":"2x2x2"}`, `line 2, column 2 (byte 17): line starts with "box", want "snake"`},
		{`{"01111110":[1],"0111111":[1]}`, "0111111: not a snake of the 2x2x2 box: 7 cubelets, want 8 for the 2x2x2 box"},
		{`{"0\u0031111110":[1]}`, `line 1, column 4 (byte 3): found '\\' in a name or key, which holds neither escapes nor control characters`},
		{`{"` + strings.Repeat("0", 65) + `":[1]}`, "line 1, column 67 (byte 66): name or key longer than 64 characters"},
		{`{"01111110":` + strings.Repeat("[", 70), "line 1, column 77 (byte 76): brackets nested deeper than 64"},
		{`{"snake":"01111110","solutions":[1]}` + "\n" + `{"snake":"01111111","solutions":[1]}`, "01111111: not a snake of the 2x2x2 box: cubelet 8 is an end but marked as a turn"},
		{`{"snake":"01111110","solutions":[1]}` + "\n" + `{"snake":"01111110"}`, `line 2, column 20 (byte 56): found '}' where ',' was expected`},
		{`{"snake":"01111110","solutions":[1]}` + "\n" + `{"key":"01111110"}`, `line 2, column 2 (byte 38): line starts with "key", want "snake"`},
		{`{"snake":"01111110","solutions":[1]}` + "\n\n", ""},
	} {
		_, _, err := skim([]byte(tc.in), Options{})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("skim(%.40q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSkimBox: the box a file states, or its first path array's shape,
// comes before a cube's of the keys' length; a box stated that is not
// the one given is an error naming both.
func TestSkimBox(t *testing.T) {
	flat := `{"01111110":[{"startPos":[0,0,0],"direction":[2,3,-2,3,2,3,-2],"path":[[[1,4,5,8],[2,3,6,7]]]}]}`
	for _, tc := range []struct {
		in   string
		opts Options
		want string // the box, or the error
	}{
		{flat, Options{}, "1x2x4"},
		{flat, Options{Box: symmetry.MustParseBox("2")}, "2x2x2"},
		{`{"box":"1x2x4"}` + "\n", Options{}, "1x2x4"},
		{`{"box":"1x2x4"}` + "\n", Options{Box: symmetry.MustParseBox("2")}, "a catalogue of another box: the file states the 1x2x4 box, not the 2x2x2 box given"},
		{`{}`, Options{}, "0x0x0"},
	} {
		_, s, err := skim([]byte(tc.in), tc.opts)
		got := s.Box().String()
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("skim(%.40q, %v): %q, want %q", tc.in, tc.opts.Box, got, tc.want)
		}
		if _, _, err = read([]byte(tc.in), tc.opts); err != nil && strings.Contains(tc.want, ": ") && !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("read(%.40q, %v): %v, want %q", tc.in, tc.opts.Box, err, tc.want)
		}
	}
}

// TestReadAtDamaged: a solution a skim lets pass, ReadAt checks; an entry
// cut short gives the offset where it stops.
func TestReadAtDamaged(t *testing.T) {
	t.Parallel()
	bad := `{"startPos":[0,0,0],"direction":[1,2,-1,3,1,-2,-3],"path":[[[1,8],[4,5]],[[2,7],[3,6]]]}`
	data := []byte(`{"01111110":[` + bad + `]}`)
	es, s, err := skim(data, Options{})
	if err != nil || len(es) != 1 {
		t.Fatalf("skim = %v, %v, want one entry", es, err)
	}
	sn, err := ReadAt(bytes.NewReader(data), es[0].Offset, es[0].Size, s.Box(), s.Format())
	if err != nil {
		t.Fatal(err)
	}
	if p := sn.Err(); p == nil || !strings.Contains(p.Error(), "solution 1: direction: move 7") {
		t.Errorf("ReadAt of a bad solution: problem %v, want one with move 7", p)
	}
	_, err = ReadAt(bytes.NewReader(data[:40]), es[0].Offset, es[0].Size, s.Box(), s.Format())
	var se *export.SyntaxError
	if !errors.As(err, &se) || se.Offset != 40 {
		t.Errorf("ReadAt of an entry cut at byte 40: %v, want a syntax error at byte 40", err)
	}
	// An entry longer than its size, as one rewritten after the skim,
	// is read no further than its size.
	_, err = ReadAt(bytes.NewReader(data), es[0].Offset, es[0].Size-1, s.Box(), s.Format())
	if end := es[0].Offset + es[0].Size - 1; !errors.As(err, &se) || se.Offset != end {
		t.Errorf("ReadAt of an entry one byte short of its size: %v, want a syntax error at byte %d", err, end)
	}
}

// FuzzSkim: a skim never panics, and on a file a Reader reads without
// problem, it finds what the Reader finds.
func FuzzSkim(f *testing.F) {
	for _, format := range []export.Format{export.FormatJSON, export.FormatJSONL, export.FormatParquet} {
		good := catalogtest.File(f, "2x2x3", format)
		f.Add(good)
		f.Add(good[:len(good)/2])
		f.Add(bytes.Replace(good, []byte("]]]}"), []byte("]]}}"), 1))
	}
	f.Add([]byte(`{"01111110":[{"a":"]}\"]}"}]}`))
	b := symmetry.MustParseBox("2x2x3")
	f.Fuzz(func(t *testing.T, data []byte) {
		got, _, serr := skim(data, Options{Box: b})
		want, _, rerr := read(data, Options{Box: b})
		if rerr == nil && (serr != nil || !reflect.DeepEqual(sizeless(got), want)) {
			t.Fatalf("skim(%q) = %v, %v; the Reader read %v", data, got, serr, want)
		}
	})
}

// TestSamePlace: a damaged catalogue gives the same place, line, column
// and byte, whichever way it is read: by a Reader, as verify, stats,
// convert and merge read it, and by a skim then ReadAt of each entry, as
// serve reads it, which finds what a skim lets pass when the entry is
// asked for; and the same again when the file comes a byte at a time, so
// that every name a skim reports straddles the refills of its buffer.
func TestSamePlace(t *testing.T) {
	t.Parallel()
	good := `{"startPos":[0,0,0],"direction":[1,2,-1,3,1,-2,-1],"path":[[[1,8],[4,5]],[[2,7],[3,6]]]}`
	jsonl := `{"box":"2x2x2"}` + "\n" + `{"snake":"01101110","solutions":[` + good + "]}\n"
	obj := "{\n" + `"01101110":[` + good + "],\n"
	for _, tc := range []struct{ in, want string }{
		{"x", "line 1, column 1 (byte 0)"},
		{"[", "line 1, column 1 (byte 0)"},
		{" \n", "line 2, column 1 (byte 2)"},
		{"{}\n\n  1", "line 3, column 3 (byte 6)"},
		{`{"box": "3x"}`, "line 1, column 9 (byte 8)"},
		{"{\n" + `"01101110":[{"startPos":"x"}]}`, "line 2, column 25 (byte 26)"},
		{jsonl + `{"snake":"01111110","solutions":[{]}` + "\n", "line 3, column 35 (byte 174)"},
		{jsonl + `{"snake":"01111110","solutions":[{"startPos":"x"}]}` + "\n", "line 3, column 46 (byte 185)"},
		{jsonl + `{"snake":"01111110","solutions":[{"startPos":[0,0,0],"direction":[1,#]}]}` + "\n", "line 3, column 69 (byte 208)"},
		{jsonl + ` {"key":"01111110","solutions":[]}` + "\n", "line 3, column 3 (byte 142)"},
		{jsonl + `{"snake":"01111110", "sols":[]}` + "\n", "line 3, column 22 (byte 161)"},
		{jsonl + `{"snake":7,"solutions":[]}` + "\n", "line 3, column 10 (byte 149)"},
		{jsonl + `{"snake":"01111110","solutions":[` + good[:50], "line 3, column 84 (byte 223)"},
		{obj + `"01111110":[` + good + "]\n" + `"01111111":[]` + "\n}", "line 4, column 1 (byte 207)"},
		{obj + `"01111110":[{"path":[[[1,8],[4,5]],[[2,7],[3,{}]]]}]` + "\n}", "line 3, column 46 (byte 150)"},
	} {
		data := []byte(tc.in)
		b := symmetry.MustParseBox("2")
		for _, in := range []io.Reader{bytes.NewReader(data), iotest.OneByteReader(bytes.NewReader(data))} {
			r := NewReader(in, Options{Box: b})
			var err error
			for err == nil {
				_, err = r.Next()
			}
			if !placed(err, tc.want) {
				t.Errorf("Reader(%q) = %v, want an error at %s", tc.in, err, tc.want)
			}
		}
		sk := NewSkimmer(iotest.OneByteReader(bytes.NewReader(data)), Options{Box: b})
		var err error
		for err == nil {
			_, err = sk.Next()
		}
		if err != io.EOF && !placed(err, tc.want) {
			t.Errorf("skim(%q) a byte at a time = %v, want an error at %s", tc.in, err, tc.want)
		}
		es, s, err := skim(data, Options{Box: b})
		if sk.Format() != s.Format() {
			t.Errorf("skim(%q) a byte at a time: format %v, want %v", tc.in, sk.Format(), s.Format())
		}
		for _, e := range es {
			if err != nil {
				break
			}
			_, err = ReadAt(bytes.NewReader(data), e.Offset, e.Size, b, s.Format())
		}
		if !placed(err, tc.want) {
			t.Errorf("skim(%q) then ReadAt = %v, want an error at %s", tc.in, err, tc.want)
		}
	}
}

// placed reports whether err is an *export.SyntaxError at place at.
func placed(err error, at string) bool {
	var se *export.SyntaxError
	return errors.As(err, &se) && strings.HasPrefix(se.Error(), at+": ")
}
