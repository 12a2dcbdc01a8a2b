package oracle

import (
	"fmt"
	"strings"
)

// Folding is a directed path through a box: Start is the cell of cubelet 0
// and Dirs[i] is the direction code (±1, ±2, ±3) of the move from cubelet i
// to cubelet i+1.
type Folding struct {
	Start [3]int
	Dirs  []int
}

// String formats f as "(x,y,z) [d0 d1 ...]".
func (f Folding) String() string {
	return fmt.Sprintf("(%d,%d,%d) %v", f.Start[0], f.Start[1], f.Start[2], f.Dirs)
}

// Equal reports whether f and g have the same start and the same moves.
func (f Folding) Equal(g Folding) bool {
	if f.Start != g.Start || len(f.Dirs) != len(g.Dirs) {
		return false
	}
	for i := range f.Dirs {
		if f.Dirs[i] != g.Dirs[i] {
			return false
		}
	}
	return true
}

// codes lists the six direction codes in comparison order.
var codes = [6]int{+1, -1, +2, -2, +3, -3}

// Rank returns the position of direction code d in the comparison order
// +x < -x < +y < -y < +z < -z, from 0 to 5.
func Rank(d int) int {
	if d > 0 {
		return 2 * (d - 1)
	}
	return 2*(-d-1) + 1
}

// Compare compares two foldings lexicographically by the ranks of their
// moves, then (only to make the order total) by start cell. It returns -1,
// 0 or +1.
func Compare(f, g Folding) int {
	for i := 0; i < len(f.Dirs) && i < len(g.Dirs); i++ {
		if a, b := Rank(f.Dirs[i]), Rank(g.Dirs[i]); a != b {
			if a < b {
				return -1
			}
			return +1
		}
	}
	switch {
	case len(f.Dirs) < len(g.Dirs):
		return -1
	case len(f.Dirs) > len(g.Dirs):
		return +1
	}
	for i := range 3 {
		if f.Start[i] != g.Start[i] {
			if f.Start[i] < g.Start[i] {
				return -1
			}
			return +1
		}
	}
	return 0
}

// volume returns the number of cells of a box, panicking when the box is
// outside the supported range: every side at least 1, at most 64 cells.
func volume(dims [3]int) int {
	if err := checkDims(dims); err != nil {
		panic("oracle: " + err.Error())
	}
	return dims[0] * dims[1] * dims[2]
}

func checkDims(dims [3]int) error {
	for i, n := range dims {
		if n < 1 || n > 64 {
			return fmt.Errorf("box %v: side %d is %d, want 1 to 64", dims, i, n)
		}
	}
	if l := dims[0] * dims[1] * dims[2]; l > 64 {
		return fmt.Errorf("box %v: %d cells, want at most 64", dims, l)
	}
	return nil
}

func inside(dims [3]int, c [3]int) bool {
	for i := range 3 {
		if c[i] < 0 || c[i] >= dims[i] {
			return false
		}
	}
	return true
}

// step returns the cell one move d away from c; d must be a valid code.
func step(c [3]int, d int) [3]int {
	if d > 0 {
		c[d-1]++
	} else {
		c[-d-1]--
	}
	return c
}

func validCode(d int) bool {
	return d != 0 && d >= -3 && d <= 3
}

func axis(d int) int {
	if d < 0 {
		return -d
	}
	return d
}

// walk calls visit once for every directed Hamiltonian path of the box, by
// a plain depth-first search from every cell in x, y, z order, trying the
// moves in code order. Nothing is pruned: the search backs up only when the
// head has no unvisited neighbour. dirs is reused between calls: visit must
// copy it to keep it.
func walk(dims [3]int, visit func(start [3]int, dirs []int)) {
	w := newWalker(dims, visit)
	for i := range w.l {
		w.start = w.cell[i]
		w.seen[i] = true
		w.dfs(i)
		w.seen[i] = false
	}
}

// A walker holds the state of [walk]'s search. Cells are numbered
// x + A*(y + B*z); next[i] lists the moves from cell i that stay inside the
// box, in code order.
type walker struct {
	l     int
	cell  [][3]int
	next  [][]move
	seen  []bool
	dirs  []int
	start [3]int
	visit func(start [3]int, dirs []int)
}

type move struct{ to, dir int }

func newWalker(dims [3]int, visit func([3]int, []int)) *walker {
	l := volume(dims)
	w := &walker{l: l, cell: make([][3]int, l), next: make([][]move, l), seen: make([]bool, l), dirs: make([]int, 0, l-1), visit: visit}
	index := func(c [3]int) int { return c[0] + dims[0]*(c[1]+dims[1]*c[2]) }
	for z := range dims[2] {
		for y := range dims[1] {
			for x := range dims[0] {
				c := [3]int{x, y, z}
				w.cell[index(c)] = c
				for _, d := range codes {
					if n := step(c, d); inside(dims, n) {
						w.next[index(c)] = append(w.next[index(c)], move{index(n), d})
					}
				}
			}
		}
	}
	return w
}

func (w *walker) dfs(i int) {
	if len(w.dirs) == w.l-1 {
		w.visit(w.start, w.dirs)
		return
	}
	for _, m := range w.next[i] {
		if w.seen[m.to] {
			continue
		}
		w.seen[m.to] = true
		w.dirs = append(w.dirs, m.dir)
		w.dfs(m.to)
		w.dirs = w.dirs[:len(w.dirs)-1]
		w.seen[m.to] = false
	}
}

// Paths returns every directed Hamiltonian path of the box's grid graph,
// with no symmetry breaking, found by plain depth-first search from every
// cell. A path and its reversal are both listed. Paths stores them all, so
// keep it to small boxes; see [CountPaths] for 3x3x3. It panics on a box
// with a side below 1 or more than 64 cells.
func Paths(dims [3]int) []Folding {
	var out []Folding
	walk(dims, func(start [3]int, dirs []int) {
		out = append(out, Folding{Start: start, Dirs: append([]int(nil), dirs...)})
	})
	return out
}

// CountPaths returns the number of directed Hamiltonian paths of the box's
// grid graph, as [Paths] would list them, without storing them: 144 for
// 2x2x2, 4,960,608 for 3x3x3 (OEIS A193346).
func CountPaths(dims [3]int) int64 {
	var n int64
	walk(dims, func([3]int, []int) { n++ })
	return n
}

// Sequence returns the turn sequence of f read from cubelet 0: one
// character per cubelet, '0' at both ends, and '1' at inner cubelet i when
// moves i-1 and i lie on different axes.
func Sequence(f Folding) string {
	var b strings.Builder
	b.WriteByte('0')
	for i := 1; i < len(f.Dirs); i++ {
		if axis(f.Dirs[i-1]) != axis(f.Dirs[i]) {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	if len(f.Dirs) > 0 {
		b.WriteByte('0')
	}
	return b.String()
}

// ReverseString returns s read backwards.
func ReverseString(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

// Reverse returns f read from its other end: it starts at f's last cell and
// makes f's moves in reverse order, each negated.
func Reverse(f Folding) Folding {
	end := f.Start
	for _, d := range f.Dirs {
		end = step(end, d)
	}
	r := Folding{Start: end, Dirs: make([]int, len(f.Dirs))}
	for i, d := range f.Dirs {
		r.Dirs[len(f.Dirs)-1-i] = -d
	}
	return r
}

// PathArray returns path[x][y][z], the 1-based index of the cubelet that f
// puts in cell (x, y, z); cells f does not reach hold 0. It panics when f
// leaves the box.
func PathArray(dims [3]int, f Folding) [][][]int {
	volume(dims)
	path := make([][][]int, dims[0])
	for x := range path {
		path[x] = make([][]int, dims[1])
		for y := range path[x] {
			path[x][y] = make([]int, dims[2])
		}
	}
	c := f.Start
	for i := 0; ; i++ {
		if !inside(dims, c) {
			panic(fmt.Sprintf("oracle: PathArray: cubelet %d at %v is outside box %v", i, c, dims))
		}
		path[c[0]][c[1]][c[2]] = i + 1
		if i == len(f.Dirs) {
			break
		}
		c = step(c, f.Dirs[i])
	}
	return path
}
