package catalog

import (
	"bytes"
	"io"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// BenchmarkSolution checks the solutions of the 3x3x3 catalogue, already
// decoded: the checks alone, without reading.
func BenchmarkSolution(b *testing.B) {
	var snakes []solver.Seq
	var sols [][]export.Solution
	r := export.NewReader(bytes.NewReader(catalogtest.File(b, "3x3x3", export.FormatJSON)))
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		q, _ := solver.ParseSeq(e.Key)
		snakes, sols = append(snakes, q), append(sols, e.Solutions)
	}
	c := NewChecker(symmetry.MustParseBox("3"))
	form := make([]symmetry.Dir, 26)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		for k, q := range snakes {
			for _, s := range sols[k] {
				if _, err := c.Solution(form, q, s); err != nil {
					b.Fatal(err)
				}
				n++
			}
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Msolutions/s")
}

// BenchmarkSkim3 skims the 3x3x3 catalogue, JSONL, from memory: the
// indexing a server does before it answers.
func BenchmarkSkim3(b *testing.B) {
	data := catalogtest.File(b, "3", export.FormatJSONL)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		s := NewSkimmer(bytes.NewReader(data), Options{})
		for {
			_, err := s.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}
