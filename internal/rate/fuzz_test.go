package rate

import (
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// FuzzRate compares Rate, whole and in pieces, with the plain evaluation
// on any snake of any box of at most 12 cells.
func FuzzRate(f *testing.F) {
	f.Add(uint8(2), uint8(2), uint8(2), uint64(0b01111110))
	f.Add(uint8(1), uint8(3), uint8(4), uint64(0b010010010010))
	f.Add(uint8(2), uint8(2), uint8(3), uint64(0b011111111110))
	f.Fuzz(func(t *testing.T, x, y, z uint8, bits uint64) {
		b, err := symmetry.NewBox(int(x%12)+1, int(y%12)+1, int(z%12)+1)
		if err != nil || b.Len() > 12 {
			return
		}
		mask := uint64(1)<<(b.Len()-1) - 2 // the inner cubelets
		q := solver.Seq{Bits: bits & mask, Len: b.Len()}
		r := rateOne(t, b, q)
		for k, rd := range []solver.Seq{q, q.Reverse()} {
			sameEnd(t, b.String()+" "+rd.String(), r.Ends[k], refEnd(b, rd, false))
		}
	})
}
