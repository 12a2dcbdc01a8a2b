package solver

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
)

// lane is one of the searches a race runs: a job cut into tasks, and its
// share of the nodes the race visits.
type lane struct {
	j       job
	tasks   []state
	planned uint64 // the nodes above the tasks
	share   float64
	next    atomic.Int64  // the next task to take
	left    atomic.Int64  // tasks not finished
	work    atomic.Uint64 // nodes visited
}

// quantum is how many nodes a worker visits in a lane before it chooses
// again which lane to work on: some tenths of a millisecond, so that the
// shares hold closely, and a lane that has lost stops soon after the
// winner is done.
const quantum = 1 << 14

// racer is a worker's search in one lane, and where it stands.
type racer struct {
	s    *search
	c    cursor
	busy bool // within a task
}

// race searches the lanes on w workers, each lane getting about its share
// of the nodes visited, until one lane has searched all its tasks; the
// others are then abandoned. It returns the index of the lane that
// finished and what it found, its searches to be released.
func (g *grid) race(ctx context.Context, lanes []*lane, w int) (int, *result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var winner atomic.Int64
	winner.Store(-1)
	for e, l := range lanes {
		l.left.Store(int64(len(l.tasks)))
		if len(l.tasks) == 0 {
			winner.CompareAndSwap(-1, int64(e)) // nothing to search
		}
	}
	racers := make([][]racer, w)
	for k := range racers {
		racers[k] = make([]racer, len(lanes))
		for e := range lanes {
			s := searches.Get().(*search)
			s.reset(g, ctx, lanes[e].j)
			racers[k][e].s = s
		}
	}
	worker := func(rs []racer) {
		for winner.Load() < 0 && ctx.Err() == nil {
			e := pick(lanes, rs)
			if e < 0 {
				return
			}
			if rs[e].run(lanes[e]) && lanes[e].left.Add(-1) == 0 {
				winner.CompareAndSwap(-1, int64(e))
				cancel()
			}
		}
	}
	if w == 1 {
		worker(racers[0])
	} else {
		var wg sync.WaitGroup
		for k := range w {
			wg.Go(func() { worker(racers[k]) })
		}
		wg.Wait()
	}
	e := int(winner.Load())
	res := &result{}
	for _, l := range lanes {
		res.nodes += l.planned
	}
	for k := range racers {
		for f := range lanes {
			res.searches = append(res.searches, racers[k][f].s)
			res.nodes += racers[k][f].s.nodes
		}
		if e >= 0 {
			res.found = append(res.found, racers[k][e].s.out)
		}
	}
	if e < 0 {
		res.release()
		return -1, nil, context.Cause(ctx)
	}
	return e, res, nil
}

// pick returns the lane the worker whose racers are rs works on next: of
// the lanes where it is within a task, or that have tasks left to take,
// the one furthest behind its share; or -1 when there is none.
func pick(lanes []*lane, rs []racer) int {
	best, behind := -1, math.Inf(1)
	for e, l := range lanes {
		if !rs[e].busy && int(l.next.Load()) >= len(l.tasks) {
			continue
		}
		if v := float64(l.work.Load()) / l.share; v < behind {
			best, behind = e, v
		}
	}
	return best
}

// run searches a quantum in lane l, from a new task if the racer has none
// under way, and reports whether a task was finished.
func (r *racer) run(l *lane) bool {
	s := r.s
	before := s.nodes
	defer func() { l.work.Add(s.nodes - before) }()
	if !r.busy {
		t := int(l.next.Add(1) - 1)
		if t >= len(l.tasks) {
			return false
		}
		if !s.begin(&l.tasks[t], &r.c) {
			return !s.stopped
		}
		r.busy = true
	}
	s.pauseAt(s.nodes + quantum)
	if !s.resume(&r.c) {
		return false
	}
	r.busy = false
	return !s.stopped
}
