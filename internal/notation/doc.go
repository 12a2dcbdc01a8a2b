// Package notation reads the ways people write a snake down and turns
// them into its sequence, and writes a sequence back in any of them.
//
// A sequence is the snake's identity as used throughout snakecube: a
// string of L characters '0' or '1', where index 0 and L-1 are the ends
// (always '0') and an inner '1' marks a turn cubelet. [Parse] reads text
// into a sequence; [Format] writes a sequence as text.
//
// # Notations
//
// The classic 3x3x3 snake reads the same in all six notations:
//
//	bits     001110110111010111101010100
//	esc      ESCCCSCCSCCCSCSCCCCSCSCSCSE
//	lengths  3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3
//	moves    2,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2,2
//	slash    bwb/w/b/wb/w/bw/b/w/bw/bw/b/w/b/wb/wb/wb/wb
//	ft       F,F,T,T,T,F,T,T,F,T,T,T,F,T,F,T,T,T,T,F,T,F,T,F,T,F
//
// In detail:
//
//   - [Bits]: '0' (straight or end) or '1' (turn), one per cubelet.
//   - [ESC]: 'E' end, 'S' straight, 'C' corner (turn), one per cubelet,
//     any case. E must stand at both ends and nowhere else.
//   - [Lengths]: the length of each straight run, counting cubelets as on
//     the puzzle: a corner belongs to both runs it joins, so the lengths
//     add up to L + segments - 1. Each length is at least 2.
//   - [Moves]: the moves in each run (its length minus 1); they add up to
//     L - 1. Each is at least 1.
//   - [Slash]: one letter per cubelet (any letters, usually 'b' and 'w'
//     for the wood's colours), with '/' between two cubelets where the
//     direction changes, written after the turn cubelet.
//   - [FT]: one 'F' (keeps the direction) or 'T' (turns) per move, L-1
//     entries, any case. Entry i, for i >= 1, is 'T' when cubelet i is a
//     turn; entry 0 carries no information and may be either letter.
//
// Surrounding whitespace is always ignored, and the whole text may be
// wrapped in one pair of brackets, "[...]" or "(...)". Bits, esc and ft
// accept spaces and commas between entries; lengths and moves accept any
// mix of spaces, commas and hyphens between numbers; slash accepts spaces.
//
// # Detection
//
// With [Auto], [Parse] reads the text in every notation whose alphabet
// fits it (slash only when the text holds a '/') and keeps the readings
// that parse and whose length the caller accepts. One reading, or several
// that agree, is the answer. Readings that disagree give an
// [*AmbiguousError]: Parse never guesses. When no reading is left, the
// error is the most specific one: a length not allowed when some reading
// parsed, else a structural error (an end marked as a turn, a segment too
// short), else an invalid character, each from the notation that read
// furthest into the text.
//
// # Errors
//
// Every error about the text is an [*Error] carrying the notation, the
// 1-based column in the original text and the cubelet index when they
// apply. Empty input wraps [ErrEmpty]; a length the caller does not
// accept wraps [ErrLength] and carries the length in [Error.Length].
package notation
