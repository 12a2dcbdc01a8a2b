package solver

import (
	"context"
	"math"
	"sync/atomic"
)

// lane is one of the searches a race runs: a job cut into tasks, each
// with its share of the job's tree as Knuth's estimate has it, and how far
// the race has gone in it.
type lane struct {
	j       job
	tasks   []state
	units   []uint64      // each task's share of the tree, in units of 1/whole
	planned uint64        // the nodes above the tasks
	looks   bool          // the look (see favour) has its tree the smaller
	next    atomic.Int64  // the next task to take
	left    atomic.Int64  // tasks not finished
	work    atomic.Uint64 // nodes visited
	done    atomic.Uint64 // the shares of the tasks finished
}

// whole is a lane's whole tree in the units of its tasks' shares.
const whole = 1 << 52

// estimate returns the nodes the lane's search will have visited when it
// is done, as the shares of its tasks finished tell: infinite before the
// first is.
func (l *lane) estimate() float64 {
	d := l.done.Load()
	if d == 0 {
		return math.Inf(1)
	}
	return float64(l.work.Load()) * whole / float64(d)
}

// leader returns the lane whose tree looks smallest, and how many times
// the share of each other lane it gets: the lane whose estimate is the
// smallest, or before there is one, the lane the look favours; favour
// times, or trust times once its estimate is under half of every other.
func leader(lanes []*lane) (int, float64) {
	lead, est := -1, math.Inf(1)
	for e, l := range lanes {
		if v := l.estimate(); v < est {
			lead, est = e, v
		}
	}
	if lead < 0 {
		for e, l := range lanes {
			if l.looks {
				return e, favour
			}
		}
		return 0, favour
	}
	for e, l := range lanes {
		if e != lead && l.estimate() < 2*est {
			return lead, favour
		}
	}
	return lead, trust
}

// quantum is how many nodes a worker visits in a lane before it chooses
// again which lane to work on: some tenths of a millisecond, so that the
// shares hold closely, and a lane that has lost stops soon after the
// winner is done. A lane's first quanta are smaller, a quarter of the
// nodes it has visited but at least firstQuantum: on a small tree, full
// quanta given to the losing lane at the start would be most of what the
// race costs over the winner's tree.
const (
	quantum      = 1 << 14
	firstQuantum = 1 << 10
)

// racer is a worker's search in one lane, and where it stands.
type racer struct {
	s    *search
	c    cursor
	busy bool // within a task
	task int  // the task under way
}

// race is a search of lanes by workers, each lane getting about its share
// of the nodes visited (see leader), until one lane has searched all its
// tasks; the others are then abandoned.
type race struct {
	g      *grid
	ctx    context.Context
	cancel context.CancelFunc
	lanes  []*lane
	winner atomic.Int64 // the lane that finished, or -1
	racers [][]racer    // by worker, then lane; each worker sets its own
}

// newRace returns the race of lanes on w workers, before any has begun.
func (g *grid) newRace(ctx context.Context, lanes []*lane, w int) *race {
	r := &race{g: g, lanes: lanes, racers: make([][]racer, w)}
	r.ctx, r.cancel = context.WithCancel(ctx)
	r.winner.Store(-1)
	for e, l := range lanes {
		l.left.Store(int64(len(l.tasks)))
		if len(l.tasks) == 0 {
			r.winner.CompareAndSwap(-1, int64(e)) // nothing to search
		}
	}
	return r
}

// work is worker k's part of the race: it takes a search for each lane
// and searches until a lane is done, or the context is, or it finds no
// task left. A worker that comes once the race is over takes no search.
func (r *race) work(k int) {
	if r.winner.Load() >= 0 || r.ctx.Err() != nil {
		return
	}
	rs := make([]racer, len(r.lanes))
	for e := range r.lanes {
		s := searches.Get().(*search)
		s.reset(r.g, r.ctx, r.lanes[e].j)
		rs[e].s = s
	}
	r.racers[k] = rs
	for r.winner.Load() < 0 && r.ctx.Err() == nil {
		e := pick(r.lanes, rs)
		if e < 0 {
			return
		}
		if n := rs[e].run(r.lanes[e]); n > 0 && r.lanes[e].left.Add(-int64(n)) == 0 {
			r.winner.CompareAndSwap(-1, int64(e))
			r.cancel()
		}
	}
}

// finish returns, once every worker's work has returned, the index of the
// lane that finished and what it found, its searches to be released.
func (r *race) finish() (int, *result, error) {
	defer r.cancel()
	e := int(r.winner.Load())
	res := &result{}
	for _, l := range r.lanes {
		res.nodes += l.planned
	}
	for _, rs := range r.racers {
		for f := range rs {
			res.searches = append(res.searches, rs[f].s)
			res.nodes += rs[f].s.nodes
		}
		if e >= 0 && rs != nil {
			res.found = append(res.found, rs[e].s.out)
		}
	}
	if e < 0 {
		res.release()
		return -1, nil, context.Cause(r.ctx)
	}
	return e, res, nil
}

// pick returns the lane the worker whose racers are rs works on next: of
// the lanes where it is within a task, or that have tasks left to take,
// the one furthest behind its share, the leader on a tie; or -1 when there
// is none.
func pick(lanes []*lane, rs []racer) int {
	lead, times := leader(lanes)
	best, behind := -1, math.Inf(1)
	for e, l := range lanes {
		if !rs[e].busy && int(l.next.Load()) >= len(l.tasks) {
			continue
		}
		v := float64(l.work.Load())
		if e != lead {
			v *= times
		}
		if v < behind || v == behind && e == lead {
			best, behind = e, v
		}
	}
	return best
}

// run searches a quantum in lane l, going on from the task the racer has
// under way, if any, and taking new ones as it finishes them; it returns
// how many tasks it finished.
func (r *racer) run(l *lane) int {
	s := r.s
	before := s.nodes
	defer func() { l.work.Add(s.nodes - before) }()
	end := before + min(quantum, max(firstQuantum, l.work.Load()/4))
	n := 0
	for s.nodes < end {
		if !r.busy {
			t := int(l.next.Add(1) - 1)
			if t >= len(l.tasks) {
				break
			}
			r.task = t
			if !s.begin(&l.tasks[t], &r.c) {
				if s.stopped {
					return 0
				}
				l.done.Add(l.units[t])
				n++
				continue
			}
			r.busy = true
		}
		s.pauseAt(end)
		if !s.resume(&r.c) {
			break
		}
		if s.stopped {
			return 0
		}
		r.busy = false
		l.done.Add(l.units[r.task])
		n++
	}
	return n
}
