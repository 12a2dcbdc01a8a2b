package export

import (
	"bytes"
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

// BenchmarkRead3 reads the whole 3x3x3 catalogue, entry by entry, in
// each text format: as the writers write it (the lines read without the
// decoder) and on one line (every entry read by the decoder).
func BenchmarkRead3(b *testing.B) {
	c := catalogue(b, "3")
	for _, f := range []Format{FormatJSON, FormatJSONL} {
		data := encode(b, c, Options{Format: f})
		cases := []struct {
			name string
			data []byte
		}{{f.String(), data}}
		if f == FormatJSON {
			cases = append(cases, struct {
				name string
				data []byte
			}{f.String() + "-decoder", bytes.ReplaceAll(data, []byte("\n"), []byte(" "))})
		}
		for _, tc := range cases {
			b.Run(tc.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(tc.data)))
				for b.Loop() {
					r := NewReader(bytes.NewReader(tc.data))
					for {
						if _, err := r.Next(); err == io.EOF {
							break
						} else if err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}
