package catalog

import (
	"fmt"
	"slices"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Checker checks solutions of one box. It keeps scratch space between
// calls, so a goroutine needs its own.
type Checker struct {
	box            symmetry.Box
	dirs, rev, alt []symmetry.Dir
	cells          [][3]int
	// next[p*NumDirs+d] is the index of the cell one move d from the
	// cell of index p, or -1 outside the box.
	next []int8
	// pathless skips the path array, which a Parquet catalogue does not
	// hold: its rows state startPos and direction, which fix the path.
	pathless bool
}

// Checked is a correct solution: its canonical form, and the cells of its
// first and last cubelet as the file places them, read in the direction of
// the canonical form (along the key, or for a palindrome in the direction
// whose canonical form is smaller).
type Checked struct {
	Form        []symmetry.Dir
	First, Last [3]int
}

// NewChecker returns a Checker of solutions in box b.
func NewChecker(b symmetry.Box) *Checker {
	m := b.Len() - 1
	next := make([]int8, b.Len()*symmetry.NumDirs)
	for p := range b.Len() {
		for d := range symmetry.Dir(symmetry.NumDirs) {
			q := b.Coord(p)
			q[d.Axis()] += 1 - 2*int(d&1)
			next[p*symmetry.NumDirs+int(d)] = -1
			if b.Contains(q) {
				next[p*symmetry.NumDirs+int(d)] = int8(b.Index(q))
			}
		}
	}
	return &Checker{
		box:  b,
		dirs: make([]symmetry.Dir, 0, m),
		rev:  make([]symmetry.Dir, 0, m),
		alt:  make([]symmetry.Dir, 0, m),
		next: next,
	}
}

// walk follows dirs from the cell of index start and returns the index
// of the last cell, reporting false at a move out of the box or onto a
// cell visited: [symmetry.Box.AppendCells] without the cells.
func (c *Checker) walk(start int, dirs []symmetry.Dir) (int, bool) {
	seen := uint64(1) << start
	p := start
	for _, d := range dirs {
		q := c.next[p*symmetry.NumDirs+int(d)]
		if q < 0 || seen&(1<<q) != 0 {
			return 0, false
		}
		seen |= 1 << q
		p = int(q)
	}
	return p, true
}

// Box returns the checker's box.
func (c *Checker) Box() symmetry.Box { return c.box }

// Solution checks that s, as a file states it, is a solution of snake q:
// startPos a cell, direction a Hamiltonian path of the box from it, path
// numbering the cells along it from 1, and its turns those of q read from
// either end. It writes the solution's canonical form into dst and returns
// it with the solution's ends, or returns an error saying what is wrong
// first. Moves are counted from 1 in the error.
func (c *Checker) Solution(dst []symmetry.Dir, q solver.Seq, s export.Solution) (Checked, error) {
	b := c.box
	if len(s.StartPos) != 3 {
		return Checked{}, fmt.Errorf("startPos has %d coordinates, want 3", len(s.StartPos))
	}
	start := [3]int(s.StartPos)
	if !b.Contains(start) {
		return Checked{}, fmt.Errorf("startPos %v is not a cell of the %v box", s.StartPos, b)
	}
	if m := b.Len() - 1; len(s.Direction) != m {
		return Checked{}, fmt.Errorf("direction has %d moves, want %d", len(s.Direction), m)
	}
	dirs := c.dirs[:0]
	for i, code := range s.Direction {
		d, ok := symmetry.DirOfCode(code)
		if !ok {
			return Checked{}, fmt.Errorf("direction: move %d is %d, not one of 1, -1, 2, -2, 3, -3", i+1, code)
		}
		dirs = append(dirs, d)
	}
	c.dirs = dirs
	// The walk fails at the first move out of the box or onto a visited
	// cell: L-1 moves that do neither visit all L cells once. A file
	// without paths needs only the ends, and AppendCells only to say
	// what is wrong.
	var ends [2][3]int
	last, ok := 0, false
	if c.pathless {
		last, ok = c.walk(b.Index(start), dirs)
	}
	if ok {
		ends = [2][3]int{start, b.Coord(last)}
	} else {
		cells, err := b.AppendCells(c.cells[:0], start, dirs)
		if err != nil {
			return Checked{}, fmt.Errorf("direction: %w", err)
		}
		c.cells = cells
		if !c.pathless {
			if err := c.path(s.Path, cells); err != nil {
				return Checked{}, err
			}
		}
		ends = [2][3]int{cells[0], cells[len(cells)-1]}
	}
	t := solver.SeqOf(dirs)
	fwd, bwd := t == q, t == q.Reverse()
	switch {
	case fwd:
		dst = b.Normalize(dst, dirs)
		if bwd { // a palindrome: the smaller of both readings
			c.rev = symmetry.Reverse(c.rev, dirs)
			c.alt = b.Normalize(c.alt, c.rev)
			if slices.Compare(c.alt, dst) < 0 {
				copy(dst, c.alt)
				ends[0], ends[1] = ends[1], ends[0]
			}
		}
	case bwd:
		c.rev = symmetry.Reverse(c.rev, dirs)
		dst = b.Normalize(dst, c.rev)
		ends[0], ends[1] = ends[1], ends[0]
	default:
		return Checked{}, fmt.Errorf("direction folds the snake %v, not %v nor its reverse", t, q)
	}
	return Checked{Form: dst, First: ends[0], Last: ends[1]}, nil
}

// path checks that p has the box's shape and numbers each cell by its
// cubelet, from 1.
func (c *Checker) path(p [][][]int, cells [][3]int) error {
	sz := c.box.Size
	if len(p) != sz[0] {
		return fmt.Errorf("path has %d planes along x, want %d", len(p), sz[0])
	}
	for x, px := range p {
		if len(px) != sz[1] {
			return fmt.Errorf("path[%d] has %d rows along y, want %d", x, len(px), sz[1])
		}
		for y, pxy := range px {
			if len(pxy) != sz[2] {
				return fmt.Errorf("path[%d][%d] has %d cells along z, want %d", x, y, len(pxy), sz[2])
			}
		}
	}
	for i, v := range cells {
		if got := p[v[0]][v[1]][v[2]]; got != i+1 {
			return fmt.Errorf("path[%d][%d][%d] is %d, want %d as startPos and direction place the cubelets", v[0], v[1], v[2], got, i+1)
		}
	}
	return nil
}
