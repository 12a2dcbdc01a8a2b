package solver

import (
	"cmp"
	"fmt"
	"math/bits"

	"github.com/snakecube/snakecube/symmetry"
)

// Seq is a snake's sequence: which of its cubelets are turns. Bit i of Bits
// is set when cubelet i is a turn; Len is the number of cubelets.
type Seq struct {
	Bits uint64
	Len  int
}

// ParseSeq reads a sequence written as '0' and '1', one per cubelet. It
// checks only the alphabet and the length; [Seq.Valid] checks the ends.
func ParseSeq(s string) (Seq, error) {
	if len(s) == 0 || len(s) > symmetry.MaxCells {
		return Seq{}, fmt.Errorf("sequence of %d characters, want 1 to %d", len(s), symmetry.MaxCells)
	}
	q := Seq{Len: len(s)}
	for i := range len(s) {
		switch s[i] {
		case '0':
		case '1':
			q.Bits |= 1 << i
		default:
			return Seq{}, fmt.Errorf("character %d: %q is not 0 or 1", i+1, s[i])
		}
	}
	return q, nil
}

// String writes the sequence as '0' and '1'.
func (q Seq) String() string { return string(q.Append(make([]byte, 0, q.Len))) }

// Append appends the sequence as '0' and '1' to p.
func (q Seq) Append(p []byte) []byte {
	for i := range q.Len {
		p = append(p, '0'+byte(q.Bits>>i&1))
	}
	return p
}

// Turn reports whether cubelet i is a turn.
func (q Seq) Turn(i int) bool { return q.Bits>>i&1 != 0 }

// Reverse returns the sequence read from the other end.
func (q Seq) Reverse() Seq {
	return Seq{Bits: bits.Reverse64(q.Bits) >> (64 - q.Len), Len: q.Len}
}

// Compare orders sequences of one length as their strings order.
func (q Seq) Compare(r Seq) int {
	return cmp.Compare(q.order(), r.order())
}

// Key returns the snake's key, the smaller of the sequence and its reverse.
func (q Seq) Key() Seq {
	if r := q.Reverse(); r.Compare(q) < 0 {
		return r
	}
	return q
}

// IsKey reports whether q is its own key.
func (q Seq) IsKey() bool { return q.Compare(q.Reverse()) <= 0 }

// Palindrome reports whether q reads the same from both ends.
func (q Seq) Palindrome() bool { return q == q.Reverse() }

// Straights returns the number of straight inner cubelets.
func (q Seq) Straights() int {
	if q.Len < 2 {
		return 0
	}
	return q.Len - 2 - bits.OnesCount64(q.Bits)
}

// Valid returns an error naming the cubelet when q cannot be a snake of the
// box: a wrong length or an end marked as a turn.
func (q Seq) Valid(b symmetry.Box) error {
	if q.Len != b.Len() {
		return fmt.Errorf("%d cubelets, want %d for the %v box", q.Len, b.Len(), b)
	}
	if q.Turn(0) {
		return fmt.Errorf("cubelet 1 is an end but marked as a turn")
	}
	if q.Turn(q.Len - 1) {
		return fmt.Errorf("cubelet %d is an end but marked as a turn", q.Len)
	}
	return nil
}

// SeqOf returns the sequence a direction list folds.
func SeqOf(dirs []symmetry.Dir) Seq {
	return Seq{Bits: symmetry.Turns(dirs), Len: len(dirs) + 1}
}

// order maps sequences of one length to integers in the order of
// [Seq.Compare].
func (q Seq) order() uint64 { return bits.Reverse64(q.Bits) }
