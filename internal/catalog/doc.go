// Package catalog reads snake catalogues: it is the one place where a
// catalogue file, JSON or JSONL as package export writes them, becomes
// checked domain snakes. Every command that reads a catalogue (verify,
// stats, merge, serve) reads it through a [Reader].
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
// stops at the first ([Snake.Err]), merge refuses a part that has any.
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
// # The box
//
// [Options.Box] gives the box. When it is zero, the box is the cube whose
// volume is the first key's length ([symmetry.CubeOf]): 8, 27 or 64
// cubelets, or else the box of [Options.Boxes] of that volume; for any
// other length Next fails with [ErrNoBox].
//
// # Numbering
//
// A [Problem] names the snake by its key as the file writes it, and a
// solution by its place in the key's list counted from 1, as a person
// counts; moves and cubelets are also counted from 1.
package catalog
