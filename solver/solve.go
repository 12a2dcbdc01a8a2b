package solver

import (
	"context"
	"slices"
	"sync"

	"github.com/snakecube/snakecube/symmetry"
)

// Solved is the outcome of [Solve].
type Solved struct {
	// Snake is the snake as given, with its solutions: canonical direction
	// lists whose turns follow the snake as given, ascending.
	Snake Snake
	// Nodes is the number of search nodes visited.
	Nodes uint64
	// FromEnd reports that the search from the snake's other end, run at
	// the same time, finished first.
	FromEnd bool
}

// A snake is searched from both ends at once, as a race: the trees of the
// two ends of a 4x4x4 snake can differ in size many times over, and the
// first search to finish gives the solutions. Each tree is first walked
// down, level by level, until it holds lookNodes nodes: the tree that is
// narrower at the top, reaching a deeper level, looks smaller, and gets
// favour times the share of the other. Once a search has finished tasks,
// the shares of the tree they were (Knuth's estimate: a node's share
// split evenly among its children) tell how far it has got, and so its
// whole size: the search whose estimate is smallest leads, with favour
// times the other's share, or trust times once its estimate is under half
// the other's. The race never costs more than trust+1 times the smaller
// tree; on the snakes of TestRaceCost it costs 1.07 and 1.21 times it,
// where a fixed share of favour cost 1.26 even with the look right.
const (
	favour    = 4
	trust     = 16
	lookNodes = 1 << 10
)

// Solve finds every solution of snake q in box b, counted once up to the
// box's symmetries and, for a palindrome, up to reversal.
func Solve(ctx context.Context, b symmetry.Box, q Seq, opts Options) (*Solved, error) {
	if err := q.Valid(b); err != nil {
		return nil, err
	}
	g := gridOf(b)
	w := opts.workers()
	lanes := g.solveLanes(q, w)
	e, res, err := g.race(ctx, lanes, w)
	if err != nil {
		return nil, err
	}
	defer res.release()
	out := &Solved{Snake: Snake{Seq: q}, Nodes: res.nodes, FromEnd: e == 1}
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

// solveLanes returns the lanes of a race to solve q on w workers: q from
// cubelet 0, and, unless q is a palindrome, q from its other end. Each
// lane's tree is walked down level by level, once: far enough for the
// look (see favour) and for w workers' tasks, which are the states of the
// last level walked. With workers to spare, the two lanes are walked at
// once.
func (g *grid) solveLanes(q Seq, w int) []*lane {
	want := 1
	if w > 1 {
		want = w * tasksPerWorker
	}
	ends := []Seq{q}
	if r := q.Reverse(); r != q {
		ends = append(ends, r)
	}
	lanes := make([]*lane, len(ends))
	looks := make([]look, len(ends))
	walk := func(k int) {
		j := job{c: exactly(ends[k])}
		p := g.newPlan(j)
		p.weigh = true
		looks[k].depth = g.n - 1
		for p.depth == 0 || (len(p.tasks) < want || looks[k].nodes == 0 && len(ends) == 2) && p.depth < g.n-2 && len(p.tasks) > 0 {
			p.deepen()
			if looks[k].nodes == 0 && p.s.nodes >= lookNodes {
				looks[k] = look{p.depth, p.s.nodes}
			}
		}
		lanes[k] = &lane{j: j, tasks: p.tasks, units: units(p.weight), planned: p.s.nodes}
		p.release()
	}
	if w > 1 && len(ends) == 2 {
		var wg sync.WaitGroup
		wg.Go(func() { walk(1) })
		walk(0)
		wg.Wait()
	} else {
		for k := range ends {
			walk(k)
		}
	}
	if len(lanes) == 2 {
		small := 0
		if looks[1].narrower(looks[0]) {
			small = 1
		}
		lanes[small].looks = true
	}
	return lanes
}

// units returns the weights w as shares of their sum, in units of
// 1/whole.
func units(w []float64) []uint64 {
	var sum float64
	for _, x := range w {
		sum += x
	}
	u := make([]uint64, len(w))
	for k, x := range w {
		u[k] = uint64(x / sum * whole)
	}
	return u
}

// look is what the walk down a tree sees: the first depth at which the
// tree holds lookNodes nodes or more above it, or the depth of its leaves,
// and the nodes above that depth.
type look struct {
	depth int
	nodes uint64
}

// narrower reports whether the tree seen by l looks smaller than the one
// seen by m: it reaches lookNodes nodes deeper, or at the same depth with
// fewer.
func (l look) narrower(m look) bool {
	return l.depth > m.depth || l.depth == m.depth && l.nodes < m.nodes
}
