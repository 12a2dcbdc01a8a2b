package solver

import (
	"context"
	"testing"

	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/symmetry"
)

// BenchmarkSearch3 is the 3x3x3 search alone, on one goroutine.
func BenchmarkSearch3(b *testing.B) {
	g := newGrid(cube(b, 3))
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		r, err := g.search(context.Background(), job{keysOnly: true}, Options{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		nodes = r.nodes
	}
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkEnumerate3 is the 3x3x3 catalogue, search and sort, on every core.
func BenchmarkEnumerate3(b *testing.B) {
	box := cube(b, 3)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Enumerate(context.Background(), box, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolve3 solves one 3x3x3 snake with 142 solutions, the most.
func BenchmarkSolve3(b *testing.B) {
	q, _ := ParseSeq("011111101010101111111111110")
	box := cube(b, 3)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Solve(context.Background(), box, q, Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// ft4 is the commercial 4x4x4 snake of docs/CONVENTIONS.md, in F/T notation.
const ft4 = "F,F,T,T,F,T,T,T,F,F,T,T,F,T,T,F,T,T,F,T,T,T,T,T,T,T,T,T,F,T,F,T,T,T,T,T,T,F,T,F,F,T,T,T,T,F,F,T,T,F,T,T,T,T,T,T,T,T,T,T,F,F,T"

func seq4(t testing.TB) Seq {
	t.Helper()
	s, _, err := notation.Parse(ft4, notation.Before, nil)
	if err != nil {
		t.Fatal(err)
	}
	q, err := ParseSeq(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// BenchmarkSolve4 solves the 64-cubelet snake on every core.
func BenchmarkSolve4(b *testing.B) {
	q, box := seq4(b), cube(b, 4)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		s, err := Solve(context.Background(), box, q, Options{})
		if err != nil {
			b.Fatal(err)
		}
		nodes = s.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}

// BenchmarkCount334 counts the first 120 of the 512 depth-10 sections of
// 3x3x4 on one goroutine: the census's search and tally.
func BenchmarkCount334(b *testing.B) {
	box, _ := symmetry.NewBox(3, 3, 4)
	ps := Sections(box, Seq{}, 10)[:120]
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		var total Count
		err := CountSections(context.Background(), box, ps, Options{Workers: 1}, func(_ Seq, c Count) error {
			total.Add(c)
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		nodes = total.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
