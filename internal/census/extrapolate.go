package census

import (
	"math"
	"math/big"

	"github.com/snakecube/snakecube/internal/studentt"
)

// Interval is an estimate of a total and its 95% confidence interval.
type Interval struct {
	Estimate, Low, High float64
}

// Covers reports whether x lies in the interval.
func (iv Interval) Covers(x float64) bool { return iv.Low <= x && x <= iv.High }

// Sum is the exact sums over a sample of sections of a quantity's values
// and of their squares: all that its extrapolation needs, whatever the
// sample's size and order.
type Sum struct {
	N      int
	Y, YY  big.Int
	sq, yv big.Int // scratch, so that Add allocates nothing once grown
}

// Add adds a section whose value is y.
func (s *Sum) Add(y uint64) {
	s.N++
	s.yv.SetUint64(y)
	s.Y.Add(&s.Y, &s.yv)
	s.YY.Add(&s.YY, s.sq.Mul(&s.yv, &s.yv))
}

// Pair is the exact sums over a sample of two quantities y and x, and of
// their products, for the ratio of y to x.
type Pair struct {
	Y, X     *Sum
	XY       big.Int
	xy, a, b big.Int // scratch
}

// Add adds a section whose values are y and x to the sum of their
// products; Y and X are added to on their own.
func (p *Pair) Add(y, x uint64) {
	p.a.SetUint64(y)
	p.b.SetUint64(x)
	p.XY.Add(&p.XY, p.xy.Mul(&p.a, &p.b))
}

// Extrapolate estimates the total over m sections of a quantity whose sums
// over a simple random sample of them are s.
func Extrapolate(s *Sum, m int) Interval {
	n := s.N
	if n == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	mean := toFloat(&s.Y) / float64(n)
	est := float64(m) * mean
	if n < 2 || n >= m {
		half := 0.0
		if n < 2 && n < m {
			half = math.Inf(1)
		}
		return Interval{est, est - half, est + half}
	}
	// The sum of squares about the mean, n YY - Y^2 over n, exactly.
	var d, t big.Int
	d.Mul(&s.YY, t.SetInt64(int64(n)))
	d.Sub(&d, t.Mul(&s.Y, &s.Y))
	sq := quo(&d, t.SetInt64(int64(n)))
	sd := math.Sqrt(sq / float64(n-1))
	se := float64(m) * sd / math.Sqrt(float64(n)) * math.Sqrt(1-float64(n)/float64(m))
	half := studentt.Q975(n-1) * se
	return Interval{est, max(est-half, 0), est + half}
}

// ExtrapolateRatio estimates the total over m sections of a quantity y by
// its ratio to another quantity x whose total over all sections, known, is
// xTotal: sum(y)/sum(x) * xTotal over the sample p, with the 95% interval
// of the ratio estimator (Student's t, the finite population correction,
// the variance of the residuals y - R x). Where x is known exactly and y
// nearly proportional to it, this corrects for the rare large sections a
// small sample misses.
func ExtrapolateRatio(p *Pair, xTotal float64, m int) Interval {
	n := p.Y.N
	sy, sx := toFloat(&p.Y.Y), toFloat(&p.X.Y)
	if n < 2 || sx == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	r := sy / sx
	est := r * xTotal
	if n >= m {
		return Interval{est, est, est}
	}
	// The residuals' sum of squares, sum (y - Y/X x)^2 =
	// (YY X^2 - 2 Y X XY + Y^2 XX) / X^2, exactly.
	var d, t, u big.Int
	X, Y := &p.X.Y, &p.Y.Y
	d.Mul(&p.Y.YY, t.Mul(X, X))
	d.Sub(&d, t.Lsh(t.Mul(t.Mul(Y, X), &p.XY), 1))
	d.Add(&d, t.Mul(u.Mul(Y, Y), &p.X.YY))
	sq := quo(&d, t.Mul(X, X))
	se := float64(m) * math.Sqrt(sq/float64(n-1)/float64(n)) * math.Sqrt(1-float64(n)/float64(m))
	half := studentt.Q975(n-1) * se
	return Interval{est, max(est-half, 0), est + half}
}

// toFloat returns x as the nearest float64.
func toFloat(x *big.Int) float64 {
	f, _ := new(big.Float).SetInt(x).Float64()
	return f
}

// quo returns a/b as the nearest float64, b > 0.
func quo(a, b *big.Int) float64 {
	f, _ := new(big.Rat).SetFrac(a, b).Float64()
	return f
}
