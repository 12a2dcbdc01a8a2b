package studentt

import (
	"math"
	"testing"
)

// TestQ975 checks the quantile against published tables of Student's t
// and its limit, the normal's 1.960.
func TestQ975(t *testing.T) {
	t.Parallel()
	for df, want := range map[int]float64{1: 12.706, 4: 2.776, 10: 2.228, 11: 2.201, 15: 2.131, 30: 2.042, 59: 2.001, 120: 1.980, 1000: 1.962} {
		if got := Q975(df); math.Abs(got-want) > 1e-3 {
			t.Errorf("Q975(%d) = %.4f, want %.3f", df, got, want)
		}
	}
	if !math.IsInf(Q975(0), 1) {
		t.Errorf("Q975(0) = %v, want +Inf", Q975(0))
	}
	for df := 1; df < 200; df++ {
		if Q975(df+1) >= Q975(df) {
			t.Fatalf("Q975 does not fall from %d to %d degrees of freedom", df, df+1)
		}
	}
}
