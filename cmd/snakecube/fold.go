package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/snakecube/snakecube/symmetry"
)

// legend fixes the words and arrows the text output uses for directions.
const legend = `axes: x runs left to right, y front to back, z bottom to top; cell (0,0,0) is the front left bottom corner
moves: right/left = +x/-x, back/front = +y/-y, up/down = +z/-z; arrows > < o . ^ v in the same order (o away from you, . towards you)
`

var (
	dirWords  = [symmetry.NumDirs]string{"right", "left", "back", "front", "up", "down"}
	dirArrows = [symmetry.NumDirs]byte{'>', '<', 'o', '.', '^', 'v'}
)

// cellKind names where cell p lies: corner, edge, face or inside.
func cellKind(b symmetry.Box, p [3]int) string {
	extreme := 0
	for a, v := range p {
		if v == 0 || v == b.Size[a]-1 {
			extreme++
		}
	}
	return [...]string{"inside", "on a face", "on an edge", "a corner"}[extreme]
}

// runs splits moves into straight runs: each direction and its length.
func runs(dirs []symmetry.Dir) (ds []symmetry.Dir, ns []int) {
	for i, d := range dirs {
		if i > 0 && d == dirs[i-1] {
			ns[len(ns)-1]++
			continue
		}
		ds, ns = append(ds, d), append(ns, 1)
	}
	return ds, ns
}

// drawFolding writes one solution so that a person can fold it: the start,
// the moves in words and arrows, and the box layer by layer with the
// number of the cubelet in each cell.
func drawFolding(w io.Writer, b symmetry.Box, dirs []symmetry.Dir) {
	start, _ := b.Start(dirs)
	fmt.Fprintf(w, "  start   cubelet 1 in cell (%d,%d,%d), %s\n", start[0], start[1], start[2], cellKind(b, start))
	ds, ns := runs(dirs)
	words := make([]string, len(ds))
	arrows := make([]string, len(ds))
	for k, d := range ds {
		words[k] = fmt.Sprintf("%s %d", dirWords[d], ns[k])
		arrows[k] = strings.Repeat(string(dirArrows[d]), ns[k])
	}
	fmt.Fprintf(w, "  moves   %s\n", strings.Join(words, ", "))
	fmt.Fprintf(w, "  arrows  %s\n", strings.Join(arrows, " "))

	number := make([]int, b.Len())
	cells, _ := b.Cells(start, dirs)
	for i, p := range cells {
		number[b.Index(p)] = i + 1
	}
	// Layers side by side, bottom first, each seen from above with the
	// back row on top.
	width := 3*b.Size[0] + 2
	fmt.Fprintf(w, "  layers  seen from above, back row on top\n")
	var line strings.Builder
	line.WriteString("   ")
	for z := range b.Size[2] {
		label := fmt.Sprintf("z=%d", z)
		switch z {
		case 0:
			label += " bottom"
		case b.Size[2] - 1:
			label += " top"
		}
		fmt.Fprintf(&line, " %-*s", width, label)
	}
	fmt.Fprintln(w, strings.TrimRight(line.String(), " "))
	for y := b.Size[1] - 1; y >= 0; y-- {
		line.Reset()
		line.WriteString("   ")
		for z := range b.Size[2] {
			line.WriteByte(' ')
			for x := range b.Size[0] {
				fmt.Fprintf(&line, "%3d", number[b.Index([3]int{x, y, z})])
			}
			line.WriteString("  ")
		}
		fmt.Fprintln(w, strings.TrimRight(line.String(), " "))
	}
}
