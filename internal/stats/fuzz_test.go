package stats

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
)

// FuzzCompute checks that Compute never panics on arbitrary bytes, that
// what it computes adds up, and that every format writes it.
func FuzzCompute(f *testing.F) {
	for _, format := range []export.Format{export.FormatJSON, export.FormatJSONL} {
		good := catalogtest.File(f, "2x2x2", format)
		f.Add(good)
		f.Add(good[:len(good)/2])
		f.Add(bytes.Replace(good, []byte("[1,2,-1,3,1,-2,-1]"), []byte("[1,2,-1,3,1,-2,-3]"), 1))
	}
	f.Add([]byte(`{"01111110":[],"01101110":[]}`))
	f.Add([]byte(`{"00000000":[],"00000010":[],"01111110":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Compute(context.Background(), bytes.NewReader(data), Options{})
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("Compute(%q) failed with no text", data)
			}
			return
		}
		snakes, sols, ends := 0, 0, 0
		for n, c := range s.Histogram {
			snakes += c
			sols += n * c
		}
		for a := range s.Ends {
			for _, c := range s.Ends[a] {
				ends += c
			}
		}
		if snakes != s.Snakes || sols != s.Solutions || ends != s.Solutions {
			t.Fatalf("Compute(%q): %d snakes and %d solutions in the histogram, %d solutions by ends; want %d and %d",
				data, snakes, sols, ends, s.Snakes, s.Solutions)
		}
		for _, w := range []func(io.Writer) error{s.WriteText, s.WriteJSON, s.WriteCSV, s.WriteSVG} {
			if err := w(io.Discard); err != nil {
				t.Fatal(err)
			}
		}
	})
}
