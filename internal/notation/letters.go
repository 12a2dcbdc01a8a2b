package notation

import (
	"cmp"
	"fmt"
	"strings"
	"unicode"
)

// pairs are the letter pairs of the straight-or-turn lists, straight
// letter first. Letters compare in either case. Every character has the
// same role in every pair it belongs to, so a list's meaning does not
// depend on which of its pairs is meant; mixing two pairs is an error.
var pairs = [...][2]rune{
	{'0', '1'}, {'-', 'O'}, {'-', '.'}, {'I', 'X'}, {'S', 'T'}, {'S', 'E'}, {'F', 'T'}, {'S', 'B'}, {'S', 'C'},
}

// pairNames lists the pairs for messages.
const pairNames = "0/1, -/o, -/., I/X, S/T, S/E, F/T, S/B, S/C"

// pairsOf returns the set of pairs (bit k for pairs[k]) that hold r, and
// whether r is their turn letter.
func pairsOf(r rune) (set uint, turn bool) {
	u := unicode.ToUpper(r)
	for k, p := range pairs {
		switch u {
		case p[0]:
			set |= 1 << k
		case p[1]:
			set |= 1 << k
			turn = true
		}
	}
	return set, turn
}

// letterList is a straight-or-turn list read from the text: one entry per
// letter, with its column, and whether the pair is F/T (whose letters
// describe moves rather than cubelets).
type letterList struct {
	turn []bool
	cols []int
	ft   bool
}

// readLetterList reads one straight-or-turn letter per entry.
func readLetterList(toks []tok, n Notation) (letterList, *Error, int) {
	var l letterList
	set := uint(1)<<len(pairs) - 1
	var narrow rune // the letter that last narrowed the pairs in use
	for _, t := range toks {
		if isSep(t.r) {
			continue
		}
		s, turn := pairsOf(t.r)
		if s == 0 {
			return l, charError(t, n), failChar
		}
		if set&s == 0 {
			return l, &Error{Column: t.col, Index: -1, Msg: fmt.Sprintf("%q and %q belong to no one pair of letters (%s)",
				narrow, t.r, pairNames)}, failChar
		}
		if set&^s != 0 {
			narrow = t.r
		}
		set &= s
		l.turn = append(l.turn, turn)
		l.cols = append(l.cols, t.col)
	}
	if len(l.turn) == 0 {
		return l, emptyError(n), failSyntax
	}
	l.ft = set&(1<<6) != 0 && set&^(1<<6) == 0
	return l, nil, 0
}

// readLetters reads toks as a straight-or-turn list in notation n
// (Cubelets, After or Before) for a snake of an acceptable length. In
// After and Before the entry that stands for an end carries nothing and
// may be either letter.
func readLetters(toks []tok, n Notation, lengthOK func(int) bool) ([]byte, *Error, int) {
	l, err, fail := readLetterList(toks, n)
	if err != nil {
		return nil, err, fail
	}
	k := len(l.turn)
	switch n {
	case Cubelets:
		if !lengthOK(k) && k > 1 && lengthOK(k+2) {
			// The inner cubelets only: both ends left out.
			seq := make([]byte, k+2)
			for i := range seq {
				seq[i] = '0'
				if i > 0 && i <= k && l.turn[i-1] {
					seq[i] = '1'
				}
			}
			return seq, nil, 0
		}
		seq := make([]byte, k)
		for i, t := range l.turn {
			seq[i] = '0'
			switch {
			case t && (i == 0 || i == k-1):
				return nil, &Error{Column: l.cols[i], Index: i, Msg: "an end marked as a turn"}, fitOr(lengthOK(k))
			case t:
				seq[i] = '1'
			}
		}
		return seq, nil, 0
	case After, Before:
		if k < 2 {
			return nil, &Error{Column: l.cols[0], Index: -1, Msg: "a single move; a list of moves has at least 2"}, failSyntax
		}
		// k entries, one per move, for k+1 cubelets. After: entry i says
		// whether the snake turns at cubelet i+1, after move i; the last
		// entry stands for the last end. Before: entry i says whether
		// move i turns from move i-1, at cubelet i; the first entry stands
		// for the first end.
		seq := make([]byte, k+1)
		shift := 0
		if n == After {
			shift = 1
		}
		for i := range seq {
			seq[i] = '0'
			if i > 0 && i < k && l.turn[i-shift] {
				seq[i] = '1'
			}
		}
		return seq, nil, 0
	}
	return nil, &Error{Index: -1, Msg: fmt.Sprintf("%v is not a letter list", n)}, failSyntax
}

// letterOrder returns the order in which the letter notations rank when
// they disagree: a list of moves may leave out either end, and the pairs
// that name cubelets (S/T, -/o, ...) are read first with the first end
// left out, as the list starts at the cubelet the first move reaches,
// while F/T, which names moves, is read with the last end left out.
func letterOrder(toks []tok) []Notation {
	l, err, _ := readLetterList(toks, Cubelets)
	if err == nil && l.ft {
		return []Notation{Cubelets, Before, After}
	}
	return []Notation{Cubelets, After, Before}
}

// fitOr returns the kind of a structural fault: failFit in a reading of an
// allowed length, else failSyntax.
func fitOr(ok bool) int {
	if ok {
		return failFit
	}
	return failSyntax
}

func readESC(toks []tok, lengthOK func(int) bool) ([]byte, *Error, int) {
	var vals, cols []int
	for _, t := range toks {
		if isSep(t.r) {
			continue
		}
		v := strings.IndexRune("ESC", unicode.ToUpper(t.r))
		if v < 0 {
			return nil, charError(t, ESC), failChar
		}
		vals = append(vals, v)
		cols = append(cols, t.col)
	}
	if len(vals) == 0 {
		return nil, emptyError(ESC), failSyntax
	}
	const e, c = 0, 2
	last := len(vals) - 1
	kind := fitOr(lengthOK(len(vals)))
	seq := make([]byte, len(vals))
	for i, v := range vals {
		end := i == 0 || i == last
		switch {
		case end && v == c:
			return nil, &Error{Column: cols[i], Index: i, Msg: "an end marked as a turn"}, kind
		case end && v != e:
			return nil, &Error{Column: cols[i], Index: i, Msg: "an end marked as straight; ends are E"}, kind
		case !end && v == e:
			return nil, &Error{Column: cols[i], Index: i, Msg: "an end (E) inside the snake"}, kind
		case v == c:
			seq[i] = '1'
		default:
			seq[i] = '0'
		}
	}
	return seq, nil, 0
}

func readSlash(toks []tok) ([]byte, *Error, int) {
	type cubelet struct {
		turn bool
		col  int
	}
	var (
		cubes    []cubelet
		slashCol int // column of the last '/' not yet followed by a cubelet
	)
	for _, t := range toks {
		switch {
		case isSep(t.r):
		case unicode.IsLetter(t.r):
			cubes = append(cubes, cubelet{col: t.col})
			slashCol = 0
		case t.r == '/':
			switch {
			case len(cubes) == 0:
				return nil, &Error{Column: t.col, Index: -1, Msg: "'/' before the first cubelet"}, failSyntax
			case slashCol != 0:
				return nil, &Error{Column: t.col, Index: -1, Msg: "two '/' with no cubelet between them"}, failSyntax
			}
			cubes[len(cubes)-1].turn = true
			cubes[len(cubes)-1].col = t.col
			slashCol = t.col
		default:
			return nil, charError(t, Slash), failChar
		}
	}
	if len(cubes) == 0 {
		return nil, emptyError(Slash), failSyntax
	}
	if slashCol != 0 {
		return nil, &Error{Column: slashCol, Index: -1, Msg: "'/' after the last cubelet"}, failSyntax
	}
	if cubes[0].turn {
		return nil, &Error{Column: cubes[0].col, Index: 0, Msg: "an end marked as a turn"}, failSyntax
	}
	seq := make([]byte, len(cubes))
	for i, c := range cubes {
		seq[i] = '0'
		if c.turn {
			seq[i] = '1'
		}
	}
	return seq, nil, 0
}

func charError(t tok, n Notation) *Error {
	return &Error{Column: t.col, Index: -1, Msg: fmt.Sprintf("invalid character %q for %v notation", t.r, n)}
}

// PerCubelet reads text as one letter per cubelet, both ends included:
// the straight-or-turn letters of [Cubelets] (but F/T, whose letters
// name moves) or [ESC]'s, E counted as straight. Unlike [Read] it checks
// neither the ends nor the length, so that a text with a letter too many
// or too few, which reads as no snake or as another in a notation of a
// letter per move, can be told which cubelet to add or take out. It
// returns the letters as '0' (straight) and '1' (turn), the notation,
// and the letters the text writes a straight and a turn with; ok is false
// for a text of no such letters.
func PerCubelet(text string) (bits string, n Notation, straight, turn string, ok bool) {
	toks, e := tokenize(text, Auto)
	if e != nil {
		return "", Auto, "", "", false
	}
	var b strings.Builder
	if l, err, _ := readLetterList(toks, Cubelets); err == nil && !l.ft {
		var s, t string
		for _, k := range toks {
			if isSep(k.r) {
				continue
			}
			r := string(unicode.ToUpper(k.r))
			if _, turn := pairsOf(k.r); turn {
				b.WriteByte('1')
				t = cmp.Or(t, r)
			} else {
				b.WriteByte('0')
				s = cmp.Or(s, r)
			}
		}
		return b.String(), Cubelets, s, t, true
	}
	for _, t := range toks {
		if isSep(t.r) {
			continue
		}
		v := strings.IndexRune("ESC", unicode.ToUpper(t.r))
		if v < 0 {
			return "", Auto, "", "", false
		}
		b.WriteByte("001"[v])
	}
	if b.Len() == 0 {
		return "", Auto, "", "", false
	}
	return b.String(), ESC, "S", "C", true
}
