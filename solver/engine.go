package solver

import (
	"cmp"
	"context"
	"runtime"
	"slices"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/snakecube/snakecube/symmetry"
)

// Options tune a search. The zero value searches with every core.
type Options struct {
	// Workers is the number of goroutines searching at once; 0 means
	// runtime.GOMAXPROCS(0). The result does not depend on it.
	Workers int
	// Progress, when set, is called after each piece of the search with the
	// number of pieces done and their total. It is called from the
	// searching goroutines, one call at a time per piece, possibly
	// concurrently.
	Progress func(done, total int)
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// tasksPerWorker sets how finely the search is cut: subtrees differ in size
// by orders of magnitude, so each worker gets many pieces to keep the cores
// busy to the end, while cutting stays a negligible share of the work.
const tasksPerWorker = 64

// plan cuts the search under c into tasks, subtrees rooted at partial
// foldings of equal depth, in a fixed order.
func (g *grid) plan(j job, want int) []state {
	tasks := g.roots()
	for depth := 0; len(tasks) < want && depth+2 < g.n-1; depth++ {
		s := &search{g: g, job: j, splitAt: depth + 1, ctx: context.Background()}
		for k := range tasks {
			s.run(&tasks[k])
		}
		tasks = s.tasks
	}
	return tasks
}

// result is what a search found, task by task, in task order.
type result struct {
	found []found
	nodes uint64
}

// search runs every task under c on the configured workers.
func (g *grid) search(ctx context.Context, j job, opts Options) (*result, error) {
	w := opts.workers()
	want := w * tasksPerWorker
	if w == 1 {
		want = 1 // nothing to balance: search from the roots
	}
	tasks := g.plan(j, want)
	res := &result{found: make([]found, len(tasks))}
	var done atomic.Int64
	var nodes atomic.Uint64
	runTask := func(ctx context.Context, k int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		s := &search{g: g, job: j, splitAt: -1, ctx: ctx}
		s.run(&tasks[k])
		nodes.Add(s.nodes)
		if s.stopped {
			return ctx.Err()
		}
		res.found[k] = s.out
		if opts.Progress != nil {
			opts.Progress(int(done.Add(1)), len(tasks))
		}
		return nil
	}
	if w == 1 {
		// In the caller's goroutine, whose stack has already grown to
		// the search's depth, and with one search whose results grow
		// across the tasks: small searches run in batches cost less.
		s := &search{g: g, job: j, splitAt: -1, ctx: ctx}
		for k := range tasks {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			s.run(&tasks[k])
			if s.stopped {
				return nil, ctx.Err()
			}
			if opts.Progress != nil {
				opts.Progress(k+1, len(tasks))
			}
		}
		return &result{found: []found{s.out}, nodes: s.nodes}, nil
	}
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(w)
	for k := range tasks {
		eg.Go(func() error { return runTask(ctx, k) })
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	res.nodes = nodes.Load()
	return res, nil
}

// Catalogue is every solution of every snake of a box, or of a section of
// it, in the order of the catalogue file.
type Catalogue struct {
	Box symmetry.Box
	// Snakes are in ascending order of key.
	Snakes []Snake
	// Nodes is the number of search nodes visited.
	Nodes uint64
}

// Snake is one snake and its solutions.
type Snake struct {
	Key Seq
	// Solutions are canonical direction lists following Key, ascending.
	Solutions [][]symmetry.Dir
}

// Solutions returns the number of solutions in the catalogue.
func (c *Catalogue) Solutions() int {
	n := 0
	for _, s := range c.Snakes {
		n += len(s.Solutions)
	}
	return n
}

// Enumerate finds every snake of the box that folds and all its solutions,
// each counted once up to the box's symmetries and reversal.
func Enumerate(ctx context.Context, b symmetry.Box, opts Options) (*Catalogue, error) {
	res, err := gridOf(b).search(ctx, job{keysOnly: true}, opts)
	if err != nil {
		return nil, err
	}
	return res.catalogue(b), nil
}

// catalogue sorts what a search found into catalogue order. Solutions of one
// snake come from many tasks, so a global sort is needed: by key, then by
// direction list.
func (r *result) catalogue(b symmetry.Box) *Catalogue {
	m := b.Len() - 1
	// Moves are compared through their first 21 packed into a uint64,
	// three bits each, most significant first: the same order, and ties
	// fall back to the whole lists.
	type ref struct {
		key, head uint64 // the key's order, the packed first moves
		task, at  int32
	}
	n := 0
	for _, f := range r.found {
		n += len(f.seqs)
	}
	refs := make([]ref, 0, n)
	for t, f := range r.found {
		for k, q := range f.seqs {
			var head uint64
			for i, d := range f.at(k, m)[:min(m, 21)] {
				head |= uint64(d) << (60 - 3*i)
			}
			refs = append(refs, ref{Seq{Bits: q, Len: b.Len()}.order(), head, int32(t), int32(k)})
		}
	}
	dirs := func(x ref) []symmetry.Dir { return r.found[x.task].at(int(x.at), m) }
	slices.SortFunc(refs, func(x, y ref) int {
		if c := cmp.Compare(x.key, y.key); c != 0 {
			return c
		}
		if c := cmp.Compare(x.head, y.head); c != 0 || m <= 21 {
			return c
		}
		return slices.Compare(dirs(x), dirs(y))
	})
	snakes := 0
	for k := range refs {
		if k == 0 || refs[k].key != refs[k-1].key {
			snakes++
		}
	}
	// The solutions stay where the search left them.
	sols := make([][]symmetry.Dir, len(refs))
	cat := &Catalogue{Box: b, Nodes: r.nodes, Snakes: make([]Snake, 0, snakes)}
	first := 0
	for k, x := range refs {
		sols[k] = dirs(x)[:m:m]
		if k+1 == len(refs) || refs[k+1].key != x.key {
			q := r.found[x.task].seqs[x.at]
			cat.Snakes = append(cat.Snakes, Snake{Key: Seq{Bits: q, Len: b.Len()}, Solutions: sols[first : k+1 : k+1]})
			first = k + 1
		}
	}
	return cat
}
