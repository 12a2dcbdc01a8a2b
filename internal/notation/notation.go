package notation

import (
	"fmt"
	"strings"
)

// Notation names a way of writing a snake down. The zero value, [Auto],
// asks [Parse] to detect it.
type Notation int

// The notations, named as the user types them (see [Notation.String]).
const (
	Auto    Notation = iota // detect the notation from the text
	Bits                    // "0"/"1" per cubelet
	ESC                     // "E"/"S"/"C" per cubelet
	Lengths                 // cubelets per straight run, corners counted twice
	Moves                   // moves per straight run
	Slash                   // a letter per cubelet, "/" after each turn
	FT                      // "F"/"T" per move
)

var names = [...]string{
	Auto:    "auto",
	Bits:    "bits",
	ESC:     "esc",
	Lengths: "lengths",
	Moves:   "moves",
	Slash:   "slash",
	FT:      "ft",
}

// String returns the notation's user-facing name, as accepted by
// [ParseNotation]: "auto", "bits", "esc", "lengths", "moves", "slash"
// or "ft".
func (n Notation) String() string {
	if n >= 0 && int(n) < len(names) {
		return names[n]
	}
	return fmt.Sprintf("Notation(%d)", int(n))
}

// ParseNotation returns the notation called name, in any case and
// ignoring surrounding whitespace. "auto" and the empty string give [Auto].
func ParseNotation(name string) (Notation, error) {
	s := strings.ToLower(strings.TrimSpace(name))
	if s == "" {
		return Auto, nil
	}
	for n, v := range names {
		if v == s {
			return Notation(n), nil
		}
	}
	return Auto, fmt.Errorf("unknown notation %q (want auto, bits, esc, lengths, moves, slash or ft)", name)
}

// Set parses name with [ParseNotation] and stores the result, so that a
// *Notation is a flag.Value: flag.Var(&n, "notation", "...").
func (n *Notation) Set(name string) error {
	v, err := ParseNotation(name)
	if err != nil {
		return err
	}
	*n = v
	return nil
}

// valid reports whether n is one of the six concrete notations.
func (n Notation) valid() bool { return n >= Bits && n <= FT }
