// Package solver finds snake foldings: every solution of one snake
// ([Solve], or only how many, [CountSolutions]), every solvable snake of a
// box with all its solutions ([Enumerate], or section by section,
// [Stream]), and exact counts of a box's snakes and solutions without
// keeping the solutions ([CountSection], [CountSections]).
//
// # The search
//
// Each is one depth-first search over partial foldings, pruned as soon as
// the turns so far cannot begin a wanted sequence (one given snake, or a
// key with a given prefix), a free cell could no longer be passed through,
// or the path would be forced to end on the wrong colour. Symmetry is
// broken, not filtered afterwards: of a folding's images under the box's
// symmetries, only its canonical form is met. The search itself lives in
// internal/engine, whose package comment describes it; this package is its
// public face, its types the engine's under the same names.
//
// A snake's search tree from one end can be several times the size of the
// tree from the other, and no cheap look tells which is smaller for sure:
// [Solve] searches from both ends at once and keeps the first search to
// finish. It never costs more than seventeen times the smaller tree, and
// close to the smaller tree once its estimates of the two are right.
//
// # Sections
//
// A section is the part of a catalogue whose keys start with a prefix, a
// [Seq] of 0 to L cubelets ([ParsePrefix]). The sections of one prefix
// length partition the catalogue and, in key order, follow each other in
// it ([Sections], [SectionAt], [NumSections]). A search constrained to a
// prefix prunes at the prefix's depth, so a section costs its own subtree
// plus a sliver of the tree above it. [Shards] groups the sections of a
// box into shards of about equal work, for a job split over machines.
//
// # Parallel work and order
//
// A search is cut into many tasks run by at most Options.Workers
// goroutines, and cancelled through its context. Results are put back in
// task order, so what a search returns never depends on the number of
// workers or on scheduling. Catalogues are searched section by section,
// the big sections first, so memory is bounded by the sections in flight.
//
// # Counting conventions
//
// Solutions are counted once up to the box's rotations and reflections and
// up to reading the snake from its other end; see docs/CONVENTIONS.md.
package solver
