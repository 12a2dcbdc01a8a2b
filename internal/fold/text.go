package fold

import (
	"fmt"
	"io"
	"strings"

	"github.com/snakecube/snakecube/symmetry"
)

// Legend fixes the words, arrows and twists the text output uses. It is
// written once, before the first folding.
const Legend = `axes: x runs left to right, y front to back, z bottom to top; cell (0,0,0) is the front left bottom corner
moves: right/left = +x/-x, back/front = +y/-y, up/down = +z/-z; arrows > < o . ^ v in the same order (o away from you, . towards you)
steps: the first turn is a bend; each later turn is told against the turn before: U turns the same way (the chain curls back), zigzag
       the opposite way, twist left or right a quarter turn out of their plane, seen looking along the chain from the turn before with the
       run that led into it pointing up
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

// WriteText writes one folding of box b so that a person can fold it: the
// start, the moves in words and arrows, the hand-level steps, and the box
// layer by layer with the number of the cubelet in each cell. Write errors
// are left to w: wrap it in a bufio.Writer and check its Flush.
func WriteText(w io.Writer, b symmetry.Box, dirs []symmetry.Dir) {
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
	writeSteps(w, Steps(dirs), len(dirs)+1)
	writeLayers(w, b, start, dirs)
}

// writeSteps writes the hand-level steps as a table: the turn cubelet, its
// twist, and the cubelets that follow to the next turn or the end.
func writeSteps(w io.Writer, steps []Step, n int) {
	fmt.Fprintf(w, "  steps   cubelet, turn, cubelets on to the next turn\n")
	width := len(fmt.Sprint(n))
	for _, s := range steps {
		end := ""
		if s.Next() == n {
			end = ", the end"
		}
		fmt.Fprintf(w, "    %*d  %-11s  %d to cubelet %d%s\n", width, s.Cubelet, s.Twist, s.Run, s.Next(), end)
	}
}

// writeLayers writes the box layer by layer, bottom first, side by side,
// each seen from above with the back row on top.
func writeLayers(w io.Writer, b symmetry.Box, start [3]int, dirs []symmetry.Dir) {
	number := make([]int, b.Len())
	cells, _ := b.Cells(start, dirs)
	for i, p := range cells {
		number[b.Index(p)] = i + 1
	}
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
