package solver

import (
	"fmt"

	"github.com/snakecube/snakecube/symmetry"
)

// Obstacle returns a reason, found without searching, why snake q cannot
// fold into box b, or "" when there is none and only a search can tell.
//
// Two reasons are checked:
//   - a straight run of more cubelets than the box's longest side;
//   - colour: a folding alternates between the two colours of the box's
//     chequer pattern, so the cubelets at even positions fill the cells of
//     one colour. A straight cubelet needs a cell with neighbours on both
//     sides along some axis, which corners lack; a snake with more straight
//     cubelets on one colour than that colour has such cells cannot fold.
func Obstacle(b symmetry.Box, q Seq) string {
	longest := max(b.Size[0], b.Size[1], b.Size[2])
	run := 1
	for i := 1; i < q.Len; i++ {
		run++
		if q.Turn(i) || i == q.Len-1 {
			if run > longest {
				return fmt.Sprintf("cubelets %d to %d form a straight run of %d, longer than the box's longest side, %d",
					i-run+2, i+1, run, longest) // counted from 1
			}
			run = 1
		}
	}
	// straightCells[c]: cells of colour c where a straight cubelet fits.
	var cells, straightCells [2]int
	for i := range b.Len() {
		p := b.Coord(i)
		c := (p[0] + p[1] + p[2]) & 1
		cells[c]++
		for a := range 3 {
			if p[a] > 0 && p[a] < b.Size[a]-1 {
				straightCells[c]++
				break
			}
		}
	}
	var straights [2]int // by parity of position
	for i := 1; i < q.Len-1; i++ {
		if !q.Turn(i) {
			straights[i&1]++
		}
	}
	// Position parity p lands on colour p^s for a start of colour s, and
	// colour s must have a cell for each of the ceil(L/2) even positions.
	// One possible start colour is enough.
	why := ""
	for s := range 2 {
		if cells[s] != (q.Len+1)/2 {
			continue
		}
		r := ""
		for p := range 2 {
			if c := p ^ s; straights[p] > straightCells[c] {
				// Cubelet i is numbered i+1 for a person: index parity
				// 0 is the odd-numbered cubelets.
				r = fmt.Sprintf("%d straight cubelets numbered %s must lie on the %d cells of one colour, only %d of which can hold a straight",
					straights[p], [2]string{"odd", "even"}[p], cells[c], straightCells[c])
				break
			}
		}
		if r == "" {
			return ""
		}
		why = r
	}
	return why
}
