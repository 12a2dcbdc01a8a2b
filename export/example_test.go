package export_test

import (
	"context"
	"fmt"
	"os"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// The whole catalogue of the 2x2x2 box, its box on the first line, then a
// line a snake: one snake folds,
// in three ways.
func ExampleEncode() {
	b, _ := symmetry.Cube(2)
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := export.Encode(context.Background(), os.Stdout, c, export.Options{Format: export.FormatJSONL}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"box":"2x2x2"}
	// {"snake":"01111110","solutions":[{"startPos":[0,0,0],"direction":[1,2,-1,3,1,-2,-1],"path":[[[1,8],[4,5]],[[2,7],[3,6]]]},{"startPos":[0,0,0],"direction":[1,2,-1,3,-2,1,2],"path":[[[1,6],[4,5]],[[2,7],[3,8]]]},{"startPos":[0,0,0],"direction":[1,2,3,-2,-1,2,-3],"path":[[[1,6],[8,7]],[[2,5],[3,4]]]}]}
}

// A snake written by hand, in catalogue order: the classic 3x3x3 snake
// and its one solution, as moves from cubelet 1.
func ExampleWriter() {
	b, _ := symmetry.Cube(3)
	q, _ := solver.ParseSeq("001110110111010111101010100")
	var moves []symmetry.Dir
	for _, code := range []int{1, 1, 2, -1, 3, 3, 2, -3, -3, 1, 3, -2, -2, -1, -1, 2, -3, 2, 3, 3, -2, -2, 1, 1, 2, 2} {
		d, _ := symmetry.DirOfCode(code)
		moves = append(moves, d)
	}
	w := export.NewWriter(os.Stdout, b, export.Options{Format: export.FormatJSONL})
	if err := w.Write(solver.Snake{Seq: q, Solutions: [][]symmetry.Dir{moves}}); err != nil {
		fmt.Println(err)
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"box":"3x3x3"}
	// {"snake":"001110110111010111101010100","solutions":[{"startPos":[0,0,0],"direction":[1,1,2,-1,3,3,2,-3,-3,1,3,-2,-2,-1,-1,2,-3,2,3,3,-2,-2,1,1,2,2],"path":[[[1,16,23],[18,17,22],[19,20,21]],[[2,15,24],[5,6,7],[10,9,8]],[[3,14,25],[4,13,26],[11,12,27]]]}]}
}
