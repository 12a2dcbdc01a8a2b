// Package movelist reads a folding typed as a list of moves and checks it
// against a box.
//
// # Forms
//
// A folding of L cubelets is L-1 moves, each to the cell of the next
// cubelet. One text uses one of these forms:
//
//   - Signed axes: "+x +x +y -x +z ...", in either case, with or without
//     spaces between the moves ("+x+x+y").
//   - Letters, as on Jaap's Puzzle Page: F, L, U, B, R, D for Front, Left,
//     Up, Back, Right and Down, in either case, with or without spaces
//     ("FFRBUU" or "F F R B U U").
//   - Arrows, as snakecube solve prints them: > < o . ^ v for right, left,
//     back (away from you), front (towards you), up and down; the text
//     must hold one of > < ^ v.
//   - Words, as snakecube solve prints them: right, left, back, front, up
//     and down, in any case, each optionally followed by how many moves it
//     makes ("right 2, back 1, left 1").
//   - Codes, as in a catalogue's "direction" list: 1, -1, 2, -2, 3, -3 for
//     +x, -x, +y, -y, +z, -z; the list must hold a negative code, since a
//     list of positive numbers is a snake's run lengths.
//
// Spaces, commas, semicolons and quotes separate moves. Right and left run
// along x, back and front along y, up and down along z, as in snakecube
// solve's legend.
//
// # Checks
//
// [Check] walks the moves and names the first one that enters a cell
// already used or that makes the folding too large for the box in any
// orientation. A folding typed in a turned box is accepted: only the
// snake, not the orientation, matters to what follows.
package movelist

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/snakecube/snakecube/symmetry"
)

// MaxMoves bounds the moves read from a text, so that a count such as
// "right 999999999" fails at once instead of building a huge list. It
// matches the longest snake the notation package reads.
const MaxMoves = 1 << 20

// Form is the way a move list is written.
type Form int

// The forms, see the package documentation.
const (
	Signed Form = iota + 1
	Letters
	Arrows
	Words
	Codes
)

func (f Form) String() string {
	switch f {
	case Signed:
		return "signed axes"
	case Letters:
		return "letters"
	case Arrows:
		return "arrows"
	case Words:
		return "words"
	case Codes:
		return "codes"
	}
	return fmt.Sprintf("Form(%d)", int(f))
}

// Move is one move as typed: its direction, the text that gave it, and
// the 1-based column of that text.
type Move struct {
	Dir  symmetry.Dir
	Text string
	Col  int
}

// Error describes text that is not a move list, or a folding that does not
// fit its box.
type Error struct {
	// Column is the 1-based column of the offending text, 0 if none.
	Column int
	// Move is the 1-based number of the offending move, 0 if none.
	Move int
	// Foreign is true when the text is not written in any form of move
	// list at all, rather than a move list with a fault.
	Foreign bool
	// Msg says what is wrong, lowercase, without the position.
	Msg string
}

func (e *Error) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("column %d: %s", e.Column, e.Msg)
	}
	return e.Msg
}

// word is a run of characters between separators.
type word struct {
	s   string
	col int
}

func isSep(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(",;'\"`", r)
}

// split cuts text into words; col0 is the column of its first character.
func split(text string, col0 int) []word {
	var ws []word
	var cur []rune
	start, col := 0, col0
	for _, r := range text {
		if isSep(r) {
			if len(cur) > 0 {
				ws = append(ws, word{string(cur), start})
				cur = cur[:0]
			}
		} else {
			if len(cur) == 0 {
				start = col
			}
			cur = append(cur, r)
		}
		col++
	}
	if len(cur) > 0 {
		ws = append(ws, word{string(cur), start})
	}
	return ws
}

var (
	letterDirs = map[rune]symmetry.Dir{'R': symmetry.PosX, 'L': symmetry.NegX, 'B': symmetry.PosY, 'F': symmetry.NegY, 'U': symmetry.PosZ, 'D': symmetry.NegZ}
	arrowDirs  = map[rune]symmetry.Dir{'>': symmetry.PosX, '<': symmetry.NegX, 'o': symmetry.PosY, '.': symmetry.NegY, '^': symmetry.PosZ, 'v': symmetry.NegZ}
	wordDirs   = map[string]symmetry.Dir{"right": symmetry.PosX, "left": symmetry.NegX, "back": symmetry.PosY, "front": symmetry.NegY, "up": symmetry.PosZ, "down": symmetry.NegZ}
)

// formOf returns the form a word belongs to, or 0 if none.
func formOf(w string) Form {
	switch {
	case isWord(w):
		return Words
	case strings.Trim(w, "+-xyzXYZ") == "" && strings.ContainsAny(w, "+-") && strings.ContainsAny(w, "xyzXYZ"):
		return Signed
	case strings.Trim(w, "FLUBRDflubrd") == "":
		return Letters
	case strings.Trim(w, "<>o.^v") == "":
		return Arrows
	case isInt(w):
		return Codes
	}
	return 0
}

func isWord(w string) bool {
	_, ok := wordDirs[strings.ToLower(w)]
	return ok
}

func isInt(w string) bool {
	w = strings.TrimPrefix(strings.TrimPrefix(w, "-"), "+")
	return w != "" && strings.Trim(w, "0123456789") == ""
}

// Parse reads text as a move list; col0 is the column of its first
// character, so that errors point into a larger text. Errors are an
// [*Error].
func Parse(text string, col0 int) ([]Move, Form, error) {
	ws := split(text, col0)
	if len(ws) == 0 {
		return nil, 0, &Error{Foreign: true, Msg: "no moves"}
	}
	form := formOf(ws[0].s)
	if form == 0 {
		// Moves of one form up to a character, as "RRDRX": that
		// character is at fault, not the whole word.
		for _, f := range []Form{Letters, Arrows, Signed} {
			if i := refused(ws[0].s, f); i > 0 && formOf(ws[0].s[:i]) == f && (f != Arrows || strings.ContainsAny(ws[0].s[:i], "<>^v")) {
				return nil, f, strayError(ws[0], i, f, true)
			}
		}
		return nil, 0, &Error{Column: ws[0].col, Foreign: true, Msg: fmt.Sprintf("%q is not a move", ws[0].s)}
	}
	var (
		moves []Move
		err   *Error
	)
	switch form {
	case Words:
		moves, err = readWords(ws)
	case Codes:
		moves, err = readCodes(ws)
	default:
		moves, err = readChars(ws, form)
	}
	if err != nil {
		return nil, form, err
	}
	if form == Arrows && !strings.ContainsAny(text, "<>^v") {
		// Only o and . : these are also the turn letters of snakes.
		return nil, form, &Error{Column: ws[0].col, Foreign: true, Msg: "arrows o and . alone"}
	}
	return moves, form, nil
}

// readChars reads signed axes, letters or arrows: every word of the one
// form, each character (or sign and axis) one move.
func readChars(ws []word, form Form) ([]Move, *Error) {
	var moves []Move
	for _, w := range ws {
		if f := formOf(w.s); f != form {
			return nil, mixed(w, form)
		}
		rs := []rune(w.s)
		for i := 0; i < len(rs); i++ {
			col := w.col + i
			switch form {
			case Letters:
				moves = append(moves, Move{letterDirs[unicode.ToUpper(rs[i])], string(rs[i]), col})
			case Arrows:
				moves = append(moves, Move{arrowDirs[rs[i]], string(rs[i]), col})
			case Signed:
				if i+1 >= len(rs) || (rs[i] != '+' && rs[i] != '-') || !strings.ContainsRune("xyzXYZ", rs[i+1]) {
					return nil, &Error{Column: col, Msg: fmt.Sprintf("%q is not a move: want +x, -x, +y, -y, +z or -z", string(rs[i:]))}
				}
				d := symmetry.Dir(2 * int(unicode.ToLower(rs[i+1])-'x'))
				if rs[i] == '-' {
					d = d.Opposite()
				}
				moves = append(moves, Move{d, string(rs[i : i+2]), col})
				i++
			}
			if len(moves) > MaxMoves {
				return nil, &Error{Column: col, Msg: fmt.Sprintf("more than %d moves", MaxMoves)}
			}
		}
	}
	return moves, nil
}

// mixed is the error of word w, not a move of the form of the words
// before it: at its first character that the form refuses, when the
// word starts as moves of the form, as "RRX" after letters.
func mixed(w word, form Form) *Error {
	if i := refused(w.s, form); i > 0 {
		return strayError(w, i, form, false)
	}
	return &Error{Column: w.col, Msg: fmt.Sprintf("%q is not a move in %v", w.s, form)}
}

// alphabets are the characters of the forms read a character (or a sign
// and an axis) a move.
var alphabets = map[Form]string{Letters: "FLUBRDflubrd", Arrows: "<>o.^v", Signed: "+-xyzXYZ"}

// refused returns the byte offset in w of the first character that form
// f, read a character a move, refuses; -1 when f reads every character
// of w, or is not read a character a move.
func refused(w string, f Form) int {
	abc, ok := alphabets[f]
	if !ok {
		return -1
	}
	for i, r := range w {
		if !strings.ContainsRune(abc, r) {
			return i
		}
	}
	return -1
}

// strayError names the character at byte offset i of word w, which form
// f refuses, and its column.
func strayError(w word, i int, f Form, foreign bool) *Error {
	r, _ := utf8.DecodeRuneInString(w.s[i:])
	return &Error{Column: w.col + utf8.RuneCountInString(w.s[:i]), Foreign: foreign, Msg: fmt.Sprintf("%q is not a move in %v", r, f)}
}

// readWords reads direction words, each optionally followed by a count.
func readWords(ws []word) ([]Move, *Error) {
	var moves []Move
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		d, ok := wordDirs[strings.ToLower(w.s)]
		if !ok {
			return nil, mixed(w, Words)
		}
		n := 1
		if i+1 < len(ws) && isInt(ws[i+1].s) {
			i++
			c := ws[i]
			n = 0
			for _, r := range strings.TrimPrefix(c.s, "+") {
				if r < '0' || r > '9' {
					return nil, &Error{Column: c.col, Msg: fmt.Sprintf("%s %s: a count of moves is a positive whole number", w.s, c.s)}
				}
				n = min(n*10+int(r-'0'), MaxMoves+1)
			}
			if n < 1 {
				return nil, &Error{Column: c.col, Msg: fmt.Sprintf("%s %s: a count of moves is a positive whole number", w.s, c.s)}
			}
		}
		if len(moves)+n > MaxMoves {
			return nil, &Error{Column: w.col, Msg: fmt.Sprintf("more than %d moves", MaxMoves)}
		}
		for range n {
			moves = append(moves, Move{d, w.s, w.col})
		}
	}
	return moves, nil
}

// readCodes reads catalogue direction codes.
func readCodes(ws []word) ([]Move, *Error) {
	if !slices.ContainsFunc(ws, func(w word) bool { return strings.HasPrefix(w.s, "-") && isInt(w.s) }) {
		// Positive numbers alone are run lengths, not a folding.
		return nil, &Error{Column: ws[0].col, Foreign: true, Msg: "direction codes with no negative code"}
	}
	var moves []Move
	for _, w := range ws {
		if formOf(w.s) != Codes {
			return nil, mixed(w, Codes)
		}
		c := 0
		for _, r := range strings.TrimLeft(w.s, "+-") {
			c = min(c*10+int(r-'0'), 10)
		}
		if strings.HasPrefix(w.s, "-") {
			c = -c
		}
		d, ok := symmetry.DirOfCode(c)
		if !ok {
			return nil, &Error{Column: w.col, Msg: fmt.Sprintf("%s is not a direction code: want 1, -1, 2, -2, 3 or -3", w.s)}
		}
		if len(moves) >= MaxMoves {
			return nil, &Error{Column: w.col, Msg: fmt.Sprintf("more than %d moves", MaxMoves)}
		}
		moves = append(moves, Move{d, w.s, w.col})
	}
	return moves, nil
}

// Dirs returns the directions of the moves.
func Dirs(moves []Move) []symmetry.Dir {
	ds := make([]symmetry.Dir, len(moves))
	for i, m := range moves {
		ds[i] = m.Dir
	}
	return ds
}

// Seq returns the sequence of the snake the moves fold: cubelet i, for
// 0 < i < len(moves), is a turn when moves i-1 and i lie on different
// axes.
func Seq(moves []Move) string {
	b := make([]byte, len(moves)+1)
	for i := range b {
		b[i] = '0'
		if i > 0 && i < len(moves) && moves[i-1].Dir.Axis() != moves[i].Dir.Axis() {
			b[i] = '1'
		}
	}
	return string(b)
}

// Check walks the moves from any cell and returns an [*Error] naming the
// first move that enters a cell already used, or, when b has cells, the
// first move after which the cells used span more than b holds in any
// orientation. With b the zero Box only self-crossing is checked.
func Check(b symmetry.Box, moves []Move) error {
	sides := b.Size
	slices.Sort(sides[:])
	var p, lo, hi [3]int
	seen := map[[3]int]int{p: 0}
	for i, m := range moves {
		p = b.Step(p, m.Dir)
		if j, ok := seen[p]; ok {
			return &Error{Column: m.Col, Move: i + 1,
				Msg: fmt.Sprintf("move %d (%s) enters the cell of cubelet %d", i+1, m.Text, j+1)}
		}
		seen[p] = i + 1
		a := m.Dir.Axis()
		lo[a], hi[a] = min(lo[a], p[a]), max(hi[a], p[a])
		if b.Len() == 0 {
			continue
		}
		span := [3]int{hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1}
		s := span
		slices.Sort(s[:])
		for k := range 3 {
			if s[k] > sides[k] {
				return &Error{Column: m.Col, Move: i + 1,
					Msg: fmt.Sprintf("move %d (%s) leaves the %v box: the moves up to it span %dx%dx%d cells", i+1, m.Text, b, span[0], span[1], span[2])}
			}
		}
	}
	return nil
}
