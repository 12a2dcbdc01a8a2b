// Package notation reads the ways people write a snake down and turns
// them into its sequence, and writes a sequence back in most of them.
//
// A sequence is the snake's identity as used throughout snakecube: a
// string of L characters '0' or '1', where index 0 and L-1 are the ends
// (always '0') and an inner '1' marks a turn cubelet. [Read] reads text
// into a sequence; [Format] writes a sequence as text.
//
// # Notations
//
// The classic 3x3x3 snake in each notation:
//
//	cubelets  001110110111010111101010100 or --ooo-oo-ooo-o-oooo-o-o-o--
//	after     S,T,S,T,S,T,S,T,T,T,T,S,T,S,T,T,T,S,T,T,S,T,T,T,S,S (read backwards)
//	before    F,F,T,T,T,F,T,T,F,T,T,T,F,T,F,T,T,T,T,F,T,F,T,F,T,F
//	esc       ESCCCSCCSCCCSCSCCCCSCSCSCSE
//	slash     bwb/w/b/wb/w/bw/b/w/bw/bw/b/w/b/wb/wb/wb/wb
//	lengths   3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3
//	moves     2,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2,2
//	once      3,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2,2
//	folding   +x +x +y -x +z +z +y -z -z +x +z -y -y -x -x +y -z +y +z +z -y -y +x +x +y +y
//
// In detail:
//
//   - [Cubelets]: one letter per cubelet, straight or turn, in one of the
//     pairs 0/1, -/o, -/., I/X, S/T, S/E, F/T, S/B, S/C (straight first,
//     either case). With L letters the ends are included and must be the
//     straight letter; with L-2 both ends are left out.
//   - [After] and [Before]: one letter per move, L-1 letters, in the same
//     pairs. Such a list leaves out one end, and which one is a
//     convention: After's entry i says whether the snake turns after
//     move i, at cubelet i+1, so the first end is left out and the last
//     entry stands for the last end; Before's entry i says whether move i
//     turns from the move before, at cubelet i, so the last end is left
//     out and the first entry stands for the first end. The entry that
//     stands for an end carries nothing and may be either letter. Read
//     the wrong way, the list is the snake shifted by one cubelet, a
//     different snake, usually with no solution.
//   - [ESC]: Jaap's 'E' end, 'S' straight, 'C' corner, one per cubelet,
//     any case. E must stand at both ends and nowhere else.
//   - [Slash]: one letter per cubelet (any letters, usually 'b' and 'w'
//     for the wood's colours), with '/' between two cubelets where the
//     direction changes, written after the turn cubelet.
//   - [Lengths]: the length of each straight run, counting cubelets as on
//     the puzzle: a corner belongs to both runs it joins, so the lengths
//     add up to L + runs - 1. Each length is at least 2.
//   - [Moves]: the moves in each run (its length minus 1); they add up to
//     L - 1. Each is at least 1.
//   - [Once]: the cubelets of each run, each cubelet counted once: the
//     first run counts its start, later runs only the cubelets they add;
//     they add up to L. The first is at least 2, the others at least 1.
//   - [Folding]: a folding typed as L-1 moves, in any form package
//     movelist reads (signed axes, Jaap's F/L/U/B/R/D letters, solve's
//     arrows and words, catalogue codes); it must fill the caller's box.
//     L moves, one per cubelet as some solvers print them, are read with
//     the last left out.
//   - [Shape]: moves as for Folding that lay the snake out, anywhere; only
//     checked not to cross themselves.
//
// Surrounding whitespace is ignored, and the list may be wrapped, more
// than once, in quotes or a pair of brackets "[...]", "{...}" or
// "(...)", the brackets possibly preceded by code that names or types
// the list ("static int s[] = {...};", "[]int{...}", "cube = [...]").
// Spaces, commas, semicolons and quotes separate entries; run lengths
// also take hyphens, or no separator at all between single digits
// ("332").
//
// # Detection
//
// With [Auto], [Read] reads the text in every notation whose alphabet
// fits it (slash only when the text holds a '/') and keeps the readings
// that parse and whose length the caller accepts. When they give one
// snake, that is the answer. When they give several, Read does not fail:
// it returns one, in the order cubelets, lengths, moves, once, after and
// before (before first for F/T, whose letters name moves), folding, esc,
// slash, and lists the others in [Result.Others], so that the caller can
// say which was used and how to ask for another ([Result.Ambiguity]).
// When no reading is left, the error is the most specific one: a fault in
// a reading of an allowed length, else a length not allowed when some
// reading parsed, else a structural error (an end marked as a turn, a run
// too short), else an invalid character, each from the notation that read
// furthest into the text.
//
// # Errors
//
// Every error about the text is an [*Error] carrying the notation, the
// 1-based column in the original text and the cubelet index when they
// apply; its message counts cubelets from 1. Empty input wraps
// [ErrEmpty]; a length the caller does not accept wraps [ErrLength] and
// carries the length in [Error.Length]. When a notation was named and
// the text does not read in it, [Error.Others] lists the readings that
// would have worked.
package notation
