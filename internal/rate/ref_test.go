package rate

import (
	"math/big"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// refNode is the plain evaluation of a subtree, in exact rationals.
type refNode struct {
	size, forced, foldings int64
	e, f                   *big.Rat // nil for a subtree with no folding
	kids                   []refNode
}

// refEnd evaluates the natural strategy's tree of reading q from cubelet
// 0, the plain way: cells as coordinates, every start cell searched, no
// symmetry, exact rationals. keep keeps the children of every node, for
// the oracles.
func refEnd(b symmetry.Box, q solver.Seq, keep bool) refNode {
	r := refNode{}
	used := map[[3]int]bool{}
	var kids []refNode
	for c := range b.Len() {
		p := b.Coord(c)
		used[p] = true
		kids = append(kids, refSub(b, q, used, p, 0, 0, false, keep))
		delete(used, p)
	}
	return refClose(r, kids, 0, false, keep)
}

// refSub evaluates the subtree of cubelet i placed at p, entered by move
// last, the placed cells being used.
func refSub(b symmetry.Box, q solver.Seq, used map[[3]int]bool, p [3]int, i int, last symmetry.Dir, forced, keep bool) refNode {
	if i == b.Len()-1 {
		n := refNode{size: 1, foldings: 1, e: big.NewRat(1, 1), f: new(big.Rat)}
		if forced {
			n.forced = 1
			n.f.SetInt64(1)
		}
		return n
	}
	var next []symmetry.Dir
	for d := range symmetry.Dir(symmetry.NumDirs) {
		switch {
		case i == 0:
		case !q.Turn(i) && d != last:
			continue
		case q.Turn(i) && d.Axis() == last.Axis():
			continue
		}
		if c := b.Step(p, d); b.Contains(c) && !used[c] {
			next = append(next, d)
		}
	}
	var kids []refNode
	for _, d := range next {
		c := b.Step(p, d)
		used[c] = true
		kids = append(kids, refSub(b, q, used, c, i+1, d, len(next) == 1, keep))
		delete(used, c)
	}
	return refClose(refNode{}, kids, 1, forced, keep)
}

// refClose puts a node's children together by the formula.
func refClose(n refNode, kids []refNode, self int64, forced, keep bool) refNode {
	n.size = self
	if forced {
		n.forced = 1
	}
	var g int64
	badSize, badForced := new(big.Rat), new(big.Rat)
	sumE, sumF := new(big.Rat), new(big.Rat)
	for _, k := range kids {
		n.size += k.size
		n.forced += k.forced
		n.foldings += k.foldings
		if k.e != nil {
			g++
			sumE.Add(sumE, k.e)
			sumF.Add(sumF, k.f)
		} else {
			badSize.Add(badSize, new(big.Rat).SetInt64(k.size))
			badForced.Add(badForced, new(big.Rat).SetInt64(k.forced))
		}
	}
	if g > 0 {
		n.e = new(big.Rat).SetInt64(self)
		n.e.Add(n.e, new(big.Rat).Quo(badSize, big.NewRat(g+1, 1)))
		n.e.Add(n.e, new(big.Rat).Quo(sumE, big.NewRat(g, 1)))
		n.f = new(big.Rat)
		if forced {
			n.f.SetInt64(1)
		}
		n.f.Add(n.f, new(big.Rat).Quo(badForced, big.NewRat(g+1, 1)))
		n.f.Add(n.f, new(big.Rat).Quo(sumF, big.NewRat(g, 1)))
	}
	if keep {
		n.kids = kids
	}
	return n
}
