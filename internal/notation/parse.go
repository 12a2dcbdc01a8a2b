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

// detectOrder is the order in which Auto tries the notations: the
// narrower alphabets first, so that ties in error reporting go to them.
var detectOrder = [...]Notation{Bits, ESC, FT, Slash, Lengths, Moves}

// Parse reads text as a snake written in notation n and returns its
// sequence and the notation it was read in. With n == [Auto] the notation
// is detected (see the package documentation).
//
// lengthOK reports whether a snake of L cubelets is acceptable, such as
// "L is 8, 27 or 64" or "L is the volume of the -size box"; it both
// validates the result and, under Auto, tells readings apart. A nil
// lengthOK accepts every snake of at least 2 cubelets.
//
// Errors are an [*Error] (wrapping [ErrEmpty] or [ErrLength] where they
// apply) or, under Auto, an [*AmbiguousError]. On error, used is the
// notation the error refers to, possibly Auto.
func Parse(text string, n Notation, lengthOK func(L int) bool) (seq string, used Notation, err error) {
	if lengthOK == nil {
		lengthOK = func(int) bool { return true }
	}
	if n != Auto && !n.valid() {
		return "", n, &Error{Notation: n, Index: -1, Msg: fmt.Sprintf("unknown notation %d", int(n))}
	}
	toks, e := tokenize(text, n)
	if e != nil {
		return "", n, e
	}
	if n != Auto {
		r := read(toks, n, lengthOK)
		if r.err != nil {
			return "", n, r.err
		}
		return r.seq, n, nil
	}
	return detect(toks, lengthOK)
}

// tok is one character of the input with its 1-based column.
type tok struct {
	r   rune
	col int
}

// tokenize splits text into characters with their columns, trims
// surrounding whitespace and removes one pair of surrounding brackets.
func tokenize(text string, n Notation) ([]tok, *Error) {
	var toks []tok
	col := 0
	for _, r := range text {
		col++
		toks = append(toks, tok{r, col})
	}
	toks = trimSpace(toks)
	if len(toks) > 0 {
		first, last := toks[0], toks[len(toks)-1]
		open, close := closing(first.r), opening(last.r)
		switch {
		case open != 0 && len(toks) > 1 && last.r == open:
			toks = trimSpace(toks[1 : len(toks)-1])
		case open != 0:
			return nil, &Error{Notation: n, Column: first.col, Index: -1, Msg: fmt.Sprintf("unmatched %q", first.r)}
		case close != 0:
			return nil, &Error{Notation: n, Column: last.col, Index: -1, Msg: fmt.Sprintf("unmatched %q", last.r)}
		}
	}
	if len(toks) == 0 {
		return nil, emptyError(n)
	}
	return toks, nil
}

// closing returns the bracket that closes r, or 0 if r opens none.
func closing(r rune) rune {
	switch r {
	case '[':
		return ']'
	case '(':
		return ')'
	}
	return 0
}

// opening returns the bracket that r closes, or 0 if r closes none.
func opening(r rune) rune {
	switch r {
	case ']':
		return '['
	case ')':
		return '('
	}
	return 0
}

func trimSpace(toks []tok) []tok {
	for len(toks) > 0 && unicode.IsSpace(toks[0].r) {
		toks = toks[1:]
	}
	for len(toks) > 0 && unicode.IsSpace(toks[len(toks)-1].r) {
		toks = toks[:len(toks)-1]
	}
	return toks
}

func emptyError(n Notation) *Error {
	return &Error{Notation: n, Index: -1, Msg: ErrEmpty.Error(), Err: ErrEmpty}
}

// What kind of failure a reading met, from least to most specific: Auto
// reports the failure of the most specific kind.
const (
	failChar   = iota // a character outside the notation's alphabet
	failSyntax        // the alphabet fits, the snake does not
	failLength        // a valid snake whose length is not allowed
)

// reading is the outcome of reading the text in one notation.
type reading struct {
	n    Notation
	seq  string
	err  *Error // nil when the reading is valid
	fail int    // kind of err
}

// read reads toks in notation n and checks the length.
func read(toks []tok, n Notation, lengthOK func(int) bool) reading {
	// The alphabet is checked first and on its own, so that a reading
	// fails as "invalid character" whenever its alphabet does not fit,
	// whatever other fault comes earlier in the text.
	for _, t := range toks {
		if !fits(n, t.r) {
			e := charError(t, n)
			e.Notation = n
			return reading{n: n, err: e, fail: failChar}
		}
	}
	var (
		seq  []byte
		err  *Error
		fail int
	)
	switch n {
	case Bits:
		seq, err, fail = readBits(toks)
	case ESC:
		seq, err, fail = readESC(toks)
	case FT:
		seq, err, fail = readFT(toks)
	case Slash:
		seq, err, fail = readSlash(toks)
	case Lengths, Moves:
		seq, err, fail = readNumbers(toks, n, lengthOK)
	}
	if err != nil {
		err.Notation = n
		return reading{n: n, err: err, fail: fail}
	}
	if len(seq) < 2 {
		// Only bits, esc and slash can read a single cubelet: point at it.
		col := 0
		for _, t := range toks {
			if !unicode.IsSpace(t.r) && t.r != ',' {
				col = t.col
				break
			}
		}
		return reading{n: n, fail: failSyntax, err: &Error{Notation: n, Column: col, Index: -1,
			Msg: "a single cubelet; a snake has at least 2"}}
	}
	if !lengthOK(len(seq)) {
		return reading{n: n, fail: failLength, err: lengthError(n, len(seq))}
	}
	return reading{n: n, seq: string(seq)}
}

func lengthError(n Notation, l int) *Error {
	return &Error{Notation: n, Index: -1, Length: l, Err: ErrLength,
		Msg: fmt.Sprintf("%d cubelets read as %v: %v", l, n, ErrLength)}
}

func charError(t tok, n Notation) *Error {
	return &Error{Column: t.col, Index: -1, Msg: fmt.Sprintf("invalid character %q for %v notation", t.r, n)}
}

// fits reports whether r belongs to notation n's alphabet, separators
// included.
func fits(n Notation, r rune) bool {
	if unicode.IsSpace(r) {
		return true
	}
	switch n {
	case Bits:
		return r == '0' || r == '1' || r == ','
	case ESC:
		switch unicode.ToUpper(r) {
		case 'E', 'S', 'C', ',':
			return true
		}
	case FT:
		switch unicode.ToUpper(r) {
		case 'F', 'T', ',':
			return true
		}
	case Slash:
		return r == '/' || unicode.IsLetter(r)
	case Lengths, Moves:
		return isDigit(r) || r == ',' || r == '-'
	}
	return false
}

// cubelet is one cubelet read from the text: turn or not, and the column
// that says so.
type cubelet struct {
	turn bool
	col  int
}

// readLetters reads one cubelet per character for bits, esc and ft:
// code maps a character to its value, or returns -1 if it is not in the
// alphabet. Spaces and commas separate.
func readLetters(toks []tok, n Notation, code func(rune) int) ([]int, []int, *Error) {
	var vals, cols []int
	for _, t := range toks {
		if unicode.IsSpace(t.r) || t.r == ',' {
			continue
		}
		v := code(t.r)
		if v < 0 {
			return nil, nil, charError(t, n)
		}
		vals = append(vals, v)
		cols = append(cols, t.col)
	}
	if len(vals) == 0 {
		return nil, nil, emptyError(n)
	}
	return vals, cols, nil
}

func readBits(toks []tok) ([]byte, *Error, int) {
	vals, cols, err := readLetters(toks, Bits, func(r rune) int {
		switch r {
		case '0':
			return 0
		case '1':
			return 1
		}
		return -1
	})
	if err != nil {
		return nil, err, kindOf(err)
	}
	seq := make([]byte, len(vals))
	for i, v := range vals {
		seq[i] = byte('0' + v)
	}
	for _, i := range []int{0, len(vals) - 1} {
		if vals[i] == 1 {
			return nil, &Error{Column: cols[i], Index: i, Msg: "an end marked as a turn"}, failSyntax
		}
	}
	return seq, nil, 0
}

func readESC(toks []tok) ([]byte, *Error, int) {
	const e, s, c = 0, 1, 2
	vals, cols, err := readLetters(toks, ESC, func(r rune) int {
		switch unicode.ToUpper(r) {
		case 'E':
			return e
		case 'S':
			return s
		case 'C':
			return c
		}
		return -1
	})
	if err != nil {
		return nil, err, kindOf(err)
	}
	last := len(vals) - 1
	seq := make([]byte, len(vals))
	for i, v := range vals {
		end := i == 0 || i == last
		switch {
		case end && v == c:
			return nil, &Error{Column: cols[i], Index: i, Msg: "an end marked as a turn"}, failSyntax
		case end && v == s:
			return nil, &Error{Column: cols[i], Index: i, Msg: "an end marked as straight; ends are E"}, failSyntax
		case !end && v == e:
			return nil, &Error{Column: cols[i], Index: i, Msg: "an end (E) inside the snake"}, failSyntax
		case v == c:
			seq[i] = '1'
		default:
			seq[i] = '0'
		}
	}
	return seq, nil, 0
}

func readFT(toks []tok) ([]byte, *Error, int) {
	vals, _, err := readLetters(toks, FT, func(r rune) int {
		switch unicode.ToUpper(r) {
		case 'F':
			return 0
		case 'T':
			return 1
		}
		return -1
	})
	if err != nil {
		return nil, err, kindOf(err)
	}
	// Entry i describes move i, from cubelet i to i+1; it turns when
	// cubelet i is a turn. Entry 0 has no move before it to turn from.
	seq := make([]byte, len(vals)+1)
	for i := range seq {
		seq[i] = '0'
	}
	for i := 1; i < len(vals); i++ {
		seq[i] = byte('0' + vals[i])
	}
	return seq, nil, 0
}

func readSlash(toks []tok) ([]byte, *Error, int) {
	var (
		cubes    []cubelet
		slashCol int // column of the last '/' not yet followed by a cubelet
	)
	for _, t := range toks {
		switch {
		case unicode.IsSpace(t.r):
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

// readNumbers reads lengths or moves: numbers separated by any mix of
// spaces, commas and hyphens. A hyphen right before a digit and after a
// space, a comma or the start reads as a minus sign, so that "3,-1" is
// reported rather than read as "3,1".
func readNumbers(toks []tok, n Notation, lengthOK func(int) bool) ([]byte, *Error, int) {
	min := 1
	if n == Lengths {
		min = 2
	}
	var moves []int
	total := 1 // cubelets so far
	for i := 0; i < len(toks); {
		t := toks[i]
		neg := false
		switch {
		case t.r == '-' && i+1 < len(toks) && isDigit(toks[i+1].r) &&
			(i == 0 || unicode.IsSpace(toks[i-1].r) || toks[i-1].r == ','):
			neg = true
			i++
		case unicode.IsSpace(t.r) || t.r == ',' || t.r == '-':
			i++
			continue
		case !isDigit(t.r):
			return nil, charError(t, n), failChar
		}
		seg := len(moves) + 1
		v, big := 0, false
		for ; i < len(toks) && isDigit(toks[i].r); i++ {
			v = v*10 + int(toks[i].r-'0')
			if v > maxLen {
				big = true
				v = maxLen
			}
		}
		if neg {
			v = -v
		}
		switch {
		case big:
			return nil, &Error{Column: t.col, Index: -1, Msg: fmt.Sprintf("segment %d: number too large", seg)}, failSyntax
		case v < min && n == Lengths:
			return nil, &Error{Column: t.col, Index: -1, Msg: fmt.Sprintf("segment %d has length %d, less than 2", seg, v)}, failSyntax
		case v < min:
			return nil, &Error{Column: t.col, Index: -1, Msg: fmt.Sprintf("segment %d has %d moves, less than 1", seg, v)}, failSyntax
		}
		m := v
		if n == Lengths {
			m = v - 1
		}
		if total += m; total > maxLen {
			return nil, &Error{Column: t.col, Index: -1, Msg: fmt.Sprintf("segment %d: more than %d cubelets", seg, maxLen)}, failSyntax
		}
		moves = append(moves, m)
	}
	if len(moves) == 0 {
		return nil, emptyError(n), failSyntax
	}
	// Check the length before building the sequence: it may be long.
	if !lengthOK(total) {
		return nil, lengthError(n, total), failLength
	}
	return fromMoves(moves), nil, 0
}

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

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

// kindOf classifies an error from readLetters.
func kindOf(e *Error) int {
	if e.Err == ErrEmpty {
		return failSyntax
	}
	return failChar
}

// detect reads toks in every notation whose alphabet fits and picks the
// answer or the most specific error.
func detect(toks []tok, lengthOK func(int) bool) (string, Notation, error) {
	hasSlash := false
	for _, t := range toks {
		if t.r == '/' {
			hasSlash = true
			break
		}
	}
	var rs []reading
	for _, n := range detectOrder {
		// Any letters fit slash, so without a '/' every word of letters
		// would also read as one straight run: slash needs a '/'.
		if n == Slash && !hasSlash {
			continue
		}
		rs = append(rs, read(toks, n, lengthOK))
	}

	var valid []reading
	for _, r := range rs {
		if r.err == nil {
			valid = append(valid, r)
		}
	}
	if len(valid) > 0 {
		for _, r := range valid[1:] {
			if r.seq != valid[0].seq {
				a := &AmbiguousError{}
				for _, r := range valid {
					a.Candidates = append(a.Candidates, r.n)
					a.Seqs = append(a.Seqs, r.seq)
				}
				return "", Auto, a
			}
		}
		return valid[0].seq, valid[0].n, nil
	}

	// No valid reading: report the most specific failure.
	fail := failChar
	for _, r := range rs {
		fail = max(fail, r.fail)
	}
	var worst []reading
	for _, r := range rs {
		if r.fail == fail {
			worst = append(worst, r)
		}
	}
	if fail == failLength {
		if len(worst) == 1 {
			return "", worst[0].n, worst[0].err
		}
		parts := make([]string, len(worst))
		for i, r := range worst {
			parts[i] = fmt.Sprintf("%d cubelets read as %v", r.err.Length, r.n)
		}
		e := *worst[0].err
		e.Msg = joinOr(parts) + ": " + ErrLength.Error()
		return "", e.Notation, &e
	}
	// The reading that went furthest into the text is the likeliest;
	// errors without a column (an empty snake) rank after all others.
	best := worst[0]
	var tied []Notation
	for _, r := range worst {
		switch {
		case r.err.Column > best.err.Column:
			best, tied = r, []Notation{r.n}
		case r.err.Column == best.err.Column:
			tied = append(tied, r.n)
		}
	}
	if fail == failChar && len(tied) > 1 {
		// Name every notation the character is invalid for, or none when
		// it is invalid for all of them.
		e := *best.err
		t := tokAt(toks, e.Column)
		if len(tied) == len(rs) {
			e.Notation = Auto
			e.Msg = fmt.Sprintf("invalid character %q", t)
		} else {
			names := make([]string, len(tied))
			for i, n := range tied {
				names[i] = n.String()
			}
			e.Msg = fmt.Sprintf("invalid character %q for %s notation", t, joinOr(names))
		}
		return "", e.Notation, &e
	}
	return "", best.n, best.err
}

// tokAt returns the character at column col.
func tokAt(toks []tok, col int) rune {
	for _, t := range toks {
		if t.col == col {
			return t.r
		}
	}
	return 0
}
