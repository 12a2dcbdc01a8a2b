package notation_test

import (
	"errors"
	"fmt"

	"github.com/snakecube/snakecube/internal/notation"
)

func ExampleParse() {
	cube := func(l int) bool { return l == 8 || l == 27 || l == 64 }
	seq, used, err := notation.Parse("3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3", notation.Auto, cube)
	fmt.Println(seq, used, err)

	_, _, err = notation.Parse("ESCCCSCCSCCCSCSCCCCSCSCSCSC", notation.Auto, cube)
	fmt.Println(err)

	_, _, err = notation.Parse("001110110111010111101010", notation.Auto, cube)
	var e *notation.Error
	if errors.As(err, &e) && errors.Is(err, notation.ErrLength) {
		fmt.Printf("%d cubelets, want 8, 27 or 64\n", e.Length)
	}
	// Output:
	// 001110110111010111101010100 lengths <nil>
	// column 27, cubelet 27: an end marked as a turn
	// 24 cubelets, want 8, 27 or 64
}
