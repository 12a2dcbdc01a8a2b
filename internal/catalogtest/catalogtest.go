// Package catalogtest gives tests the boxes they name and the encoded
// catalogues of small boxes, each computed once per test binary. Only
// tests import it.
package catalogtest

import (
	"bytes"
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/walk"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

var (
	mu    sync.Mutex
	files = map[string][]byte{} // box and format -> the file
)

// File returns the whole catalogue of the box size names, encoded in
// format f. The bytes are shared: callers must not change them.
func File(t testing.TB, size string, f export.Format) []byte {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	b := symmetry.MustParseBox(size)
	name := b.String() + "." + f.String()
	if p, ok := files[name]; ok {
		return p
	}
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := export.Encode(context.Background(), &buf, c, export.Options{Format: f}); err != nil {
		t.Fatal(err)
	}
	files[name] = buf.Bytes()
	return buf.Bytes()
}

// Walk returns a Hamiltonian path of box b, the cells of its cubelets in
// order: the boustrophedon of package walk changed by moves backbite
// moves drawn from rng.
func Walk(rng *rand.Rand, b symmetry.Box, moves int) [][3]int {
	p := walk.New(b)
	for range moves {
		p.Backbite(rng)
	}
	return p.Cells()
}

// Backbite makes one backbite move of package walk, drawn from rng, on
// the Hamiltonian path of box b, where at gives each cell's place in
// path; both are updated.
func Backbite(rng *rand.Rand, b symmetry.Box, path [][3]int, at map[[3]int]int) {
	p, err := walk.FromCells(b, path)
	if err != nil {
		panic(err)
	}
	p.Backbite(rng)
	copy(path, p.Cells())
	for i, c := range path {
		at[c] = i
	}
}

// Moves returns the moves of box b's path given by its cells, each a
// step to a neighbouring cell.
func Moves(b symmetry.Box, cells [][3]int) []symmetry.Dir {
	dirs := make([]symmetry.Dir, 0, len(cells)-1)
	for i := 1; i < len(cells); i++ {
		for d := range symmetry.Dir(symmetry.NumDirs) {
			if b.Step(cells[i-1], d) == cells[i] {
				dirs = append(dirs, d)
				break
			}
		}
	}
	return dirs
}

// Row mirrors the columns of a Parquet catalogue, to read and write one
// as another program would.
type Row struct {
	Box        string `parquet:"box"`
	Key        string `parquet:"key"`
	Solutions  int32  `parquet:"solutions"`
	Straights  int32  `parquet:"straights"`
	Palindrome bool   `parquet:"palindrome"`
	Solution   int32  `parquet:"solution"`
	StartX     int8   `parquet:"start_x,int(8)"`
	StartY     int8   `parquet:"start_y,int(8)"`
	StartZ     int8   `parquet:"start_z,int(8)"`
	Direction  []int8 `parquet:"direction,list" parquet-element:",int(8)"`
}

// Rows returns the rows of the Parquet catalogue of the box size names.
func Rows(t testing.TB, size string) []Row {
	t.Helper()
	data := File(t, size, export.FormatParquet)
	rows, err := parquet.Read[Row](bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Repeated returns a Parquet catalogue of the box size names, stated in
// its metadata, whose n rows, in one row group, are each the first row
// of its catalogue, stating stated solutions: one snake listed n times.
func Repeated(t testing.TB, size string, n int, stated int32) []byte {
	t.Helper()
	row := Rows(t, size)[0]
	row.Solutions = stated
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[Row](&buf, parquet.MaxRowsPerRowGroup(int64(n+1)), parquet.KeyValueMetadata(export.BoxKey, symmetry.MustParseBox(size).String()))
	batch := make([]Row, min(n, 4096))
	for i := range batch {
		batch[i] = row
	}
	for left := n; left > 0; left -= len(batch) {
		batch = batch[:min(left, len(batch))]
		if _, err := w.Write(batch); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
