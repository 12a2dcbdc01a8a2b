package census

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestSectionsSample draws from the sections a census holds, whatever
// their numbers: each as likely as any other, each once, in section order,
// all of them when asked for more.
func TestSectionsSample(t *testing.T) {
	have := []int{900, 3, 41, 7, 500, 12, 64, 2, 33, 100}
	s := NewSections(1000)
	for _, k := range have {
		s.Add(k)
	}
	hits := map[int]int{}
	for seed := range uint64(3000) {
		ks := s.Sample(3, seed)
		for _, k := range ks {
			hits[k]++
		}
		if len(ks) != 3 || !slices.IsSorted(ks) || len(slices.Compact(slices.Clone(ks))) != 3 {
			t.Fatalf("Sample(3, %d) = %v: want 3 distinct sections, ascending", seed, ks)
		}
	}
	for _, k := range have {
		if h := hits[k]; h < 780 || h > 1020 { // expected 900, sd about 25
			t.Errorf("section %d drawn %d times in 3000 samples of 3 of 10, want about 900", k, h)
		}
	}
	if got := s.Sample(50, 1); len(got) != len(have) || got[0] != 2 || got[9] != 900 {
		t.Errorf("Sample(50, 1) = %v: want all 10, in section order", got)
	}
}

// TestSampleRecords draws from census files the records a sort of all of
// them by section and [Sample]'s ranks among them give, the draws census
// check made when it held every record: the same seed recounts the same
// sections.
func TestSampleRecords(t *testing.T) {
	ctx := context.Background()
	recs := records(t, 12)
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.jsonl"), fileOf(recs[:5]))
	write(t, filepath.Join(dir, "b.jsonl"), fileOf(recs[5:]))
	c, err := ReadFiles(ctx, []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	sorted := slices.SortedFunc(slices.Values(recs), func(a, b Record) int { return a.Section - b.Section })
	for seed := range uint64(20) {
		var want []Record
		for _, i := range Sample(len(sorted), 4, seed) {
			want = append(want, sorted[i])
		}
		got, err := SampleRecords(ctx, c, []string{dir}, 4, seed)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("SampleRecords(4, seed %d) = %v, %v; want %v", seed, got, err, want)
		}
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
// at most the bound, but for a single snake's; a section that fits is
// one part, as enumerate -prefix cuts it; and the recount through them,
// by the catalogue's route, is the census's count.
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
		var parts []solver.Seq
		rc := recounter{b: b, max: tc.max, whole: func(ctx context.Context, b symmetry.Box, q solver.Seq) (solver.Count, error) {
			parts = append(parts, q)
			return solver.CountSection(ctx, b, q, solver.Options{Workers: 1})
		}}
		sum, err := rc.count(ctx, p, true, -1)
		if err != nil {
			t.Fatal(err)
		}
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
		}
		whole, err := solver.CountSection(ctx, b, p, solver.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Solutions != whole.Solutions || sum.Snakes != whole.Snakes {
			t.Errorf("%s %q: the parts hold %d snakes, %d solutions; the section %d, %d", tc.box, tc.prefix, sum.Snakes, sum.Solutions, whole.Snakes, whole.Solutions)
		}
		if cut := len(parts) > 1; whole.Solutions > tc.max != cut {
			t.Errorf("%s %q: %d solutions, bound %d, cut into %d parts", tc.box, tc.prefix, whole.Solutions, tc.max, len(parts))
		}
		re, err := recounter{b: b, max: tc.max, whole: recountWhole}.count(ctx, p, true, -1)
		if err != nil {
			t.Fatal(err)
		}
		rec := NewRecord(b, p.Len, 0, p, whole)
		if diff := rec.Differences(re); len(diff) > 0 {
			t.Errorf("%s %q: recounted in parts of %d: %v", tc.box, tc.prefix, tc.max, diff)
		}
	}
}

// TestRecountResumes stops a check in the middle of a section recounted
// in parts, and runs it again: the parts recounted before the stop are
// taken from the parts file, not recounted, every other part is
// recounted once, the sections agree with the census, and the parts file
// goes once every section it names is in the recounts.
func TestRecountResumes(t *testing.T) {
	ctx := context.Background()
	b := symmetry.MustParseBox("2x2x5")
	const depth = 4
	var todo []Record
	for k := range solver.NumSections(b, depth) {
		p := solver.SectionAt(b, depth, k)
		c, err := solver.CountSection(ctx, b, p, solver.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if c.Solutions > 0 {
			todo = append(todo, NewRecord(b, depth, k, p, c))
		}
	}
	path := filepath.Join(t.TempDir(), "recounts.jsonl")
	check := func(ctx context.Context, whole func(context.Context, symmetry.Box, solver.Seq) (solver.Count, error)) (int, error) {
		f, err := Open(ctx, path, b, depth)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rc := recounter{b: b, max: 2, kept: f, whole: whole}
		bad := 0
		for _, r := range todo {
			if f.Done(r.Section) {
				continue
			}
			p := solver.SectionAt(b, depth, r.Section)
			c, err := rc.count(ctx, p, true, r.Solutions) // cut as the census says
			if err != nil {
				return bad, err
			}
			if d := r.Differences(c); len(d) > 0 {
				t.Errorf("section %d: %v", r.Section, d)
				bad++
			}
			if err := f.Append(NewRecord(b, depth, r.Section, p, c)); err != nil {
				t.Fatal(err)
			}
		}
		return bad, f.Close()
	}
	var first []solver.Seq
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	_, err := check(stop, func(ctx context.Context, b symmetry.Box, q solver.Seq) (solver.Count, error) {
		if len(first) == 7 {
			cancel()
			return solver.Count{}, ctx.Err()
		}
		first = append(first, q)
		return recountWhole(ctx, b, q)
	})
	if err == nil {
		t.Fatal("the check was stopped, yet it ended without an error")
	}
	if _, err := os.Stat(PartsFile(path)); err != nil {
		t.Fatalf("stopped within a section cut: %v", err)
	}
	again := map[solver.Seq]int{}
	if _, err := check(ctx, func(ctx context.Context, b symmetry.Box, q solver.Seq) (solver.Count, error) {
		again[q]++
		return recountWhole(ctx, b, q)
	}); err != nil {
		t.Fatal(err)
	}
	for _, q := range first {
		if again[q] > 0 && q.Len > depth {
			t.Errorf("part %v, recounted before the stop, recounted again", q)
		}
	}
	for q, n := range again {
		if n > 1 {
			t.Errorf("part %v recounted %d times", q, n)
		}
	}
	if _, err := os.Stat(PartsFile(path)); !os.IsNotExist(err) {
		t.Errorf("every section recounted, yet the parts file is there: %v", err)
	}
	recs, _, err := ReadFile(ctx, path)
	if err != nil || len(recs) != len(todo) {
		t.Fatalf("%d recounts, %v; want %d", len(recs), err, len(todo))
	}
	for _, r := range recs {
		if r.Nodes == 0 || r.Seconds <= 0 {
			t.Errorf("section %d, recounted, says %d nodes and %v seconds", r.Section, r.Nodes, r.Seconds)
		}
	}
}
