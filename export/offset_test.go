package export

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

// TestSyntaxErrorOffset damages a catalogue at known places: the error
// names that byte, or the end of a file cut short.
func TestSyntaxErrorOffset(t *testing.T) {
	for _, name := range []string{"2x2x3.json", "2x2x3.jsonl"} {
		good, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		// A '#' in place of a bracket breaks the syntax wherever it
		// lands (in a string it would only change a name or a key).
		for _, near := range []int{1, 200, 3000, len(good) - 20} {
			at := near + bytes.IndexAny(good[near:], "[]")
			bad := bytes.Clone(good)
			bad[at] = '#'
			if got := offsetOf(t, bad); got != int64(at) {
				t.Errorf("%s with '#' at byte %d: error at byte %d", name, at, got)
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
			if got := offsetOf(t, bad); got != int64(at) {
				t.Errorf("%s without the separator at byte %d: error at byte %d", name, at, got)
			}
		}
		for _, cut := range []int{150, 2000, 4000} {
			if got := offsetOf(t, good[:cut]); got != int64(cut) {
				t.Errorf("%s cut at byte %d: error at byte %d", name, cut, got)
			}
		}
	}
}

func offsetOf(t *testing.T, data []byte) int64 {
	t.Helper()
	r := NewReader(bytes.NewReader(data))
	for {
		_, err := r.Next()
		var se *SyntaxError
		if errors.As(err, &se) {
			return se.Offset
		}
		if err != nil {
			t.Fatalf("Next = %v, want a *SyntaxError", err)
		}
	}
}
