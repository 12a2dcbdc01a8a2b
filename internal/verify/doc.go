// Package verify checks a catalogue file against the definitions, without
// trusting whoever wrote it.
//
// # What is checked
//
// [Verify] reads a catalogue, JSON or JSONL (see package export), as a
// stream, holding one snake's solutions at a time, and checks:
//
//   - every key is a snake of the box: '0' and '1', one per cell, '0' at
//     both ends, and the smaller of itself and its reverse;
//   - keys ascend and none repeats;
//   - every snake lists at least one solution;
//   - every solution is consistent and correct ([Checker.Solution]): its
//     startPos is a cell, its direction has one valid move per cubelet but
//     the last and never leaves the box or returns to a visited cell, so it
//     visits every cell once; its path numbers the cells exactly as
//     startPos and direction place the cubelets; and it folds the key's
//     snake, read from either end;
//   - no two solutions of a snake are the same up to the box's rotations and
//     reflections and reading the snake from its other end.
//
// Files of the public Go enumerator oscar6echo/snake-cube-go state some
// solutions read from the snake's other end, and any image of a solution
// under the box's symmetries may stand for it: every reading and every
// representative is accepted. The order of a snake's solutions is not
// checked.
//
// With [Options.Complete], the catalogue is also compared, key by key in a
// merge walk, with a fresh search of the whole box ([solver.Enumerate]):
// snakes the search finds that the file lacks, snakes of the file the
// search does not find, and solutions missing from either side, matched by
// canonical form. When keys are out of order, a snake found out of place is
// also reported missing at the place it belongs.
//
// # Canonical forms
//
// Two solutions of a snake are the same exactly when their canonical forms
// are equal. The canonical form of a folding of snake q is computed from
// the folding alone: read it along q (both ways when q is a palindrome),
// take [symmetry.Box.Normalize] of each reading, keep the smallest.
//
// # Problems
//
// Each problem is a [*Problem] naming the key, as the file writes it, and
// the solution's index in the key's list, counted from 0, or -1 when the
// problem concerns the snake as a whole. A file that is not JSON, or not a
// catalogue, ends the check with the reader's [*export.SyntaxError], which
// gives the byte offset.
package verify
