package census

import (
	"math"

	"github.com/snakecube/snakecube/internal/studentt"
)

// Interval is an estimate of a total and its 95% confidence interval.
type Interval struct {
	Estimate, Low, High float64
}

// Covers reports whether x lies in the interval.
func (iv Interval) Covers(x float64) bool { return iv.Low <= x && x <= iv.High }

// Extrapolate estimates the total over m sections of a quantity whose
// values in a simple random sample of them are ys.
func Extrapolate(ys []float64, m int) Interval {
	n := len(ys)
	if n == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	var sum, sq float64
	for _, y := range ys {
		sum += y
	}
	mean := sum / float64(n)
	for _, y := range ys {
		sq += (y - mean) * (y - mean)
	}
	est := float64(m) * mean
	if n < 2 || n >= m {
		half := 0.0
		if n < 2 && n < m {
			half = math.Inf(1)
		}
		return Interval{est, est - half, est + half}
	}
	sd := math.Sqrt(sq / float64(n-1))
	se := float64(m) * sd / math.Sqrt(float64(n)) * math.Sqrt(1-float64(n)/float64(m))
	half := studentt.Q975(n-1) * se
	return Interval{est, max(est-half, 0), est + half}
}

// ExtrapolateRatio estimates the total over m sections of a quantity y by
// its ratio to another quantity x whose total over all sections, known, is
// xTotal: sum(ys)/sum(xs) * xTotal, with the 95% interval of the ratio
// estimator (Student's t, the finite population correction, the variance
// of the residuals y - R x). Where x is known exactly and y nearly
// proportional to it, this corrects for the rare large sections a small
// sample misses.
func ExtrapolateRatio(ys, xs []float64, xTotal float64, m int) Interval {
	n := len(ys)
	var sy, sx float64
	for i := range ys {
		sy += ys[i]
		sx += xs[i]
	}
	if n < 2 || sx == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	r := sy / sx
	var sq float64
	for i := range ys {
		d := ys[i] - r*xs[i]
		sq += d * d
	}
	est := r * xTotal
	if n >= m {
		return Interval{est, est, est}
	}
	se := float64(m) * math.Sqrt(sq/float64(n-1)/float64(n)) * math.Sqrt(1-float64(n)/float64(m))
	half := studentt.Q975(n-1) * se
	return Interval{est, max(est-half, 0), est + half}
}
