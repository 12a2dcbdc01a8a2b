package solver

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/snakecube/snakecube/symmetry"
)

// MaxWorkers bounds [Options.Workers]: each worker holds a search, and a
// search is cut into tasks for each worker, so memory grows with them.
const MaxWorkers = 1024

// Options tune a search. The zero value searches with every core.
type Options struct {
	// Workers is the number of goroutines searching at once; 0 means
	// runtime.GOMAXPROCS(0), more than MaxWorkers means MaxWorkers. The
	// result does not depend on it.
	Workers int
	// Progress, when set, is called after each piece of the search with the
	// number of pieces done and their total. It is called from the
	// searching goroutines, one call at a time per piece, possibly
	// concurrently.
	Progress func(done, total int)
	// Most, when above 0, is how many solutions [Solve] keeps of a snake:
	// the first in the order it returns them, the others only counted
	// (see [Solved.Total]), so that its memory stays bounded whatever
	// the snake.
	Most int
	// Waiting, when above 0 with Weigh set, bounds what the finished
	// sections of a [Stream] hold while they wait for their turn: while
	// the results of work waiting weigh more than Waiting, each result v
	// weighing Weigh(v), no section starts but the next in order. The
	// results are the same; memory stays near Waiting, however the
	// sections' sizes vary.
	Waiting int64
	Weigh   func(any) int64
	// Joined, when set, lets [Stream] hand work the catalogue of several
	// consecutive sections at once where it searched them together (a
	// whole box of up to 32 cells): fewer and larger results, for a work
	// whose result does not depend on where the sections end, such as
	// an encoded catalogue.
	Joined bool
	// Held, when above 0, is the most solutions one section of a
	// [Stream] holds (at most MaxFound, which 0 means): a section with
	// more is searched as the sections below it, so that memory stays
	// near Held solutions a worker whatever the box.
	Held int
}

// Goroutines returns how many goroutines a search with o runs at once:
// Workers, or the default it stands for.
func (o Options) Goroutines() int { return o.workers() }

func (o Options) workers() int {
	if o.Workers > 0 {
		return min(o.Workers, MaxWorkers)
	}
	return min(runtime.GOMAXPROCS(0), MaxWorkers)
}

// tasksPerWorker sets how finely the search is cut: subtrees differ in size
// by orders of magnitude, so each worker gets many pieces to keep the cores
// busy to the end, while cutting stays a negligible share of the work.
const tasksPerWorker = 64

// plan cuts the search for job j into tasks, the states at the first
// depth, 1 or more, that has want of them, in search order. It returns
// them and the nodes visited above them.
func (g *grid) plan(j job, want int) ([]state, uint64) {
	p := g.newPlan(j)
	for p.depth == 0 || len(p.tasks) < want && p.depth < g.n-2 {
		p.deepen()
	}
	defer p.release()
	return p.tasks, p.s.nodes
}

// plan is a search's tree walked down level by level: the states at depth
// depth, and in s the nodes above them.
type plan struct {
	s     *search
	tasks []state
	spare []state // the memory of the level before, for the next
	depth int
	// When weighed, weight[k] is task k's share of the tree as Knuth's
	// estimate has it: a node's share split evenly among its children.
	weigh          bool
	weight, spareW []float64
}

func (g *grid) newPlan(j job) *plan {
	s := searches.Get().(*search)
	s.reset(g, context.Background(), j)
	s.planning = true
	return &plan{s: s, tasks: g.roots()}
}

// release hands the plan's search back for reuse; the tasks stay the
// caller's.
func (p *plan) release() {
	p.s.tasks = nil
	searches.Put(p.s)
	p.s = nil
}

// deepen replaces the tasks with their children.
func (p *plan) deepen() {
	p.depth++
	// Room for every child a node can have, six, the level before's
	// memory if it has it: a level never grows by copying, and in fresh
	// memory, a one-snake process's, room not written costs no page.
	next := p.spare[:0]
	if n := 6 * len(p.tasks); cap(next) < n {
		next = make([]state, 0, n)
	}
	p.s.tasks, p.s.stop = next, p.depth
	if p.weigh && p.weight == nil {
		for range p.tasks {
			p.weight = append(p.weight, 1/float64(len(p.tasks)))
		}
	}
	w := p.spareW[:0]
	if n := 6 * len(p.tasks); p.weigh && cap(w) < n {
		w = make([]float64, 0, n)
	}
	for k := range p.tasks {
		n := len(p.s.tasks)
		p.s.run(&p.tasks[k])
		if kids := len(p.s.tasks) - n; p.weigh {
			for range kids {
				w = append(w, p.weight[k]/float64(kids))
			}
		}
	}
	p.spare = nil
	if p.depth > 1 { // the roots are shared
		p.spare = p.tasks
	}
	p.tasks = p.s.tasks
	p.spareW, p.weight = p.weight, w
}

// result is what a search found, by worker, and the nodes it visited.
type result struct {
	found    []found
	searches []*search
	nodes    uint64
}

// searches keeps the memory of searches, their stacks and tables, for the
// next: a census counts thousands of sections one after the other.
var searches = sync.Pool{New: func() any { return new(search) }}

// tallies returns the tables of a counting job's workers.
func (r *result) tallies() []*tally {
	var ts []*tally
	for _, f := range r.found {
		if f.counts != nil {
			ts = append(ts, f.counts)
		}
	}
	return ts
}

// release hands the searches back for reuse, once nothing refers to what
// they found.
func (r *result) release() {
	for _, s := range r.searches {
		searches.Put(s)
	}
	r.searches, r.found = nil, nil
}

// search runs every task of job j on the configured workers, each worker
// taking the next task in turn, and each with one search whose results
// grow across its tasks.
func (g *grid) search(ctx context.Context, j job, opts Options) (*result, error) {
	w := opts.workers()
	want := w * tasksPerWorker
	if w == 1 {
		want = 1 // nothing to balance: search from the first level
	}
	tasks, nodes := g.plan(j, want)
	w = min(w, max(len(tasks), 1))
	res := &result{found: make([]found, w), searches: make([]*search, w), nodes: nodes}
	for k := range w {
		res.searches[k] = searches.Get().(*search)
	}
	var next, done atomic.Int64
	var visited atomic.Uint64
	worker := func(ctx context.Context, k int) error {
		s := res.searches[k]
		s.reset(g, ctx, j)
		defer func() {
			res.found[k] = s.out
			visited.Add(s.nodes)
		}()
		for {
			t := int(next.Add(1) - 1)
			if t >= len(tasks) {
				return nil
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			s.run(&tasks[t])
			if s.stopped {
				return s.stoppedBy()
			}
			if opts.Progress != nil {
				opts.Progress(int(done.Add(1)), len(tasks))
			}
		}
	}
	if w == 1 {
		// In the caller's goroutine: nothing to share.
		if err := worker(ctx, 0); err != nil {
			return nil, err
		}
	} else {
		eg, ctx := errgroup.WithContext(ctx)
		for k := range w {
			eg.Go(func() error { return worker(ctx, k) })
		}
		if err := eg.Wait(); err != nil {
			return nil, err
		}
	}
	res.nodes += visited.Load()
	return res, nil
}

// stoppedBy returns why s stopped: its count's table full, the solutions
// it holds too many, or its context done.
func (s *search) stoppedBy() error {
	switch {
	case s.out.counts != nil && s.out.counts.over:
		return errTooBig
	case s.held > 0 && len(s.out.seqs) > s.held:
		return ErrCatalogueTooBig
	}
	return s.ctx.Err()
}

// maxFound bounds the solutions a search holds for a catalogue: a
// variable for the tests.
var maxFound = MaxFound

// MaxFound is how many solutions a search may hold for a catalogue's
// section: a key and the moves each, 8 and L-1 bytes, some 1.2 GB for 64
// cubelets. A [Stream] cuts a section with more, or with more than
// [Options.Held], into the sections below it; only one snake's solutions
// cannot be cut.
const MaxFound = 1 << 24

// ErrCatalogueTooBig is the error of a snake with more solutions than a
// search may hold, MaxFound.
var ErrCatalogueTooBig = fmt.Errorf("more solutions than one snake's catalogue may hold in memory, %d", MaxFound)

// runAll searches below each of tasks in turn, its results growing across
// them, and calls progress, if set, after each.
func (s *search) runAll(tasks []state, progress func(done, total int)) error {
	for k := range tasks {
		if err := s.ctx.Err(); err != nil {
			return err
		}
		s.run(&tasks[k])
		if s.stopped {
			return s.stoppedBy()
		}
		if progress != nil {
			progress(k+1, len(tasks))
		}
	}
	return nil
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
	// Seq is the snake: in a catalogue its key, the lesser of its two
	// readings; in a solve, the snake as typed, from either end.
	Seq Seq
	// Solutions are canonical direction lists following Seq, ascending.
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

// Enumerate finds every snake of the box that folds and all its
// solutions, each counted once up to the box's symmetries and reversal.
func Enumerate(ctx context.Context, b symmetry.Box, opts Options) (*Catalogue, error) {
	g := gridOf(b)
	packed := b.Len() <= wholeCountCells
	res, err := g.search(ctx, job{keysOnly: true, ordered: true, packed: packed}, opts)
	if err != nil {
		return nil, err
	}
	var c *Catalogue
	if packed {
		// One bucket, the whole box's: a section of no prefix, unpacked
		// into memory of its own; the searches go back to the pool.
		c = new(workspace).packedSection(g, res.found, Seq{}, 0)
		res.release()
	} else {
		// The solutions stay in the searches' memory.
		c = new(workspace).catalogue(b, res.found, res.nodes)
	}
	c.Nodes = res.nodes
	return c, nil
}

// workspace is the memory a catalogue is sorted in. A [Stream] worker keeps
// one from section to section, with its search, so that a run of many
// sections allocates about as much as its largest section needs rather
// than the sum of all: fresh memory costs a page fault per 4 KB.
type workspace struct {
	s    search
	refs []ref
	keys []uint64 // keys and positions of refs, packed to sort
	tmp  []uint64 // sortKeys's
	// sorted is refs in catalogue order.
	sorted []ref
	sols   [][]symmetry.Dir
	cat    Catalogue
	// A packed section's (see packedSection): its pairs as found and
	// sorted, the order of the pairs, and the moves of its solutions.
	raw, pairs, order []uint64
	flat              []symmetry.Dir
}

// ref is a solution being sorted: its key's order, its first 21 moves
// packed three bits each, most significant first (the same order, ties
// falling back to the whole lists), and where the search left its moves.
type ref struct {
	key, head uint64
	task, at  int32
}

// headMoves is how many moves a ref packs.
const headMoves = 21

// catalogue sorts what a search found into catalogue order, in w's memory:
// the catalogue is valid until w's next use. Solutions of one snake come
// from many branches of the search, so a global sort is needed: by key,
// then by direction list.
func (w *workspace) catalogue(b symmetry.Box, found []found, nodes uint64) *Catalogue {
	m := b.Len() - 1
	n := 0
	for _, f := range found {
		n += len(f.seqs)
	}
	refs := slices.Grow(w.refs[:0], n)
	for t, f := range found {
		for k, q := range f.seqs {
			var head uint64
			for i, d := range f.at(k, m)[:min(m, headMoves)] {
				head |= uint64(d) << (60 - 3*i)
			}
			refs = append(refs, ref{Seq{Bits: q, Len: b.Len()}.order(), head, int32(t), int32(k)})
		}
	}
	dirs := func(x ref) []symmetry.Dir { return found[x.task].at(int(x.at), m) }
	byMoves := func(x, y ref) int {
		if c := cmp.Compare(x.head, y.head); c != 0 || m <= headMoves {
			return c
		}
		return slices.Compare(dirs(x), dirs(y))
	}
	w.refs = refs
	refs = w.sortRefs(refs, b.Len(), byMoves)
	snakes := 0
	for k := range refs {
		if k == 0 || refs[k].key != refs[k-1].key {
			snakes++
		}
	}
	// The solutions stay where the search left them.
	sols := slices.Grow(w.sols[:0], len(refs))[:len(refs)]
	w.sols = sols
	w.cat = Catalogue{Box: b, Nodes: nodes, Snakes: slices.Grow(w.cat.Snakes[:0], snakes)}
	first := 0
	for k, x := range refs {
		sols[k] = dirs(x)[:m:m]
		if k+1 == len(refs) || refs[k+1].key != x.key {
			q := found[x.task].seqs[x.at]
			w.cat.Snakes = append(w.cat.Snakes, Snake{Seq: Seq{Bits: q, Len: b.Len()}, Solutions: sols[first : k+1 : k+1]})
			first = k + 1
		}
	}
	return &w.cat
}

// sortRefs returns refs, of keys of n cubelets, sorted by key, then by
// moves, in w's memory. When a ref's position fits in the bits below a
// key, keys and positions are sorted packed in one uint64 each, compared
// as integers, and only the short runs of solutions of one key need the
// comparator: several times faster than comparing every pair through it.
func (w *workspace) sortRefs(refs []ref, n int, byMoves func(x, y ref) int) []ref {
	if n+bits.Len(uint(len(refs))) > 64 {
		slices.SortFunc(refs, func(x, y ref) int {
			if c := cmp.Compare(x.key, y.key); c != 0 {
				return c
			}
			return byMoves(x, y)
		})
		return refs
	}
	keys := slices.Grow(w.keys[:0], len(refs))
	var differ uint64 // the bits in which keys differ
	for k, x := range refs {
		keys = append(keys, x.key|uint64(k))
		differ |= x.key ^ refs[0].key
	}
	// By key alone, stably: a section's keys share their prefix, so a
	// radix sort of the bits they differ in, with the positions riding
	// below, costs a few passes where a comparison sort cost a log.
	sortKeys(keys, &w.tmp, 64-n, bits.Len64(differ))
	w.keys = keys
	out := slices.Grow(w.sorted[:0], len(refs))
	mask := uint64(1)<<(64-n) - 1
	for _, k := range keys {
		out = append(out, refs[k&mask])
	}
	w.sorted = out
	for k := 0; k < len(out); {
		end := k + 1
		for end < len(out) && out[end].key == out[k].key {
			end++
		}
		if end-k > 1 {
			slices.SortFunc(out[k:end], byMoves)
		}
		k = end
	}
	return out
}
