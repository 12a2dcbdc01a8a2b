package notation

import (
	"fmt"
	"strings"
	"unicode"
)

// maxLen bounds the length of a snake read from numbers, so that a typo
// like "3,2,2000000000" fails at once instead of building a huge string.
// A million cubelets is a 100x100x100 box, far beyond any search.
const maxLen = 1 << 20

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

// number is one number of a run-length list and the column it starts at.
type number struct {
	v, col int
	big    bool
}

// readNumberList reads the numbers of toks: separated by any mix of
// spaces, commas, quotes and hyphens, or, in a text of digits alone
// holding two or more, one number per digit ("332"). A hyphen right
// before a digit and after a separator or the start reads as a minus
// sign, so that "3,-1" is reported rather than read as "3,1".
func readNumberList(toks []tok, n Notation) ([]number, *Error, int) {
	digits := len(toks) > 1
	for _, t := range toks {
		if !isDigit(t.r) {
			digits = false
			break
		}
	}
	var nums []number
	if digits {
		for _, t := range toks {
			nums = append(nums, number{v: int(t.r - '0'), col: t.col})
		}
		return nums, nil, 0
	}
	for i := 0; i < len(toks); {
		t := toks[i]
		neg := false
		switch {
		case t.r == '-' && i+1 < len(toks) && isDigit(toks[i+1].r) && (i == 0 || isSep(toks[i-1].r)):
			neg = true
			i++
		case isSep(t.r) || t.r == '-':
			i++
			continue
		case !isDigit(t.r):
			return nil, charError(t, n), failChar
		}
		num := number{col: t.col}
		for ; i < len(toks) && isDigit(toks[i].r); i++ {
			num.v = num.v*10 + int(toks[i].r-'0')
			if num.v > maxLen {
				num.big, num.v = true, maxLen
			}
		}
		if neg {
			num.v = -num.v
		}
		nums = append(nums, num)
	}
	if len(nums) == 0 {
		return nil, emptyError(n), failSyntax
	}
	return nums, nil, 0
}

// readNumbers reads lengths, moves or once: the runs of the snake, each
// as a number of cubelets or moves, for a snake of an acceptable length.
func readNumbers(toks []tok, n Notation, lengthOK func(int) bool) ([]byte, *Error, int) {
	nums, err, fail := readNumberList(toks, n)
	if err != nil {
		return nil, err, fail
	}
	moves := make([]int, len(nums))
	total := 1 // cubelets so far
	for k, num := range nums {
		seg := k + 1
		// Each notation's number for a run of m moves, and its least.
		m, least, what := num.v, 1, fmt.Sprintf("has %d moves", num.v)
		switch {
		case n == Lengths || (n == Once && k == 0):
			m, least, what = num.v-1, 2, fmt.Sprintf("has length %d", num.v)
		case n == Once:
			what = fmt.Sprintf("adds %d cubelets", num.v)
		}
		switch {
		case num.big:
			return nil, &Error{Column: num.col, Index: -1, Msg: fmt.Sprintf("segment %d: number too large", seg)}, failSyntax
		case num.v < least:
			return nil, &Error{Column: num.col, Index: -1, Msg: fmt.Sprintf("segment %d %s, less than %d", seg, what, least)}, failSyntax
		}
		if total += m; total > maxLen {
			return nil, &Error{Column: num.col, Index: -1, Msg: fmt.Sprintf("segment %d: more than %d cubelets", seg, maxLen)}, failSyntax
		}
		moves[k] = m
	}
	// Check the length before building the sequence: it may be long.
	if !lengthOK(total) {
		return nil, lengthError(n, total), failLength
	}
	return fromMoves(moves), nil, 0
}

// fromMoves builds the sequence of a snake whose straight runs make the
// given numbers of moves, each at least 1.
func fromMoves(moves []int) []byte {
	l := 1
	for _, m := range moves {
		l += m
	}
	seq := []byte(strings.Repeat("0", l))
	p := 0
	for _, m := range moves[:len(moves)-1] {
		p += m
		seq[p] = '1'
	}
	return seq
}

// numberChar reports whether r may stand in a run-length list.
func numberChar(r rune) bool { return isDigit(r) || r == '-' || isSep(r) || unicode.IsSpace(r) }
