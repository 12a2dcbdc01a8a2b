package notation

import (
	"strconv"
	"strings"
)

// Format writes the sequence seq in notation n:
//
//   - [Bits]: seq itself.
//   - [ESC]: "E" at both ends, "C" for a turn, "S" for a straight.
//   - [Lengths], [Moves]: the numbers separated by commas, no spaces.
//   - [Slash]: letters alternating "b" and "w", starting with "b", one
//     per cubelet, with "/" after each turn cubelet.
//   - [FT]: L-1 letters separated by commas; entry 0 is "F".
//
// [Auto] and unknown notations format as bits. seq should be a valid
// sequence (see the package documentation); for any other string Format
// does not panic but its output may not parse: characters other than '1'
// are taken as straights, and the first and last as ends.
func Format(seq string, n Notation) string {
	l := len(seq)
	turn := func(i int) bool { return i > 0 && i < l-1 && seq[i] == '1' }
	var b strings.Builder
	switch n {
	case ESC:
		for i := range l {
			switch {
			case i == 0 || i == l-1:
				b.WriteByte('E')
			case turn(i):
				b.WriteByte('C')
			default:
				b.WriteByte('S')
			}
		}
	case Lengths, Moves:
		add := 0
		if n == Lengths {
			add = 1
		}
		for i, m := range segments(seq) {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(m + add))
		}
	case Slash:
		for i := range l {
			b.WriteByte("bw"[i%2])
			if turn(i) {
				b.WriteByte('/')
			}
		}
	case FT:
		for i := range l - 1 {
			if i > 0 {
				b.WriteByte(',')
			}
			if turn(i) {
				b.WriteByte('T')
			} else {
				b.WriteByte('F')
			}
		}
	default:
		return seq
	}
	return b.String()
}

// segments returns the number of moves in each straight run of seq.
func segments(seq string) []int {
	if len(seq) < 2 {
		return nil
	}
	var moves []int
	last := 0
	for i := 1; i < len(seq)-1; i++ {
		if seq[i] == '1' {
			moves = append(moves, i-last)
			last = i
		}
	}
	return append(moves, len(seq)-1-last)
}
