package solver

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"

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
	// Total is the number of solutions: more than Snake holds when
	// Options.Most cut them.
	Total uint64
}

// A snake is searched from both ends at once, as a race: the trees of the
// two ends of a 4x4x4 snake can differ in size many times over, and the
// first search to finish gives the solutions. Each tree's nodes are
// first counted level by level until they reach lookNodes: the tree that
// is narrower at the top, reaching a deeper level, looks smaller, and gets
// favour times the share of the other. Once a search has finished tasks,
// the shares of the tree they were (Knuth's estimate: a node's share
// split evenly among its children) tell how far it has got, and so its
// whole size: the search whose estimate is smallest leads, with favour
// times the other's share, or trust times once its estimate is under half
// the other's. The race never costs more than trust+1 times the smaller
// tree, and once the estimates are right, close to the smaller tree,
// where a fixed share of favour would cost 1+1/favour times it even with
// the look right (TestRaceCost holds it under that).
const (
	favour    = 4
	trust     = 16
	lookNodes = 1 << 10
)

// Solve finds every solution of snake q in box b, counted once up to the
// box's symmetries and, for a palindrome, up to reversal.
func Solve(ctx context.Context, b symmetry.Box, q Seq, opts Options) (*Solved, error) {
	e, res, err := solve(ctx, b, q, opts, job{c: exactly(q), most: max(opts.Most, 0)})
	if err != nil {
		return nil, err
	}
	defer res.release()
	out := &Solved{Snake: Snake{Seq: q}, Nodes: res.nodes, FromEnd: e == 1}
	m := b.Len() - 1
	for _, f := range res.found {
		out.Total += f.n
		for k := range f.seqs {
			d := slices.Clone(f.at(k, m))
			if out.FromEnd {
				d = b.Normalize(d, symmetry.Reverse(nil, d))
			}
			out.Snake.Solutions = append(out.Snake.Solutions, d)
		}
	}
	slices.SortFunc(out.Snake.Solutions, slices.Compare)
	if opts.Most > 0 && len(out.Snake.Solutions) > opts.Most {
		out.Snake.Solutions = out.Snake.Solutions[:opts.Most]
	}
	return out, nil
}

// Counted is the outcome of [CountSolutions].
type Counted struct {
	// Solutions is the number of solutions.
	Solutions uint64
	// Nodes is the number of search nodes visited.
	Nodes uint64
}

// CountSolutions counts the solutions of snake q in box b, as [Solve]
// finds them, keeping none: its memory does not grow with them, however
// many there are.
func CountSolutions(ctx context.Context, b symmetry.Box, q Seq, opts Options) (Counted, error) {
	_, res, err := solve(ctx, b, q, opts, job{c: exactly(q), tallyOnly: true})
	if err != nil {
		return Counted{}, err
	}
	defer res.release()
	c := Counted{Nodes: res.nodes}
	for _, f := range res.found {
		c.Solutions += f.n
	}
	return c, nil
}

// solve races the searches of snake q from either end, each for job j
// (its constraint q's, read from that end), and returns the index of the
// end that finished first and what it found.
func solve(ctx context.Context, b symmetry.Box, q Seq, opts Options, j job) (int, *result, error) {
	if err := q.Valid(b); err != nil {
		return 0, nil, err
	}
	w := opts.workers()
	c := startCrew(ctx, w)
	c.walks = newWalks(gridOf(b), q, w, j)
	close(c.open)
	c.work(0)
	c.wg.Wait()
	return c.race.finish()
}

// A crew is the workers of one Solve: the caller, worker 0, and w-1
// helpers started first of all, so that the wait for a core to wake,
// which can be as long as the walks, passes while the caller works.
// Together they walk the lanes, then race them. Helpers sleep while they
// wait rather than spin: a spinning helper that shares a core with the
// caller holds it.
type crew struct {
	ctx   context.Context
	wg    sync.WaitGroup
	open  chan struct{} // closed once walks is set
	raced chan struct{} // closed once race is set
	walks *walks
	race  *race
	w     int
}

// startCrew starts the w-1 helpers of a crew of w workers.
func startCrew(ctx context.Context, w int) *crew {
	c := &crew{ctx: ctx, w: w, open: make(chan struct{}), raced: make(chan struct{})}
	for k := 1; k < w; k++ {
		c.wg.Go(func() {
			<-c.open
			c.work(k)
		})
	}
	return c
}

// work is worker k's part: the walks left to take, then, once every walk
// is done, the race. The worker that finishes the last walk sets the race.
func (c *crew) work(k int) {
	ws := c.walks
	for {
		e := int(ws.next.Add(1) - 1)
		if e >= len(ws.ends) {
			break
		}
		ws.walk(e)
		if int(ws.walked.Add(1)) == len(ws.ends) {
			c.race = ws.g.newRace(c.ctx, ws.done(), c.w)
			close(c.raced)
		}
	}
	<-c.raced
	c.race.work(k)
}

// walks are the lanes of a race to solve q on w workers: q from cubelet
// 0, and, unless q is a palindrome, q from its other end. Each lane's
// tree is walked down level by level until a level has want states, its
// tasks, then counted further down for the look (see favour). Workers
// take the walks in turn.
//
// On one worker the tasks are the first level's, from which the race's
// estimates come earliest. On w it is 2*w*tasksPerWorker: the lanes share
// the workers, and with half as many, the last tasks of a lane leave a
// core idle.
type walks struct {
	g      *grid
	j      job // the job at cubelet 0, whose constraint each end replaces
	ends   []Seq
	want   int
	lanes  []*lane
	looks  []look
	next   atomic.Int64 // the next walk to take
	walked atomic.Int64 // the walks done
}

// newWalks returns the walks of job j, for snake q, on w workers in grid
// g, none taken.
func newWalks(g *grid, q Seq, w int, j job) *walks {
	ws := &walks{g: g, j: j, ends: []Seq{q}, want: 1}
	if w > 1 {
		ws.want = 2 * w * tasksPerWorker
	}
	if r := q.Reverse(); r != q {
		ws.ends = append(ws.ends, r)
	}
	ws.lanes = make([]*lane, len(ws.ends))
	ws.looks = make([]look, len(ws.ends))
	return ws
}

// walk walks the tree of end k down.
func (ws *walks) walk(k int) {
	g := ws.g
	j := ws.j
	j.c, j.fromEnd = exactly(ws.ends[k]), k == 1
	p := g.newPlan(j)
	p.weigh = true
	lk := look{depth: g.n - 1}
	for p.depth == 0 || len(p.tasks) < ws.want && p.depth < g.n-2 && len(p.tasks) > 0 {
		p.deepen()
		if lk.nodes == 0 && p.s.nodes >= lookNodes {
			lk = look{p.depth, p.s.nodes}
		}
	}
	if lk.nodes == 0 && len(ws.ends) == 2 {
		lk = p.look()
	}
	ws.looks[k] = lk
	ws.lanes[k] = &lane{j: j, tasks: p.tasks, units: units(p.weight), planned: p.s.nodes}
	p.release()
}

// look returns what walking the plan's tree further down would see (see
// look), counting the nodes below its tasks to one level further at a
// time rather than keeping them: in a process that solves one snake,
// every level kept is memory the system must map, at a microsecond a
// page. The nodes counted are the plan's, as visited.
func (p *plan) look() look {
	s, g := p.s, p.s.g
	above := s.nodes
	lk := look{depth: g.n - 1}
	s.measure = true
	for d := p.depth + 1; d <= g.n-2 && lk.nodes == 0; d++ {
		s.stop = d
		from := s.nodes
		for k := range p.tasks {
			s.run(&p.tasks[k])
		}
		if n := above + s.nodes - from; n >= lookNodes {
			lk = look{d, n}
		}
	}
	s.measure = false
	return lk
}

// done returns the lanes, once every walk is done, the one whose look is
// narrower marked as such.
func (ws *walks) done() []*lane {
	if len(ws.lanes) == 2 {
		small := 0
		if ws.looks[1].narrower(ws.looks[0]) {
			small = 1
		}
		ws.lanes[small].looks = true
	}
	return ws.lanes
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
