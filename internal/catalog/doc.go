// Package catalog reads snake catalogues: it is the one place where a
// catalogue file, JSON, JSONL or Parquet as package export writes them,
// becomes checked domain snakes. Every command that reads a catalogue
// (verify, stats, merge, convert, serve) reads it through a [Reader], or
// a [Skimmer] to index it. The format is told by the file's content,
// never by its name.
//
// # What a Reader checks
//
// [Reader.Next] returns one [Snake] at a time, holding one entry of the
// file in memory, with what is wrong with it attached rather than thrown:
//
//   - its key is a snake of the box: '0' and '1', one per cell, '0' at both
//     ends, and the smaller of itself and its reverse;
//   - keys ascend and none repeats;
//   - it lists at least one solution;
//   - each solution is consistent and correct ([Checker.Solution]): its
//     startPos is a cell, its direction has one valid move per cubelet but
//     the last and never leaves the box or returns to a visited cell, so it
//     visits every cell once; its path numbers the cells exactly as
//     startPos and direction place the cubelets; and it folds the key's
//     snake, read from either end;
//   - no two solutions are the same up to the box's rotations and
//     reflections and reading the snake from its other end
//     ([Solution.Same]).
//
// A caller decides what a problem means: verify reports every one, stats
// stops at the first ([Snake.Err]), merge and [Convert] refuse a file
// that has any.
//
// # Skimming
//
// A [Skimmer] reads a catalogue without decoding its solutions: each
// [Entry] is a key, the offset where its entry starts and the number of
// solutions listed. It checks what it sees (the structure around the
// entries, the keys, their order, that each lists a solution) and stops at
// the first problem. [ReadAt] then reads one entry at its offset through a
// Reader, checking its solutions. So a server indexes the 11 GB of the
// 3x3x4 catalogue keeping a few bytes a snake, and reads a snake's
// solutions when they are asked for.
//
// # Canonical forms
//
// Two solutions of a snake are the same exactly when their canonical forms
// are equal (docs/CONVENTIONS.md). The canonical form of a folding of
// snake q is computed from the folding alone: read it along q (both ways
// when q is a palindrome), take [symmetry.Box.Normalize] of each reading,
// keep the smallest. Files of the public Go enumerator
// oscar6echo/snake-cube-go state some solutions read from the snake's
// other end, and any image of a solution under the box's symmetries may
// stand for it: every reading and every representative is accepted.
//
// # Parquet
//
// A Parquet catalogue's rows (see package export) are grouped by key
// into snakes, and checked as JSON entries are, but for the path array,
// which rows do not hold. What each row states besides is checked too:
// its box, its snake's solutions (the snake's rows), straights and
// palindrome, each wrong value reported once for its snake, and its
// solution's place among its snake's rows, counted from 1, which a wrong
// number makes a problem with that solution. Columns other than the
// catalogue's are ignored, so a file another program wrote from ours,
// adding columns, reads as ours.
//
// # The box
//
// The box is the first of: the box the file states (a JSONL header, a
// Parquet file's metadata or its first row), which must be [Options.Box]
// when that is given, or else Next fails with [ErrOtherBox]; Options.Box;
// the shape of the first solution's path array, path[x][y][z] having
// the box's sides, when its volume is the key's length; the cube whose
// volume is the first key's length ([symmetry.CubeOf]), 8, 27 or 64
// cubelets, or else the box of [Options.Boxes] of that volume. For any
// other length Next fails with [ErrNoBox]. So a catalogue snakecube wrote
// needs no box given, and neither does one of oscar6echo/snake-cube-go,
// whose JSON holds path arrays.
//
// # Numbering
//
// A [Problem] names the snake by its key as the file writes it, and a
// solution by its place in the key's list counted from 1, as a person
// counts; moves and cubelets are also counted from 1.
package catalog
