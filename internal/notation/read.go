package notation

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/snakecube/snakecube/internal/movelist"
	"github.com/snakecube/snakecube/symmetry"
)

// BoxOf tells [Read] which snakes the caller accepts: the box a snake of
// L cubelets folds into, and whether L is acceptable at all. A zero Box
// with true accepts L without a box to check a folding against.
type BoxOf func(L int) (symmetry.Box, bool)

// Reading is one way of reading a text: the snake it gives, in which
// notation.
type Reading struct {
	Notation Notation
	// Seq is the snake's sequence.
	Seq string
	// Moves is the folding typed, when Notation is Folding or Shape.
	Moves []symmetry.Dir
	// Note says how the text was taken where that is not plain, such as
	// a trailing move left out; "" otherwise.
	Note string
}

// Result is what [Read] makes of a text: the reading used, and the other
// readings of an acceptable length that give other snakes.
type Result struct {
	Reading
	// Others are the other readings, most plausible first.
	Others []Reading
}

// Ambiguity returns, when the text reads as other snakes too, a sentence
// naming the reading used and each other one, with its sequence and how
// to ask for it with flag ("use -notation before"); with flag "", as on
// a page that links each sequence, without. It returns "" when the text
// reads one way only.
func (r Result) Ambiguity(flag string) string {
	if len(r.Others) == 0 {
		return ""
	}
	s := fmt.Sprintf("read as %v (%s): %s", r.Notation, r.Notation.Describe(), r.Seq)
	for _, o := range r.Others {
		s += fmt.Sprintf("; as %v (%s) it is %s", o.Notation, o.Notation.Describe(), o.Seq)
		if flag != "" {
			s += fmt.Sprintf(": use %s %v", flag, o.Notation)
		}
	}
	return s
}

// Read reads text as a snake written in notation n, or detected with
// n == [Auto] (see the package documentation). box says which lengths
// are acceptable and, for a folding, the box it must fill; nil accepts
// every length.
//
// Errors are an [*Error], wrapping [ErrEmpty] or [ErrLength] where they
// apply; when n was named, its Others field lists the readings that
// would have worked.
func Read(text string, n Notation, box BoxOf) (Result, error) {
	if box == nil {
		box = func(int) (symmetry.Box, bool) { return symmetry.Box{}, true }
	}
	if n != Auto && !n.valid() {
		return Result{}, &Error{Notation: n, Index: -1, Msg: fmt.Sprintf("unknown notation %d", int(n))}
	}
	toks, e := tokenize(text, n)
	if e != nil {
		return Result{}, e
	}
	if n == Auto {
		return detect(toks, box)
	}
	a := read(toks, n, box)
	if a.err != nil {
		if r, err := detect(toks, box); err == nil {
			a.err.Others = append([]Reading{r.Reading}, r.Others...)
		}
		return Result{}, a.err
	}
	return Result{Reading: a.Reading}, nil
}

// Parse reads text as a snake written in notation n and returns its
// sequence and the notation it was read in: [Read] with a lengthOK that
// accepts lengths without a box. Where Read finds several readings,
// Parse returns the first.
func Parse(text string, n Notation, lengthOK func(L int) bool) (seq string, used Notation, err error) {
	var box BoxOf
	if lengthOK != nil {
		box = func(l int) (symmetry.Box, bool) { return symmetry.Box{}, lengthOK(l) }
	}
	r, err := Read(text, n, box)
	if err != nil {
		used = n
		var e *Error
		if errors.As(err, &e) {
			used = e.Notation
		}
		return "", used, err
	}
	return r.Seq, r.Notation, nil
}

// What kind of failure a reading met, from least to most specific: Auto
// reports the failure of the most specific kind.
const (
	failChar   = iota // a character outside the notation's alphabet
	failSyntax        // the alphabet fits, the snake does not
	failLength        // a valid snake whose length is not allowed
	failFit           // a fault in a reading of an allowed length
)

// attempt is the outcome of reading the text in one notation.
type attempt struct {
	Reading
	err  *Error // nil when the reading is valid
	fail int    // kind of err
}

// read reads toks in notation n and checks the length.
func read(toks []tok, n Notation, box BoxOf) attempt {
	lengthOK := func(l int) bool { _, ok := box(l); return ok }
	if n.moves() {
		return readMoves(toks, n, box)
	}
	// The alphabet is checked first and on its own, so that a reading
	// fails as "invalid character" whenever its alphabet does not fit,
	// whatever other fault comes earlier in the text.
	for _, t := range toks {
		if !fits(n, t.r) {
			e := charError(t, n)
			e.Notation = n
			return attempt{Reading: Reading{Notation: n}, err: e, fail: failChar}
		}
	}
	var (
		seq  []byte
		err  *Error
		fail int
	)
	switch {
	case n.letters():
		seq, err, fail = readLetters(toks, n, lengthOK)
	case n == ESC:
		seq, err, fail = readESC(toks, lengthOK)
	case n == Slash:
		seq, err, fail = readSlash(toks)
	case n.numbers():
		seq, err, fail = readNumbers(toks, n, lengthOK)
	}
	if err != nil {
		err.Notation = n
		return attempt{Reading: Reading{Notation: n}, err: err, fail: fail}
	}
	if len(seq) < 2 {
		col := 0
		for _, t := range toks {
			if !isSep(t.r) {
				col = t.col
				break
			}
		}
		return attempt{Reading: Reading{Notation: n}, fail: failSyntax, err: &Error{Notation: n, Column: col, Index: -1,
			Msg: "a single cubelet; a snake has at least 2"}}
	}
	if !lengthOK(len(seq)) {
		return attempt{Reading: Reading{Notation: n}, fail: failLength, err: lengthError(n, len(seq))}
	}
	return attempt{Reading: Reading{Notation: n, Seq: string(seq)}}
}

// readMoves reads a folding (checked to fill its box) or a shape (only
// checked not to cross itself).
func readMoves(toks []tok, n Notation, box BoxOf) attempt {
	fail := func(e *Error, kind int) attempt {
		e.Notation = n
		return attempt{Reading: Reading{Notation: n}, err: e, fail: kind}
	}
	moves, _, err := movelist.Parse(text(toks), toks[0].col)
	if err != nil {
		var me *movelist.Error
		errors.As(err, &me)
		kind := failSyntax
		if me.Foreign {
			kind = failChar
		}
		return fail(&Error{Column: me.Column, Index: -1, Msg: me.Msg}, kind)
	}
	note := ""
	l := len(moves) + 1
	if _, ok := box(l); !ok && l > 2 {
		if _, ok := box(l - 1); ok {
			// One direction per cubelet, as some solvers print: the last
			// leads out of the snake.
			moves, l = moves[:l-2], l-1
			note = fmt.Sprintf("%d moves for %d cubelets: the last one, which leads out of the snake, is left out", l, l)
		}
	}
	b, ok := box(l)
	switch {
	case l < 2:
		return fail(&Error{Column: toks[0].col, Index: -1, Msg: "no move; a snake has at least 2 cubelets"}, failSyntax)
	case !ok:
		return attempt{Reading: Reading{Notation: n}, fail: failLength, err: lengthError(n, l)}
	}
	if n == Shape {
		b = symmetry.Box{}
	}
	if err := movelist.Check(b, moves); err != nil {
		var me *movelist.Error
		errors.As(err, &me)
		msg := me.Msg
		if movelist.Check(symmetry.Box{}, moves) == nil {
			msg += "; if the moves lay the snake out rather than fold it, use -notation shape"
		}
		return fail(&Error{Column: me.Column, Index: -1, Msg: msg}, failFit)
	}
	return attempt{Reading: Reading{Notation: n, Seq: movelist.Seq(moves), Moves: movelist.Dirs(moves), Note: note}}
}

func lengthError(n Notation, l int) *Error {
	return &Error{Notation: n, Index: -1, Length: l, Err: ErrLength,
		Msg: fmt.Sprintf("%d cubelets read as %v: %v", l, n, ErrLength)}
}

// fits reports whether r belongs to notation n's alphabet, separators
// included.
func fits(n Notation, r rune) bool {
	switch {
	case isSep(r):
		return true
	case n.letters():
		s, _ := pairsOf(r)
		return s != 0
	case n == ESC:
		return strings.ContainsRune("ESC", unicode.ToUpper(r))
	case n == Slash:
		return r == '/' || unicode.IsLetter(r)
	case n.numbers():
		return numberChar(r)
	}
	return false
}

// detectOrder returns the notations Auto tries, in the order that breaks
// ties between readings that disagree. Slash is tried only when the text
// holds a '/': any word of letters would read as one straight run.
func detectOrder(toks []tok) []Notation {
	// A letter list with both ends, then numbers, which "1,1,1,1,1,1,1"
	// also reads as a list of 0/1 per move, then the lists of moves.
	order := []Notation{Cubelets, Lengths, Moves, Once}
	order = append(order, letterOrder(toks)[1:]...)
	order = append(order, Folding, ESC)
	if slices.ContainsFunc(toks, func(t tok) bool { return t.r == '/' }) {
		order = append(order, Slash)
	}
	return order
}

// detect reads toks in every notation and picks the answer or the most
// specific error.
func detect(toks []tok, box BoxOf) (Result, error) {
	var as, valid []attempt
	for _, n := range detectOrder(toks) {
		a := read(toks, n, box)
		as = append(as, a)
		if a.err == nil {
			valid = append(valid, a)
		}
	}
	if len(valid) > 0 {
		r := Result{Reading: valid[0].Reading}
		seen := map[string]bool{r.Seq: true}
		for _, a := range valid[1:] {
			if !seen[a.Seq] {
				seen[a.Seq] = true
				r.Others = append(r.Others, a.Reading)
			}
		}
		return r, nil
	}
	return Result{}, worst(toks, as)
}

// worst returns the most specific failure among the attempts.
func worst(toks []tok, as []attempt) *Error {
	fail := failChar
	for _, a := range as {
		fail = max(fail, a.fail)
	}
	var ws []attempt
	for _, a := range as {
		if a.fail == fail {
			ws = append(ws, a)
		}
	}
	if fail == failLength {
		return lengthsError(ws)
	}
	if fail == failFit {
		return ws[0].err
	}
	// The reading that went furthest into the text is the likeliest;
	// errors without a column (an empty snake) rank after all others.
	best := ws[0]
	var tied []Notation
	for _, a := range ws {
		switch {
		case a.err.Column > best.err.Column:
			best, tied = a, []Notation{a.Notation}
		case a.err.Column == best.err.Column:
			tied = append(tied, a.Notation)
		}
	}
	if fail != failChar || len(tied) < 2 || fits(best.Notation, tokAt(toks, best.err.Column)) {
		// Not a character foreign to all: a pair of letters that do not
		// go together, or a word that is no move.
		return best.err
	}
	// Name every notation the character is invalid for, or none when it
	// is invalid for all of them; after and before go with cubelets.
	e := *best.err
	r := tokAt(toks, e.Column)
	if len(tied) == len(as) {
		e.Notation = Auto
		e.Msg = fmt.Sprintf("invalid character %q", r)
		return &e
	}
	var names []string
	for _, n := range tied {
		if n != After && n != Before {
			names = append(names, n.String())
		}
	}
	e.Msg = fmt.Sprintf("invalid character %q for %s notation", r, joinOr(names))
	return &e
}

// lengthsError says which lengths the readings gave, none of them
// allowed: "24 cubelets read as cubelets or 25 read as after or before".
func lengthsError(ws []attempt) *Error {
	if len(ws) == 1 {
		return ws[0].err
	}
	var parts []string
	for i := 0; i < len(ws); {
		l := ws[i].err.Length
		var ns []string
		for ; i < len(ws) && ws[i].err.Length == l; i++ {
			ns = append(ns, ws[i].Notation.String())
		}
		unit := " cubelets"
		if len(parts) > 0 {
			unit = ""
		}
		parts = append(parts, fmt.Sprintf("%d%s read as %s", l, unit, joinOr(ns)))
	}
	e := *ws[0].err
	e.Msg = joinOr(parts) + ": " + ErrLength.Error()
	return &e
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
