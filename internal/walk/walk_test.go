package walk

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// plainBackbite is the backbite move on cells as coordinates, with a map
// from cell to place, as the tests first wrote it: the reference.
func plainBackbite(rng *rand.Rand, b symmetry.Box, path [][3]int, at map[[3]int]int) {
	n := len(path)
	last := rng.IntN(2) == 0
	end := path[0]
	if last {
		end = path[n-1]
	}
	c := b.Step(end, symmetry.Dir(rng.IntN(symmetry.NumDirs)))
	if !b.Contains(c) {
		return
	}
	j := at[c]
	var cut [][3]int
	switch {
	case last && j < n-2:
		cut = path[j+1:]
	case !last && j > 1:
		cut = path[:j]
	default:
		return
	}
	slices.Reverse(cut)
	for i := range path {
		at[path[i]] = i
	}
}

// TestPlain checks Path against the plain moves, draw for draw, on boxes
// flat and not, up to 64 cells.
func TestPlain(t *testing.T) {
	for _, size := range []string{"2", "1x1x2", "1x4x1", "2x3x1", "3", "2x3x4", "4", "1x2x32", "2x4x8"} {
		b := symmetry.MustParseBox(size)
		for seed := range uint64(5) {
			p := New(b)
			path := p.Cells()
			at := map[[3]int]int{}
			for i, c := range path {
				at[c] = i
			}
			r1, r2 := rand.New(rand.NewPCG(seed, 9)), rand.New(rand.NewPCG(seed, 9))
			for k := range 3000 {
				p.Backbite(r1)
				plainBackbite(r2, b, path, at)
				if got := p.Cells(); !slices.Equal(got, path) {
					t.Fatalf("%v seed %d move %d: %v, the plain moves %v", b, seed, k, got, path)
				}
			}
			q, err := FromCells(b, path)
			if err != nil {
				t.Fatal(err)
			}
			cells, err := b.Cells(path[0], q.Moves())
			if err != nil || !slices.Equal(cells, path) {
				t.Fatalf("%v: the moves of %v retrace %v (%v)", b, path, cells, err)
			}
		}
	}
}

// directed returns every directed Hamiltonian path of box b, by a plain
// search from every cell.
func directed(b symmetry.Box) map[string]bool {
	all := map[string]bool{}
	var path []int8
	var used uint64
	var grow func(c [3]int)
	grow = func(c [3]int) {
		i := b.Index(c)
		path = append(path, int8(i))
		used |= 1 << i
		if len(path) == b.Len() {
			all[key(path)] = true
		}
		for d := range symmetry.Dir(symmetry.NumDirs) {
			if n := b.Step(c, d); b.Contains(n) && used>>b.Index(n)&1 == 0 {
				grow(n)
			}
		}
		path = path[:len(path)-1]
		used &^= 1 << i
	}
	for c := range b.Len() {
		grow(b.Coord(c))
	}
	return all
}

// TestConnected checks that backbite moves lead from the boustrophedon to
// every directed Hamiltonian path of small boxes that starts on a cell of
// the boustrophedon's first cell's colour (all of them, for an odd number
// of cells): the chain of moves reaches them all, so that its stationary
// distribution, uniform on them, is the one it tends to.
func TestConnected(t *testing.T) {
	for _, size := range []string{"2", "1x2x5", "2x2x3", "2x2x4", "1x3x4", "2x3x3", "1x3x3", "1x3x5", "3x3x1"} {
		b := symmetry.MustParseBox(size)
		want := directed(b)
		start := New(b)
		colour := func(c int8) int {
			p := b.Coord(int(c))
			return (p[0] + p[1] + p[2]) % 2
		}
		for s := range want {
			if colour(int8(s[0])) != colour(start.cells[0]) {
				delete(want, s)
			}
		}
		seen := map[string]bool{key(start.cells): true}
		queue := [][]int8{start.cells}
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			for _, last := range []bool{false, true} {
				for d := range symmetry.Dir(symmetry.NumDirs) {
					p := &Path{box: b, nb: start.nb, cells: slices.Clone(cur)}
					p.index(0, len(p.cells))
					p.move(last, d)
					if s := key(p.cells); !seen[s] {
						seen[s] = true
						queue = append(queue, p.cells)
					}
				}
			}
		}
		if len(seen) != len(want) {
			t.Errorf("%v: backbite moves reach %d directed Hamiltonian paths of %d", b, len(seen), len(want))
		}
		for s := range seen {
			if !want[s] {
				t.Fatalf("%v: backbite moves reach %q, no Hamiltonian path", b, s)
			}
		}
	}
}

// key names a path by its cells, a byte each.
func key(cells []int8) string {
	b := make([]byte, len(cells))
	for i, c := range cells {
		b[i] = byte(c)
	}
	return string(b)
}
