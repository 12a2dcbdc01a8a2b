// Package oracle is a slow, deliberately simple reference implementation of
// the snake-cube domain, used only by tests to check the fast engine.
//
// # Why it is independent
//
// The engine (packages symmetry, solver and export) is built for speed: bit
// boards, pruning, symmetry breaking during the search, precomputed tables.
// An oracle that shared any of that code or logic would repeat its mistakes.
// So oracle imports nothing from this module and does everything the obvious
// way: it walks every directed Hamiltonian path with a plain depth-first
// search from every cell, applies the box's symmetries as explicit 3x3
// signed permutation matrices on centred coordinates, and finds a canonical
// form by building every candidate image and keeping the smallest. Nothing
// is pruned and nothing is cached between calls.
//
// # Conventions
//
// They are those of docs/CONVENTIONS.md:
//
//   - A box is dims = (A, B, C), sides >= 1, L = A*B*C <= 64 cells; a cell is
//     (x, y, z) with 0 <= x < A, 0 <= y < B, 0 <= z < C.
//   - Direction codes +1 -1 +2 -2 +3 -3 mean +x -x +y -y +z -z, and compare
//     in that order (ranks 0 to 5). A [Folding] is the cell of cubelet 0 and
//     the L-1 moves.
//   - The turn sequence has L characters; the ends are '0' and inner
//     cubelet i is '1' when moves i-1 and i lie on different axes. The key
//     is the smaller of the sequence and its reverse.
//   - A solution is a Hamiltonian path up to the box's symmetries and
//     reversal; its canonical form is the smallest direction list among the
//     symmetric images of the readings whose turn sequence is the key (both
//     readings for a palindrome). See [Canonical].
//
// # Sizes
//
// [CountPaths] and [Catalogue] walk every directed Hamiltonian path one
// by one, so their time grows with the paths (docs/SPEED.md has the
// times); on 3x3x3, 4,960,608 paths, [Catalogue] reproduces the published
// figures (11,487 snakes, 51,704 solutions). [Paths] stores every path, so keep it to boxes of about
// 20 cells or fewer (2x3x4 already has 826,968).
package oracle
