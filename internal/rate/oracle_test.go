package rate

import (
	"math/big"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// oracle returns the expected placements and forced placements until the
// first folding below the good node n, placing self cubelets at n, by
// averaging over every order in which the children of every node may be
// tried: each order's cost, not the formula. An order matters up to its
// first good child, so the orders are taken as their prefixes up to it,
// each with its probability. forced is whether n itself is forced.
func oracle(n refNode, self int64, forced bool) (e, f *big.Rat) {
	type kid struct {
		n      refNode
		e, f   *big.Rat
		forced bool
	}
	kids := make([]kid, len(n.kids))
	for i, k := range n.kids {
		kids[i] = kid{n: k, forced: len(n.kids) == 1}
		if k.foldings > 0 {
			kids[i].e, kids[i].f = oracle(k, 1, kids[i].forced)
		}
	}
	e, f = new(big.Rat), new(big.Rat)
	if forced {
		f.SetInt64(1)
	}
	e.SetInt64(self)
	if len(kids) == 0 { // a complete folding
		return e, f
	}
	used := make([]bool, len(kids))
	// walk extends a prefix of bad children, of probability p, which
	// cost placements and forced ones.
	var walk func(p *big.Rat, cost, forcedCost int64, depth int)
	walk = func(p *big.Rat, cost, forcedCost int64, depth int) {
		q := new(big.Rat).Quo(p, big.NewRat(int64(len(kids)-depth), 1))
		for i, k := range kids {
			if used[i] {
				continue
			}
			if k.e != nil {
				t := new(big.Rat).Add(big.NewRat(cost, 1), k.e)
				e.Add(e, t.Mul(t, q))
				t = new(big.Rat).Add(big.NewRat(forcedCost, 1), k.f)
				f.Add(f, t.Mul(t, q))
				continue
			}
			used[i] = true
			walk(q, cost+k.n.size, forcedCost+k.n.forced, depth+1)
			used[i] = false
		}
	}
	walk(big.NewRat(1, 1), 0, 0, 0)
	return e, f
}

// TestOracle checks the formula of the expected placements against the
// average over every order of the children, on every snake of 2x2x2 and
// every snake of 2x2x3 that folds (one in five with -short), from both
// ends.
func TestOracle(t *testing.T) {
	for _, size := range []string{"2", "2x2x3"} {
		b := symmetry.MustParseBox(size)
		n := 0
		for q := range allSeqs(b) {
			if !q.IsKey() {
				continue
			}
			if n++; testing.Short() && size != "2" && n%5 != 0 {
				continue
			}
			for _, rd := range []solver.Seq{q, q.Reverse()} {
				r := refEnd(b, rd, true)
				if r.e == nil {
					continue
				}
				e, f := oracle(r, 0, false)
				if e.Cmp(r.e) != 0 || f.Cmp(r.f) != 0 {
					t.Errorf("%v %v: the formula gives %v placements, %v forced; the orders' average %v, %v", b, rd, r.e.FloatString(6), r.f.FloatString(6), e.FloatString(6), f.FloatString(6))
				}
			}
		}
	}
}
