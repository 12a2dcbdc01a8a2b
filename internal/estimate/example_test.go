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
