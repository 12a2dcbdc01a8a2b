// Package solver finds snake foldings: every solution of one snake
// ([Solve], or only how many, [CountSolutions]), every solvable snake of a
// box with all its solutions ([Enumerate], or section by section,
// [Stream]), and exact counts of a box's snakes and solutions without
// keeping the solutions ([CountSection], [CountSections]). It also holds
// the machinery that estimates a search too big to run ([EstimateTree],
// [Frontier]), which the estimate command uses: it walks the search's own
// nodes, so it lives beside them.
//
// # The search
//
// It is one depth-first search over partial foldings, a branch and bound
// over partial constraint sequences: at depth i the turns so far are known,
// so the search is pruned as soon as they cannot begin a wanted sequence (a
// key with a given prefix, or one given snake). Cells are bits of a uint64,
// the box's neighbour tables are computed once per box, and a partial
// folding is abandoned as soon as a free cell could no longer be passed
// through (fewer than two free neighbours, unless it is the one cell left
// to end in), or the end it is forced to would have the wrong colour: the
// grid is bipartite, so a path's ends have colours fixed by its length.
// In a box whose longest side is at least twice the next (2x2x6, 2x3x6,
// 2x2x16), it is also abandoned when its head completes a layer across
// that side while free cells lie on both sides of it: the path can cross
// the layer no more. Such doomed subtrees are most of a long box's search
// (three quarters of 2x2x16's); in squatter boxes the test would cost more
// than it saves, and is not made.
// Each cell's count of free neighbours is kept bit-sliced as the search
// goes, so the moves a node admits are one mask computed once per node;
// the search loops keep their own stacks, and the two that run nearly
// every node call no function.
//
// A snake's search tree from one end can be several times the size of the
// tree from the other, and no cheap look tells which is smaller for sure:
// [Solve] searches from both ends at once, most of the work going to the
// end whose top levels are narrower, then to the end that the work done
// so far estimates closer to done, and keeps the first search to finish:
// it never costs more than seventeen times the smaller tree, and close to
// the smaller tree once the estimates are right.
//
// Symmetry is broken, not filtered afterwards: moves introduce axes only in
// the canonical order, each new axis first in its positive sense, so of a
// folding's images under the box's symmetries only its canonical form is
// met (docs/CONVENTIONS.md). Reversal is filtered at the leaves: a folding
// whose turns read larger than their reverse is the other reading of a
// key's folding and is dropped, and of a palindrome's two readings the
// larger canonical form is dropped. A search of a whole box can do better
// ([Enumerate], and [CountSections] given every section of a box of up to
// 32 cells): a path may end only in a cell whose orbit under the box's
// symmetries is not below its first cell's, so that a folding whose ends
// lie in different orbits is met from one end only and filed under its
// key, read from the other end where that is the key; the lower orbits
// join the cells a path cannot end in, which prunes every node where one
// of them is left a dead end.
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
// A search is cut into many tasks, the subtrees below the nodes of a
// fixed depth (the start cells and their first moves, deep enough for
// several tasks a worker), which at most Options.Workers goroutines of an
// errgroup take in turn, each with its own search; the first error, or the
// context's end, stops them all, and the search returns the context's
// error soon after it is done. Results are put back in task order, so
// what a search returns never depends on the number of workers or on
// scheduling. Catalogues are searched section by section ([Sections],
// [Stream]), the big sections first, so memory is bounded by the sections
// in flight.
//
// # Estimates
//
// [EstimateTree] estimates a box's whole search by Knuth's random probes,
// and [SearchFor] runs it for a while, whose nodes over the processor
// time spent are how fast a core searches it: together, the time a count
// would take. A [Frontier] holds the nodes of a section's
// search where its prefix ends, or a weighted sample of them, built one
// cubelet at a time; its [Frontier.Profile] estimates the search below it
// depth by depth. Package internal/estimate descends the key-prefix tree
// with them to estimate a box's snakes and solutions. They extend the
// search's own nodes with its tables and its leaf, and so belong here.
//
// # Counting conventions
//
// Solutions are counted once up to the box's rotations and reflections and
// up to reading the snake from its other end; see docs/CONVENTIONS.md.
//
// # Files
//
//   - grid.go: a box's tables, computed once and read at every node
//     (neighbours, the moves each kind of cubelet allows, straight runs, a
//     snake's tail, the start cells), and the tests a node makes with
//     them: weak cells (weak) and forced runs (fits, runsBlocked).
//   - constraint.go: what a job fixes of the sequence, and its levels, the
//     constraint as the loops read it move by move.
//   - search.go: the search, its nodes and stacks, and its three loops,
//     descendFree, descendConstrained and descendFixed, with options, the
//     plain form of the test each loop writes out for a node.
//   - leaf.go: a complete folding filed, or dropped as the other reading
//     of a solution, and its turns read off its moves.
//   - engine.go: a search cut into tasks and run on workers; [Enumerate],
//     and the sort of a catalogue.
//   - section.go, ordered.go, packed.go, tally.go: sections and shards of a
//     catalogue, the ordered search of a whole box, its packed solutions,
//     and the tally of solutions by sequence that counts use.
//   - solve.go, race.go, most.go: [Solve]'s race from both ends of a snake,
//     and the first solutions kept when not all are.
//   - seq.go, near.go, obstacle.go: sequences, snakes one cubelet away,
//     and the reasons a snake cannot fold found without a search.
//   - frontier.go, probe.go: the estimator's machinery.
package solver
