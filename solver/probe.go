package solver

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/snakecube/snakecube/symmetry"
)

// Tally is what a search finds: nodes visited, complete foldings reached
// (canonical directed Hamiltonian paths), and solutions kept.
type Tally struct {
	Nodes, Paths, Solutions float64
}

func (t *Tally) add(u Tally, w float64) {
	t.Nodes += w * u.Nodes
	t.Paths += w * u.Paths
	t.Solutions += w * u.Solutions
}

// probe walks one random branch of the search tree under c from a random
// root and returns Knuth's unbiased estimate of the tree's Tally: each level
// counts the product of the branching factors above it.
func (s *search) probe(roots []state, r *rand.Rand) Tally {
	g := s.g
	var t Tally
	w := float64(len(roots))
	st := &roots[r.IntN(len(roots))]
	s.st.free, s.endColour = st.free, g.endColour(st.start)
	s.out = found{seqs: s.out.seqs[:0], dirs: s.out.dirs[:0]}
	i, h, last, used, end, turns := st.i, st.head, st.last, st.used, st.end, st.turns
	for {
		t.Nodes += w
		if i == g.n-1 {
			t.Paths += w
			if s.leaf(turns) {
				t.Solutions += w
			}
			return t
		}
		var opts, ends [symmetry.NumDirs]int
		k := 0
		for next := s.moves(i, h, last, used, end, s.st.free); next != 0; next &= next - 1 {
			q := bits.TrailingZeros64(next)
			if e, ok := g.enter(h, s.st.free&^(1<<q), end, s.endColour); ok {
				opts[k], ends[k] = q, e
				k++
			}
		}
		if k == 0 {
			return t
		}
		w *= float64(k)
		j := r.IntN(k)
		q := opts[j]
		d := g.dirOf[q-h+symmetry.MaxCells]
		if i > 0 && d>>1 != last>>1 {
			turns |= 1 << i
		}
		s.st.free &^= 1 << q
		s.st.dirs[i] = d
		i, h, last, used, end = i+1, q, d, used|1<<(d>>1), ends[j]
	}
}

// Estimate is a random-probe estimate of a search: the mean Tally over the
// probes and its standard error.
type Estimate struct {
	Probes    int
	Mean, Err Tally
}

// estimate runs n probes with a generator seeded by seed.
func (g *grid) estimate(j job, n int, seed uint64) Estimate {
	roots := g.roots()
	e := Estimate{Probes: n}
	if len(roots) == 0 || n == 0 {
		return e
	}
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	s := &search{g: g, job: j}
	var sum, sq Tally
	for range n {
		t := s.probe(roots, r)
		sum.add(t, 1)
		sq.add(Tally{t.Nodes * t.Nodes, t.Paths * t.Paths, t.Solutions * t.Solutions}, 1)
	}
	f := float64(n)
	e.Mean = Tally{sum.Nodes / f, sum.Paths / f, sum.Solutions / f}
	se := func(s, q float64) float64 {
		if n < 2 {
			return math.Inf(1)
		}
		v := (q - s*s/f) / (f - 1)
		return math.Sqrt(max(v, 0) / f)
	}
	e.Err = Tally{se(sum.Nodes, sq.Nodes), se(sum.Paths, sq.Paths), se(sum.Solutions, sq.Solutions)}
	return e
}
