// Package walk draws random Hamiltonian paths of a box, random foldings,
// by backbite moves.
//
// # Backbite
//
// A [Path] starts as a boustrophedon: along z, then y, then x, turning
// back at each wall. A backbite move ([Path.Backbite]) draws one of the
// path's two ends and one of the six directions, each uniformly; if the
// cell next to that end in that direction lies in the box and is not
// already next to it on the path, it joins the end to that cell and cuts
// the path next to the cell, on the end's side, so that it stays a
// Hamiltonian path; otherwise nothing changes. The move that undoes a
// move is drawn with the same probability, 1/12, so the moves leave the
// uniform distribution on directed Hamiltonian paths as it is.
//
// A move keeps the colour of the path's first cell in the box's chequer
// pattern. In a box of an odd number of cells both ends of a path have
// the colour of the larger class anyway; in a box of an even number they
// differ, and the paths the moves reach from the boustrophedon are those
// that start on its first cell's colour: every Hamiltonian path once,
// read from that end. Where the moves connect those paths (the tests
// check every box of up to 18 cells they try), enough of them make every
// such path about as likely as any other. Either way, a snake comes out
// with a probability proportional to the number of Hamiltonian paths of
// the box that fold it.
package walk

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Path is a Hamiltonian path of a box, changed in place by backbite
// moves.
type Path struct {
	box   symmetry.Box
	cells []int8 // the cells in path order
	at    [symmetry.MaxCells]int8
	nb    *[symmetry.MaxCells][symmetry.NumDirs]int8
}

// New returns box b's boustrophedon.
func New(b symmetry.Box) *Path {
	p := &Path{box: b, nb: &b.Neighbours().Nb}
	cur := [3]int{}
	sign := [3]int{1, 1, 1}
	p.cells = append(p.cells, int8(b.Index(cur)))
	for x := range b.Size[0] {
		for y := range b.Size[1] {
			for z := 1; z < b.Size[2]; z++ {
				cur[2] += sign[2]
				p.cells = append(p.cells, int8(b.Index(cur)))
			}
			sign[2] = -sign[2]
			if y+1 < b.Size[1] {
				cur[1] += sign[1]
				p.cells = append(p.cells, int8(b.Index(cur)))
			}
		}
		sign[1] = -sign[1]
		if x+1 < b.Size[0] {
			cur[0]++
			p.cells = append(p.cells, int8(b.Index(cur)))
		}
	}
	p.index(0, len(p.cells))
	return p
}

// FromCells returns the path of box b through cells, in order; an error
// when they are not a Hamiltonian path of b.
func FromCells(b symmetry.Box, cells [][3]int) (*Path, error) {
	if len(cells) != b.Len() {
		return nil, fmt.Errorf("walk: %d cells for a box of %d", len(cells), b.Len())
	}
	p := &Path{box: b, nb: &b.Neighbours().Nb, cells: make([]int8, len(cells))}
	var seen uint64
	for i, c := range cells {
		if !b.Contains(c) || seen>>b.Index(c)&1 != 0 {
			return nil, fmt.Errorf("walk: cell %d, %v, is outside the box or taken", i, c)
		}
		if i > 0 && dist(cells[i-1], c) != 1 {
			return nil, fmt.Errorf("walk: cells %d and %d, %v and %v, are not neighbours", i-1, i, cells[i-1], c)
		}
		seen |= 1 << b.Index(c)
		p.cells[i] = int8(b.Index(c))
	}
	p.index(0, len(p.cells))
	return p, nil
}

func dist(a, b [3]int) int {
	d := 0
	for i := range a {
		d += max(a[i]-b[i], b[i]-a[i])
	}
	return d
}

// index records the place of the cells from i to j.
func (p *Path) index(i, j int) {
	for k := i; k < j; k++ {
		p.at[p.cells[k]] = int8(k)
	}
}

// Backbite makes one backbite move drawn from rng: an end (rng.IntN(2),
// 0 for the last cubelet's), then a direction (rng.IntN(6)).
func (p *Path) Backbite(rng *rand.Rand) {
	last := rng.IntN(2) == 0
	p.move(last, symmetry.Dir(rng.IntN(symmetry.NumDirs)))
}

// move makes the backbite move from the last end or the first, in
// direction d.
func (p *Path) move(last bool, d symmetry.Dir) {
	n := len(p.cells)
	end := p.cells[0]
	if last {
		end = p.cells[n-1]
	}
	c := p.nb[end][d]
	if c < 0 {
		return
	}
	j := int(p.at[c])
	switch {
	case last && j < n-2:
		slices.Reverse(p.cells[j+1:])
		p.index(j+1, n)
	case !last && j > 1:
		slices.Reverse(p.cells[:j])
		p.index(0, j)
	}
}

// Cells returns the cells of the path, in order.
func (p *Path) Cells() [][3]int {
	cells := make([][3]int, len(p.cells))
	for i, c := range p.cells {
		cells[i] = p.box.Coord(int(c))
	}
	return cells
}

// Moves returns the moves of the path, from its first cell.
func (p *Path) Moves() []symmetry.Dir {
	dirs := make([]symmetry.Dir, len(p.cells)-1)
	for i := range dirs {
		for d, c := range p.nb[p.cells[i]] {
			if c == p.cells[i+1] {
				dirs[i] = symmetry.Dir(d)
				break
			}
		}
	}
	return dirs
}

// Moves returns the backbite moves of a draw of box b: 10 L² for a box
// of L cells, which the tests find more than enough on the boxes whose
// paths they count.
func Moves(b symmetry.Box) int { return 10 * b.Len() * b.Len() }

// Draw returns the snake of draw k of seed for box b, read as its key,
// and the moves of the random folding it came from, read from the key's
// first cubelet.
func Draw(b symmetry.Box, seed uint64, k int) (solver.Seq, []symmetry.Dir) {
	rng := rand.New(rand.NewPCG(seed, uint64(k)))
	p := New(b)
	for range Moves(b) {
		p.Backbite(rng)
	}
	dirs := p.Moves()
	q := solver.SeqOf(dirs)
	if key := q.Key(); key != q {
		return key, symmetry.Reverse(nil, dirs)
	}
	return q, dirs
}
