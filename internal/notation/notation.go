package notation

import (
	"fmt"
	"strings"
)

// Notation names a way of writing a snake down. The zero value, [Auto],
// asks [Read] to detect it.
type Notation int

// The notations, named as the user types them (see [Notation.String]).
const (
	Auto     Notation = iota // detect the notation from the text
	Cubelets                 // a straight or turn letter per cubelet
	After                    // a letter per move, turn after it: the first end left out
	Before                   // a letter per move, turn before it: the last end left out
	ESC                      // "E"/"S"/"C" per cubelet
	Slash                    // a letter per cubelet, "/" after each turn
	Lengths                  // cubelets per straight run, corners counted twice
	Moves                    // moves per straight run
	Once                     // cubelets per straight run, each counted once
	Folding                  // a folding typed as moves, checked against the box
	Shape                    // moves laying the snake out, not checked against a box
)

var names = [...]string{
	Auto:     "auto",
	Cubelets: "cubelets",
	After:    "after",
	Before:   "before",
	ESC:      "esc",
	Slash:    "slash",
	Lengths:  "lengths",
	Moves:    "moves",
	Once:     "once",
	Folding:  "folding",
	Shape:    "shape",
}

// aliases are older names still accepted by [ParseNotation].
var aliases = map[string]Notation{"bits": Cubelets, "ft": Before}

// descriptions say in a few words what each notation is, for messages.
var descriptions = [...]string{
	Auto:     "detected",
	Cubelets: "a letter per cubelet",
	After:    "a letter per move, the first end left out",
	Before:   "a letter per move, the last end left out",
	ESC:      "end, straight, corner per cubelet",
	Slash:    "a letter per cubelet, / where it turns",
	Lengths:  "cubelets per run, corners counted twice",
	Moves:    "moves per run",
	Once:     "cubelets per run, each counted once",
	Folding:  "a folding typed as moves",
	Shape:    "moves laying the snake out",
}

// String returns the notation's user-facing name, as accepted by
// [ParseNotation].
func (n Notation) String() string {
	if n >= 0 && int(n) < len(names) {
		return names[n]
	}
	return fmt.Sprintf("Notation(%d)", int(n))
}

// Describe says in a few words what the notation is, as in "moves per
// run".
func (n Notation) Describe() string {
	if n >= 0 && int(n) < len(descriptions) {
		return descriptions[n]
	}
	return n.String()
}

// ParseNotation returns the notation called name, in any case and
// ignoring surrounding whitespace. "auto" and the empty string give
// [Auto]; "bits" and "ft", the names of earlier versions, give [Cubelets]
// and [Before].
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
	if n, ok := aliases[s]; ok {
		return n, nil
	}
	return Auto, fmt.Errorf("unknown notation %q (want %s)", name, joinOr(names[:]))
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

// valid reports whether n is one of the concrete notations.
func (n Notation) valid() bool { return n >= Cubelets && n <= Shape }

// letters reports whether n is one of the straight-or-turn letter lists.
func (n Notation) letters() bool { return n == Cubelets || n == After || n == Before }

// numbers reports whether n is one of the run-length lists.
func (n Notation) numbers() bool { return n == Lengths || n == Moves || n == Once }

// moves reports whether n reads a list of moves.
func (n Notation) moves() bool { return n == Folding || n == Shape }
