package stats

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
)

// BenchmarkCompute3 computes the figures of the whole 3x3x3 catalogue,
// read from memory.
func BenchmarkCompute3(b *testing.B) {
	data := catalogtest.File(b, "3", export.FormatJSON)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(context.Background(), bytes.NewReader(data), Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWrite3 writes the 3x3x3 figures in every format.
func BenchmarkWrite3(b *testing.B) {
	s := figures3(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, w := range []func(io.Writer) error{s.WriteText, s.WriteJSON, s.WriteCSV, s.WriteSVG} {
			if err := w(io.Discard); err != nil {
				b.Fatal(err)
			}
		}
	}
}
