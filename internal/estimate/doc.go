// Package estimate estimates how many snakes of a box fold, how many of
// them have one solution, and how many solutions there are, from exact
// counts of a few sections chosen at random with known probabilities.
//
// # Method
//
// The keys of a box's snakes form a binary tree: the node of prefix p
// holds the section of keys starting with p (see [solver.CountSection]),
// and its two children split it by the next cubelet, straight or turn. A
// descent starts at the root, the prefix "0", and steps down to a child
// until its prefix has [Options.Depth] cubelets; then it counts the
// section reached exactly. At each step it takes child c with probability
//
//	q(c) = (1-f) m(c) / (m(c0) + m(c1)) + f/2
//
// where m is an estimate of the child's mass and f is [Options.Floor]
// (both children alike when both masses are 0). If the descent reaches
// section s with probability π(s), the product of its steps, then
//
//	Y = count(s) / π(s)
//
// is the Hansen-Hurwitz estimate of the box's total, and the mean of K
// independent descents, with the standard error from the sample variance
// of their Y, is the estimate printed.
//
// # Why it is unbiased
//
// Take a node v of the tree and the total T(v) of its section; a descent
// from v gives Y(v) = T(v) when v is as deep as the design counts. Above,
// it chooses child c with probability q(c) and returns Y(c)/q(c). If
// E[Y(c)] = T(c) for each child, then, whatever the masses were,
//
//	E[Y(v)] = q(c0) T(c0)/q(c0) + q(c1) T(c1)/q(c1) = T(c0) + T(c1) = T(v)
//
// because q(c) >= f/2 > 0 for every child, empty or not: no section is
// left out, which is what the floor is for. By induction from the deepest
// level, E[Y(root)] is the box's total exactly, however poor the masses.
// They only decide the variance: zero if q followed each section's true
// share, larger the further it strays. The masses are a function of the
// seed and the prefix alone, never of the descent that asks, so the K
// descents are independent and identically distributed given them, and
// their sample variance estimates the variance of their mean without
// bias: the interval is honest when K is large enough for the mean to be
// near normal, which the validation measures rather than assumes.
//
// # Where a descent stops
//
// The argument above needs the sections counted to part the keys, not to
// be of one depth. With [Options.Budget] a descent stops at the first
// prefix from [Options.Depth] on whose section's search the weighing puts
// at Budget nodes or fewer (at [Options.Deepest] whatever its size). The
// figure is that of the population seeded by the prefix alone, which
// weighed it against its sibling, so whether a prefix stops is a function
// of the seed and the prefix, as the choices are: every key lies below
// exactly one prefix that stops, and the induction runs from those. A
// small section is then counted whole, with no choice weighed below it,
// and a big one cut further, so that no count outgrows the budget by much;
// on 4x4x4 at depth 40 a hundredth of the sections took half the counting
// (docs/RESEARCH.md).
//
// # The known solutions as control variate
//
// Where the box's solutions S are known (4x4x4), [Controlled] estimates
// the snakes and the one-solution snakes from the terms
//
//	Z_i = Y_i - b_i (X_i - S)
//
// with X_i the descent's solutions over π, and b_i the least-squares slope
// of Y on X over the other descents. Descent i is independent of the
// others, hence of b_i, and E[X_i] = S, so E[Z_i] = E[Y_i]: still
// unbiased, whatever b_i comes to. On 4x4x4, where a few tiny π rule both
// Y and X, this takes the snakes' standard error down threefold.
//
// # The masses
//
// Knuth's random probes estimate a deep section's size badly: on 4x4x4,
// almost all the probes of a section of depth 34 die while they are still
// following its prefix. So a descent carries the section's frontier, the
// partial foldings that follow its prefix to its end ([solver.Frontier]),
// extended by one move at each step and sampled down to
// [Options.Capacity] nodes; and a child's mass is estimated by a
// population of [Options.Width] nodes grown from its frontier down to
// complete foldings, resampled at each depth (Chen's stratified sampling
// of search trees). The mass compares the two children's estimates at the
// deepest depth that enough of the population reached: their solutions
// when it reached the leaves, their partial foldings otherwise. It is
// raised to [Options.Power], below 1 because sections rich in solutions
// are richer in solutions per snake than in snakes.
//
// The top [Options.CacheDepth] levels, which every descent crosses, are
// profiled once with wider populations and shared; the choices of the
// next levels are kept too, for the descents that pass again. A descent
// written to a file keeps its choices ([Descent.Choices]), and a run that
// resumes the file starts with them kept.
//
// Where the shared levels misjudge a prefix rich in snakes, [Strata] take
// their place down to a depth: a table of the probability of each prefix
// there, fitted on the descents of a first run ([Design.MakeStrata]).
// The table is fixed before the descents that use it are drawn, so they
// are unbiased by the argument above; on 2x4x8 it took a descent's
// relative variance from 17 to about 3 ([CrossRelVar]).
//
// The noise of the masses, not the choice of what they estimate, makes
// most of the spread of the descents on 4x4x4: it compounds over the 40
// choices of a descent. The variance of the log of a choice's probability
// over seeds, summed along a path, halves from width 1,024 to 4,096 and
// again to 16,384 (make estimate-noise), and the 4x4x4 run is drawn at
// 16,384, where counting a section still costs more than weighing its
// choices. The deep levels' noise is the frontier's: where a long prefix
// has many partial foldings, a sample of Capacity of them weighs its
// children unevenly whatever the width. On the 51 to 64-cell boxes a
// capacity of 65,536 takes most of it away for little time
// (docs/RESEARCH.md).
package estimate
