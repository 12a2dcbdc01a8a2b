// Package paths counts exactly the directed Hamiltonian paths of a box's
// grid graph, and from them, by Burnside's lemma, the solutions as
// snakecube counts them: it checks the search engine by a method that
// shares nothing with it.
//
// # The transfer matrix
//
// [Hamiltonian] takes in the cells one at a time, in an order that keeps
// few cells on the frontier: the cells taken in that still have a
// neighbour to come. A sweep along the box's diagonal does best on a cube
// (4x4x4: at most 14 cells, against 16 for a sweep layer by layer); the
// order is chosen among the sweeps of every orientation of the box by the
// frontier sizes it goes through. A state is what the cells taken in mean
// for the rest of the path, one 4-bit slot for each frontier cell: it has
// no edge yet; it has its two edges; it ends a strand (a path through the
// cells taken in) whose other end ends the whole path; or it ends a strand
// whose other end is another frontier cell, the two carrying the same
// label. In three dimensions strands join frontier cells in any matching,
// not only in nested ones as on a plane. A step adds the new cell's edges
// to its neighbours already taken in, at most two, in every way that
// closes no cycle, then drops the cells whose last neighbour it was: one
// with a single edge becomes an end of the path, and one with none is a
// dead end. The number of ways to reach each state is summed, exactly, in
// 64 bits, and the whole run is done again in 128 if a count would
// overflow, which no box of up to 64 cells has needed; a 128-bit overflow
// is an error ([ErrOverflow]), never a wrapped count. The path is complete when
// the last cell is taken in and every strand has joined into one with two
// ends.
//
// States that cannot become a path are dropped at once: more than two ends
// needed (gone, or forced: a frontier cell with no edge and one neighbour
// left, a cell still to come with one free neighbour); a cell still to come
// with no free neighbour; or, the grid being bipartite, colours that
// cannot balance, as a path alternates them.
//
// Where the cells taken in make a set that a symmetry of the box maps onto
// itself, so does the rest of the grid, and a state completes in as many
// ways as its image: the step keeps the least of a state's images, their
// counts summed. A cube's diagonal sweep meets such sets at the end of
// each plane (the six permutations of the axes) and wherever the swap of
// two axes keeps the cells taken in; on 4x4x4 this cuts the widest step
// from over 94 million states to 45 million.
//
// A step's states are spread by hash over up to 1,024 parts, each an
// open-addressing table small enough to stay in a core's cache while a
// batch of states is added to it; the goroutines take the states of the
// step before part by part, freeing each once read. The counts are sums,
// so they do not depend on how the work is shared. [Options.MaxStates]
// bounds the states of a step, and so the memory, at some [BytesPerState]
// bytes each.
//
// # Burnside's lemma
//
// A solution is an orbit of the directed paths under the box's symmetries
// G and reversal. [Solutions] counts them as
//
//	(sum over g in G of Fix(g, identity) + Fix(g, reversal)) / (2|G|)
//
// A path through every cell is fixed only by a symmetry that moves no cell
// (the identity, or a flip across a side of length 1), so Fix(g, identity)
// is all the paths or none. Fix(g, reversal) counts the paths P with
// g(P[i]) = P[L-1-i] ([SelfReverse]): g must swap cells in pairs, fixing
// none when L is even and exactly one, the middle cubelet, when L is odd.
// Such a path is its first half H followed by g(H) backwards; H takes one
// cell of each pair and is, pair by pair, a Hamiltonian path of the box
// folded by g: the quotient graph, whose vertices are the pairs (and the
// fixed cell) and whose edges are the pairs of edges, two pairs of cells
// being joined by up to two. H ends where the halves meet: at a cell next
// to its own image, or at the fixed cell. The same transfer matrix counts
// the quotient's paths that end there, through a terminal vertex joined
// to those places that must be an end of the path; each lifts to two
// halves H, one from each cell of its first pair. Conjugate symmetries
// fix as many paths, so one run serves a class.
//
// For 3x3x3: (4,960,608 + 2,976) / 96 = 51,704; for 2x2x2: (144 + 144) /
// 96 = 3.
//
// # Output
//
// [Count.WriteText] writes "name value" lines (paths, self_reverse,
// solutions) after a comment line that says how they were counted.
// [Count.WriteJSON] writes one object with the box, the number of
// symmetries, the same counts and each symmetry's share; see there.
package paths
