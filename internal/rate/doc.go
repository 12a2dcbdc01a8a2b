// Package rate measures how hard a snake is to fold by hand: for a
// person ([Feel], [Person]), on each box's own 1 to 10 scale; and by the
// natural strategy, a machine's search ([Rate]), exactly, on a scale
// calibrated on the 3x3x3 catalogue.
//
// # The natural strategy
//
// A person folds from one end of the snake. Cubelet 1 goes into a cell of
// the box drawn uniformly at random; each next cubelet goes into a free
// cell next to the last one that the snake allows: after a straight the
// chain goes on in the same direction, after a turn it takes one of the
// four directions across; the first move may take any of the six. The
// person picks uniformly among the placements that stay in the box and do
// not cross the chain, prunes nothing else (no parity, no cells cut off),
// and on a dead end takes back the last placement and tries the next
// untried one, depth first, backing up further when none is left; a start
// cell that fails is followed by another untried one. The strategy's tree
// is the tree of every such partial folding: a node for each placement,
// the root's children every cell of the box.
//
// A snake's difficulty from one end is the expected number of placements
// until the first complete folding, over the random orders in which the
// children of every node are tried. With children tried in a uniformly
// random order, depth first, a node v with g > 0 good children (whose
// subtree holds a complete folding) costs
//
//	E[v] = 1 + Σ_bad size(c) / (g+1) + (1/g) Σ_good E[c]
//
// placements: a bad child comes before every good one with probability
// 1/(g+1) and is then searched whole, size(c) placements; the first good
// child tried is each good one with probability 1/g. The root places
// nothing, so its 1 is left out. [Rate] computes E, the tree's size and
// its complete foldings in one post-order pass, from each end.
//
// The snake's difficulty ([Rating.Difficulty]) is the mean of the two:
// a person picks an end at random. The share of forced placements
// ([Rating.ForcedShare]) is, among the placements the strategy makes in
// expectation before its first folding, the share that had no choice: the
// only free cell the snake allowed.
//
// # A person's difficulty
//
// [Feel] measures another person, one who folds as people do: each next
// cubelet in a cell drawn among those the snake allows that leave no
// free cell cut off, a start over from an empty box at a dead end, and
// the toy turned around to its easier end (docs/CONVENTIONS.md). Its
// expected placements from an end are L/p, an attempt's mean placements
// over its chance to fold the snake: exact over the tree of attempts in
// a small box, else p exact from the snake's foldings and L from
// attempts played, with a standard error. [ScaleOf] gives each box its
// own 1 to 10 scale of it: the deciles of its catalogue, or of a uniform
// sample of its snakes drawn by the backbite walk. [Person] rates a snake
// so, as the commands rate and design and the maker's sheet give it
// ([Felt]): both ends, the headline the easier end's, its level on the
// box's scale; [Rate], the natural strategy, stays a figure for research.
//
// # Exactness
//
// Sizes and foldings are counted exactly in 64 bits (a 4x4x4 snake's
// trees hold some 10^8 to 10^10 nodes, see Speed). E is a sum of positive
// terms: each node adds its children's values and divides by whole
// numbers under 2^53, so no cancellation happens and the relative
// rounding error grows by a few units in the last place per level, under
// 10^-13 over 64 levels; the tests compare with exact rationals
// ([math/big.Rat]) to 10^-12.
//
// Cells of one orbit of the box's symmetries have subtrees alike, and so
// do the children that a symmetry fixing the path so far maps onto each
// other: the top of the tree is walked once per class and each class
// weighed by its number of members, which saves up to the order of the
// box's symmetry group (48 for a cube) and gives the same numbers. Below,
// the search runs over 64-bit sets of cells with precomputed neighbour
// tables and its own stack.
//
// # The scale
//
// [Level] maps a difficulty to 1 to 10 by the deciles of the 3x3x3
// catalogue's difficulties: level k holds the tenth of the catalogue's
// 11,487 snakes ranked k-th from the easiest, so that level 7 means the
// same in every box. A difficulty below the easiest 3x3x3 snake's is 1,
// above the hardest's 10. The thresholds are the engine's own output,
// written to scale_table.go by go generate (command calibrate).
//
// # Speed
//
// Rating the whole 3x3x3 catalogue visits some 3×10^8 nodes (the trees
// hold 1.5×10^10). The 4x4x4 snakes tried, make compare's three and two
// unique-solution puzzles of design, had trees of 1.3×10^8 to 2.5×10^10
// nodes from either end: [Rate] cuts them into pieces for every core, and
// [Options.MaxNodes] bounds the work.
package rate
