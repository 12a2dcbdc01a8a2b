package solver

import (
	"context"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// TestCut: a search that prunes the partial foldings a full layer cuts
// (see search.cut) counts every box's catalogue, whole and section by
// section, exactly as one that keeps them (job.uncut, the plain path), in fewer
// nodes, never more; on the long boxes, far fewer. The boxes run from the
// line to the cube, flat ones among them, with the longest side first,
// in the middle and last.
func TestCut(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		box   string
		fewer float64 // the most the cut search's nodes may be, as a share of the uncut's
	}{
		{"1x1x6", 1},
		{"1x3x6", 1},
		{"2x2x3", 1},
		{"3x3x3", 1},
		{"2x3x4", 1},
		{"4x2x3", 1},
		{"6x2x2", 0.8},
		{"2x8x2", 0.7},
		{"2x2x8", 0.7},
	} {
		b := symmetry.MustParseBox(tc.box)
		g := gridOf(b)
		// The whole box, by descendConstrained and descendFree; and
		// section by section, each prefix by descendFixed.
		var counts [2]Count
		for k, uncut := range []bool{false, true} {
			for _, p := range append([]Seq{{}}, Sections(b, Seq{}, 6)...) {
				res, err := g.search(ctx, job{c: startsWith(p), keysOnly: true, count: true, uncut: uncut}, Options{Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				c := summarise(b.Len(), res.tallies())
				c.Nodes = res.nodes
				res.release()
				counts[k].Add(c)
			}
		}
		cut, plain := counts[0], counts[1]
		if plain.Snakes == 0 {
			t.Fatalf("%v: no snakes", b)
		}
		nodes := func(c Count) Count { c.Nodes = 0; return c }
		if nodes(cut) != nodes(plain) {
			t.Errorf("%v: cut search counts %+v, uncut %+v", b, cut, plain)
		}
		if float64(cut.Nodes) > tc.fewer*float64(plain.Nodes) {
			t.Errorf("%v: cut search %d nodes, uncut %d: want at most %g of them", b, cut.Nodes, plain.Nodes, tc.fewer)
		}
		t.Logf("%v, whole and by sections: %d snakes, %d solutions; nodes %d cut, %d uncut", b, cut.Snakes, cut.Solutions, cut.Nodes, plain.Nodes)
	}
}
