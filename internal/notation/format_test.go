package notation

import (
	"strconv"
	"strings"
)

// Format writes the sequence seq in notation n, for the round-trip tests
// and the fuzz targets (the command never needs to write a notation):
//
//   - [Cubelets]: seq itself, 0 for a straight or an end, 1 for a turn.
//   - [After]: L-1 letters S or T separated by commas, for cubelets 1 to
//     L-1; the last is S.
//   - [Before]: L-1 letters F or T separated by commas, for cubelets 0 to
//     L-2; the first is F.
//   - [ESC]: "E" at both ends, "C" for a turn, "S" for a straight.
//   - [Lengths], [Moves], [Once]: the numbers separated by commas; a
//     single number of two digits or more is followed by one, since
//     digits alone read as one run per digit.
//   - [Slash]: letters alternating "b" and "w", starting with "b", one
//     per cubelet, with "/" after each turn cubelet.
//
// [Auto], [Folding], [Shape] and unknown notations format as cubelets: a
// sequence does not fix a folding. seq should be a valid sequence (see the
// package documentation); for any other string Format does not panic but
// its output may not parse: characters other than '1' are taken as
// straights, and the first and last as ends.
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
	case Lengths, Moves, Once:
		for i, m := range segments(seq) {
			if i > 0 {
				b.WriteByte(',')
			}
			if n == Lengths || (n == Once && i == 0) {
				m++
			}
			b.WriteString(strconv.Itoa(m))
		}
		if b.Len() > 1 && !strings.Contains(b.String(), ",") {
			// A straight rod of 10 or more: digits alone would read one
			// run per digit.
			b.WriteByte(',')
		}
	case Slash:
		for i := range l {
			b.WriteByte("bw"[i%2])
			if turn(i) {
				b.WriteByte('/')
			}
		}
	case After, Before:
		letters, shift := "FT", 0
		if n == After {
			letters, shift = "ST", 1
		}
		for i := range l - 1 {
			if i > 0 {
				b.WriteByte(',')
			}
			if turn(i + shift) {
				b.WriteByte(letters[1])
			} else {
				b.WriteByte(letters[0])
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
