package solver_test

import (
	"context"
	"fmt"
	"log"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// The classic 3x3x3 snake, found in almost every shop, has one solution.
func ExampleSolve() {
	box, _ := symmetry.Cube(3)
	q, err := solver.ParseSeq("001110110111010111101010100")
	if err != nil {
		log.Fatal(err)
	}
	s, err := solver.Solve(context.Background(), box, q, solver.Options{})
	if err != nil {
		log.Fatal(err)
	}
	for _, dirs := range s.Snake.Solutions {
		fmt.Println(dirs)
	}
	// Output:
	// [+x +x +y -x +z +z +y -z -z +x +z -y -y -x -x +y -z +y +z +z -y -y +x +x +y +y]
}

// Of the 3x3x3 snakes, this one has the most solutions.
func ExampleCountSolutions() {
	box, _ := symmetry.Cube(3)
	q, _ := solver.ParseSeq("011111101010101111111111110")
	c, err := solver.CountSolutions(context.Background(), box, q, solver.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.Solutions, "solutions")
	// Output:
	// 142 solutions
}

// One snake folds into the 2x2x2 cube, in three ways.
func ExampleEnumerate() {
	box, _ := symmetry.Cube(2)
	c, err := solver.Enumerate(context.Background(), box, solver.Options{})
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range c.Snakes {
		fmt.Println(s.Seq)
		for _, dirs := range s.Solutions {
			fmt.Println(" ", dirs)
		}
	}
	// Output:
	// 01111110
	//   [+x +y -x +z +x -y -x]
	//   [+x +y -x +z -y +x +y]
	//   [+x +y +z -y -x +y -z]
}

// The 3x3x3 catalogue in its four sections of prefix length 3, each
// summarised as soon as it is searched, printed in key order. No key starts
// with 000: two straights in a row never fit.
func ExampleStream() {
	box, _ := symmetry.Cube(3)
	ps := solver.Sections(box, solver.Seq{}, 3)
	err := solver.Stream(context.Background(), box, ps, solver.Options{},
		func(c *solver.Catalogue) (string, error) {
			return fmt.Sprintf("%d snakes, %d solutions", len(c.Snakes), c.Solutions()), nil
		},
		func(s string) error {
			fmt.Println(s)
			return nil
		})
	if err != nil {
		log.Fatal(err)
	}
	// Output:
	// 0 snakes, 0 solutions
	// 7708 snakes, 30495 solutions
	// 1454 snakes, 5166 solutions
	// 2325 snakes, 16043 solutions
}

// The published figures of the 3x3x3 cube, counted without keeping a
// solution.
func ExampleCountSection() {
	box, _ := symmetry.Cube(3)
	c, err := solver.CountSection(context.Background(), box, solver.Seq{}, solver.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.Snakes, "snakes,", c.Solutions, "solutions")
	fmt.Println(c.Palindromes, "palindromes,", c.PalindromeSolutions, "solutions")
	fmt.Println(c.OneSolution, "snakes with one solution")
	fmt.Println(c.Most, "solutions for", c.MostKey)
	// Output:
	// 11487 snakes, 51704 solutions
	// 77 palindromes, 413 solutions
	// 3658 snakes with one solution
	// 142 solutions for 011111101010101111111111110
}
