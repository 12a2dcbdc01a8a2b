package solver

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/snakecube/snakecube/symmetry"
)

// Solved is the outcome of [Solve].
type Solved struct {
	// Snake is the snake as given, with its solutions: canonical direction
	// lists whose turns follow the snake as given, ascending.
	Snake Snake
	// Nodes is the number of search nodes visited.
	Nodes uint64
	// FromEnd reports that the search ran from the snake's other end,
	// whose tree the probes estimated smaller.
	FromEnd bool
}

// Before solving, random probes estimate the search tree from each end, in
// rounds of probeRound per end, up to probeMax: the trees of the two ends
// of a 4x4x4 snake can differ twentyfold. Probing stops early once it has
// cost a tenth of the smaller estimated tree, where more precision could
// not pay for itself.
const (
	probeRound = 16
	probeMax   = 256
)

// orient reports whether the search for q is estimated cheaper from its
// other end.
func (g *grid) orient(q Seq) bool {
	r := q.Reverse()
	if r == q {
		return false
	}
	sf, sb := &search{g: g, job: job{c: exactly(q)}}, &search{g: g, job: job{c: exactly(r)}}
	roots := g.roots()
	rng := rand.New(rand.NewPCG(q.Bits, uint64(q.Len)))
	var fwd, bwd float64
	for n := probeRound; ; n += probeRound {
		for range probeRound {
			fwd += sf.probe(roots, rng).Nodes
			bwd += sb.probe(roots, rng).Nodes
		}
		spent := float64(2 * n * g.n)
		if n >= probeMax || spent*10 > min(fwd, bwd)/float64(n) {
			return bwd < fwd
		}
	}
}

// Solve finds every solution of snake q in box b, counted once up to the
// box's symmetries and, for a palindrome, up to reversal.
func Solve(ctx context.Context, b symmetry.Box, q Seq, opts Options) (*Solved, error) {
	if err := q.Valid(b); err != nil {
		return nil, err
	}
	g := gridOf(b)
	search := q
	if g.orient(q) {
		search = q.Reverse()
	}
	res, err := g.search(ctx, job{c: exactly(search)}, opts)
	if err != nil {
		return nil, err
	}
	out := &Solved{Snake: Snake{Key: q}, Nodes: res.nodes, FromEnd: search != q}
	m := b.Len() - 1
	for _, f := range res.found {
		for k := range f.seqs {
			d := slices.Clone(f.at(k, m))
			if out.FromEnd {
				d = b.Normalize(d, symmetry.Reverse(nil, d))
			}
			out.Snake.Solutions = append(out.Snake.Solutions, d)
		}
	}
	slices.SortFunc(out.Snake.Solutions, slices.Compare)
	return out, nil
}
