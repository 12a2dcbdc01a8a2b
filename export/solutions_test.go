package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// agreeSolutions checks that parseSolutions takes data and gives what
// encoding/json gives, to the last nil and empty slice.
func agreeSolutions(t *testing.T, what string, data []byte) {
	t.Helper()
	got, ok := parseSolutions(data)
	if !ok {
		t.Fatalf("%s: parseSolutions refuses what the writer wrote: %.200s", what, data)
	}
	var want []Solution
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("%s: encoding/json: %v", what, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: parseSolutions gives %v, encoding/json %v", what, got, want)
	}
}

// TestParseSolutionsAgrees reads every list of solutions the writers
// write, in JSON and JSONL, for whole catalogues of small boxes and for a
// path through each shape of 64-cell box, where the numbers are largest
// and the last cubelet lies in a corner: the fast parser must take each
// and give encoding/json's values.
func TestParseSolutionsAgrees(t *testing.T) {
	var cats []*solver.Catalogue
	for _, size := range []string{"2x2x2", "2x2x3", "3", "2x3x4"} {
		cats = append(cats, catalogue(t, size))
	}
	for _, size := range []string{"64x1x1", "1x64x1", "1x1x64", "4x4x4", "2x4x8", "8x8x1", "2x2x16", "1x2x32"} {
		b := symmetry.MustParseBox(size)
		dirs := boustrophedon(b)
		cats = append(cats, &solver.Catalogue{Box: b, Snakes: []solver.Snake{{Seq: solver.SeqOf(dirs), Solutions: [][]symmetry.Dir{dirs}}}})
	}
	for _, c := range cats {
		var lines int
		sc := bufio.NewScanner(bytes.NewReader(encode(t, c, Options{Format: FormatJSONL})))
		sc.Buffer(nil, 1<<26)
		for sc.Scan() {
			var line struct {
				Snake     string
				Solutions json.RawMessage
			}
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				t.Fatal(err)
			}
			if line.Snake != "" {
				agreeSolutions(t, c.Box.String()+" jsonl "+line.Snake, line.Solutions)
				lines++
			}
		}
		var whole map[string]json.RawMessage
		if err := json.Unmarshal(encode(t, c, Options{}), &whole); err != nil {
			t.Fatal(err)
		}
		for key, sols := range whole {
			agreeSolutions(t, c.Box.String()+" json "+key, sols)
		}
		if lines != len(c.Snakes) || len(whole) != len(c.Snakes) {
			t.Fatalf("%v: %d lines and %d entries read, %d snakes", c.Box, lines, len(whole), len(c.Snakes))
		}
	}
}

// boustrophedon returns the moves of a path through box b along z, then
// y, then x, turning back at each wall.
func boustrophedon(b symmetry.Box) []symmetry.Dir {
	var dirs []symmetry.Dir
	sign := [3]int{1, 1, 1}
	for x := range b.Size[0] {
		for y := range b.Size[1] {
			for z := 1; z < b.Size[2]; z++ {
				dirs = append(dirs, dirOf(2, sign[2]))
			}
			sign[2] = -sign[2]
			if y+1 < b.Size[1] {
				dirs = append(dirs, dirOf(1, sign[1]))
			}
		}
		sign[1] = -sign[1]
		if x+1 < b.Size[0] {
			dirs = append(dirs, dirOf(0, 1))
		}
	}
	return dirs
}

// FuzzParseSolutions holds parseSolutions to encoding/json on any bytes:
// what it takes, encoding/json takes too, with the same values.
func FuzzParseSolutions(f *testing.F) {
	for _, s := range []string{
		`[]`, `[ ]`, `null`, `{}`,
		`[{"startPos":[0,0,0],"direction":[1,1,2],"path":[[[1,2],[4,3]]]}]`,
		`[{"startPos":[],"direction":[],"path":[]}]`,
		`[{"startPos":[0],"direction":[-3],"path":[[]]},{"startPos":[1],"direction":[3],"path":[[[]]]}]`,
		`[{"startPos":[-0,123456789012345678],"direction":[1234567890123456789],"path":[]}]`,
		`[{"startPos":[1.5],"direction":[1e2],"path":[]}]`,
		`[{"direction":[1],"startPos":[0,0,0],"path":[[[1]]]}]`,
		`[{"startpos":[0,0,0],"direction":[1],"path":[[[1]]]}]`,
		`[{"startPos":[0,0,0],"direction":[1],"path":[[[1]]],"extra":1}]`,
		`[{"startPos":null,"direction":[1],"path":[[[1]]]}]`,
		`[{"startPos":[0,0,0], "direction":[1],"path":[[[1]]]}]`,
		`[{"startPos":[01,0,0],"direction":[1],"path":[[[1]]]}]`,
		`[{"startPos":[0,0,-],"direction":[1],"path":[[[1]]]}]`,
		`[{"startPos":[0,0,0],"direction":[1],"path":[[[1]]]}]]`,
	} {
		f.Add([]byte(s))
	}
	for _, line := range bytes.Split(encode(f, catalogue(f, "2x2x3"), Options{Format: FormatJSONL}), []byte("\n"))[1:4] {
		if _, sols, ok := bytes.Cut(line, []byte(`"solutions":`)); ok {
			f.Add(bytes.TrimSuffix(sols, []byte("}")))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := parseSolutions(data)
		if !ok {
			return
		}
		var want []Solution
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("parseSolutions took %q, which encoding/json refuses: %v", data, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: parseSolutions gives %v, encoding/json %v", data, got, want)
		}
	})
}

// readEntries reads data to its end or first error with a Reader that reads
// the entries in the writers' form itself, or with one that leaves them
// to the decoder (plain), and returns the entries and the error's text.
func readEntries(data []byte, plain bool) ([]Entry, string) {
	r := NewReader(bytes.NewReader(data))
	r.plain = plain
	var es []Entry
	for range len(data) + 2 {
		e, err := r.Next()
		if err != nil {
			return es, err.Error()
		}
		es = append(es, e)
	}
	return es, "too many entries"
}

// FuzzReaderLines holds the Reader's own reading of entries, one to a
// line, to the decoder's: on any bytes, the same entries, then the same
// error at the same offset.
func FuzzReaderLines(f *testing.F) {
	for _, name := range []string{"2x2x2.jsonl", "2x2x3.jsonl", "2x2x2.json", "2x2x3.json"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
		f.Add(bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")))
		f.Add(bytes.Replace(b, []byte(`"solutions":[{`), []byte(`"solutions": [{`), 2))
		f.Add(bytes.Replace(b, []byte(`[0,`), []byte(`[01,`), 3))
		f.Add(bytes.Replace(b, []byte("],\n"), []byte("] ,\n"), 2))
		f.Add(bytes.Replace(b, []byte("],\n"), []byte("],"), 2))
		f.Add(bytes.Replace(b, []byte("]\n}"), []byte("],\n}"), 1))
		f.Add(append(b, "\n\n  "...))
		f.Add(append(b, "\n{"...))
	}
	f.Add([]byte("{\n}"))
	f.Add([]byte("{]"))
	f.Add([]byte(`{"0":[],` + "\n" + `"01":[]` + "\n}\n"))
	f.Add([]byte(`{"0":[],` + "\n" + `"01":[]]` + "\n}\n"))
	f.Add([]byte(`{"0":[],` + "\n" + `"0\u0031":[]` + "\n}"))
	f.Add([]byte(`{"snake":"0","solutions":[]}` + "\n" + `{"snake":"01","solutions":[]}`))
	f.Add([]byte(`{"box":"2x2x2"}` + "\n" + `{"snake":"0\u0031","solutions":[]}` + "\n"))
	f.Add([]byte(`{"box":"2x2x2"}` + "\n" + `{"snake":"01","solutions":[],"x":1}` + "\n"))
	f.Add([]byte(`{"box":"2x2x2"}` + "\n" + `{"snake":"01","solutions":[{"startPos":[0,0,0],"direction":[1.0],"path":[]}]}` + "\n"))
	f.Add([]byte(`{"box":"2x2x2"}` + "\n" + strings.Repeat(" ", 1<<20+1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, gotErr := readEntries(data, false)
		want, wantErr := readEntries(data, true)
		if gotErr != wantErr {
			t.Fatalf("after %d entries: error %q, the decoder's %q", len(got), gotErr, wantErr)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("entries %v, the decoder's %v", got, want)
		}
	})
}
