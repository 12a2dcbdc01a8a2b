package paths

import (
	"math/big"
	"testing"
)

// FuzzU128: add and mul agree with math/big on every pair, and report
// overflow exactly when the true result needs more than 128 bits.
func FuzzU128(f *testing.F) {
	const m = ^uint64(0)
	for _, s := range [][5]uint64{
		{0, 0, 0, 0, 0},
		{m, m, 1, 0, 2},
		{m, 0, 1, 0, 1},
		{0, 1 << 62, 0, 0, 4},
		{1 << 63, 1, 0, 0, 2},
		{m, m >> 1, m, m >> 1, m},
		{1, m, m, 0, 1},
		{m, m / 3, 0, 0, 3}, // the low word's carry overflows the high word
	} {
		f.Add(s[0], s[1], s[2], s[3], s[4])
	}
	limit := new(big.Int).Lsh(big.NewInt(1), 128)
	f.Fuzz(func(t *testing.T, xlo, xhi, ylo, yhi, k uint64) {
		x, y := u128{xlo, xhi}, u128{ylo, yhi}
		bx, by := x.big(), y.big()

		sum, ok := x.add(y)
		want := new(big.Int).Add(bx, by)
		if fits := want.Cmp(limit) < 0; ok != fits || ok && sum.big().Cmp(want) != 0 {
			t.Errorf("%v + %v = %v, %v; want %v (fits in 128 bits: %v)", bx, by, sum.big(), ok, want, fits)
		}

		prod, ok := x.mul(k)
		want = new(big.Int).Mul(bx, new(big.Int).SetUint64(k))
		if fits := want.Cmp(limit) < 0; ok != fits || ok && prod.big().Cmp(want) != 0 {
			t.Errorf("%v * %d = %v, %v; want %v (fits in 128 bits: %v)", bx, k, prod.big(), ok, want, fits)
		}
	})
}
