package export

import (
	"bytes"
	"errors"
	"io"
	"os"
	"testing"
)

// FuzzReader feeds arbitrary bytes to the Reader: it returns entries or
// an error, never panics, and always comes to an end.
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
			case err != nil:
				return
			}
		}
		t.Fatalf("Reader gave more entries than the %d bytes allow", len(data))
	})
}
