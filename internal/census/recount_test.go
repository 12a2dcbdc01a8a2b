package census

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
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

// TestRecountParts cuts sections into parts of at most a few solutions:
// the parts cover the section, each key once, in key order; each holds
// at most the bound, but for a single snake's; and the recount through
// them is the census's count.
func TestRecountParts(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		box    string
		prefix string
		max    int64
	}{
		{"2x2x3", "", 3},
		{"2x3x3", "01", 20},
		{"3x3x3", "0110", 1000},
		{"2x2x5", "0111111", 1},       // down to single snakes of many solutions
		{"2x2x5", "0111111", 1 << 20}, // not cut: as enumerate -prefix
	} {
		b := symmetry.MustParseBox(tc.box)
		p, err := solver.ParsePrefix(tc.prefix, b)
		if err != nil {
			t.Fatal(err)
		}
		parts, err := recountParts(ctx, b, p, tc.max)
		if err != nil {
			t.Fatal(err)
		}
		var sum solver.Count
		cut := false
		for i, q := range parts {
			if i > 0 && q.Compare(parts[i-1]) <= 0 || q.Len < p.Len || q.Bits&(1<<p.Len-1) != p.Bits {
				t.Fatalf("%s %q: part %d, %v, out of order or outside the section", tc.box, tc.prefix, i, q)
			}
			for _, r := range parts[:i] {
				if r.Len <= q.Len && q.Bits&(1<<r.Len-1) == r.Bits {
					t.Fatalf("%s %q: part %v lies within part %v", tc.box, tc.prefix, q, r)
				}
			}
			c, err := solver.CountSection(ctx, b, q, solver.Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if c.Solutions > tc.max && q.Len < b.Len() {
				t.Errorf("%s %q: part %v holds %d solutions, more than %d", tc.box, tc.prefix, q, c.Solutions, tc.max)
			}
			cut = cut || q.Len != min(p.Len+12, b.Len())
			sum.Add(c)
		}
		whole, err := solver.CountSection(ctx, b, p, solver.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Solutions != whole.Solutions || sum.Snakes != whole.Snakes {
			t.Errorf("%s %q: the parts hold %d snakes, %d solutions; the section %d, %d", tc.box, tc.prefix, sum.Snakes, sum.Solutions, whole.Snakes, whole.Solutions)
		}
		if whole.Solutions > tc.max && !cut {
			t.Errorf("%s %q: %d solutions, more than %d, and not cut deeper", tc.box, tc.prefix, whole.Solutions, tc.max)
		}
		if want, _, _ := (export.Part{Prefix: tc.prefix}).Sections(b); whole.Solutions <= tc.max && !slices.Equal(parts, want) {
			t.Errorf("%s %q: %d solutions, at most %d, cut into %d parts, not as enumerate -prefix cuts it", tc.box, tc.prefix, whole.Solutions, tc.max, len(parts))
		}
		re, err := recountSection(ctx, b, p, tc.max)
		if err != nil {
			t.Fatal(err)
		}
		rec := NewRecord(b, p.Len, 0, p, whole)
		if diff := rec.Differences(re); len(diff) > 0 {
			t.Errorf("%s %q: recounted in parts of %d: %v", tc.box, tc.prefix, tc.max, diff)
		}
	}
}
