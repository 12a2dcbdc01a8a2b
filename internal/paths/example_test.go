package paths_test

import (
	"context"
	"fmt"
	"os"

	"github.com/snakecube/snakecube/internal/paths"
	"github.com/snakecube/snakecube/symmetry"
)

func ExampleSolutions() {
	b, _ := symmetry.Cube(3)
	c, err := paths.Solutions(context.Background(), b, paths.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c.WriteText(os.Stdout, false)
	// Output:
	// # 3x3x3: directed Hamiltonian paths by transfer matrix; solutions by Burnside's lemma over the 48 symmetries and reversal
	// paths 4960608
	// self_reverse 2976
	// solutions 51704
}

func ExampleSelfReverse() {
	b, _ := symmetry.Cube(2)
	mirror := symmetry.Transform{Perm: [3]uint8{0, 1, 2}, Flip: [3]bool{false, false, true}}
	inversion := symmetry.Transform{Perm: [3]uint8{0, 1, 2}, Flip: [3]bool{true, true, true}}
	for _, t := range []symmetry.Transform{mirror, inversion} {
		n, _, _ := paths.SelfReverse(context.Background(), b, t, paths.Options{})
		fmt.Printf("%s maps %v of the 144 directed paths of 2x2x2 onto their reversal\n", paths.Name(t), n)
	}
	// Output:
	// (x,y,-z) maps 16 of the 144 directed paths of 2x2x2 onto their reversal
	// (-x,-y,-z) maps 0 of the 144 directed paths of 2x2x2 onto their reversal
}
