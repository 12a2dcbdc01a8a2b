package verify

import (
	"bytes"
	"context"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/catalogtest"
)

// BenchmarkVerify3 checks the whole 3x3x3 catalogue, read from memory.
func BenchmarkVerify3(b *testing.B) {
	data := catalogtest.File(b, "3x3x3", export.FormatJSON)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sum, err := Verify(context.Background(), bytes.NewReader(data), Options{}, func(*catalog.Problem) {})
		if err != nil || sum.Problems > 0 {
			b.Fatal(sum, err)
		}
	}
}

// BenchmarkVerify3Complete adds the fresh search and the merge walk.
func BenchmarkVerify3Complete(b *testing.B) {
	data := catalogtest.File(b, "3x3x3", export.FormatJSON)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sum, err := Verify(context.Background(), bytes.NewReader(data), Options{Complete: true}, func(*catalog.Problem) {})
		if err != nil || sum.Problems > 0 {
			b.Fatal(sum, err)
		}
	}
}
