// Package studentt gives the quantile of Student's t distribution that
// 95% confidence intervals of a mean need. It is the one home of that
// number for the census extrapolation and the snake estimator.
package studentt

import "math"

// Q975 is the 97.5% quantile of Student's t with df degrees of freedom:
// the half-width of a two-sided 95% interval in standard errors.
// It is tabulated to 10 degrees and given by the Cornish-Fisher expansion
// (within 1e-3) beyond; it is +Inf for df < 1.
func Q975(df int) float64 {
	if df < 1 {
		return math.Inf(1)
	}
	if df <= 10 {
		return [...]float64{12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281}[df-1]
	}
	z, d := 1.959964, float64(df)
	z3, z5, z7 := z*z*z, z*z*z*z*z, z*z*z*z*z*z*z
	return z + (z3+z)/(4*d) + (5*z5+16*z3+3*z)/(96*d*d) + (3*z7+19*z5+17*z3-15*z)/(384*d*d*d)
}
