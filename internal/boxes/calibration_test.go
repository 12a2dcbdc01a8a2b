package boxes

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/estimate"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestCalibration: the descents of calibration/, one file a seed, and
// those of estimate/ of a box counted whole, are set against the census's
// counts, which equal the enumeration's; each seed is a calibration and
// the seeds of a design are pooled; the estimates, z, relative variances
// and blocks are those of the descents; a calibration file of a box no
// census counts whole, or of another seed than its name's, is refused.
func TestCalibration(t *testing.T) {
	ctx := context.Background()
	b := symmetry.MustParseBox("2x2x3")
	dir, c := counted2x2x3(t)
	for _, sub := range []string{"calibration", "estimate"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Width 2 and capacity 2 guess the masses badly enough that the
	// descents spread.
	take := func(path string, seed uint64, k int) []estimate.Descent {
		t.Helper()
		d := estimate.NewDesign(b, seed, estimate.Options{Width: 2, Capacity: 2, Depth: 8})
		ds, _, err := d.Take(ctx, k, filepath.Join(dir, path))
		if err != nil {
			t.Fatal(err)
		}
		return ds
	}
	one := take("calibration/estimate-2x2x3-w2-c2-s7.jsonl", 7, CalibrationBlock+30)
	two := take("calibration/estimate-2x2x3-w2-c2-s9.jsonl", 9, 2*CalibrationBlock)
	est := take("estimate/estimate-2x2x3-w2-c2.jsonl", 1, 12)

	cals, err := ReadCalibration(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, cal := range cals {
		got = append(got, strings.Join(cal.Files, " ")+":"+strconv.Itoa(len(cal.Descents))+":"+strconv.Itoa(len(cal.Blocks)))
	}
	// The seeds sort the files of a design, 1, 7, 9, then their pool.
	want := []string{
		"estimate/estimate-2x2x3-w2-c2.jsonl:12:0",
		"calibration/estimate-2x2x3-w2-c2-s7.jsonl:130:1",
		"calibration/estimate-2x2x3-w2-c2-s9.jsonl:200:2",
		"estimate/estimate-2x2x3-w2-c2.jsonl calibration/estimate-2x2x3-w2-c2-s7.jsonl calibration/estimate-2x2x3-w2-c2-s9.jsonl:342:3",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("ReadCalibration = %q, want %q", got, want)
	}

	var out bytes.Buffer
	if err := WriteCalibrationCSV(&out, cals); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[0], CalibrationHeader) || len(recs) != 1+7*len(cals) {
		t.Fatalf("%d records under %q, want %d under %q", len(recs), recs[0], 1+7*len(cals), CalibrationHeader)
	}
	col := func(rec []string, name string) string { return rec[slices.Index(CalibrationHeader, name)] }
	f := func(rec []string, name string) float64 {
		v, err := strconv.ParseFloat(col(rec, name), 64)
		if err != nil {
			t.Fatalf("column %s of %q: %v", name, rec, err)
		}
		return v
	}
	exact := map[string]int{"snakes": len(c.Snakes), "one_solution_snakes": 0, "solutions": c.Solutions()}
	for _, s := range c.Snakes {
		if len(s.Solutions) == 1 {
			exact["one_solution_snakes"]++
		}
	}
	all := append(append(append([]estimate.Descent{}, est...), one...), two...)
	plain, ctl := estimate.Summarize(all), estimate.Controlled(all, float64(c.Solutions()))
	for _, rec := range recs[1:] {
		q := col(rec, "quantity")
		if col(rec, "exact") != itoa(exact[q]) {
			t.Errorf("%q: exact %s, want the enumeration's %d", rec, col(rec, "exact"), exact[q])
		}
		if z := (f(rec, "estimate") - f(rec, "exact")) / f(rec, "se"); math.Abs(z-f(rec, "z")) > 1e-4*math.Max(1, math.Abs(z)) {
			t.Errorf("%q: z %s, want %v", rec, col(rec, "z"), z)
		}
		if col(rec, "seeds") != "1 7 9" {
			continue
		}
		var v estimate.Value
		switch q + "/" + col(rec, "control") {
		case "snakes/none":
			v = plain.Snakes
		case "snakes/" + controlOthers:
			v = ctl.Snakes
		case "one_solution_snakes/none":
			v = plain.OneSolution
		case "solutions/none":
			v = plain.Solutions
		default:
			continue
		}
		if e := f(rec, "estimate"); math.Abs(e-v.Mean) > 1e-5*v.Mean {
			t.Errorf("%q: estimate %v, want the pooled descents' %v", rec, e, v.Mean)
		}
		if rv := f(rec, "rel_var"); math.Abs(rv-v.RelVar()) > 1e-5*v.RelVar() {
			t.Errorf("%q: rel_var %v, want %v", rec, rv, v.RelVar())
		}
		if zs, want := f(rec, "z_skew"), v.SkewZ(f(rec, "exact")); math.Abs(zs-want) > 1e-4*math.Max(1, math.Abs(want)) {
			t.Errorf("%q: z_skew %v, want the pooled descents' %v", rec, zs, want)
		}
		if n := f(rec, "blocks_covering"); n < 0 || n > 3 || col(rec, "blocks") != "3" {
			t.Errorf("%q: %s of %s blocks covering, want of 3", rec, col(rec, "blocks_covering"), col(rec, "blocks"))
		}
		if n := f(rec, "blocks_covering_skew"); n < 0 || n > 3 {
			t.Errorf("%q: %s of %s blocks covering by the skew's t, want of 3", rec, col(rec, "blocks_covering_skew"), col(rec, "blocks"))
		}
	}

	// A calibration file whose seed is not its name's.
	if err := os.Rename(filepath.Join(dir, "calibration", "estimate-2x2x3-w2-c2-s9.jsonl"), filepath.Join(dir, "calibration", "estimate-2x2x3-w2-c2-s8.jsonl")); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadCalibration(ctx, dir); err == nil || !strings.Contains(err.Error(), "a descent of seed 9, not of the seed 8") {
		t.Errorf("a file of seed 9 named for seed 8: %v", err)
	}
	if err := os.Remove(filepath.Join(dir, "calibration", "estimate-2x2x3-w2-c2-s8.jsonl")); err != nil {
		t.Fatal(err)
	}
	// A calibration of a box no census counts whole.
	d := estimate.NewDesign(symmetry.MustParseBox("2x2x4"), 3, estimate.Options{Width: 2, Capacity: 2})
	if _, _, err := d.Take(ctx, 2, filepath.Join(dir, "calibration", "estimate-2x2x4-w2-c2-s3.jsonl")); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadCalibration(ctx, dir); err == nil || !strings.Contains(err.Error(), "which no whole census counts") {
		t.Errorf("a calibration of 2x2x4 without its census: %v", err)
	}
}

// TestBlocks: a block is the descents of indexes kB to (k+1)B-1, held in
// full; a block with an index missing is none.
func TestBlocks(t *testing.T) {
	var ds []estimate.Descent
	for i := range 4*CalibrationBlock + 7 {
		if i == CalibrationBlock+5 {
			continue
		}
		ds = append(ds, estimate.Descent{Index: i})
	}
	var firsts []int
	for _, blk := range blocks(ds) {
		if len(blk) != CalibrationBlock {
			t.Errorf("a block of %d descents, want %d", len(blk), CalibrationBlock)
		}
		firsts = append(firsts, blk[0].Index)
	}
	if want := []int{0, 2 * CalibrationBlock, 3 * CalibrationBlock}; !slices.Equal(firsts, want) {
		t.Errorf("blocks from %v, want from %v", firsts, want)
	}
}

// TestCalibrationOwnSeeds: where a seed is drawn by two boxes, each box's
// seeds that no other box draws are pooled again, when there are two of
// them or more; a box with fewer, or with no seed shared, has no such
// row.
func TestCalibrationOwnSeeds(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, size := range []string{"2x2x3", "2x2x4"} {
		b := symmetry.MustParseBox(size)
		c, err := solver.Enumerate(ctx, b, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		addBox(t, dir, b, itoa(c.Solutions()))
	}
	if err := os.MkdirAll(filepath.Join(dir, "calibration"), 0o755); err != nil {
		t.Fatal(err)
	}
	take := func(size string, seed uint64) {
		t.Helper()
		d := estimate.NewDesign(symmetry.MustParseBox(size), seed, estimate.Options{Width: 2, Capacity: 2})
		name := "estimate-" + size + "-w2-c2-s" + strconv.FormatUint(seed, 10) + ".jsonl"
		if _, _, err := d.Take(ctx, 3, filepath.Join(dir, "calibration", name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, seed := range []uint64{5, 6, 7} {
		take("2x2x3", seed)
	}
	for _, seed := range []uint64{5, 8} {
		take("2x2x4", seed)
	}
	read := func() []string {
		t.Helper()
		cals, err := ReadCalibration(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, cal := range cals {
			got = append(got, fmt.Sprintf("%v %v:%d", cal.Box, cal.Seeds, len(cal.Descents)))
		}
		return got
	}
	want := []string{
		"2x2x3 [5]:3", "2x2x3 [6]:3", "2x2x3 [7]:3", "2x2x3 [6 7]:6", "2x2x3 [5 6 7]:9",
		"2x2x4 [5]:3", "2x2x4 [8]:3", "2x2x4 [5 8]:6",
	}
	if got := read(); !slices.Equal(got, want) {
		t.Errorf("ReadCalibration with seed 5 on both boxes = %q, want %q", got, want)
	}
	// Once 2x2x4 draws seed 9 instead of 5, no seed is shared: the pool of
	// 2x2x3's own seeds would be the pool of all.
	if err := os.Remove(filepath.Join(dir, "calibration", "estimate-2x2x4-w2-c2-s5.jsonl")); err != nil {
		t.Fatal(err)
	}
	take("2x2x4", 9)
	want = []string{
		"2x2x3 [5]:3", "2x2x3 [6]:3", "2x2x3 [7]:3", "2x2x3 [5 6 7]:9",
		"2x2x4 [8]:3", "2x2x4 [9]:3", "2x2x4 [8 9]:6",
	}
	if got := read(); !slices.Equal(got, want) {
		t.Errorf("ReadCalibration with no seed shared = %q, want %q", got, want)
	}
}

// TestCalibrationBudget: descents that stop within a budget are a design
// of their own, named -budget, never pooled with the same width and
// capacity without; a budget file whose descents have none is refused.
func TestCalibrationBudget(t *testing.T) {
	ctx := context.Background()
	b := symmetry.MustParseBox("2x2x3")
	dir, _ := counted2x2x3(t)
	if err := os.MkdirAll(filepath.Join(dir, "calibration"), 0o755); err != nil {
		t.Fatal(err)
	}
	take := func(name string, seed uint64, budget float64) {
		t.Helper()
		d := estimate.NewDesign(b, seed, estimate.Options{Width: 2, Capacity: 2, Depth: 4, Budget: budget})
		if _, _, err := d.Take(ctx, 20, filepath.Join(dir, "calibration", name)); err != nil {
			t.Fatal(err)
		}
	}
	take("estimate-2x2x3-w2-c2-s7.jsonl", 7, 0)
	take("estimate-2x2x3-w2-c2-s8.jsonl", 8, 0)
	take("estimate-2x2x3-w2-c2-budget-s7.jsonl", 7, 30)
	take("estimate-2x2x3-w2-c2-budget-s9.jsonl", 9, 30)
	cals, err := ReadCalibration(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, cal := range cals {
		got = append(got, designName(cal.Design)+":"+strings.Join(cal.Files, " "))
	}
	want := []string{
		"w2-c2:calibration/estimate-2x2x3-w2-c2-s7.jsonl",
		"w2-c2:calibration/estimate-2x2x3-w2-c2-s8.jsonl",
		"w2-c2:calibration/estimate-2x2x3-w2-c2-s7.jsonl calibration/estimate-2x2x3-w2-c2-s8.jsonl",
		"w2-c2-budget:calibration/estimate-2x2x3-w2-c2-budget-s7.jsonl",
		"w2-c2-budget:calibration/estimate-2x2x3-w2-c2-budget-s9.jsonl",
		"w2-c2-budget:calibration/estimate-2x2x3-w2-c2-budget-s7.jsonl calibration/estimate-2x2x3-w2-c2-budget-s9.jsonl",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("ReadCalibration = %q, want %q", got, want)
	}
	if err := os.Rename(filepath.Join(dir, "calibration", "estimate-2x2x3-w2-c2-s8.jsonl"), filepath.Join(dir, "calibration", "estimate-2x2x3-w2-c2-budget-s8.jsonl")); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadCalibration(ctx, dir); err == nil || !strings.Contains(err.Error(), "stopping within a budget that the file's name gives") {
		t.Errorf("descents without a budget in a budget file: %v", err)
	}
}
