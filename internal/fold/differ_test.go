package fold_test

import (
	"slices"
	"testing"

	"github.com/snakecube/snakecube/internal/fold"
)

// TestDiffer: of the 4 solutions of the 4x4x4 King snake, the first two
// are one folding but for cubelets 52 to 56, and the others are foldings
// of their own. Checked against an oracle: some symmetry of the box puts
// every cubelet of solution 2 outside that range in solution 1's cell,
// none puts all of them there, and none puts all but half the snake's
// cubelets of solutions 3 and 4 in the cells of another solution's.
func TestDiffer(t *testing.T) {
	s := solved(t, "4", bitsOfFT(king))
	if len(s.Solutions) != 4 {
		t.Fatalf("the King snake has %d solutions, want 4", len(s.Solutions))
	}
	ds := fold.Differ(s.Box, s.Solutions)
	if len(ds) != 1 || !slices.Equal(ds[0].Solutions, []int{1, 2}) || ds[0].First != 52 || ds[0].Last != 56 {
		t.Fatalf("Differ(King) = %+v; want solutions 1 and 2 in cubelets 52 to 56", ds)
	}
	if got, want := fold.Differences(s.Box, s.Solutions), "solutions 1 and 2 differ only in cubelets 52 to 56: every other cubelet lies in the same cell in each, once turned alike"; got != want {
		t.Errorf("Differences(King) = %q, want %q", got, want)
	}
	cells := make([][][3]int, len(s.Solutions))
	for i, dirs := range s.Solutions {
		start, _ := s.Box.Start(dirs)
		c, err := s.Box.Cells(start, dirs)
		if err != nil {
			t.Fatal(err)
		}
		cells[i] = c
	}
	// most returns, over the symmetries, the most cubelets of b that lie
	// in a's cells, and whether the cubelets outside lo..hi all do.
	most := func(a, b [][3]int, lo, hi int) (int, bool) {
		best, out := 0, false
		for _, g := range s.Box.Group() {
			same, outside := 0, true
			for k, p := range b {
				if g.Cell(s.Box, p) == a[k] {
					same++
				} else if k+1 < lo || k+1 > hi {
					outside = false
				}
			}
			best, out = max(best, same), out || outside
		}
		return best, out
	}
	if same, out := most(cells[0], cells[1], 52, 56); !out || same == len(cells[0]) {
		t.Errorf("solution 2 against 1: %d cubelets alike at most, the cubelets outside 52 to 56 alike: %v", same, out)
	}
	for _, j := range []int{2, 3} {
		for i := range j {
			if same, _ := most(cells[i], cells[j], 0, 0); 2*same >= len(cells[0]) {
				t.Errorf("solution %d has %d cubelets alike with solution %d, half the snake or more", j+1, same, i+1)
			}
		}
	}
	if ds := fold.Differ(s.Box, s.Solutions[:1]); ds != nil {
		t.Errorf("Differ of one solution = %v, want none", ds)
	}
	if got := (fold.Difference{Solutions: []int{1, 2, 3}, All: 3, First: 5, Last: 5}).String(); got != "the 3 solutions differ only in cubelet 5: every other cubelet lies in the same cell in each, once turned alike" {
		t.Errorf("Difference.String() of all = %q", got)
	}
}
