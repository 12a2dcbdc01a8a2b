package boxes

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/estimate"
	pathcount "github.com/snakecube/snakecube/internal/paths"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// results writes a results folder with a whole census of 2x2x3 and the
// paths file snakecube paths prints of it, its solutions line changed to
// solutions.
func results(t *testing.T, solutions string) string {
	t.Helper()
	dir := t.TempDir()
	addBox(t, dir, symmetry.MustParseBox("2x2x3"), solutions)
	return dir
}

// counted2x2x3 returns a results folder as results makes it, with 2x2x3's
// true solutions, and 2x2x3's catalogue.
func counted2x2x3(t *testing.T) (string, *solver.Catalogue) {
	t.Helper()
	c, err := solver.Enumerate(context.Background(), symmetry.MustParseBox("2x2x3"), solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return results(t, itoa(c.Solutions())), c
}

// addBox writes a whole census of box b into the results folder dir, at
// depth 4, and the paths file snakecube paths prints of b, its solutions
// line changed to solutions.
func addBox(t *testing.T, dir string, b symmetry.Box, solutions string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "census", b.String()), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := census.Open(context.Background(), filepath.Join(dir, "census", b.String(), "c.jsonl"), b, 4)
	if err != nil {
		t.Fatal(err)
	}
	sel, _ := census.Select(solver.NumSections(b, 4), "", false, 0, 1)
	if err := f.Count(context.Background(), sel, 1, nil); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.MkdirAll(filepath.Join(dir, "paths"), 0o755); err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`(?m)^solutions .*$`).ReplaceAllString(pathsText(t, b), "solutions "+solutions)
	if err := os.WriteFile(filepath.Join(dir, "paths", b.String()+".txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// pathsText returns what snakecube paths prints of box b.
func pathsText(t *testing.T, b symmetry.Box) string {
	t.Helper()
	c, err := pathcount.Solutions(context.Background(), b, pathcount.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := c.WriteText(&out, false); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestTable: a whole census and its paths file make an exact row, which
// alone is no sequence of its family; a paths file that disagrees with the
// census refuses the table.
func TestTable(t *testing.T) {
	c, err := solver.Enumerate(context.Background(), symmetry.MustParseBox("2x2x3"), solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := c.Solutions()
	rows, err := Read(context.Background(), results(t, itoa(want)))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || !rows[0].Exact() || rows[0].Census.Solutions != int64(want) || int(rows[0].Census.Snakes) != len(c.Snakes) {
		t.Fatalf("Read = %+v, want the exact row of 2x2x3 with %d snakes and %d solutions", rows, len(c.Snakes), want)
	}
	var out bytes.Buffer
	if err := WriteSequences(&out, rows); err != nil {
		t.Fatal(err)
	}
	if out.String() != "" {
		t.Errorf("WriteSequences without 2x2x2 = %q, want no sequence: 2x2xn starts at n = 2", &out)
	}
	if _, err := Read(context.Background(), results(t, itoa(want+1))); err == nil || !strings.Contains(err.Error(), "by Burnside's lemma") {
		t.Errorf("Read of a census and a paths file that disagree = %v, want it refused", err)
	}
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		if n /= 10; n == 0 {
			return string(b)
		}
	}
}

// TestChecks: a census check that agrees marks the row as checked; a
// check whose line was edited, one that disagrees, or one of another
// census refuses the table.
func TestChecks(t *testing.T) {
	ctx := context.Background()
	b := symmetry.MustParseBox("2x2x3")
	dir, _ := counted2x2x3(t)
	folder := []string{filepath.Join(dir, "census", "2x2x3")}
	cs, err := census.ReadFiles(ctx, folder)
	if err != nil {
		t.Fatal(err)
	}
	todo, err := census.SampleRecords(ctx, cs, folder, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	var check bytes.Buffer
	bad, _, err := census.Recount(ctx, b, todo, census.RecountOptions{Workers: 2}, func(r census.Record, c solver.Count, diff []string) error {
		return census.WriteRecount(&check, r, c, diff)
	})
	if err != nil || bad != 0 {
		t.Fatalf("census.Recount of 2x2x3 = %d disagreeing, %v", bad, err)
	}
	path := filepath.Join(dir, "checks", "2x2x3.txt")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(text string) {
		if err := os.WriteFile(path, []byte("# 2x2x3 census at depth 4: a check\n"+text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(check.String())
	rows, err := Read(ctx, dir)
	if err != nil || len(rows) != 1 || rows[0].Checked != len(todo) {
		t.Fatalf("Read with a check of %d sections = %+v, %v", len(todo), rows, err)
	}
	var table bytes.Buffer
	if err := WriteTable(&table, rows); err != nil || !strings.Contains(table.String(), "5 sections recounted by census check, all agree") {
		t.Errorf("WriteTable = %q, %v: want the check said", &table, err)
	}

	lines := strings.SplitAfter(check.String(), "\n")
	first := lines[0]
	for _, tc := range []struct{ name, text, want string }{
		{"edited", strings.Replace(first, " solutions ", " solutions 9", 1), "not the census's line"},
		{"most edited", strings.Replace(first, " most_solutions ", " most_solutions 9", 1), "not the census's line"},
		{"disagreeing", strings.Replace(first, ": agree", ": DISAGREE: snakes 1 in the census, 2 recounted", 1), "disagrees"},
		{"twice", first + first, "recounted twice"},
		{"another census", strings.Replace(first, "section ", "section 9", 1), "not in the census"},
		{"garbled", "sections 3\n", "not a line of census check"},
		{"empty", "", "no section recounted"},
	} {
		write(tc.text)
		if _, err := Read(ctx, dir); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Read with a check %s = %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestEstimateFiles: of a box's descents files, the table takes the
// widest design's, of those the one of the largest capacity, 4096 where
// the name gives none, of those the one with the cut, of those the one
// in strata, and of those the one within a budget; a name that is no
// descents file's is passed over.
func TestEstimateFiles(t *testing.T) {
	dir := t.TempDir()
	b := symmetry.MustParseBox("2x3x4")
	if err := os.MkdirAll(filepath.Join(dir, "estimate"), 0o755); err != nil {
		t.Fatal(err)
	}
	take := func(name string, width, capacity, k int) {
		t.Helper()
		d := estimate.NewDesign(b, 1, estimate.Options{Width: width, Capacity: capacity, Cut: strings.HasSuffix(name, "-cut.jsonl")})
		if _, _, err := d.Take(context.Background(), k, filepath.Join(dir, "estimate", name)); err != nil {
			t.Fatal(err)
		}
	}
	chosen := func(wantFile string, wantDescents int, more ...string) {
		t.Helper()
		rows, err := Read(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || rows[0].Estimate == nil || len(rows[0].Files) != 1+len(more) {
			t.Fatalf("Read = %+v, want one estimated row of %d files", rows, 1+len(more))
		}
		if rows[0].Files[0] != "estimate/"+wantFile || rows[0].Estimate.Descents != wantDescents {
			t.Errorf("the row is of %s, %d descents; want %s, %d", rows[0].Files[0], rows[0].Estimate.Descents, wantFile, wantDescents)
		}
		for i, f := range more {
			if rows[0].Files[1+i] != "estimate/"+f {
				t.Errorf("the row's file %d is %s, want %s", 2+i, rows[0].Files[1+i], f)
			}
		}
	}
	take("estimate-2x3x4-w32-c9999.jsonl", 32, 9999, 5)
	take("estimate-2x3x4-w64-c16.jsonl", 64, 16, 4)
	chosen("estimate-2x3x4-w64-c16.jsonl", 4)
	take("estimate-2x3x4-w64.jsonl", 64, 0, 3)
	chosen("estimate-2x3x4-w64.jsonl", 3)
	take("estimate-2x3x4-w64-c8192.jsonl", 64, 8192, 6)
	take("estimate-2x3x4-w64-cX.jsonl", 64, 100, 2)
	chosen("estimate-2x3x4-w64-c8192.jsonl", 6)
	take("estimate-2x3x4-w64-c8192-cut.jsonl", 64, 8192, 7)
	chosen("estimate-2x3x4-w64-c8192-cut.jsonl", 7)
	take("estimate-2x3x4-w32-cut.jsonl", 32, 0, 2)
	chosen("estimate-2x3x4-w64-c8192-cut.jsonl", 7)
	// A design in strata, after the same design without; its name given
	// to a file of the design without, refused.
	pilot := estimate.NewDesign(b, 1, estimate.Options{Width: 64, Capacity: 8192, Cut: true})
	ds, _, err := pilot.Take(context.Background(), 7, filepath.Join(dir, "estimate", "estimate-2x3x4-w64-c8192-cut.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := pilot.MakeStrata(context.Background(), 4, ds)
	if err != nil {
		t.Fatal(err)
	}
	d := estimate.NewDesign(b, 1, estimate.Options{Width: 64, Capacity: 8192, Cut: true, Strata: s})
	if _, _, err := d.Take(context.Background(), 3, filepath.Join(dir, "estimate", "estimate-2x3x4-w64-c8192-cut-strata.jsonl")); err != nil {
		t.Fatal(err)
	}
	chosen("estimate-2x3x4-w64-c8192-cut-strata.jsonl", 3)
	// With its table beside it, the row names it too.
	var table bytes.Buffer
	if err := s.Write(&table); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "estimate", "strata-2x3x4.tsv"), table.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	chosen("estimate-2x3x4-w64-c8192-cut-strata.jsonl", 3, "strata-2x3x4.tsv")
	move := func(from, to string) {
		t.Helper()
		if err := os.Rename(filepath.Join(dir, "estimate", from), filepath.Join(dir, "estimate", to)); err != nil {
			t.Fatal(err)
		}
	}
	move("estimate-2x3x4-w64-c8192-cut-strata.jsonl", "strata.jsonl")
	move("estimate-2x3x4-w64-c8192-cut.jsonl", "estimate-2x3x4-w64-c8192-cut-strata.jsonl")
	if _, err := Read(context.Background(), dir); err == nil || !strings.Contains(err.Error(), "not of the width 64 and capacity 8,192 with the cut in strata that the file's name gives") {
		t.Errorf("descents without strata in a file named for strata: %v", err)
	}
	move("estimate-2x3x4-w64-c8192-cut-strata.jsonl", "estimate-2x3x4-w64-c8192-cut.jsonl")
	move("strata.jsonl", "estimate-2x3x4-w64-c8192-cut-strata.jsonl.old")

	// refused checks that Read refuses the descents of file from under
	// the name of file to, saying want, and puts both back.
	refused := func(from, to, want string) {
		t.Helper()
		move(to, "aside.jsonl")
		move(from, to)
		if _, err := Read(context.Background(), dir); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("the descents of %s named %s: %v, want %q", from, to, err, want)
		}
		move(to, from)
		move("aside.jsonl", to)
	}
	const (
		plain    = "estimate-2x3x4-w64-c8192-cut.jsonl"
		budgeted = "estimate-2x3x4-w64-c8192-cut-budget.jsonl"
		deep     = "estimate-2x3x4-w64-c8192-cut-budget-deepest12.jsonl"
		named    = "not of the width 64 and capacity 8,192 with the cut"
	)

	// A design that stops within a budget, after the same design
	// without; each one's descents in a file named for the other,
	// refused.
	budget := estimate.NewDesign(b, 1, estimate.Options{Width: 64, Capacity: 8192, Cut: true, Depth: 8, Budget: 300})
	if _, _, err := budget.Take(context.Background(), 4, filepath.Join(dir, "estimate", budgeted)); err != nil {
		t.Fatal(err)
	}
	chosen(budgeted, 4)
	refused(plain, budgeted, named+" stopping within a budget that the file's name gives")
	refused(budgeted, plain, named+" that the file's name gives")

	// A budget design that counts at 12 cubelets at the deepest (the
	// box has 24), after the same budget design without; likewise.
	deepest := estimate.NewDesign(b, 1, estimate.Options{Width: 64, Capacity: 8192, Cut: true, Depth: 8, Budget: 300, Deepest: 12})
	if _, _, err := deepest.Take(context.Background(), 5, filepath.Join(dir, "estimate", deep)); err != nil {
		t.Fatal(err)
	}
	chosen(deep, 5)
	refused(budgeted, deep, named+" stopping within a budget at 12 cubelets at the deepest that the file's name gives")
	refused(deep, budgeted, named+" stopping within a budget that the file's name gives")
	move(budgeted, budgeted+".old")
	move(deep, deep+".old")

	// With the box's solutions known, the row says whether the estimate's
	// interval holds them: a paths file whose counts agree by Burnside's
	// lemma (2|G| = 16), not counted again.
	defer func(n int) { recountCells = n }(recountCells)
	recountCells = 0
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		solutions int
		want      string
	}{
		{c.Solutions(), "; its solutions' 95% interval holds the exact count |"},
		{1, "; its solutions' 95% interval misses the exact count: not to be trusted yet |"},
	} {
		if err := os.MkdirAll(filepath.Join(dir, "paths"), 0o755); err != nil {
			t.Fatal(err)
		}
		text := "# 2x3x4: directed Hamiltonian paths\npaths " + itoa(16*tc.solutions) + "\nself_reverse 0\nsolutions " + itoa(tc.solutions) + "\n"
		if err := os.WriteFile(filepath.Join(dir, "paths", "2x3x4.txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		rows, err := Read(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := WriteTable(&out, rows); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "estimate, 7 descents"+tc.want) {
			t.Errorf("with %d solutions known, the table is\n%s\nwant a row with %q", tc.solutions, &out, tc.want)
		}
	}
}

// TestPlanState: an estimate of the plan's design says how many more
// descents take it to the plan line's target, one of another design that
// the plan's is not drawn yet, and a census under way how many nodes and
// hours are left; a plan line without its design, target or cut is
// refused.
func TestPlanState(t *testing.T) {
	for _, tc := range []struct {
		snakes, one float64 // relative standard errors
		descents    int
		pace        float64 // seconds a descent
		metered     bool    // of processor time
		want        string
	}{
		{0.04, 0.02, 100, 0, true, "some 300 more to 2%"}, // 100 (4/2)^2 in all
		{0.01, 0.03, 10, 0, true, "some 13 more to 2%"},   // 22.5, rounded up
		{0.02, 0.01, 50, 0, true, "at 2%"},
		{0.04, 0.02, 100, 12, true, "some 300 more to 2%, about 60 minutes of a core at the 12.0 s a descent of late"},
		{0.04, 0.02, 100, 30, true, "some 300 more to 2%, about 2 hours of a core at the 30.0 s a descent of late"},
		{0.04, 0.02, 100, 0.1, true, "some 300 more to 2%, about 1 minute of a core at the 0.1 s a descent of late"},
		{0.04, 0.02, 100, 0.004, true, "some 300 more to 2%, about 1 minute of a core at the 0.004 s a descent of late"},
		{0.04, 0.02, 100, 30, false, "some 300 more to 2%, about 2 hours at the 30.0 s of wall clock a descent of late, beside the other runs"},
	} {
		e := &estimate.Result{
			Descents:    tc.descents,
			Snakes:      estimate.Value{Mean: 1, Err: tc.snakes, N: tc.descents},
			OneSolution: estimate.Value{Mean: 2, Err: 2 * tc.one, N: tc.descents},
		}
		if got := toGo(e, tc.pace, tc.metered, 0.02); got != tc.want {
			t.Errorf("errors %g and %g after %d descents: %q, want %q", tc.snakes, tc.one, tc.descents, got, tc.want)
		}
	}

	for _, tc := range []struct {
		planned float64
		nodes   uint64
		secs    float64
		want    string
	}{
		{6.6e12, 1.1e11, 2900, ", 1.1e+11 nodes of some 6.6e+12, about 48 hours more at the 38 million nodes a second of its sections so far"},
		{1e9, 5e8, 10, ", 5e+08 nodes of some 1e+09, about 1 minute more at the 50 million nodes a second of its sections so far"},
		{1e9, 2e9, 10, ", 2e+09 nodes of some 1e+09, more than planned"},
		{1e9, 5e8, 0, ", 5e+08 nodes of some 1e+09"},
	} {
		if got := censusToGo(tc.planned, Row{CountedNodes: tc.nodes, CountedSeconds: tc.secs}); got != tc.want {
			t.Errorf("census of %g nodes planned, %d counted in %g s: %q, want %q", tc.planned, tc.nodes, tc.secs, got, tc.want)
		}
	}
	for _, tc := range []struct {
		r    Row
		want string
	}{
		{Row{Counted: 32766, Sections: 32768, CountedNodes: 1e9, CountedSeconds: 10}, "32,766 of 32,768 sections, 1e+09 nodes of some 2e+09, about 1 minute more at the 100 million nodes a second of its sections so far"},
		{Row{Counted: 32766, Sections: 32768, Parts: 1, CountedNodes: 1e9}, "32,766 of 32,768 sections and 1 part of the others, 1e+09 nodes of some 2e+09"},
		{Row{Counted: 32766, Sections: 32768, CountedNodes: 1e9, CountedSeconds: 10, MeteredNodes: 6e8, MeteredCPU: 600}, "32,766 of 32,768 sections, 1e+09 nodes of some 2e+09, about 17 minutes of a core more at the 1 million nodes a processor second of the sections that measured theirs"},
		{Row{Counted: 32766, Sections: 32768, CountedNodes: 1e9, CountedSeconds: 10, MeteredNodes: 1e11, MeteredCPU: 599}, "32,766 of 32,768 sections, 1e+09 nodes of some 2e+09, about 1 minute more at the 100 million nodes a second of its sections so far"},
		{Row{Counted: 3, Sections: 8, Parts: 1234}, "3 of 8 sections and 1,234 parts of the others, 0 nodes of some 2e+09"},
	} {
		if got := censusState(tc.r, 2e9); got != tc.want {
			t.Errorf("census state of %+v: %q, want %q", tc.r, got, tc.want)
		}
	}

	dir := t.TempDir()
	b := symmetry.MustParseBox("2x3x4")
	if err := os.MkdirAll(filepath.Join(dir, "estimate"), 0o755); err != nil {
		t.Fatal(err)
	}
	d := estimate.NewDesign(b, 1, estimate.Options{Width: 64, Capacity: 16})
	if _, _, err := d.Take(context.Background(), 24, filepath.Join(dir, "estimate", "estimate-2x3x4-w64-c16.jsonl")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		plan, want string
		ends       []string
	}{
		{"2x3x4\t64\t16\t500\t2\tno\tno\tno\t1e6\n", "| estimate | 2x3x4 | 1e+06 | 1e+06 | 24 descents, snakes ± ", []string{" more to 2%, about ", "; at 2% |"}},
		{"2x3x4\t64\t16\t500\t99\tno\tno\tno\t1e6\n", "| estimate | 2x3x4 | 1e+06 | 1e+06 | 24 descents, snakes ± ", []string{"; at 99% |"}},
		{"2x3x4\t128\t16\t500\t2\tno\tno\tno\t1e6\n", "| estimate | 2x3x4 | 1e+06 | 1e+06 | 24 descents of width 64 and capacity 16, snakes ± ", []string{"; the plan's width 128 and capacity 16 not yet drawn |"}},
		{"2x3x4\t64\t16\t500\t2\tyes\tno\tno\t1e6\n", "| estimate | 2x3x4 | 1e+06 | 1e+06 | 24 descents of width 64 and capacity 16, snakes ± ", []string{"; the plan's width 64 and capacity 16 with the cut not yet drawn |"}},
		{"2x3x4\t64\t16\t500\t2\tno\tyes\tno\t1e6\n", "| estimate | 2x3x4 | 1e+06 | 1e+06 | 24 descents of width 64 and capacity 16, snakes ± ", []string{"; the plan's width 64 and capacity 16 in strata not yet drawn |"}},
		{"2x3x4\t64\t16\t500\t2\tno\tno\t8:300\t1e6\n", "| estimate | 2x3x4 | 1e+06 | 1e+06 | 24 descents of width 64 and capacity 16, snakes ± ", []string{"; the plan's width 64 and capacity 16 stopping within a budget not yet drawn |"}},
		{"2x3x4\t64\t16\t500\t2\tno\tno\t8-12:300\t1e6\n", "| estimate | 2x3x4 | 1e+06 | 1e+06 | 24 descents of width 64 and capacity 16, snakes ± ", []string{"; the plan's width 64 and capacity 16 stopping within a budget at 12 cubelets at the deepest not yet drawn |"}},
		{"2x3x4\t64\t16\t500\t2\tno\tno\t8-23:300\t1e6\n", "| estimate | 2x3x4 | 1e+06 | 1e+06 | 24 descents of width 64 and capacity 16, snakes ± ", []string{"; the plan's width 64 and capacity 16 stopping within a budget at 23 cubelets at the deepest not yet drawn |"}},
	} {
		got := strings.TrimSpace(writtenPlan(t, dir, "# box width capacity step target cut strata budget nodes\n"+tc.plan))
		ends := false
		for _, e := range tc.ends {
			ends = ends || strings.Contains(got, e)
		}
		if !strings.Contains(got, tc.want) || !ends {
			t.Errorf("plan %q gives\n%s\nwant a line starting %q and holding one of %q", tc.plan, got, tc.want, tc.ends)
		}
	}
	// An estimate's box that a whole census counts says so, not "to do"
	// (the row holds the census, not the estimate).
	counted, _ := counted2x2x3(t)
	if err := os.MkdirAll(filepath.Join(counted, "estimate"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, want := writtenPlan(t, counted, "2x2x3\t64\t16\t500\t2\tno\tno\tno\t1e6\n"), "| estimate | 2x2x3 | 1e+06 | 1e+06 | counted by its census |"; !strings.Contains(got, want) {
		t.Errorf("the plan of a counted box gives\n%s\nwant %q", got, want)
	}
	for _, line := range []string{"2x3x4\t1e6", "2x3x4\t64\t16\t500\t1e6", "2x3x4\t64\t16\t500\t2\t1e6", "2x3x4\t64\t16\t500\t0\tno\tno\tno\t1e6",
		"2x3x4\t64\t16\t500\t100\tno\tno\tno\t1e6", "2x3x4\t64\t16\t500\tNaN\tno\tno\tno\t1e6", "2x3x4\t64\t16\t500\t2\tcut\tno\tno\t1e6",
		"2x3x4\t64\t16\t500\t2\tno\t1e6", "2x3x4\t64\t16\t500\t2\tno\tstrata\tno\t1e6", "2x3x4\t64\t16\t500\t2\tno\tno\t1e6",
		"2x3x4\t64\t16\t500\t2\tno\tno\tyes\t1e6", "2x3x4\t64\t16\t500\t2\tno\tno\t8\t1e6", "2x3x4\t64\t16\t500\t2\tno\tno\t0:300\t1e6",
		"2x3x4\t64\t16\t500\t2\tno\tno\t8:0\t1e6", "2x3x4\t64\t16\t500\t2\tno\tno\t8:NaN\t1e6", "2x3x4\t64\t16\t500\t2\tno\tno\t8:1e16\t1e6",
		"2x3x4\t64\t16\t500\t2\tno\tno\t8-7:300\t1e6", "2x3x4\t64\t16\t500\t2\tno\tno\t8-24:300\t1e6", "2x3x4\t64\t16\t500\t2\tno\tno\t8-25:300\t1e6", "2x3x4\t64\t16\t500\t2\tno\tno\t8-:300\t1e6",
		"2x3x4\t64\t16\t500\t2\tno\tno\t-12:300\t1e6"} {
		if err := os.WriteFile(filepath.Join(dir, "estimate", "plan.tsv"), []byte("# a plan\n"+line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadPlan(dir); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("plan line %q: %v, want an error naming line 2", line, err)
		}
	}
}

// writtenPlan writes plan as the estimate plan of the results folder dir
// and returns the plan table WritePlan makes of it and the folder's rows.
func writtenPlan(t *testing.T, dir, plan string) string {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "estimate", "plan.tsv"), []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	planned, err := ReadPlan(dir)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := Read(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WritePlan(&out, planned, rows); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestCSV: the CSV of a whole census states its counts in full under
// CSVHeader, as encoding/csv reads them back.
func TestCSV(t *testing.T) {
	c, err := solver.Enumerate(context.Background(), symmetry.MustParseBox("2x2x3"), solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := Read(context.Background(), results(t, itoa(c.Solutions())))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WriteCSV(&out, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || !slices.Equal(recs[0], CSVHeader) {
		t.Fatalf("WriteCSV = %q, want the header and one row", recs)
	}
	got := map[string]string{}
	for k, name := range recs[0] {
		got[name] = recs[1][k]
	}
	one := 0
	for _, s := range c.Snakes {
		if len(s.Solutions) == 1 {
			one++
		}
	}
	want := map[string]string{
		"box": "2x2x3", "cells": "12", "how": "census", "solutions": itoa(c.Solutions()),
		"snakes": itoa(len(c.Snakes)), "snakes_se": "", "one_solution_snakes": itoa(one),
		"search_nodes": itoa(int(rows[0].Census.Nodes)), "descents": "",
	}
	for name, v := range want {
		if got[name] != v {
			t.Errorf("column %s = %q, want %q", name, got[name], v)
		}
	}
}

// TestNotResults: a folder that is not there, a file, and a folder with
// none of the results' folders are refused, naming the path, rather than
// made an empty table.
func TestNotResults(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(dir, "none"), file, dir} {
		if rows, err := Read(context.Background(), path); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("Read(%s) = %d rows, %v; want an error naming it", path, len(rows), err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "paths"), 0o755); err != nil {
		t.Fatal(err)
	}
	if rows, err := Read(context.Background(), dir); err != nil || len(rows) != 0 {
		t.Errorf("Read of a results folder with an empty paths folder = %d rows, %v; want none, no error", len(rows), err)
	}
}

// TestOtherBox: a file or folder named for one box that holds another's
// counts is refused, naming the file and both boxes, rather than made
// that box's row.
func TestOtherBox(t *testing.T) {
	ctx := context.Background()
	move := func(t *testing.T, dir, from, to string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, to)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)); err != nil {
			t.Fatal(err)
		}
	}
	refused := func(t *testing.T, dir, want string) {
		t.Helper()
		rows, err := Read(ctx, dir)
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("Read = %+v, %v; want an error ending %q", rows, err, want)
		}
	}
	t.Run("census", func(t *testing.T) {
		dir := results(t, "1")
		os.RemoveAll(filepath.Join(dir, "paths"))
		move(t, dir, "census/2x2x3", "census/3x3x3")
		refused(t, dir, filepath.Join(dir, "census", "3x3x3", "c.jsonl")+": a census of 2x2x3, not of 3x3x3")
	})
	t.Run("paths", func(t *testing.T) {
		dir := results(t, "1")
		os.RemoveAll(filepath.Join(dir, "census"))
		move(t, dir, "paths/2x2x3.txt", "paths/2x2x4.txt")
		refused(t, dir, filepath.Join(dir, "paths", "2x2x4.txt")+": line 1: the paths of 2x2x3, not of 2x2x4")
		if err := os.WriteFile(filepath.Join(dir, "paths", "2x2x4.txt"), []byte("paths 1\nsolutions 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		refused(t, dir, "line 1: no \"# BOX: ...\" line naming the box: not what snakecube paths prints")
	})
	t.Run("estimate", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, "estimate"), 0o755); err != nil {
			t.Fatal(err)
		}
		for k, name := range []string{"estimate-2x2x3-w64.jsonl", "estimate-3x3x4-w1024.jsonl"} {
			d := estimate.NewDesign(symmetry.MustParseBox("2x2x3"), 1, estimate.Options{Width: 64})
			if _, _, err := d.Take(ctx, 1+k, filepath.Join(dir, "estimate", name)); err != nil {
				t.Fatal(err)
			}
		}
		// Every line's box is checked, of a file of two descents, the
		// fewest that make a row, and of one of one, too few for a row.
		refused(t, dir, filepath.Join(dir, "estimate", "estimate-3x3x4-w1024.jsonl")+": line 1: a descent of 2x2x3, not of 3x3x4")
		move(t, dir, "estimate/estimate-2x2x3-w64.jsonl", "estimate/estimate-2x2x4-w64.jsonl")
		move(t, dir, "estimate/estimate-3x3x4-w1024.jsonl", "estimate/estimate-2x2x3-w64.jsonl")
		refused(t, dir, filepath.Join(dir, "estimate", "estimate-2x2x4-w64.jsonl")+": line 1: a descent of 2x2x3, not of 2x2x4")
		os.Remove(filepath.Join(dir, "estimate", "estimate-2x2x4-w64.jsonl"))
		// The design the name gives, one design a file, each descent once.
		move(t, dir, "estimate/estimate-2x2x3-w64.jsonl", "estimate/estimate-2x2x3-w128.jsonl")
		refused(t, dir, "line 1: a descent of design \"depth 7, width 64, capacity 4096, shared 12, floor 0.1, power 0.8\", not of the width 128 and capacity 4,096 that the file's name gives")
		move(t, dir, "estimate/estimate-2x2x3-w128.jsonl", "estimate/estimate-2x2x3-w64-cut.jsonl")
		refused(t, dir, "line 1: a descent of design \"depth 7, width 64, capacity 4096, shared 12, floor 0.1, power 0.8\", not of the width 64 and capacity 4,096 with the cut that the file's name gives")
		move(t, dir, "estimate/estimate-2x2x3-w64-cut.jsonl", "estimate/estimate-2x2x3-w64.jsonl")
		path := filepath.Join(dir, "estimate", "estimate-2x2x3-w64.jsonl")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(data), "\n")
		design := `"depth 7, width 64, capacity 4096, shared 12, floor 0.1, power 0.8"`
		shared := strings.ReplaceAll(string(data), `power 0.8"`, `power 0.8, shared width 256"`)
		if err := os.WriteFile(path, []byte(shared), 0o644); err != nil {
			t.Fatal(err)
		}
		refused(t, dir, "line 1: a descent of design \"depth 7, width 64, capacity 4096, shared 12, floor 0.1, power 0.8, shared width 256\", whose shared width the file's name does not give")
		cut := strings.ReplaceAll(string(data), `power 0.8"`, `power 0.8, cut"`)
		if err := os.WriteFile(path, []byte(cut), 0o644); err != nil {
			t.Fatal(err)
		}
		refused(t, dir, "line 1: a descent of design \"depth 7, width 64, capacity 4096, shared 12, floor 0.1, power 0.8, cut\", not of the width 64 and capacity 4,096 that the file's name gives")
		for _, c := range []struct{ line, want string }{
			{first, "line 3: descent 0 again"},
			{strings.Replace(first, `"seed":1`, `"seed":2`, 1), "line 3: a descent of design " + design + ", seed 2, where line 1's is of " + design + ", seed 1: a file holds one design's descents"},
		} {
			if err := os.WriteFile(path, append(slices.Clip(data), c.line+"\n"...), 0o644); err != nil {
				t.Fatal(err)
			}
			refused(t, dir, c.want)
		}
	})
	t.Run("checks", func(t *testing.T) {
		dir, _ := counted2x2x3(t)
		path := filepath.Join(dir, "checks", "2x2x3.txt")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		// Section 0 of 2x2x4 at depth 4 holds no snake, as that of 2x2x3
		// does: only the first line tells the checks apart.
		line := "section 0 prefix 0000 snakes 0 solutions 0 palindromes 0 palindrome_solutions 0 one_solution_snakes 0 most_solutions 0: agree\n"
		for _, tc := range []struct{ header, want string }{
			{"# 2x2x3 census at depth 4: 1 of the 8 sections\n", ""},
			{"# 2x2x4 census at depth 4: 1 of the 8 sections\n", ": line 1: a check of the census of 2x2x4 at depth 4, not of 2x2x3 at depth 4"},
			{"# 2x2x3 census at depth 5: 1 of the 16 sections\n", ": line 1: a check of the census of 2x2x3 at depth 5, not of 2x2x3 at depth 4"},
			{"# a check\n", ": line 1: no \"# BOX census at depth K: ...\" line naming the census: not what census check prints"},
		} {
			if err := os.WriteFile(path, []byte(tc.header+line), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.want == "" {
				if rows, err := Read(ctx, dir); err != nil || len(rows) != 1 || rows[0].Checked != 1 {
					t.Errorf("Read with a check of 2x2x3 = %+v, %v; want one section checked", rows, err)
				}
				continue
			}
			refused(t, dir, path+tc.want)
		}
	})
}

// TestBadNames: a census folder, paths file or descents file whose name
// should be a box's but is none is refused, naming it, rather than passed
// over; 2305843009213693953x4x2 is one whose sides' product wraps to 16.
func TestBadNames(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"census/2305843009213693953x4x2/c.jsonl", "a census folder whose name is no box: invalid box: 2305843009213693953x4x2: a side of more than 64 cells"},
		{"census/3/c.jsonl", `a census folder whose name is no box: "3": want the box written 3x3x3`},
		{"paths/notes.txt", `a paths file whose name is no box: invalid box: "notes": side "notes" is not a positive whole number`},
		{"estimate/estimate-2305843009213693953x4x2-w64.jsonl", "a descents file whose name is no box's: invalid box: 2305843009213693953x4x2: a side of more than 64 cells"},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, filepath.FromSlash(tc.path))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		named := path
		if strings.HasPrefix(tc.path, "census/") {
			named = filepath.Dir(path)
		}
		if rows, err := Read(context.Background(), dir); err == nil || !strings.HasPrefix(err.Error(), named+": "+tc.want) {
			t.Errorf("Read with %s = %+v, %v; want %q", tc.path, rows, err, named+": "+tc.want)
		}
	}
}

// TestPace: the pace is that of the last round of descents, not of all,
// whose first weighed the choices that the later ones reuse.
func TestPace(t *testing.T) {
	ds := make([]estimate.Descent, 700)
	for i := range ds {
		ds[i].Weigh, ds[i].Seconds = 9, 1 // the first 200: 10 s
		if i >= 200 {
			ds[i].Weigh = 2 // the last 500: 3 s
		}
	}
	if got, m := pace(ds); got != 3 || m {
		t.Errorf("700 descents: pace %v, %v, want 3 of wall clock", got, m)
	}
	if got, m := pace(ds[:100]); got != 10 || m {
		t.Errorf("100 descents: pace %v, %v, want 10 of wall clock", got, m)
	}
	// Processor seconds, once 50 of the last round say them: a core's
	// time, where the wall clock of a shared machine is longer.
	for i := range 50 {
		ds[650+i].CPU = 0.5
	}
	if got, m := pace(ds); got != 0.5 || !m {
		t.Errorf("700 descents, the last 50 with their processor seconds: pace %v, %v, want 0.5 of processor time", got, m)
	}
	ds[650].CPU = 0
	if got, m := pace(ds); got != 3 || m {
		t.Errorf("700 descents, 49 of them with their processor seconds: pace %v, %v, want 3 of wall clock", got, m)
	}
}

// TestPathsFile: a paths file whose counts disagree with one another by
// Burnside's lemma is refused, and one of a small box whose counts agree
// but are not what the transfer matrix counts: a count changed by a
// multiple of 2|G| passes the first check, not the second.
func TestPathsFile(t *testing.T) {
	for _, size := range []string{"2x2x3", "3x3x3", "1x2x4"} {
		b := symmetry.MustParseBox(size)
		text := pathsText(t, b)
		c, err := pathcount.Solutions(context.Background(), b, pathcount.Options{})
		if err != nil {
			t.Fatal(err)
		}
		order := int64(2 * len(b.Group()))
		line := func(name string, v *big.Int, add int64) [2]string {
			return [2]string{fmt.Sprintf("%s %v\n", name, v), fmt.Sprintf("%s %v\n", name, new(big.Int).Add(v, big.NewInt(add)))}
		}
		for _, tc := range []struct {
			name  string
			edits [][2]string
			want  string
		}{
			{"as counted", nil, ""},
			{"paths", [][2]string{line("paths", c.Paths, 1)}, "is not a multiple of"},
			{"self_reverse", [][2]string{line("self_reverse", c.SelfReverse, -2)}, "is not a multiple of"},
			{"solutions", [][2]string{line("solutions", c.Solutions, 1)}, "by Burnside's lemma"},
			{"all three", [][2]string{line("self_reverse", c.SelfReverse, order), line("solutions", c.Solutions, 1)}, "snakecube paths counts"},
			{"no self_reverse", [][2]string{line("self_reverse", c.SelfReverse, 0)}, "no paths, self_reverse or solutions line"},
		} {
			edited := text
			for i, e := range tc.edits {
				if tc.name == "no self_reverse" && i == 0 {
					e[1] = ""
				}
				edited = strings.Replace(edited, e[0], e[1], 1)
			}
			if tc.edits != nil && edited == text {
				t.Fatalf("%s %s: the edit changed nothing", size, tc.name)
			}
			dir := t.TempDir()
			path := filepath.Join(dir, "paths", b.String()+".txt")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
				t.Fatal(err)
			}
			rows, err := Read(context.Background(), dir)
			switch {
			case tc.want == "" && (err != nil || len(rows) != 1 || rows[0].Solutions.Cmp(c.Solutions) != 0):
				t.Errorf("%s %s: Read = %+v, %v; want the row of %v solutions", size, tc.name, rows, err, c.Solutions)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), path+": ")):
				t.Errorf("%s %s: Read = %v; want an error naming %s and saying %q", size, tc.name, err, path, tc.want)
			}
		}
	}
}
