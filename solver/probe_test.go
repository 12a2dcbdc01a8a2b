package solver

import (
	"context"
	"testing"
	"time"

	"github.com/snakecube/snakecube/symmetry"
)

// Given the time, SearchFor walks the whole search: as many nodes as the
// engine's count of the same search, run to its end by its tasks.
// Cancelled, it stops at its first look at the context, cancelEvery nodes
// in: short of the whole search of a box that takes more.
func TestSearchFor(t *testing.T) {
	for _, size := range []string{"2x2x3", "2x3x3", "3x3x3", "2x2x8"} {
		b := symmetry.MustParseBox(size)
		g := gridOf(b)
		res, err := g.search(context.Background(), job{keysOnly: true, count: true}, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if got := SearchFor(context.Background(), b, time.Minute); got != res.nodes {
			t.Errorf("%v: SearchFor visits %d nodes, the engine's count %d", b, got, res.nodes)
		}
		if res.nodes <= 2*cancelEvery {
			continue
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if got := SearchFor(ctx, b, time.Minute); got >= res.nodes {
			t.Errorf("%v: cancelled, SearchFor visits %d nodes, the whole search's %d", b, got, res.nodes)
		}
	}
}
