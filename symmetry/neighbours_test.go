package symmetry

import (
	"math/bits"
	"testing"
)

// TestNeighbours checks the tables of every box up to MaxCells against
// the geometry: a neighbour is one step away along its direction's axis,
// the relation is symmetric, a cell has one neighbour per side it does
// not lie on, and the sets agree with the indices.
func TestNeighbours(t *testing.T) {
	for x := 1; x <= MaxCells; x++ {
		for y := 1; x*y <= MaxCells; y++ {
			for z := 1; x*y*z <= MaxCells; z++ {
				b, err := NewBox(x, y, z)
				if err != nil {
					continue
				}
				checkNeighbours(t, b, b.Neighbours())
			}
		}
	}
}

func checkNeighbours(t *testing.T, b Box, nb *Neighbours) {
	t.Helper()
	n := b.Len()
	all := ^uint64(0) >> (MaxCells - n)
	for c := range MaxCells {
		if c >= n {
			if nb.Around[c] != 0 {
				t.Fatalf("%v: cell %d is outside the box but has neighbours", b, c+1)
			}
			continue
		}
		p := b.Coord(c)
		want := 0
		for a := range 3 {
			if p[a] > 0 {
				want++
			}
			if p[a] < b.Size[a]-1 {
				want++
			}
		}
		var around uint64
		for d := range Dir(NumDirs) {
			e := int(nb.Nb[c][d])
			if e < 0 {
				if nb.Ahead[c][d] != 0 {
					t.Fatalf("%v: cell %d has no neighbour %v but a set of one", b, c+1, d)
				}
				continue
			}
			q := b.Coord(e)
			for a := range 3 {
				diff := q[a] - p[a]
				switch {
				case a != d.Axis() && diff != 0,
					a == d.Axis() && d.Neg() && diff != -1,
					a == d.Axis() && !d.Neg() && diff != 1:
					t.Fatalf("%v: cell %d %v: neighbour %v is not one step %v of %v", b, c+1, d, q, d, p)
				}
			}
			if int(nb.Nb[e][d.Opposite()]) != c {
				t.Fatalf("%v: cell %d's neighbour %v is %d, whose neighbour %v is %d", b, c+1, d, e+1, d.Opposite(), nb.Nb[e][d.Opposite()]+1)
			}
			if nb.Ahead[c][d] != 1<<e {
				t.Fatalf("%v: cell %d: the set ahead %v is %b, want cell %d", b, c+1, d, nb.Ahead[c][d], e+1)
			}
			around |= 1 << e
		}
		if nb.Around[c] != around || nb.Around[c]&^all != 0 || bits.OnesCount64(around) != want {
			t.Fatalf("%v: cell %d: around %b, from the indices %b, want %d neighbours", b, c+1, nb.Around[c], around, want)
		}
		for a := range 3 {
			along := nb.Ahead[c][2*a] | nb.Ahead[c][2*a+1]
			if nb.Across[c][a] != around&^along {
				t.Fatalf("%v: cell %d: across axis %d %b, want %b", b, c+1, a, nb.Across[c][a], around&^along)
			}
		}
	}
}
