package boxes

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// results writes a results folder with a whole census of 2x2x3 and a
// paths file of the given solutions.
func results(t *testing.T, solutions string) string {
	t.Helper()
	dir := t.TempDir()
	b, _ := symmetry.ParseBox("2x2x3")
	if err := os.MkdirAll(filepath.Join(dir, "census", "2x2x3"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := census.Open(context.Background(), filepath.Join(dir, "census", "2x2x3", "c.jsonl"), b, 4)
	if err != nil {
		t.Fatal(err)
	}
	sel, _ := census.Select(solver.NumSections(b, 4), "", 0, 1)
	if err := f.Count(context.Background(), sel, 1, nil); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.MkdirAll(filepath.Join(dir, "paths"), 0o755); err != nil {
		t.Fatal(err)
	}
	text := "# 2x2x3\npaths 1136\nself_reverse 176\nsolutions " + solutions + "\n"
	if err := os.WriteFile(filepath.Join(dir, "paths", "2x2x3.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestTable: a whole census and its paths file make an exact row, which
// alone is no sequence of its family; a paths file that disagrees with the
// census refuses the table.
func TestTable(t *testing.T) {
	c, err := solver.Enumerate(context.Background(), mustBox(t, "2x2x3"), solver.Options{})
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
	if _, err := Read(context.Background(), results(t, itoa(want+1))); err == nil || !strings.Contains(err.Error(), "one of them is wrong") {
		t.Errorf("Read of a census and a paths file that disagree = %v, want it refused", err)
	}
}

func mustBox(t *testing.T, s string) symmetry.Box {
	b, err := symmetry.ParseBox(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
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
