package export

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
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
	for _, f := range []Format{FormatJSON, FormatJSONL, FormatParquet} {
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

// BenchmarkSearch3 is the main job without the process: the 3x3x3
// catalogue searched and written as JSON to io.Discard, on one worker
// and on two.
func BenchmarkSearch3(b *testing.B) {
	box := symmetry.MustParseBox("3")
	ps := solver.Sections(box, solver.Seq{}, sectionDepth)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Search(context.Background(), io.Discard, box, ps, solver.Options{Workers: w}, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
