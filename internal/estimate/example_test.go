package estimate_test

import (
	"fmt"

	"github.com/snakecube/snakecube/internal/estimate"
)

// After 400 descents an estimate stands at 1.0e11 ± 4%: half that
// error, the 2% the estimates are drawn to, takes four times the descents.
func ExampleValue_DescentsFor() {
	v := estimate.Value{Mean: 1.0e11, Err: 4.0e9, N: 400}
	n, ok := v.DescentsFor(0.02)
	fmt.Println(n, ok, n-v.N, "more")
	// Output: 1600 true 1200 more
}

// Both the snakes (at 4% after 100 descents) and the one-solution snakes
// (at 1%) are drawn to 2%: the snakes ask for 400 descents in all.
func ExampleResult_DescentsFor() {
	r := estimate.Result{
		Descents:    100,
		Snakes:      estimate.Value{Mean: 5e9, Err: 2e8, N: 100},
		OneSolution: estimate.Value{Mean: 1e9, Err: 1e7, N: 100},
	}
	fmt.Println(r.DescentsFor(0.02))
	r.OneSolution.Mean = 0 // nothing seen yet: it tells nothing
	fmt.Println(r.DescentsFor(0.02))
	// Output:
	// 400 true
	// 0 false
}
