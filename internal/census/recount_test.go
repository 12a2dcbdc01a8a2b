package census

import (
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/solver"
)

// TestSampleRecords draws from the sections a census holds, whatever their
// numbers and their order in the files: each as likely as any other, each
// once, in section order, all of them when asked for more.
func TestSampleRecords(t *testing.T) {
	var recs []Record
	for _, k := range []int{900, 3, 41, 7, 500, 12, 64, 2, 33, 100} {
		recs = append(recs, Record{Section: k})
	}
	hits := map[int]int{}
	for seed := range uint64(3000) {
		got := SampleRecords(recs, 3, seed)
		var ks []int
		for _, r := range got {
			ks = append(ks, r.Section)
			hits[r.Section]++
		}
		if len(ks) != 3 || !slices.IsSorted(ks) || len(slices.Compact(slices.Clone(ks))) != 3 {
			t.Fatalf("SampleRecords(recs, 3, %d) holds sections %v: want 3 distinct, ascending", seed, ks)
		}
	}
	for _, r := range recs {
		if h := hits[r.Section]; h < 780 || h > 1020 { // expected 900, sd about 25
			t.Errorf("section %d drawn %d times in 3000 samples of 3 of 10, want about 900", r.Section, h)
		}
	}
	if got := SampleRecords(recs, 50, 1); len(got) != len(recs) || got[0].Section != 2 || got[9].Section != 900 {
		t.Errorf("SampleRecords(recs, 50, 1) = %v: want all 10, in section order", got)
	}
}

// TestDifferences names each figure that differs, and none of nodes and
// seconds, which belong to the search.
func TestDifferences(t *testing.T) {
	k, _ := solver.ParseSeq("01111110")
	c := solver.Count{Snakes: 1, Solutions: 3, OneSolution: 0, Palindromes: 1, PalindromeSolutions: 3, Most: 3, MostKey: k, Nodes: 9, Seconds: 1}
	r := Record{Counts: Counts{Snakes: 1, Solutions: 3, Palindromes: 1, PalindromeSolutions: 3, Most: 3, MostKey: "01111110", Nodes: 7}}
	if d := r.Differences(c); len(d) != 0 {
		t.Errorf("Differences of equal counts = %q", d)
	}
	r.Solutions, r.MostKey = 4, "01111010"
	d := r.Differences(c)
	if len(d) != 2 || d[0] != "solutions 4 in the census, 3 recounted" || !strings.HasPrefix(d[1], "most_solutions_snake 01111010 in the census, 01111110") {
		t.Errorf("Differences = %q: want solutions and most_solutions_snake", d)
	}
	if d := (Record{}).Differences(solver.Count{Nodes: 5}); len(d) != 0 {
		t.Errorf("Differences of two empty sections = %q", d)
	}
}
