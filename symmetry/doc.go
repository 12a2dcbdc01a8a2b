// Package symmetry defines the box a snake folds into, the moves of a
// folding, the box's symmetry group, and what "canonical" means.
//
// # Boxes and moves
//
// A [Box] is A×B×C cells, A*B*C at most 64, so that any set of cells fits in
// one uint64. Cell (x, y, z) has index x + A*(y + B*z). A move is a [Dir],
// numbered in the order in which directions compare:
// +x < -x < +y < -y < +z < -z. [Dir.Code] gives the ±1, ±2, ±3 codes of the
// catalogue file.
//
// # Symmetry and the canonical form
//
// The box's symmetries are the rotations and reflections of space that map
// the box onto itself: every signed permutation of the axes that sends each
// axis to an axis of the same length ([Box.Group]). Two foldings are the same
// solution when one is the image of the other, possibly read backwards.
//
// The canonical form of a direction list is the lexicographically smallest of
// its images under the box's group. [Box.Normalize] computes it in one pass:
// an image is smallest exactly when every axis is introduced in the positive
// sense and no axis of equal length with a smaller index is still unused at
// that point. A search that only extends moves allowed by [Box.Allowed]
// therefore produces every folding exactly once per orbit, already in
// canonical form; this is the "dimension ordering" symmetry breaking.
//
// The start cell is not part of the comparison: a Hamiltonian path fills the
// box, so its direction list fixes where it starts ([Box.Start]).
//
// Reading a folding backwards ([Reverse]) and choosing the reading whose turns
// follow the snake's key is the business of package solver.
package symmetry
