// Package catalogtest gives tests the boxes they name and the encoded
// catalogues of small boxes, each computed once per test binary. Only
// tests import it.
package catalogtest

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Box returns the box s names, such as "3" or "2x2x3".
func Box(t testing.TB, s string) symmetry.Box {
	t.Helper()
	b, err := symmetry.ParseBox(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

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
	b := Box(t, size)
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
// order: a boustrophedon (along z, then y, then x, turning back at each
// wall) changed by moves backbite moves drawn from rng. A backbite joins
// an end of the path to a neighbouring cell of the path and cuts the path
// next to that cell, so that it stays a Hamiltonian path; its ends wander
// over the whole box, which the boustrophedon's alone would not.
func Walk(rng *rand.Rand, b symmetry.Box, moves int) [][3]int {
	path := make([][3]int, 0, b.Len())
	cur := [3]int{}
	sign := [3]int{1, 1, 1}
	path = append(path, cur)
	for x := range b.Size[0] {
		for y := range b.Size[1] {
			for z := 1; z < b.Size[2]; z++ {
				cur[2] += sign[2]
				path = append(path, cur)
			}
			sign[2] = -sign[2]
			if y+1 < b.Size[1] {
				cur[1] += sign[1]
				path = append(path, cur)
			}
		}
		sign[1] = -sign[1]
		if x+1 < b.Size[0] {
			cur[0]++
			path = append(path, cur)
		}
	}
	at := make(map[[3]int]int, len(path))
	for i, c := range path {
		at[c] = i
	}
	for range moves {
		Backbite(rng, b, path, at)
	}
	return path
}

// Backbite makes one backbite move on the Hamiltonian path of box b,
// where at gives each cell's place in path; both are updated. An end of
// the path, drawn at random, is joined to its neighbour in a random
// direction, if that lies in the box and is not already next to it on
// the path, and the path is cut next to that neighbour on the end's side.
func Backbite(rng *rand.Rand, b symmetry.Box, path [][3]int, at map[[3]int]int) {
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
