package census

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/solver"
)

// TestReadFiles sums census files as one census line by line, and refuses
// them as one with the messages it gave when it held every record: a
// section twice naming the files of both its lines, files of several
// censuses, a file that cannot be read before either; it leaves out a
// torn last line and says so.
func TestReadFiles(t *testing.T) {
	ctx := context.Background()
	recs := records(t, 8)
	// Sections 3 and 5 say their processor seconds: the total's metered
	// nodes are theirs alone.
	recs[3].CPU, recs[5].CPU = 2.5, 0.5
	recs[3].Nodes, recs[5].Nodes = 1000, 20
	dir := t.TempDir()
	file := func(name string, rs ...Record) string {
		path := filepath.Join(dir, name)
		write(t, path, fileOf(rs))
		return path
	}
	a := file("a.jsonl", recs[0], recs[3], recs[1])
	b := file("b.jsonl", recs[2], recs[5])
	c := file("c.jsonl", recs[4], recs[3])
	twice := file("twice.jsonl", recs[6], recs[7], recs[6])
	torn := file("torn.jsonl", recs[6])
	line := recs[7].Line()
	write(t, torn, append(fileOf(recs[6:7]), line[:len(line)-1]...))
	other := recordsOf(t, box234, depth234-1, 1)[0]
	d5 := file("d5.jsonl", other)
	bad := file("bad.jsonl", recs[7])
	write(t, bad, []byte(`{"box":"2x3x4"}`+"\n"))

	got, err := ReadFiles(ctx, []string{a, b, torn})
	if err == nil && (got.Metered != 2 || got.MeteredNodes != 1020 || got.CPU != 3) {
		t.Errorf("ReadFiles(a, b, torn): %d sections of %d nodes metered in %v processor seconds, want 2 of 1020 in 3", got.Metered, got.MeteredNodes, got.CPU)
	}
	var want solver.Count
	for _, r := range []Record{recs[0], recs[3], recs[1], recs[2], recs[5], recs[6]} {
		k, _ := r.Count()
		want.Add(k)
	}
	if err != nil || got.Count != want || got.Sections != 6 || got.Have.Len() != 6 || got.Box != box234 || got.Depth != depth234 ||
		!slices.Equal(got.Torn, []Torn{{torn, int64(len(line) - 1)}}) {
		t.Fatalf("ReadFiles(a, b, torn) = %+v, %v; want the sum of 6 sections, %+v, and the torn line of torn", got, err, want)
	}
	if n, first := got.Have.Missing(5); n != 26 || !slices.Equal(first, []int{4, 7, 8, 9, 10}) {
		t.Errorf("ReadFiles(a, b, torn) lacks %d sections, %v; want 26, [4 7 8 9 10]", n, first)
	}
	prefix := func(k int) string { return recs[k].Prefix }
	for _, tc := range []struct {
		files []string
		want  string
		torn  int
	}{
		{[]string{a, b, c}, fmt.Sprintf("section 3 (prefix %s) is counted twice, in %s and %s", prefix(3), a, c), 0},
		{[]string{torn, twice}, fmt.Sprintf("section 6 (prefix %s) is counted twice, in %s and %s", prefix(6), torn, twice), 1},
		{[]string{twice}, fmt.Sprintf("section 6 (prefix %s) is counted twice, in %s and %s", prefix(6), twice, twice), 0},
		{[]string{a, d5, torn}, fmt.Sprintf("%s: a census of 2x3x4 at depth 5, %s one of 2x3x4 at depth 6: different censuses", d5, a), 1},
		{[]string{a, c, torn, bad}, bad + `: line 1: not a census line: it has no "depth", "section", "prefix", "nodes" or "seconds"`, 0},
		{[]string{torn, filepath.Join(dir, "none.jsonl")}, "", 0},
	} {
		got, err := ReadFiles(ctx, tc.files)
		if err == nil || tc.want != "" && err.Error() != tc.want {
			t.Errorf("ReadFiles(%v) = %v, want %q", tc.files, err, tc.want)
		}
		if n := 0; got != nil {
			n = len(got.Torn)
			if n != tc.torn {
				t.Errorf("ReadFiles(%v) told %d torn lines, want %d", tc.files, n, tc.torn)
			}
		} else if tc.torn > 0 {
			t.Errorf("ReadFiles(%v) told no torn line, want %d", tc.files, tc.torn)
		}
	}
	if _, err := ReadFiles(ctx, []string{file("empty.jsonl")}); err == nil || err.Error() != "the files hold no section" {
		t.Errorf("ReadFiles(an empty file) = %v, want the files hold no section", err)
	}
}
