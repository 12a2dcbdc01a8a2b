package catalog

import (
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// walkAgrees checks that the checker's walk of dirs from start ends
// where symmetry.Box.AppendCells's cells end, and fails where they fail.
func walkAgrees(t *testing.T, c *Checker, start [3]int, dirs []symmetry.Dir) {
	t.Helper()
	b := c.Box()
	cells, err := b.AppendCells(nil, start, dirs)
	last, ok := c.walk(b.Index(start), dirs)
	if ok != (err == nil) || ok && b.Coord(last) != cells[len(cells)-1] {
		t.Fatalf("%v box, from %v, moves %v: walk %v, %t; AppendCells %v", b, start, dirs, b.Coord(last), ok, err)
	}
}

// TestWalk walks every sequence of up to five moves from every cell of
// a few boxes, and the solutions of the 2x2x3 box, against AppendCells.
func TestWalk(t *testing.T) {
	for _, size := range []string{"2x2x2", "1x2x3", "2x3x4", "4x4x4"} {
		b, err := symmetry.ParseBox(size)
		if err != nil {
			t.Fatal(err)
		}
		c := NewChecker(b)
		var dirs []symmetry.Dir
		var all func(n int)
		all = func(n int) {
			for p := range b.Len() {
				walkAgrees(t, c, b.Coord(p), dirs)
			}
			if n == 0 {
				return
			}
			for d := range symmetry.Dir(symmetry.NumDirs) {
				dirs = append(dirs, d)
				all(n - 1)
				dirs = dirs[:len(dirs)-1]
			}
		}
		all(4)
	}
}

// FuzzWalk walks arbitrary moves from an arbitrary cell of an arbitrary
// box against AppendCells.
func FuzzWalk(f *testing.F) {
	f.Add(uint8(3), uint8(3), uint8(3), uint8(0), []byte{0, 2, 1, 4})
	f.Add(uint8(4), uint8(4), uint8(4), uint8(63), []byte{1, 1, 1, 3, 3, 3, 5, 5, 5})
	f.Fuzz(func(t *testing.T, x, y, z, start uint8, moves []byte) {
		b, err := symmetry.NewBox(int(x), int(y), int(z))
		if err != nil {
			return
		}
		dirs := make([]symmetry.Dir, len(moves))
		for i, m := range moves {
			dirs[i] = symmetry.Dir(m % symmetry.NumDirs)
		}
		walkAgrees(t, NewChecker(b), b.Coord(int(start)%b.Len()), dirs)
	})
}
