package notation

import (
	"errors"
	"fmt"
	"strings"
)

// ErrEmpty is wrapped by the [*Error] returned for text that holds no
// cubelet once whitespace, brackets and separators are removed.
var ErrEmpty = errors.New("empty snake")

// ErrLength is wrapped by the [*Error] returned when the text reads as a
// snake whose length the caller rejects. The error's Length field holds
// that length.
var ErrLength = errors.New("length not allowed")

// Error describes text that does not read as a snake.
type Error struct {
	// Notation is the notation the text was read in: the one asked for,
	// or under [Auto] the reading the error comes from (Auto when the
	// error does not depend on a notation).
	Notation Notation
	// Column is the 1-based column, counted in characters (runes) of the
	// original text before trimming, of the offending character; 0 when
	// no single character is at fault.
	Column int
	// Index is the 0-based index of the offending cubelet, -1 when no
	// single cubelet is at fault. [Error.Error] writes it counted from 1.
	Index int
	// Length is the snake's number of cubelets when the error wraps
	// [ErrLength], else 0. Callers use it to phrase their own message,
	// such as "27 cubelets expected for 3x3x3".
	Length int
	// Msg says what is wrong, lowercase, without the position.
	Msg string
	// Err is the sentinel this error wraps ([ErrEmpty], [ErrLength]) or nil.
	Err error
	// Others lists, when a notation was asked for and the text does not
	// read in it, the readings in other notations that would have worked.
	Others []Reading
}

// Error returns the message prefixed by the position, as in
// "column 5: invalid character 'x' for cubelets notation" or
// "column 1, cubelet 1: an end marked as a turn" (cubelets count from 1).
func (e *Error) Error() string {
	var pos []string
	if e.Column > 0 {
		pos = append(pos, fmt.Sprintf("column %d", e.Column))
	}
	if e.Index >= 0 {
		pos = append(pos, fmt.Sprintf("cubelet %d", e.Index+1))
	}
	if len(pos) == 0 {
		return e.Msg
	}
	return strings.Join(pos, ", ") + ": " + e.Msg
}

// Unwrap returns the wrapped sentinel, if any.
func (e *Error) Unwrap() error { return e.Err }

// joinOr joins "a", "b", "c" as "a, b or c".
func joinOr(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}
