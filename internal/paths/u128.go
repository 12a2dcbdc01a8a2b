package paths

import (
	"errors"
	"math/big"
	"math/bits"
)

// ErrOverflow reports a count beyond 128 bits, which no box of 64 cells
// comes near (4x4x4 has under 2^56 paths): it is a check, not a limit.
var ErrOverflow = errors.New("paths: a count overflows 128 bits")

// u128 is an unsigned 128-bit count.
type u128 struct{ lo, hi uint64 }

// add returns x+y, and false on overflow.
func (x u128) add(y u128) (u128, bool) {
	lo, c := bits.Add64(x.lo, y.lo, 0)
	hi, c := bits.Add64(x.hi, y.hi, c)
	return u128{lo, hi}, c == 0
}

// mul returns x*m, and false on overflow.
func (x u128) mul(m uint64) (u128, bool) {
	h1, lo := bits.Mul64(x.lo, m)
	h2, l2 := bits.Mul64(x.hi, m)
	hi, c := bits.Add64(l2, h1, 0)
	return u128{lo, hi}, h2 == 0 && c == 0
}

// big returns x as a big.Int.
func (x u128) big() *big.Int {
	v := new(big.Int).SetUint64(x.hi)
	v.Lsh(v, 64)
	return v.Or(v, new(big.Int).SetUint64(x.lo))
}
