package estimate

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// truth returns box b's whole count. The boxes the short tests use beyond
// 3x3x3 take seconds to count, so their counts are read from
// testdata/count-BOX.txt, which make estimate-truth writes with
// "snakecube enumerate -count" and TestTruthFiles checks against a fresh
// count outside -short; any other box is counted here.
func truth(t testing.TB, b symmetry.Box) solver.Count {
	t.Helper()
	path := filepath.Join("testdata", "count-"+b.String()+".txt")
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return count(t, b)
	}
	if err != nil {
		t.Fatal(err)
	}
	c, err := parseCount(data)
	if err != nil {
		t.Fatalf("%s: %v (make estimate-truth writes it again)", path, err)
	}
	return c
}

// count counts box b's whole catalogue.
func count(t testing.TB, b symmetry.Box) solver.Count {
	t.Helper()
	c, err := solver.CountSection(context.Background(), b, solver.Seq{}, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// parseCount reads the snakes, one-solution snakes and solutions that
// "snakecube enumerate -count" prints.
func parseCount(data []byte) (solver.Count, error) {
	var c solver.Count
	fields := map[string]*int64{"snakes": &c.Snakes, "solutions": &c.Solutions, "one_solution_snakes": &c.OneSolution}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		name, value, _ := strings.Cut(sc.Text(), " ")
		p := fields[name]
		if p == nil {
			continue
		}
		v, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return c, fmt.Errorf("line %d: %w", n, err)
		}
		*p = v
		delete(fields, name)
	}
	for name := range fields {
		return c, fmt.Errorf("no %s line", name)
	}
	return c, nil
}

// TestTruthFiles checks the counts cached in testdata against a count of
// each box, so that they cannot go stale.
func TestTruthFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("counts whole boxes: seconds each")
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "count-*.txt"))
	if len(files) == 0 {
		t.Fatal("no testdata/count-*.txt: run make estimate-truth")
	}
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "count-"), ".txt")
		b, err := symmetry.ParseBox(name)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		got, want := truth(t, b), count(t, b)
		if got.Snakes != want.Snakes || got.Solutions != want.Solutions || got.OneSolution != want.OneSolution {
			t.Errorf("%s holds %d snakes, %d solutions, %d one-solution snakes; a count gives %d, %d, %d",
				f, got.Snakes, got.Solutions, got.OneSolution, want.Snakes, want.Solutions, want.OneSolution)
		}
	}
}
