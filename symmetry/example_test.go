package symmetry_test

import (
	"fmt"

	"github.com/snakecube/snakecube/symmetry"
)

func ExampleParseBox() {
	for _, s := range []string{"3", "2x3x4", "4x4"} {
		b, err := symmetry.ParseBox(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(b, b.Len(), len(b.Group()))
	}
	// Output:
	// 3x3x3 27 48
	// 2x3x4 24 8
	// invalid box: "4x4": want N or AxBxC
}

// The canonical form of a folding: the least of its images under the
// box's symmetries. Two foldings that are one up to symmetry have the
// same form.
func ExampleBox_Normalize() {
	b, _ := symmetry.Cube(2)
	codes := func(dirs []symmetry.Dir) (out []int) {
		for _, d := range dirs {
			out = append(out, d.Code())
		}
		return out
	}
	dirs := func(codes ...int) (out []symmetry.Dir) {
		for _, c := range codes {
			d, _ := symmetry.DirOfCode(c)
			out = append(out, d)
		}
		return out
	}
	a := dirs(3, 2, -3, 1, 3, -2, -3) // up, back, down, right, ...
	m := dirs(-1, 2, 1, 3, -1, -2, 1) // the same folding, turned and mirrored
	fmt.Println(codes(b.Normalize(nil, a)))
	fmt.Println(codes(b.Normalize(nil, m)))
	// Output:
	// [1 2 -1 3 1 -2 -1]
	// [1 2 -1 3 1 -2 -1]
}
