package paths

import (
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

func BenchmarkPlan(b *testing.B) {
	for _, s := range []string{"2x2x2", "3x3x3", "4x4x4", "2x3x7"} {
		box := symmetry.MustParseBox(s)
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				g := boxGraph(box)
				if _, err := bestPlan(g, orders(box, g)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
