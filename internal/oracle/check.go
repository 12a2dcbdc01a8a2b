package oracle

import (
	"fmt"
	"strings"
)

// Check verifies one catalogue entry (key, startPos, direction, path)
// independently of whoever produced it. It reports the first of these
// that fails:
//
//   - the box has sides >= 1 and at most 64 cells;
//   - key has L characters, all '0' or '1', '0' at both ends, and
//     key <= reverse(key);
//   - start is a cell of the box and dirs holds L-1 codes in ±1..±3;
//   - the folding is a Hamiltonian path: every move stays inside the box
//     and no cell is visited twice (so all L cells are visited once);
//   - its turn sequence read from cubelet 0 equals key;
//   - path is A x B x C and path[x][y][z] is the 1-based index of the
//     cubelet the folding puts in (x, y, z);
//   - the folding is its own canonical form ([Canonical]).
//
// The error names the part that is wrong.
func Check(dims [3]int, key string, start [3]int, dirs []int, path [][][]int) error {
	if err := checkDims(dims); err != nil {
		return err
	}
	if err := checkKey(dims, key); err != nil {
		return err
	}
	order, err := checkWalk(dims, start, dirs)
	if err != nil {
		return err
	}
	f := Folding{Start: start, Dirs: dirs}
	if s := Sequence(f); s != key {
		i := 0
		for s[i] == key[i] {
			i++
		}
		return fmt.Errorf("direction: turn sequence %q differs from key %q at cubelet %d", s, key, i+1)
	}
	if err := checkPath(dims, path, order); err != nil {
		return err
	}
	if _, canon := Canonical(dims, f); !canon.Equal(f) {
		return fmt.Errorf("direction: not canonical: the canonical form of this solution is %v", canon)
	}
	return nil
}

// checkKey checks that key is a key of a snake of the box dims.
func checkKey(dims [3]int, key string) error {
	l := dims[0] * dims[1] * dims[2]
	if len(key) != l {
		return fmt.Errorf("key %q: length %d, want %d for box %v", key, len(key), l, dims)
	}
	if i := strings.IndexFunc(key, func(r rune) bool { return r != '0' && r != '1' }); i >= 0 {
		return fmt.Errorf("key %q: character %d is %q, want '0' or '1'", key, i+1, key[i])
	}
	if key[0] != '0' || key[l-1] != '0' {
		return fmt.Errorf("key %q: the ends must be '0'", key)
	}
	if rev := ReverseString(key); key > rev {
		return fmt.Errorf("key %q: greater than its reverse %q, so not a key", key, rev)
	}
	return nil
}

// checkWalk checks that the folding from start by dirs is a Hamiltonian
// path of the box, and returns, by cell index, the 1-based number of the
// cubelet it puts there.
func checkWalk(dims [3]int, start [3]int, dirs []int) ([]int, error) {
	l := dims[0] * dims[1] * dims[2]
	if !inside(dims, start) {
		return nil, fmt.Errorf("startPos %v: outside box %v", start, dims)
	}
	if len(dirs) != l-1 {
		return nil, fmt.Errorf("direction: %d moves, want %d", len(dirs), l-1)
	}
	for i, d := range dirs {
		if !validCode(d) {
			return nil, fmt.Errorf("direction: move %d is %d, want ±1, ±2 or ±3", i+1, d)
		}
	}

	// Walk the folding; order[idx(cell)] is the 1-based cubelet index there.
	order := make([]int, l)
	idx := func(c [3]int) int { return c[0] + dims[0]*(c[1]+dims[1]*c[2]) }
	c := start
	order[idx(c)] = 1
	for i, d := range dirs {
		n := step(c, d)
		if !inside(dims, n) {
			return nil, fmt.Errorf("direction: move %d (%+d) leaves the box from cubelet %d at %v", i+1, d, i+1, c)
		}
		if prev := order[idx(n)]; prev != 0 {
			return nil, fmt.Errorf("direction: move %d (%+d) takes cubelet %d to %v, already holding cubelet %d: not a Hamiltonian path", i+1, d, i+2, n, prev)
		}
		order[idx(n)] = i + 2
		c = n
	}

	return order, nil
}

// checkPath checks that path has the box's shape and holds order, the
// cubelet numbers by cell index.
func checkPath(dims [3]int, path [][][]int, order []int) error {
	idx := func(c [3]int) int { return c[0] + dims[0]*(c[1]+dims[1]*c[2]) }
	if len(path) != dims[0] {
		return fmt.Errorf("path: %d planes along x, want %d", len(path), dims[0])
	}
	for x := range dims[0] {
		if len(path[x]) != dims[1] {
			return fmt.Errorf("path[%d]: %d rows along y, want %d", x, len(path[x]), dims[1])
		}
		for y := range dims[1] {
			if len(path[x][y]) != dims[2] {
				return fmt.Errorf("path[%d][%d]: %d cells along z, want %d", x, y, len(path[x][y]), dims[2])
			}
			for z := range dims[2] {
				if got, want := path[x][y][z], order[idx([3]int{x, y, z})]; got != want {
					return fmt.Errorf("path[%d][%d][%d] = %d, but startPos and direction put cubelet %d there", x, y, z, got, want)
				}
			}
		}
	}
	return nil
}
