package boxes

import (
	"bytes"
	"context"
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/estimate"
	"github.com/snakecube/snakecube/symmetry"
)

// rewrite writes lines to path, replacing it.
func rewrite(t *testing.T, path string, lines [][]byte) {
	t.Helper()
	if err := os.WriteFile(path, bytes.Join(lines, nil), 0o644); err != nil {
		t.Fatal(err)
	}
}

// descentsWith draws n descents of 2x2x3 in design w2-c2 (or w4-c4 with
// wide) by seed into path, then gives descent i the processor seconds
// cpu(i) and the wall clock of 2 s counting and 1 s weighing.
func descentsWith(t *testing.T, path string, seed uint64, n int, wide bool, cpu func(i int) float64) {
	t.Helper()
	w := 2
	if wide {
		w = 4
	}
	d := estimate.NewDesign(symmetry.MustParseBox("2x2x3"), seed, estimate.Options{Width: w, Capacity: w})
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Take(context.Background(), n, path); err != nil {
		t.Fatal(err)
	}
	recs, _, err := estimate.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]byte
	for _, r := range recs {
		r.CPU, r.Seconds, r.Weigh = cpu(r.Index), 2, 1
		lines = append(lines, r.Line())
	}
	rewrite(t, path, lines)
}

// TestCosts reads the costs of a results folder whose files were written
// before and after lines said their processor seconds: a census whose
// last four sections say 200 s each, the first four nothing (the rest
// taken at the metered nodes' rate); an estimate file whose last 50
// descents of 60 say theirs (the first 10 at their mean); calibration
// seeds all metered, pooled; and descents that say none (the wall
// clock's 3 s each, an upper bound); the census's lines again as a
// file of samples/, taken by nodes as a census is; and as census check's
// recounts, each saying 10 s.
func TestCosts(t *testing.T) {
	ctx := context.Background()
	dir, _ := counted2x2x3(t)
	path := filepath.Join(dir, "census", "2x2x3", "c.jsonl")
	recs, _, err := census.ReadFile(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]byte
	var nodes, metered uint64
	for _, r := range recs {
		r.CPU, r.Seconds = 0, 1
		if r.Section >= 4 {
			r.CPU = 200
			metered += r.Nodes
		}
		nodes += r.Nodes
		lines = append(lines, r.Line())
	}
	if metered == 0 || metered == nodes {
		t.Fatalf("2x2x3's sections 4 to 7 hold %d of its %d nodes: the test wants some on either side", metered, nodes)
	}
	rewrite(t, path, lines)
	// The same lines as a census file of samples/: its cost goes by nodes
	// as a census's does.
	if err := os.MkdirAll(filepath.Join(dir, "samples"), 0o755); err != nil {
		t.Fatal(err)
	}
	rewrite(t, filepath.Join(dir, "samples", "census-2x2x3-d4.jsonl"), lines)
	var recounts [][]byte
	for _, r := range recs {
		r.CPU = 10
		recounts = append(recounts, r.Line())
	}
	if err := os.MkdirAll(filepath.Join(dir, "checks"), 0o755); err != nil {
		t.Fatal(err)
	}
	rewrite(t, filepath.Join(dir, "checks", "2x2x3.recounts.jsonl"), recounts)
	descentsWith(t, filepath.Join(dir, "estimate", "estimate-2x2x3-w2-c2.jsonl"), 1, 60, false, func(i int) float64 {
		return map[bool]float64{true: 0, false: 0.5}[i < 10]
	})
	descentsWith(t, filepath.Join(dir, "estimate", "estimate-2x2x3-w4-c4.jsonl"), 1, 3, true, func(int) float64 { return 0 })
	for _, seed := range []uint64{5, 6} {
		name := "estimate-2x2x3-w2-c2-s" + itoa(int(seed)) + ".jsonl"
		descentsWith(t, filepath.Join(dir, "calibration", name), seed, 3, false, func(int) float64 { return 1 })
	}

	costs, err := ReadCosts(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		run, design    string
		lines, metered int
		core           float64
		from           string
	}
	var got []row
	for _, c := range costs {
		core, from := c.CoreHours()
		got = append(got, row{c.Run, c.Design, c.Lines, c.Metered, core, from})
	}
	rest := "processor seconds, the rest at their rate"
	want := []row{
		{"census", "d4", 8, 4, (800 + float64(nodes-metered)*800/float64(metered)) / 3600, rest},
		{"check", "d4", 8, 8, 80.0 / 3600, "processor seconds"},
		{"estimate", "w2-c2", 60, 50, (25 + 10*0.5) / 3600, rest},
		{"estimate", "w4-c4", 3, 0, 9.0 / 3600, "wall clock"},
		{"calibration", "w2-c2", 6, 6, 6.0 / 3600, "processor seconds"},
		{"samples", "d4", 8, 4, (800 + float64(nodes-metered)*800/float64(metered)) / 3600, rest},
	}
	if len(got) != len(want) {
		t.Fatalf("ReadCosts: %+v, want %+v", got, want)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.run != w.run || g.design != w.design || g.lines != w.lines || g.metered != w.metered || g.from != w.from ||
			math.Abs(g.core-w.core) > 1e-9*w.core {
			t.Errorf("ReadCosts row %d: %+v, want %+v", i, g, w)
		}
	}
	if !slices.Equal(costs[4].Files, []string{"calibration/estimate-2x2x3-w2-c2-s5.jsonl", "calibration/estimate-2x2x3-w2-c2-s6.jsonl"}) {
		t.Errorf("the calibration's files: %q", costs[4].Files)
	}

	var out bytes.Buffer
	if err := WriteFolder(ctx, &out, dir, "costs"); err != nil {
		t.Fatal(err)
	}
	table, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(table) != 1+len(want) || !slices.Equal(table[0], CostsHeader) {
		t.Fatalf("census table -format costs:\n%q", table)
	}
	wantRow := []string{"census", "2x2x3", "d4", "8", "4", itoa(int(nodes)), "0.002", "0.222", strconv.FormatFloat(want[0].core, 'f', 3, 64), rest, "census/2x2x3"}
	if !slices.Equal(table[1], wantRow) {
		t.Errorf("the census's row: %q, want %q", table[1], wantRow)
	}
}
