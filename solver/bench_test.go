package solver

import (
	"context"
	"fmt"
	"testing"

	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/symmetry"
)

// The benchmarks cover the jobs make compare times against the C
// reference: the 3x3x3 search, count and catalogue, the 2x4x4 and 3x3x4
// counts, and three 4x4x4 snakes solved from each end; on one goroutine
// and on two.

// BenchmarkSearch3 is the 3x3x3 search alone, on one goroutine.
func BenchmarkSearch3(b *testing.B) {
	g := newGrid(symmetry.MustParseBox("3"))
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

// BenchmarkEnumerate3 is the 3x3x3 catalogue, search and sort, as one
// section.
func BenchmarkEnumerate3(b *testing.B) {
	box := symmetry.MustParseBox("3")
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("j%d", w), func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				c, err := Enumerate(context.Background(), box, Options{Workers: w})
				if err != nil {
					b.Fatal(err)
				}
				nodes = c.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}

// BenchmarkSolve3 solves one 3x3x3 snake with 142 solutions, the most.
func BenchmarkSolve3(b *testing.B) {
	q, _ := ParseSeq("011111101010101111111111110")
	box := symmetry.MustParseBox("3")
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

// snakes4 are the 4x4x4 snakes make compare solves, each also typed from
// its other end: the snake of docs/CONVENTIONS.md, and two whose search trees from
// their two ends differ (the third is the second read backwards).
var snakes4 = []string{
	"0011011100110110110111111111010111111010011110011011111111110010",
	"0001100111110111111011001101010011011111111110011001100100100100",
	"0010010010011001100111111111101100101011001101111110111110011000",
}

// BenchmarkSolve4 solves the 4x4x4 snakes, as typed and reversed.
func BenchmarkSolve4(b *testing.B) {
	box := symmetry.MustParseBox("4")
	for k, s := range snakes4 {
		q, err := ParseSeq(s)
		if err != nil {
			b.Fatal(err)
		}
		for _, from := range []Seq{q, q.Reverse()} {
			name := fmt.Sprintf("snake%d", k+1)
			if from != q {
				name += "rev"
			}
			for _, w := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/j%d", name, w), func(b *testing.B) {
					b.ReportAllocs()
					var nodes uint64
					for b.Loop() {
						s, err := Solve(context.Background(), box, from, Options{Workers: w})
						if err != nil {
							b.Fatal(err)
						}
						nodes = s.Nodes
					}
					b.ReportMetric(float64(nodes), "nodes/op")
				})
			}
		}
	}
}

// BenchmarkCount counts whole boxes as enumerate -count does, by the
// sections of depth 8: the census's search and tally.
func BenchmarkCount(b *testing.B) {
	for _, size := range []string{"3x3x3", "2x4x4", "3x3x4"} {
		box := symmetry.MustParseBox(size)
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/j%d", size, w), func(b *testing.B) {
				benchCount(b, box, Sections(box, Seq{}, 8), w)
			})
		}
	}
}

// BenchmarkCount334 counts the first 120 of the 512 depth-10 sections of
// 3x3x4 on one goroutine.
func BenchmarkCount334(b *testing.B) {
	box, _ := symmetry.NewBox(3, 3, 4)
	benchCount(b, box, Sections(box, Seq{}, 10)[:120], 1)
}

// BenchmarkCount2x2x16 counts the depth-16 sections 252 and 253 of
// 2x2x16 on one goroutine: a long box, where the search tests for cuts
// (see search.cut).
func BenchmarkCount2x2x16(b *testing.B) {
	box, _ := symmetry.NewBox(2, 2, 16)
	benchCount(b, box, Sections(box, Seq{}, 16)[252:254], 1)
}

// BenchmarkCountUnderPrefix counts the sections 12 cubelets below a
// prefix of 40 of 2x4x8, as enumerate -prefix cuts it, on one goroutine:
// the 346,383 states at the sections' depth exceed a plan's tasks, so the
// plan lies shallower, and each section walks on from its group.
func BenchmarkCountUnderPrefix(b *testing.B) {
	box, _ := symmetry.NewBox(2, 4, 8)
	p, err := ParsePrefix("0100011001110111111011111111111011111101", box)
	if err != nil {
		b.Fatal(err)
	}
	benchCount(b, box, Sections(box, p, p.Len+12), 1)
}

// BenchmarkTally counts 16 buffers of sequences, 4 million distinct among
// 16 million, each met again a few buffers later: the tally of a large
// census section (2x2x16's largest hold 10 to 67 million snakes and 100
// million to 1.2 billion solutions), without the search.
func BenchmarkTally(b *testing.B) {
	var t tally
	b.ReportAllocs()
	for b.Loop() {
		var snakes int
		for i := range uint64(16 * maxPending) {
			// A section's sequences share their low bits.
			t.one((i%(1<<22))*0x9e3779b97f4a7c15&^0xffff | 0x5a5a)
		}
		t.drain(func(uint64, int32) { snakes++ })
		if snakes != 1<<22 {
			b.Fatalf("%d sequences, want %d", snakes, 1<<22)
		}
	}
}

func benchCount(b *testing.B, box symmetry.Box, ps []Seq, w int) {
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		var total Count
		err := CountSections(context.Background(), box, ps, Options{Workers: w}, func(_ Seq, c Count) error {
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

// BenchmarkProfile is the weighing of one choice of an estimate's descent
// on 3x3x6 at the plan's design: the frontier of a prefix of 16 cubelets
// (capacity 65,536) profiled by a population of 65,536.
func BenchmarkProfile(b *testing.B) {
	box := symmetry.MustParseBox("3x3x6")
	p, _ := ParseSeq("0110111011111101")
	f := frontierOf(box, p, 1<<16, 1, false)
	var nodes float64
	for b.Loop() {
		pr, _ := f.Profile(context.Background(), 1<<16, 1, FrontierStream(p))
		nodes = 0
		for _, n := range pr.Hits {
			nodes += float64(n)
		}
	}
	b.ReportMetric(nodes, "nodes/op")
	b.ReportMetric(nodes*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
