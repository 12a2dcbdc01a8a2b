package estimate

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/snakecube/snakecube/internal/studentt"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/solver/sequencer"
	"github.com/snakecube/snakecube/symmetry"
)

// Options tune the design. The zero value takes the defaults.
type Options struct {
	// Depth is the prefix length of the sections counted exactly; 0 means
	// [DefaultDepth]. With a Budget, it is the shortest.
	Depth int
	// Budget, when above 0, lets a descent stop at any depth from Depth
	// down to Deepest: at the first prefix whose section's search the
	// weighing puts at Budget nodes or fewer (the population that weighed
	// the prefix against its sibling, or one of the same width and seed
	// where no choice was weighed there). Where a descent stops is then a
	// function of the seed and the prefix alone, as the choices are, so
	// the sections reached still part the keys and the descents stay
	// unbiased; a big section is cut further, a small one counted whole.
	Budget float64
	// Deepest bounds the prefix length of the sections a descent with a
	// Budget counts, whatever their size; 0 means the box's cubelets.
	Deepest int
	// Width is the population that estimates a child's mass below the
	// shared levels (default [DefaultWidth]); above them, for a child of
	// depth d, it is Width << (CacheDepth-d), at most four times wider,
	// unless SharedWidth is set.
	Width int
	// Capacity bounds the frontier a descent carries (default
	// [DefaultCapacity]).
	Capacity int
	// CacheDepth is the depth down to which the children's masses are
	// shared by all descents (default [DefaultCacheDepth]).
	CacheDepth int
	// SharedWidth, when set, is the population that estimates a child's
	// mass above CacheDepth, at every shared level, in place of Width
	// made up to four times wider: the shared levels are weighed once a
	// run, the levels below once a descent, so that each may have the
	// width its cost allows.
	SharedWidth int
	// Cut makes the frontiers and profiles drop the partial foldings that
	// a full layer cuts off, which can reach no leaf (as the census does
	// on a box whose longest side is at least twice the next): on such a
	// box the populations are not spent on them, and the masses are far
	// less noisy (docs/RESEARCH.md). Elsewhere it changes nothing.
	Cut bool
	// Strata, when set, are the probabilities with which the descents
	// take each prefix of their depth, in place of the choices weighed
	// above it ([Strata]).
	Strata *Strata
	// Floor is the share of the uniform choice mixed into each step
	// (default [DefaultFloor]): a child that may hold a snake is chosen
	// with probability at least Floor/2.
	Floor float64
	// Power is the exponent the masses are raised to (default
	// [DefaultPower]).
	Power float64
	// Workers is how many descents run at once (default 1).
	Workers int
	// Progress, when set, is called after each descent with the number
	// done and the total, one call at a time.
	Progress func(done, total int)
}

// Defaults of [Options], chosen on 2x4x4, where the exact share of every
// node is known, and checked on 4x4x4 (docs/RESEARCH.md, "The
// estimator's defaults").
const (
	// DefaultWidth estimates a mass with a population of 1,024 nodes:
	// wide enough on 2x4x4 that the variance a step adds is the floor's,
	// where Knuth's probes, many more of them, leave it several times
	// larger.
	DefaultWidth = 1 << 10
	// DefaultCapacity bounds a descent's frontier at 4,096 nodes, some
	// 500 kB.
	DefaultCapacity = 1 << 12
	// DefaultCacheDepth shares the masses of the top 12 levels, where the
	// sections are large and the choices matter most: at most 2^12 pairs
	// of children, profiled by populations up to four times wider.
	DefaultCacheDepth = 12
	// DefaultFloor keeps every child's chance at 1/20 or more, so that a
	// child whose mass was missed costs at most a factor 20 in weight.
	DefaultFloor = 0.1
	// DefaultPower: sections rich in solutions are richer still in
	// solutions per snake, so a snake's section is chosen more evenly by
	// a power of the solutions below 1; 0.8 keeps the snakes' and the
	// one-solution snakes' variance near their least on every box
	// measured.
	DefaultPower = 0.8
	// minHits is how many nodes of two siblings' populations must reach
	// a depth for its estimates to decide between them.
	minHits = 16
	// maxShift bounds the widest population at four times the narrowest.
	maxShift = 2
	// memoLevels and maxMemo bound the choices kept below CacheDepth
	// (see Design.choice): some 100 bytes each, 100 MB at most.
	memoLevels = 12
	maxMemo    = 1 << 20
)

// Bounds of [Options] and of a run, whatever is asked, so that memory
// stays bounded.
const (
	// MaxWidth bounds Width: a population of the shared levels is up to
	// four times wider, some 70 bytes a partial folding, 150 MB at 1<<19
	// for each of the descents drawn at once.
	MaxWidth = 1 << 19
	// MaxSharedWidth bounds SharedWidth as MaxWidth bounds the shared
	// levels' populations.
	MaxSharedWidth = MaxWidth << 2
	// MaxCapacity bounds Capacity: a descent's frontier and its two
	// children's, before they are sampled down, hold up to some six times
	// the capacity, 80 bytes a partial folding, 500 MB at 1<<20 for each
	// of the descents drawn at once.
	MaxCapacity = 1 << 20
	// MaxMemory bounds what the descents drawn at once hold together
	// ([Design.Memory] each): at most 32 at once at the largest
	// Capacity, and any number at the default widths.
	MaxMemory = 16 << 30
	// MaxBudget bounds Budget at 10^15 nodes, days of a core: a section
	// above it is no count a descent should wait for.
	MaxBudget = 1e15
	// MaxDescents bounds the descents of a run: each is kept in memory,
	// with its choices under a kilobyte, so a million take under a
	// gigabyte; 2% on 4x4x4 takes under ten thousand.
	MaxDescents = 1_000_000
)

// DefaultDepth is the prefix length of the sections counted for box b:
// 5/8 of its cubelets, 40 for 4x4x4 and 22 for 3x3x4: deep enough that
// a section drawn in proportion to its solutions counts in seconds, where
// a shallower one takes tens of seconds.
func DefaultDepth(b symmetry.Box) int { return max(5*b.Len()/8, 1) }

func (o Options) withDefaults(b symmetry.Box) Options {
	if o.Depth <= 0 {
		o.Depth = DefaultDepth(b)
	}
	o.Depth = min(o.Depth, b.Len())
	if !(o.Budget > 0) || math.IsInf(o.Budget, 1) {
		o.Budget, o.Deepest = 0, o.Depth
	} else if o.Deepest <= 0 || o.Deepest > b.Len() {
		o.Deepest = b.Len()
	}
	o.Deepest = max(o.Deepest, o.Depth)
	if o.Width <= 0 {
		o.Width = DefaultWidth
	}
	if o.Capacity <= 0 {
		o.Capacity = DefaultCapacity
	}
	if o.CacheDepth <= 0 {
		o.CacheDepth = DefaultCacheDepth
	}
	o.SharedWidth = max(o.SharedWidth, 0)
	if o.Floor <= 0 || o.Floor > 1 {
		o.Floor = DefaultFloor
	}
	if o.Power <= 0 {
		o.Power = DefaultPower
	}
	o.Workers = max(o.Workers, 1)
	return o
}

// Descent is one descent of the key-prefix tree: the section it reached,
// the probability of reaching it, and the section's exact count.
type Descent struct {
	Index  int
	Prefix solver.Seq
	Prob   float64
	solver.Count
	// Weigh is the time the descent's choices took, wall-clock seconds:
	// its frontiers and the populations that weighed the children not
	// weighed before. Count.Seconds is its count's.
	Weigh float64
	// Choices are the probabilities of child '1' at each step, from the
	// prefix of one cubelet down; Prob is the product of the steps taken.
	// A run that resumes keeps them (see [Design.Resume]), so that it does
	// not weigh them again.
	Choices []float64
}

// split is the choice at one node: the probability of the child that
// adds a '1'.
type split struct {
	mu   sync.Mutex
	done bool // q1 is made
	q1   float64
}

// Design draws descents of box b's key-prefix tree. Its choices depend
// only on the box, the seed and the options, so that descent k is the
// same in every run, whatever runs beside it.
type Design struct {
	b    symmetry.Box
	seed uint64
	opts Options

	mu     sync.Mutex
	shared map[solver.Seq]*split // the choices made, see choice
	memos  int                   // those at CacheDepth or below
	splits atomic.Int64          // the choices weighed
}

// NewDesign returns the design of box b for seed.
func NewDesign(b symmetry.Box, seed uint64, opts Options) *Design {
	return &Design{b: b, seed: seed, opts: opts.withDefaults(b), shared: map[solver.Seq]*split{}}
}

// Depth is the prefix length of the sections the descents count.
func (d *Design) Depth() int { return d.opts.Depth }

// Width is the population that estimates a child's mass below the shared
// levels.
func (d *Design) Width() int { return d.opts.Width }

// Memory returns about the most bytes one descent of d holds at once:
// its frontier and its two children's, before they are sampled down, up
// to six times Capacity partial foldings of some 80 bytes, and the widest
// population that weighs a choice, some 70 bytes a partial folding. A run
// holds it for each of the descents it draws at once (Options.Workers).
func (d *Design) Memory() int64 {
	widest := max(d.opts.SharedWidth, d.opts.Width<<maxShift)
	return 6*80*int64(d.opts.Capacity) + 70*int64(widest)
}

// width returns the population that profiles a child of depth n.
func (d *Design) width(n int) int {
	if n < d.opts.CacheDepth && d.opts.SharedWidth > 0 {
		return d.opts.SharedWidth
	}
	return d.opts.Width << min(max(d.opts.CacheDepth-n, 0), maxShift)
}

// choice returns the probability of taking child '1' of f's prefix, whose
// children's frontiers are f0 and f1; and, when it weighed them now rather
// than taking a choice made before, the nodes their populations estimate
// in each child's section's search (see [Design.stops]).
//
// A choice depends on the seed and the prefix alone, so it is kept for the
// descents after: those above CacheDepth, which every descent crosses,
// and the next memoLevels levels, where the descents of a run still share
// many prefixes, up to maxMemo of those.
func (d *Design) choice(ctx context.Context, p solver.Seq, f0, f1 *solver.Frontier) (float64, *weighed, error) {
	if t := d.opts.Strata; t != nil && p.Len < t.Depth {
		return t.q1(p), nil, nil
	}
	s := d.slot(p)
	if s == nil {
		return d.split(ctx, f0, f1)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return s.q1, nil, nil
	}
	q1, w, err := d.split(ctx, f0, f1)
	if err != nil {
		return 0, nil, err // not kept: a later run's descents weigh it again
	}
	s.q1, s.done = q1, true
	return q1, w, nil
}

// weighed holds the nodes that the populations of a choice estimate in
// the search of each child's section, child '0' first.
type weighed [2]float64

// slot returns the place of the choice at prefix p, made before or new,
// or nil where no choice is kept: at CacheDepth+memoLevels and deeper, and
// below CacheDepth once maxMemo are.
func (d *Design) slot(p solver.Seq) *split {
	if p.Len >= d.opts.CacheDepth+memoLevels {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	s := d.shared[p]
	if s == nil {
		if p.Len >= d.opts.CacheDepth && d.memos >= maxMemo {
			return nil
		}
		s = &split{}
		d.shared[p] = s
		if p.Len >= d.opts.CacheDepth {
			d.memos++
		}
	}
	return s
}

// remember keeps the choices of a descent to prefix p that an earlier run
// made, choices[i] at the prefix of i+1 cubelets, from choices[from] on,
// as [Design.choice] would have kept them, so that they are not weighed
// again. A choice depends on the seed and its prefix alone: it refuses
// one that differs from the choice kept for that prefix.
func (d *Design) remember(p solver.Seq, choices []float64, from int) error {
	for i := from; i < len(choices); i++ {
		q1 := choices[i]
		at := solver.Seq{Bits: p.Bits & (1<<(i+1) - 1), Len: i + 1}
		s := d.slot(at)
		if s == nil {
			return nil // the deeper prefixes are not kept either
		}
		s.mu.Lock()
		set := !s.done
		if set {
			s.q1, s.done = q1, true
		}
		kept := s.q1
		s.mu.Unlock()
		if !set && kept != q1 {
			return fmt.Errorf("the choice after %v is %v, where a descent before had %v", at, q1, kept)
		}
	}
	return nil
}

// split profiles both children and returns the probability of child '1':
// its share of the two estimated masses, mixed with the uniform choice;
// and the nodes the profiles estimate; or ctx's error, when cancelled
// while profiling.
func (d *Design) split(ctx context.Context, f0, f1 *solver.Frontier) (float64, *weighed, error) {
	d.splits.Add(1)
	p0, err := d.profile(ctx, f0)
	if err != nil {
		return 0, nil, err
	}
	p1, err := d.profile(ctx, f1)
	if err != nil {
		return 0, nil, err
	}
	w := &weighed{searched(&p0), searched(&p1)}
	// A child whose whole search the population covered and found no
	// solution in holds no snake: leaving it out costs nothing in bias.
	last := d.b.Len() - 1
	none0, none1 := p0.Exact && p0.Nodes[last] == 0, p1.Exact && p1.Nodes[last] == 0
	switch {
	case none0 && none1:
		return 0.5, w, nil
	case none0:
		return 1, w, nil
	case none1:
		return 0, w, nil
	}
	return d.share(masses(&p0, &p1)), w, nil
}

// profile returns the profile of f's section that weighs it against its
// sibling. Each child's population is seeded by the child alone, so that
// a mass is the same whichever descent asks for it.
func (d *Design) profile(ctx context.Context, f *solver.Frontier) (solver.Profile, error) {
	return f.Profile(ctx, d.width(f.Prefix().Len), d.seed, solver.FrontierStream(f.Prefix()))
}

// searched returns the nodes profile p estimates in its section's search
// below the frontier.
func searched(p *solver.Profile) float64 {
	var n float64
	for _, x := range p.Nodes {
		n += x
	}
	return n
}

// stops reports whether a descent at f, of prefix p, counts p's section
// rather than choosing a child: at Deepest (or a whole key) always; above
// Depth never; between, with a Budget, when the nodes of the section's
// search, est where the choice that led to p weighed it now (w set) or
// its profile's otherwise, are at most the Budget. Both give the same
// figure, the same population's (TestStopsAsWeighed), so that where a
// descent stops depends on the seed and the prefix alone.
func (d *Design) stops(ctx context.Context, p solver.Seq, f *solver.Frontier, est float64, w bool) (bool, error) {
	switch {
	case p.Len >= d.opts.Deepest || p.Len >= d.b.Len():
		return true, nil
	case p.Len < d.opts.Depth:
		return false, nil
	}
	if !w {
		pr, err := d.profile(ctx, f)
		if err != nil {
			return false, err
		}
		est = searched(&pr)
	}
	return est <= d.opts.Budget, nil
}

// share returns the probability of child '1' of two children of masses
// m0 and m1: its share of the masses raised to the power, mixed with the
// uniform choice.
func (d *Design) share(m0, m1 float64) float64 {
	m0, m1 = math.Pow(m0, d.opts.Power), math.Pow(m1, d.opts.Power)
	fl := d.opts.Floor
	if m0+m1 <= 0 {
		return 0.5
	}
	return (1-fl)*m1/(m0+m1) + fl/2
}

// masses compares two sibling sections by the estimates of their nodes
// at the deepest depth that enough of their populations reached: at the
// last depth, their solutions; where the populations die before, the
// partial foldings nearest to complete.
func masses(f0, f1 *solver.Profile) (float64, float64) {
	for i := len(f0.Hits) - 1; i >= 0; i-- {
		if f0.Hits[i]+f1.Hits[i] >= minHits {
			return f0.Nodes[i], f1.Nodes[i]
		}
	}
	return 0, 0
}

// Descend draws descent k: from the root of the key-prefix tree it steps
// to a child chosen with the probabilities of [Design.choice], on a
// generator seeded by the seed and k, down to the design's depth (or, with
// a Budget, to where [Design.stops]), and counts the section reached
// exactly.
func (d *Design) Descend(ctx context.Context, k int) (Descent, error) {
	start := time.Now()
	r := rand.New(rand.NewPCG(d.seed, uint64(k)))
	L := d.b.Len()
	f := solver.NewFrontier(d.b, d.opts.Cut) // every key starts with '0'
	p := f.Prefix()
	prob := 1.0
	var choices []float64
	var w *weighed // the nodes of f0's and f1's searches, when weighed now
	est := 0.0     // f's
	for {
		if err := ctx.Err(); err != nil {
			return Descent{}, err
		}
		stop, err := d.stops(ctx, p, f, est, w != nil)
		if err != nil {
			return Descent{}, err
		}
		if stop {
			break
		}
		if p.Len == L-1 {
			p = solver.Seq{Bits: p.Bits, Len: L} // a key ends with '0'
			continue
		}
		f0, f1 := f.Children(d.opts.Capacity, d.seed)
		var q1 float64
		if q1, w, err = d.choice(ctx, p, f0, f1); err != nil {
			return Descent{}, err
		}
		choices = append(choices, q1)
		if r.Float64() < q1 {
			f, prob = f1, prob*q1
			if w != nil {
				est = w[1]
			}
		} else {
			f, prob = f0, prob*(1-q1)
			if w != nil {
				est = w[0]
			}
		}
		p = f.Prefix()
	}
	weigh := time.Since(start).Seconds()
	// On every worker: while other descents run, the goroutines share the
	// cores; once a long count is all that is left (see Run), it has them
	// all. The count does not depend on the workers. Its nodes do not
	// either, but in a section whose snakes fill a worker's table (some
	// 2^26, solver.MaxTallied), which is then counted as the sections
	// below it, the search given up left out: which worker's table fills
	// depends on how the work was shared.
	c, err := solver.CountSection(ctx, d.b, p, solver.Options{Workers: d.opts.Workers})
	return Descent{Index: k, Prefix: p, Prob: prob, Count: c, Weigh: weigh, Choices: choices}, err
}

// Run draws the descents ks on opts.Workers goroutines and calls emit
// with each in the order of ks. A descent's count takes from a
// hundredth of a second to minutes; the other workers go on drawing up
// to runAhead descents
// behind it, each under a kilobyte, written once it is: an interrupt
// loses those.
func (d *Design) Run(ctx context.Context, ks []int, emit func(Descent) error) error {
	var done int
	return sequencer.RunAhead(ctx, len(ks), d.opts.Workers, runAhead, func(ctx context.Context, i int) (Descent, error) {
		return d.Descend(ctx, ks[i])
	}, func(_ int, x Descent) error {
		done++
		if d.opts.Progress != nil {
			d.opts.Progress(done, len(ks))
		}
		return emit(x)
	})
}

// runAhead is how many descents may wait for one before them.
const runAhead = 64

// Value is an estimate, its standard error, and the number of descents
// it is the mean of.
type Value struct {
	Mean, Err float64
	N         int
	// Skew is the skewness of the descents' terms: their third central
	// moment over the cube of their standard deviation, 0 for fewer than
	// three or terms all equal. It sets [Value.SkewZ].
	Skew float64
}

// SkewZ returns the modified t of x against v that corrects for the
// skewness, g, of the descents' terms: for t = (Mean - x) / Err, t + a t^2
// + a^2 t^3 / 3 + b with a = g / (3 sqrt N) and b = g / (6 sqrt N), Hall's
// monotone form (P. Hall, "On the removal of skewness by transformation",
// JRSS B 54, 1992) of Johnson's modified t (N. J. Johnson, JASA 73,
// 1978), which has no cubic term and is not monotone. Where the terms
// are skewed to the right, as the descents of a long box are, most runs
// fall short of the truth with an error too small, and t leans negative
// beyond what Student's t allows; the correction takes that lean out,
// and is t itself for terms not skewed. NaN without a standard error.
func (v Value) SkewZ(x float64) float64 {
	if !(v.Err > 0) || math.IsInf(v.Err, 0) || v.N < 2 {
		return math.NaN()
	}
	a, b := v.skewTerms()
	t := (v.Mean - x) / v.Err
	return t + a*t*t + a*a*t*t*t/3 + b
}

// skewTerms returns the a and b of [Value.SkewZ].
func (v Value) skewTerms() (a, b float64) {
	r := math.Sqrt(float64(v.N))
	return v.Skew / (3 * r), v.Skew / (6 * r)
}

// SkewInterval95 returns the 95% interval of v that [Value.SkewZ] gives:
// the x whose SkewZ lies within Student's t quantile with N-1 degrees of
// freedom, an interval reaching further above the mean than below it
// for terms skewed to the right. It is [Value.Interval95] without a
// standard error.
func (v Value) SkewInterval95() (float64, float64) {
	if !(v.Err > 0) || math.IsInf(v.Err, 0) || v.N < 2 {
		return v.Interval95()
	}
	a, b := v.skewTerms()
	// The t whose SkewZ is y: t + a t^2 + a^2 t^3 / 3 is ((1 + a t)^3 - 1) / (3 a).
	t := func(y float64) float64 {
		if a == 0 {
			return y - b
		}
		return (math.Cbrt(1+3*a*(y-b)) - 1) / a
	}
	q := studentt.Q975(v.N - 1)
	return v.Mean - t(q)*v.Err, v.Mean - t(-q)*v.Err
}

// SkewCovers reports whether x lies in v's [Value.SkewInterval95].
func (v Value) SkewCovers(x float64) bool {
	lo, hi := v.SkewInterval95()
	return lo <= x && x <= hi
}

// Interval95 returns the 95% confidence interval of v, from Student's t
// with N-1 degrees of freedom.
func (v Value) Interval95() (float64, float64) {
	h := studentt.Q975(v.N-1) * v.Err
	return v.Mean - h, v.Mean + h
}

// Covers reports whether the 95% interval of v holds x.
func (v Value) Covers(x float64) bool {
	lo, hi := v.Interval95()
	return lo <= x && x <= hi
}

// RelVar returns the relative variance of one descent that v's N
// descents show: N times the square of the relative standard error, the
// squared error a single descent would have, so that N descents reach a
// relative error of the square root of RelVar/N. Designs are compared by
// it whatever their descents. It is NaN when v's mean is not positive.
func (v Value) RelVar() float64 {
	if !(v.Mean > 0) {
		return math.NaN()
	}
	r := v.Err / v.Mean
	return float64(v.N) * r * r
}

// DescentsFor returns how many descents in all would take v's relative
// standard error to rel, as far as the spread of v's N descents tells:
// the error falls as the square root of the descents. It reports false
// when v's mean is not positive, which tells nothing yet.
func (v Value) DescentsFor(rel float64) (int, bool) {
	if v.Mean <= 0 || rel <= 0 {
		return 0, false
	}
	// A mean near 0 against its error asks for more than an int holds,
	// where converting would wrap to a negative count, which reads as
	// done: it saturates instead.
	n := math.Ceil(v.RelVar() / (rel * rel))
	if !(n < maxDescentsFor) { // too many, or NaN
		return maxDescentsFor, true
	}
	return int(n), true
}

// maxDescentsFor bounds [Value.DescentsFor]: far more descents than any
// run draws, and a sum a shell's arithmetic still holds.
const maxDescentsFor = 1 << 50

// DescentsFor returns how many descents in all would take both the
// snakes' and the one-solution snakes' relative standard errors of r to
// rel ([Value.DescentsFor]); at most r's descents when both are there
// already. It reports false while either tells nothing yet.
func (r Result) DescentsFor(rel float64) (int, bool) {
	need := 0
	for _, v := range []Value{r.Snakes, r.OneSolution} {
		n, ok := v.DescentsFor(rel)
		if !ok {
			return 0, false
		}
		need = max(need, n)
	}
	return need, true
}

// Result is what descents estimate: the box's totals, each with its
// standard error.
type Result struct {
	Descents                              int
	Snakes, OneSolution, Solutions, Nodes Value
	// Seconds is the time the exact counts took, summed; Weigh, that of
	// the descents' choices, where their files say.
	Seconds, Weigh float64
	// MaxShare is the largest share of one descent in the snakes
	// estimate: near 1/Descents when the weights are even, near 1 when
	// one descent decides it, a sign that more are needed.
	MaxShare float64
	// TopShare is the share of the [TopDescents] descents farthest from
	// the mean in the sum of the squared deviations of the snakes'
	// weighted counts, from which their standard error comes: about
	// TopDescents/Descents were the deviations alike, near 1 when a few
	// descents make the spread, so that the error rests on them and may
	// yet grow with the descents (a heavy tail).
	TopShare float64
}

// TopDescents is how many descents, those farthest from the mean,
// [Result.TopShare] takes.
const TopDescents = 10

// Summarize returns the Hansen-Hurwitz estimates of descents: the mean of
// each count divided by its descent's probability, and the standard error
// from their sample variance.
func Summarize(ds []Descent) Result {
	res := Result{Descents: len(ds)}
	snakes := weighted(ds, func(c solver.Count) float64 { return float64(c.Snakes) })
	res.Snakes = meanErr(snakes)
	res.OneSolution = meanErr(weighted(ds, func(c solver.Count) float64 { return float64(c.OneSolution) }))
	res.Solutions = meanErr(weighted(ds, func(c solver.Count) float64 { return float64(c.Solutions) }))
	res.Nodes = meanErr(weighted(ds, func(c solver.Count) float64 { return float64(c.Nodes) }))
	for _, x := range ds {
		res.Seconds += x.Seconds
		res.Weigh += x.Weigh
	}
	if sum := res.Snakes.Mean * float64(len(ds)); sum > 0 {
		res.MaxShare = slices.Max(snakes) / sum
		res.TopShare = topShare(snakes, res.Snakes.Mean)
	}
	return res
}

// weighted returns, for each descent, f of its count divided by its
// probability: the descent's estimate of the total.
func weighted(ds []Descent, f func(solver.Count) float64) []float64 {
	ys := make([]float64, len(ds))
	for i, d := range ds {
		ys[i] = f(d.Count) / d.Prob
	}
	return ys
}

// topShare returns the share of the [TopDescents] largest squared
// deviations of ys from their mean m in the sum of them all.
func topShare(ys []float64, m float64) float64 {
	sq := make([]float64, len(ys))
	var all float64
	for i, y := range ys {
		sq[i] = (y - m) * (y - m)
		all += sq[i]
	}
	if !(all > 0) {
		return 0
	}
	slices.Sort(sq)
	var top float64
	for _, d := range sq[max(len(sq)-TopDescents, 0):] {
		top += d
	}
	return top / all
}

// Controlled returns the estimates of descents as Summarize does, but for
// the snakes and the one-solution snakes, which take the box's known
// solutions as a control variate. A descent's weighted count y and its
// weighted solutions x rise and fall together, both divided by the same
// probability of reaching the section, and x is known to average known:
// each descent gives y - b(x - known), with b the least-squares slope of
// y on x over the other descents. That b does not depend on the descent it
// is used for, so each term, and their mean, still has the total as its
// expectation: unbiased by construction, whatever b comes to, while the
// part of y's spread that x explains drops out of the standard error.
// The solutions and nodes are left as Summarize gives them, the solutions
// to be checked against known.
func Controlled(ds []Descent, known float64) Result {
	res := Summarize(ds)
	xs := weighted(ds, func(c solver.Count) float64 { return float64(c.Solutions) })
	of := func(f func(solver.Count) float64) Value {
		return meanErr(controlled(xs, weighted(ds, f), known))
	}
	res.Snakes = of(func(c solver.Count) float64 { return float64(c.Snakes) })
	res.OneSolution = of(func(c solver.Count) float64 { return float64(c.OneSolution) })
	return res
}

// Slopes returns the least-squares slopes of the descents' weighted
// snakes and one-solution snakes on their weighted solutions, fitted once
// over all of ds: the b that [Controlled] fits for each descent on the
// others. A slope is 0 where the solutions do not spread.
func Slopes(ds []Descent) (snakes, one float64) {
	xs := weighted(ds, func(c solver.Count) float64 { return float64(c.Solutions) })
	return slope(xs, weighted(ds, func(c solver.Count) float64 { return float64(c.Snakes) })),
		slope(xs, weighted(ds, func(c solver.Count) float64 { return float64(c.OneSolution) }))
}

// ControlledAt returns the estimates as [Controlled] does, but with the
// one slope given for every descent, bSnakes for the snakes and bOne for
// the one-solution snakes: y - b(x - known). Unbiased for slopes fixed
// before the descents; with the slopes that [Slopes] fits on ds itself,
// the regression estimator, whose bias falls as 1/N and whose standard
// error leaves out the slopes' own spread. It measures what a slope that
// fits the heavy descents themselves would gain over the slopes fitted
// without them.
func ControlledAt(ds []Descent, known, bSnakes, bOne float64) Result {
	res := Summarize(ds)
	xs := weighted(ds, func(c solver.Count) float64 { return float64(c.Solutions) })
	at := func(f func(solver.Count) float64, b float64) Value {
		ys := weighted(ds, f)
		for i := range ys {
			ys[i] -= b * (xs[i] - known)
		}
		return meanErr(ys)
	}
	res.Snakes = at(func(c solver.Count) float64 { return float64(c.Snakes) }, bSnakes)
	res.OneSolution = at(func(c solver.Count) float64 { return float64(c.OneSolution) }, bOne)
	return res
}

// slope returns the least-squares slope of ys on xs, 0 when xs do not
// spread.
func slope(xs, ys []float64) float64 {
	if len(xs) < 2 {
		return 0
	}
	_, _, sxx, sxy := moments(xs, ys)
	if !(sxx > 0) {
		return 0
	}
	return sxy / sxx
}

// moments returns the means of xs and ys, the sum of the squared
// deviations of xs from theirs, and the sum of the products of the two
// deviations.
func moments(xs, ys []float64) (mx, my, sxx, sxy float64) {
	n := float64(len(xs))
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx, my = mx/n, my/n
	for i := range xs {
		sxx += (xs[i] - mx) * (xs[i] - mx)
		sxy += (xs[i] - mx) * (ys[i] - my)
	}
	return mx, my, sxx, sxy
}

// controlled returns y_i - b_i (x_i - mean) for each i, b_i the slope of
// the least-squares line of y on x through the points other than i, or 0
// where those have no spread in x.
func controlled(xs, ys []float64, mean float64) []float64 {
	n := float64(len(xs))
	if len(xs) < 3 {
		return ys
	}
	mx, my, sxx, sxy := moments(xs, ys)
	zs := make([]float64, len(xs))
	for i := range xs {
		// The sums about the mean without point i (Welford's downdate).
		dx, dy := xs[i]-mx, ys[i]-my
		vxx := sxx - dx*dx*n/(n-1)
		vxy := sxy - dx*dy*n/(n-1)
		var b float64
		if vxx > 1e-12*sxx {
			b = vxy / vxx
		}
		zs[i] = ys[i] - b*(xs[i]-mean)
	}
	return zs
}

// meanErr returns the mean of ys and its standard error, +Inf for fewer
// than two values.
func meanErr(ys []float64) Value {
	n := float64(len(ys))
	if len(ys) == 0 {
		return Value{Mean: math.NaN(), Err: math.Inf(1)}
	}
	var sum float64
	for _, y := range ys {
		sum += y
	}
	m := sum / n
	if len(ys) < 2 {
		return Value{Mean: m, Err: math.Inf(1), N: 1}
	}
	var sq, cu float64
	for _, y := range ys {
		d := y - m
		sq += d * d
		cu += d * d * d
	}
	v := Value{Mean: m, Err: math.Sqrt(sq / (n - 1) / n), N: len(ys)}
	if len(ys) > 2 && sq > 0 {
		sd := math.Sqrt(sq / (n - 1))
		v.Skew = cu / n / (sd * sd * sd)
	}
	return v
}
