package notation

import (
	"fmt"
	"strings"
	"unicode"
)

// tok is one character of the input with its 1-based column.
type tok struct {
	r   rune
	col int
}

// isSep reports whether r separates entries in every notation: spaces,
// commas, semicolons and the quotes of a pasted code literal.
func isSep(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(",;'\"`", r)
}

func isQuote(r rune) bool { return strings.ContainsRune("'\"`", r) }

// tokenize splits text into characters with their columns and unwraps
// it: surrounding whitespace, a final ';', quotes around the whole, and a
// pair of brackets around the whole, possibly preceded by code that names
// or types it ("static int s[] = {...};", "[]int{...}", "List(...)"),
// repeatedly.
func tokenize(text string, n Notation) ([]tok, *Error) {
	var toks []tok
	col := 0
	for _, r := range text {
		col++
		toks = append(toks, tok{r, col})
	}
	for {
		toks = trimSpace(toks)
		for len(toks) > 0 && toks[len(toks)-1].r == ';' {
			toks = trimSpace(toks[:len(toks)-1])
		}
		if len(toks) == 0 {
			return nil, emptyError(n)
		}
		first, last := toks[0], toks[len(toks)-1]
		i := opener(toks)
		switch {
		case i > 0 && !codePrefix(toks[:i]):
		case i >= 0:
			toks = toks[i+1 : len(toks)-1]
			continue
		case closing(first.r) != 0:
			return nil, &Error{Notation: n, Column: first.col, Index: -1, Msg: fmt.Sprintf("unmatched %q", first.r)}
		case opening(last.r) != 0:
			return nil, &Error{Notation: n, Column: last.col, Index: -1, Msg: fmt.Sprintf("unmatched %q", last.r)}
		}
		return toks, nil
	}
}

// opener returns the index of the bracket or quote that the last
// character closes, or -1 when the last character closes none or its
// partner is missing.
func opener(toks []tok) int {
	last := toks[len(toks)-1].r
	if isQuote(last) {
		for i := len(toks) - 2; i >= 0; i-- {
			if toks[i].r == last {
				return i
			}
		}
		return -1
	}
	if opening(last) == 0 {
		return -1
	}
	stack := []rune{opening(last)}
	for i := len(toks) - 2; i >= 0; i-- {
		r := toks[i].r
		switch {
		case opening(r) != 0:
			stack = append(stack, opening(r))
		case closing(r) != 0:
			if stack[len(stack)-1] != r {
				return -1
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i
			}
		}
	}
	return -1
}

// codePrefix reports whether toks, standing before a bracket that wraps
// the rest, read as code naming or typing a literal: letters, digits and
// the punctuation of declarations, with at least one letter.
func codePrefix(toks []tok) bool {
	letter := false
	for _, t := range toks {
		switch {
		case unicode.IsLetter(t.r):
			letter = true
		case unicode.IsDigit(t.r) || unicode.IsSpace(t.r) || strings.ContainsRune("_.*&!:=<>[]$@?", t.r):
		default:
			return false
		}
	}
	return letter
}

// closing returns the bracket that closes r, or 0 if r opens none.
func closing(r rune) rune {
	switch r {
	case '[':
		return ']'
	case '(':
		return ')'
	case '{':
		return '}'
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
	case '}':
		return '{'
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

// text returns the characters of toks as a string.
func text(toks []tok) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteRune(t.r)
	}
	return b.String()
}

func emptyError(n Notation) *Error {
	return &Error{Notation: n, Index: -1, Msg: ErrEmpty.Error(), Err: ErrEmpty}
}
