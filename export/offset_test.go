package export

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"testing"
)

// TestSyntaxErrorOffset damages a catalogue at known places: the error
// names that byte, or the end of a file cut short, by its offset and by
// its line and column.
func TestSyntaxErrorOffset(t *testing.T) {
	for _, name := range []string{"2x2x3.json", "2x2x3.jsonl"} {
		good, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		deep := 0
		// A '#' in place of a bracket breaks the syntax wherever it
		// lands (in a string it would only change a name or a key).
		for _, near := range []int{1, 200, 3000, len(good) - 20} {
			at := near + bytes.IndexAny(good[near:], "[]")
			bad := bytes.Clone(good)
			bad[at] = '#'
			if checkPlace(t, fmt.Sprintf("%s with '#' at byte %d", name, at), bad, int64(at)) {
				deep++
			}
		}
		// The comma dropped between two entries of the object: the error
		// names the first byte of the second, whatever the decoder read
		// ahead. (JSONL lines need no line break between them.)
		for _, near := range []int{200, 3000} {
			if name != "2x2x3.json" {
				break
			}
			at := near + bytes.Index(good[near:], []byte(",\n"))
			bad := append(bytes.Clone(good[:at]), good[at+2:]...)
			if checkPlace(t, fmt.Sprintf("%s without the separator at byte %d", name, at), bad, int64(at)) {
				deep++
			}
		}
		for _, cut := range []int{150, 2000, 4000} {
			if checkPlace(t, fmt.Sprintf("%s cut at byte %d", name, cut), good[:cut], int64(cut)) {
				deep++
			}
		}
		if deep < 4 {
			t.Errorf("%s: %d places damaged on line 3 or later, past column 1; want 4 at least", name, deep)
		}
	}
}

// checkPlace reads data, which goes wrong at byte off: the error names
// that byte, and its line and column as place counts them. It reports
// whether the byte lies on line 3 or later, not at its start.
func checkPlace(t *testing.T, what string, data []byte, off int64) bool {
	t.Helper()
	se := syntaxErrorOf(t, data)
	line, col := place(data, off)
	if se.Offset != off || se.Line != line || se.Column != col {
		t.Errorf("%s: error at byte %d, line %d, column %d; want byte %d, line %d, column %d", what, se.Offset, se.Line, se.Column, off, line, col)
	}
	return line >= 3 && col >= 2
}

// place returns the line and column of byte off of data, both from 1, the
// column counted in bytes.
func place(data []byte, off int64) (line, col int64) {
	before := data[:off]
	return int64(bytes.Count(before, []byte{'\n'})) + 1, off - int64(bytes.LastIndexByte(before, '\n'))
}

// syntaxErrorOf reads data to its first error, which must be a
// *SyntaxError.
func syntaxErrorOf(t *testing.T, data []byte) *SyntaxError {
	t.Helper()
	r := NewReader(bytes.NewReader(data))
	for {
		_, err := r.Next()
		var se *SyntaxError
		if errors.As(err, &se) {
			return se
		}
		if err != nil {
			t.Fatalf("Next = %v, want a *SyntaxError", err)
		}
	}
}

// TestSyntaxErrorPlace: an error names the line and the column, from 1,
// of the byte where the file goes wrong, and that byte's offset: the
// start of the token that is not what was expected, of a value of the
// wrong type, of the data after the catalogue; the end of a file cut
// short, or of blanks only.
func TestSyntaxErrorPlace(t *testing.T) {
	good := `{"startPos":[0,0,0],"direction":[1,2,-1,3,1,-2,-1],"path":[[[1,8],[4,5]],[[2,7],[3,6]]]}`
	jsonl := `{"box":"2x2x2"}` + "\n" + `{"snake":"01111110","solutions":[` + good + "]}\n"
	json := "{\n" + `"01111110":[` + good + "],\n"
	for _, tc := range []struct{ in, want string }{
		{"x", "line 1, column 1 (byte 0): invalid character 'x' looking for beginning of value"},
		{"[", `line 1, column 1 (byte 0): found [ where "{" was expected`},
		{"", "line 1, column 1 (byte 0): empty file"},
		{" \n", "line 2, column 1 (byte 2): empty file"},
		{"{}\n\n  1", "line 3, column 3 (byte 6): data after the catalogue"},
		{`{"box": 3}`, "line 1, column 9 (byte 8): found 3 where a box was expected"},
		{`{"box": "3x"}`, `line 1, column 9 (byte 8): header: invalid box: "3x": want N or AxBxC`},
		{jsonl + `{"snake":"01111111","solutions":[{]}` + "\n", "line 3, column 35 (byte 174): invalid character ']' looking for beginning of object key string"},
		{jsonl + `{"snake":"01111111","solutions":[{"startPos":"x"}]}` + "\n", "line 3, column 46 (byte 185): json: cannot unmarshal string into Go struct field Solution.startPos of type []int"},
		{jsonl + ` {"key":"01111111","solutions":[]}` + "\n", `line 3, column 3 (byte 142): line starts with "key", want "snake"`},
		{jsonl + `{"snake":"01111111", "sols":[]}` + "\n", `line 3, column 22 (byte 161): found "sols" where "solutions" was expected`},
		{jsonl + `{"snake":7,"solutions":[]}` + "\n", "line 3, column 10 (byte 149): found 7 where a key was expected"},
		{jsonl + `{"snake":"01111111","solutions":[` + good[:50], "line 3, column 84 (byte 223): unexpected EOF"},
		{json + `"01111111":[` + good + "]\n" + `"01111112":[]` + "\n}", `line 4, column 1 (byte 207): invalid character '"' after object key:value pair`},
		{json + `"01111111":[{"path":[[[1,8],[4,5]],[[2,7],[3,{}]]]}]` + "\n}", "line 3, column 46 (byte 150): json: cannot unmarshal object into Go struct field Solution.path of type int"},
	} {
		if got := syntaxErrorOf(t, []byte(tc.in)).Error(); got != tc.want {
			t.Errorf("reading %q:\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}
