package design

import (
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/solver"
)

// Runs returns the lengths of the straight runs of snake q, as counted on
// the puzzle: a corner belongs to both runs it joins.
func Runs(q solver.Seq) []int {
	var runs []int
	start := 0
	for i := 1; i < q.Len; i++ {
		if i == q.Len-1 || q.Turn(i) {
			runs = append(runs, i-start+1)
			start = i
		}
	}
	return runs
}

// RunList writes the runs of q separated by commas, as solve reads them.
func RunList(q solver.Seq) string {
	var b strings.Builder
	for k, r := range Runs(q) {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(r))
	}
	return b.String()
}

// Kind is what a cubelet is to the person who builds the snake: an end, a
// straight or a corner.
type Kind byte

// The kinds of cubelets, as the letters E, S and C write them.
const (
	End      Kind = 'E'
	Straight Kind = 'S'
	Corner   Kind = 'C'
)

// Name returns the kind's name: straight, corner or end.
func (k Kind) Name() string {
	switch k {
	case Straight:
		return "straight"
	case Corner:
		return "corner"
	}
	return "end"
}

// Sample returns a snake and a cubelet of it, counted from 0, of kind
// k: what a legend draws for the kind.
func (k Kind) Sample() (solver.Seq, int) {
	switch k {
	case Straight:
		return solver.Seq{Len: 3}, 1
	case Corner:
		return solver.Seq{Bits: 0b010, Len: 3}, 1
	}
	return solver.Seq{Bits: 0b010, Len: 3}, 0
}

// KindOf returns the kind of cubelet i of q, counted from 0.
func KindOf(q solver.Seq, i int) Kind {
	switch {
	case i == 0 || i == q.Len-1:
		return End
	case q.Turn(i):
		return Corner
	}
	return Straight
}

// Letters writes q as one letter per cubelet: E, S or C.
func Letters(q solver.Seq) string {
	b := make([]byte, q.Len)
	for i := range b {
		b[i] = byte(KindOf(q, i))
	}
	return string(b)
}
