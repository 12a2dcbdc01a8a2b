package solver

import (
	"context"
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
	// FromEnd reports that the search from the snake's other end, run at
	// the same time, finished first.
	FromEnd bool
}

// A snake is searched from both ends at once, as a race: the trees of the
// two ends of a 4x4x4 snake can differ in size many times over, and the
// first search to finish gives the solutions. The end whose tree looks
// smaller gets favour times the share of the other: so the race never
// costs more than favour+1 times the smaller tree, and when the look is
// right, 1/favour more than it. The look: each tree is walked down, level
// by level, until it holds lookNodes nodes; the tree that is narrower at
// the top, reaching a deeper level, looks smaller.
const (
	favour    = 4
	lookNodes = 1 << 11
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
// cubelet 0, and, unless q is a palindrome, q from its other end.
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
	var reach []int
	var top []uint64
	for k, e := range ends {
		j := job{c: exactly(e)}
		tasks, nodes := g.plan(j, want)
		lanes[k] = &lane{j: j, tasks: tasks, share: 1, planned: nodes}
		if len(ends) == 2 {
			d, n, spent := g.reach(j, lookNodes)
			reach, top = append(reach, d), append(top, n)
			lanes[k].planned += spent
		}
	}
	if len(lanes) == 2 {
		small := 0
		if reach[1] > reach[0] || reach[1] == reach[0] && top[1] < top[0] {
			small = 1
		}
		lanes[1-small].share = 1.0 / favour
	}
	return lanes
}

// reach returns the first depth at which job j's tree holds n nodes or
// more above it, or the depth of its leaves; the nodes above that depth;
// and the nodes visited to find them, by walking the tree again one level
// deeper each time, which costs a few times n.
func (g *grid) reach(j job, n uint64) (depth int, nodes, spent uint64) {
	s := g.newSearch(context.Background(), j)
	s.planning, s.measure = true, true
	for depth = 1; depth < g.n-1; depth++ {
		s.nodes, s.stop = 0, depth
		for _, r := range g.roots() {
			s.run(&r)
		}
		spent += s.nodes
		if s.nodes >= n {
			break
		}
	}
	return depth, s.nodes, spent
}
