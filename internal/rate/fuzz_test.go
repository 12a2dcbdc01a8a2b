package rate

import (
	"math/bits"
	"math/rand/v2"
	"slices"
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

// choicesByTrial is choices the plain way: each cell the snake allows
// placed, kept if place says it cuts no cell off, and taken back.
func choicesByTrial(f *folder, ok *[symmetry.MaxCells]int8) int {
	k := 0
	for m := f.next(); m != 0; m &= m - 1 {
		c := int8(bits.TrailingZeros64(m))
		if f.place(c) {
			ok[k] = c
			k++
		}
		f.unplace()
	}
	return k
}

// sameChoices fails t unless choices and choicesByTrial agree in f's
// state, and returns the choices.
func sameChoices(t *testing.T, f *folder, what string) []int8 {
	t.Helper()
	var fast, plain [symmetry.MaxCells]int8
	k, n := f.choices(&fast), choicesByTrial(f, &plain)
	if !slices.Equal(fast[:k], plain[:n]) {
		t.Fatalf("%s, cubelets %v placed: choices %v, by trial %v", what, f.path[:f.n], fast[:k], plain[:n])
	}
	return slices.Clone(plain[:n])
}

// playChoices plays attempts of snake q in box b, each from one of the
// box's cells in turn (every corner among them) and on at random among
// the choices, and checks choices at every step, the dead ends' and the
// last cubelet's too.
func playChoices(t *testing.T, b symmetry.Box, q solver.Seq, rng *rand.Rand, attempts int) {
	f := newFolder(spaceOf(b), q)
	what := b.String() + " " + q.String()
	for a := range attempts {
		f.reset()
		f.place(int8(a % b.Len()))
		for {
			ok := sameChoices(t, f, what)
			if len(ok) == 0 {
				break
			}
			f.place(ok[rng.IntN(len(ok))])
		}
	}
}

// FuzzChoices holds choices to choicesByTrial on any snake, foldable or
// not, of any box of up to 64 cells.
func FuzzChoices(f *testing.F) {
	f.Add(uint8(4), uint8(4), uint8(4), uint64(0x3b8f3ec7ff1a2c46), uint64(1))
	f.Add(uint8(1), uint8(1), uint8(9), uint64(0), uint64(2))
	f.Add(uint8(2), uint8(2), uint8(2), uint64(0b01111110), uint64(3))
	f.Add(uint8(1), uint8(8), uint8(8), ^uint64(0), uint64(4))
	f.Fuzz(func(t *testing.T, x, y, z uint8, turns, seed uint64) {
		b, err := symmetry.NewBox(int(x%64)+1, int(y%64)+1, int(z%64)+1)
		if err != nil || b.Len() > symmetry.MaxCells || b.Len() < 2 {
			return
		}
		inner := uint64(1)<<(b.Len()-1) - 2
		if b.Len() == 64 {
			inner = ^uint64(0) &^ (1 | 1<<63)
		}
		playChoices(t, b, solver.Seq{Bits: turns & inner, Len: b.Len()}, rand.New(rand.NewPCG(seed, 57)), 4)
	})
}
