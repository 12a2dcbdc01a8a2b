package export

import (
	"context"
	"io"
	"testing"
)

// BenchmarkEncode3 encodes the whole 3x3x3 catalogue to io.Discard on
// every core.
func BenchmarkEncode3(b *testing.B) {
	c := catalogue(b, "3")
	b.ReportAllocs()
	for b.Loop() {
		if err := Encode(context.Background(), io.Discard, c, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(encode(b, c, Options{}))))
}

// BenchmarkEncode3Serial is the same on one goroutine.
func BenchmarkEncode3Serial(b *testing.B) {
	c := catalogue(b, "3")
	b.ReportAllocs()
	for b.Loop() {
		if err := Encode(context.Background(), io.Discard, c, Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(encode(b, c, Options{}))))
}
