package solver

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/snakecube/snakecube/solver/sequencer"
	"github.com/snakecube/snakecube/symmetry"
)

// TreeSize is the size of a search's tree: nodes visited, complete
// foldings reached (canonical directed Hamiltonian paths), and solutions
// kept.
type TreeSize struct {
	Nodes, Paths, Solutions float64
}

func (t *TreeSize) add(u TreeSize, w float64) {
	t.Nodes += w * u.Nodes
	t.Paths += w * u.Paths
	t.Solutions += w * u.Solutions
}

// probe walks one random branch of the search tree under c from a random
// root and returns Knuth's unbiased estimate of the tree's size: each level
// counts the product of the branching factors above it.
func (s *search) probe(roots []state, r *rand.Rand) TreeSize {
	var t TreeSize
	s.walk(roots, r, func(i int, w float64, leaf bool) {
		t.Nodes += w
		if i == s.g.n-1 {
			t.Paths += w
			if leaf {
				t.Solutions += w
			}
		}
	})
	return t
}

// walk follows one random branch of the search tree from a random root
// and calls visit at every node on it with the node's number of moves,
// its Knuth weight (the number of roots times the branching factors
// above it) and, at a complete folding, whether the folding is kept.
func (s *search) walk(roots []state, r *rand.Rand, visit func(i int, w float64, kept bool)) {
	g := s.g
	w := float64(len(roots))
	st := &roots[r.IntN(len(roots))]
	s.wrongEnd = g.wrongEnd(int(st.start))
	s.out = found{seqs: s.out.seqs[:0], dirs: s.out.dirs[:0]}
	c := cursor{i: int(st.i), h: int(st.head), last: st.last, used: st.used, turns: st.turns, free: st.free, b0: st.b0, b1: st.b1, b2: st.b2}
	for {
		if c.i == g.n-1 {
			visit(c.i, w, s.leaf(c.turns, c.h))
			return
		}
		visit(c.i, w, false)
		next := s.options(&c)
		k := bits.OnesCount64(next)
		if k == 0 {
			return
		}
		w *= float64(k)
		for j := r.IntN(k); j > 0; j-- {
			next &= next - 1
		}
		q := bits.TrailingZeros64(next)
		d := g.dirOf[uint8(q-c.h)]
		if c.i > 0 && d != c.last {
			c.turns |= 1 << c.i
		}
		c.free &^= 1 << q
		c.b0, c.b1, c.b2 = g.leave(q, c.b0, c.b1, c.b2)
		s.dirs[c.i&63] = d
		c.i, c.h, c.last, c.used = c.i+1, q, d, c.used|1<<(d>>1)
	}
}

// Estimate is a random-probe estimate of a search: the mean TreeSize over the
// probes and its standard error.
type Estimate struct {
	Probes    int
	Mean, Err TreeSize
}

// moments accumulates the sums a mean and its standard error need.
type moments struct {
	n       int
	sum, sq TreeSize
}

func (m *moments) add(t TreeSize) {
	m.n++
	m.sum.add(t, 1)
	m.sq.add(TreeSize{t.Nodes * t.Nodes, t.Paths * t.Paths, t.Solutions * t.Solutions}, 1)
}

func (m *moments) merge(o moments) {
	m.n += o.n
	m.sum.add(o.sum, 1)
	m.sq.add(o.sq, 1)
}

func (m moments) estimate() Estimate {
	e := Estimate{Probes: m.n}
	if m.n == 0 {
		return e
	}
	f := float64(m.n)
	e.Mean = TreeSize{m.sum.Nodes / f, m.sum.Paths / f, m.sum.Solutions / f}
	se := func(s, q float64) float64 {
		if m.n < 2 {
			return math.Inf(1)
		}
		return math.Sqrt(max((q-s*s/f)/(f-1), 0) / f)
	}
	e.Err = TreeSize{se(m.sum.Nodes, m.sq.Nodes), se(m.sum.Paths, m.sq.Paths), se(m.sum.Solutions, m.sq.Solutions)}
	return e
}

// probes runs n probes of job j from the roots with a generator seeded by
// seed and stream.
func (g *grid) probes(j job, roots []state, n int, seed, stream uint64) moments {
	var m moments
	if len(roots) == 0 {
		return m
	}
	r := rand.New(rand.NewPCG(seed, stream))
	s := g.newSearch(context.Background(), j)
	for range n {
		m.add(s.probe(roots, r))
	}
	return m
}

// estimate runs n probes with a generator seeded by seed.
func (g *grid) estimate(j job, n int, seed uint64) Estimate {
	return g.probes(j, g.roots(), n, seed, 0x5eed).estimate()
}

// probeStreams is how many independent generators share the probes of
// EstimateTree: a fixed number, so that the estimate depends on the seed
// but not on how many goroutines run them.
const probeStreams = 64

// EstimateTree estimates box b's whole search by Knuth's method: n random
// probes, each walking one branch of the search tree and weighting what it
// meets by the product of the branching factors above. The mean over the
// probes is unbiased for the number of nodes, of canonical directed
// Hamiltonian paths ([symmetry.Box.Orbit] times fewer than all of them)
// and of solutions. The result is the same for a seed whatever
// opts.Workers is.
func EstimateTree(ctx context.Context, b symmetry.Box, n int, seed uint64, opts Options) (Estimate, error) {
	g := gridOf(b)
	roots := g.roots()
	j := job{keysOnly: true}
	var all moments
	err := sequencer.Run(ctx, probeStreams, opts.workers(), func(ctx context.Context, k int) (moments, error) {
		// A stream's share, in slices small enough to notice cancellation.
		share := n/probeStreams + btoi(k < n%probeStreams)
		var m moments
		for share > 0 {
			if err := ctx.Err(); err != nil {
				return m, err
			}
			step := min(share, 1<<14)
			r := g.probes(j, roots, step, seed, uint64(k)<<32|uint64(m.n))
			m.merge(r)
			share -= step
		}
		return m, nil
	}, func(_ int, m moments) error {
		all.merge(m)
		return nil
	})
	return all.estimate(), err
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// SearchFor runs box b's whole search on one goroutine for about d of
// wall clock, or to its end if sooner, and returns the nodes it visited:
// over the processor time spent meanwhile, the nodes a core visits in a
// second (estimate.NodeRate measures it so).
func SearchFor(ctx context.Context, b symmetry.Box, d time.Duration) uint64 {
	g := gridOf(b)
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	s := g.newSearch(ctx, job{keysOnly: true, count: true})
	for _, r := range g.roots() {
		s.run(&r)
		if s.stopped {
			break
		}
	}
	return s.nodes
}

// Join combines two estimates from independent probes.
func (e Estimate) Join(f Estimate) Estimate {
	n, m := float64(e.Probes), float64(f.Probes)
	if n+m == 0 {
		return e
	}
	mean := func(a, b float64) float64 { return (n*a + m*b) / (n + m) }
	// Standard errors of a weighted mean of independent means.
	se := func(a, b float64) float64 { return math.Sqrt(n*n*a*a+m*m*b*b) / (n + m) }
	return Estimate{
		Probes: e.Probes + f.Probes,
		Mean:   TreeSize{mean(e.Mean.Nodes, f.Mean.Nodes), mean(e.Mean.Paths, f.Mean.Paths), mean(e.Mean.Solutions, f.Mean.Solutions)},
		Err:    TreeSize{se(e.Err.Nodes, f.Err.Nodes), se(e.Err.Paths, f.Err.Paths), se(e.Err.Solutions, f.Err.Solutions)},
	}
}

// Profile is what random probes see of a section's search, depth by
// depth.
type Profile struct {
	Probes int
	// Nodes[i] is Knuth's unbiased estimate of the number of nodes of i
	// moves in the search; at i = L-1 only the foldings kept count, so
	// that Nodes[L-1] estimates the section's solutions.
	Nodes [symmetry.MaxCells]float64
	// Hits[i] is how many probes reached a node of i moves (at L-1, a
	// kept folding): how much the estimate Nodes[i] rests on.
	Hits [symmetry.MaxCells]int32
	// Exact is set when Nodes are exact counts: a [Frontier.Profile] of
	// a section small enough to search whole.
	Exact bool
}
