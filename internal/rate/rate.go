package rate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/solver/sequencer"
	"github.com/snakecube/snakecube/symmetry"
)

// ErrBudget stops a rating whose trees need more nodes than
// [Options.MaxNodes] allows.
var ErrBudget = errors.New("the search trees are larger than the budget")

// Options tune a rating. The zero value rates on every core, without a
// budget.
type Options struct {
	// Workers is how many goroutines search at once; 0 means
	// runtime.GOMAXPROCS(0). The result does not depend on it.
	Workers int
	// MaxNodes, when above 0, is the most nodes the searches of both
	// ends may visit together before the rating stops with [ErrBudget].
	// A node visited stands for up to the box's symmetries' number of
	// nodes of the trees, which the first placements' symmetry saves.
	MaxNodes uint64
	// Progress, when set, is called after each piece of a rating cut
	// into pieces for the workers (a box of more than 32 cells), with the
	// pieces done and their number, one call at a time: a rating that
	// takes seconds can show a bar.
	Progress func(done, total int)
}

// End is the natural strategy's tree from one end of a snake.
type End struct {
	// Nodes is the size of the tree: every placement of the strategy's
	// whole search, cubelet 1 in every cell of the box.
	Nodes uint64
	// Forced is how many of them are forced: the only cell the snake
	// left for that cubelet.
	Forced uint64
	// Foldings is the number of complete foldings the tree holds: every
	// directed folding from this end, each solution counted once for
	// each of its images under the box's symmetries.
	Foldings uint64
	// Expected is the expected number of placements until the first
	// complete folding; 0 when there is none.
	Expected float64
	// ExpectedForced is how many of them are forced, in expectation.
	ExpectedForced float64
}

// Rating is how hard a snake is to fold by hand (see the package
// documentation).
type Rating struct {
	Box symmetry.Box
	// Seq is the snake as given: Ends[0] starts from its first cubelet,
	// Ends[1] from its last.
	Seq  solver.Seq
	Ends [2]End
}

// Foldable reports whether the snake has a solution.
func (r Rating) Foldable() bool { return r.Ends[0].Foldings > 0 }

// Difficulty returns the snake's difficulty: the mean of the expected
// placements from its two ends, a person starting from either end at
// random; +Inf for a snake with no solution.
func (r Rating) Difficulty() float64 {
	if !r.Foldable() {
		return math.Inf(1)
	}
	return (r.Ends[0].Expected + r.Ends[1].Expected) / 2
}

// ForcedShare returns the share of forced placements among those of the
// strategy until its first folding, both ends taken alike; for a snake
// with no solution, among the nodes of its trees.
func (r Rating) ForcedShare() float64 {
	if !r.Foldable() {
		return float64(r.Ends[0].Forced+r.Ends[1].Forced) / float64(r.Ends[0].Nodes+r.Ends[1].Nodes)
	}
	return (r.Ends[0].ExpectedForced + r.Ends[1].ExpectedForced) / (r.Ends[0].Expected + r.Ends[1].Expected)
}

// Nodes returns the size of the two trees together.
func (r Rating) Nodes() uint64 { return r.Ends[0].Nodes + r.Ends[1].Nodes }

// Level returns the snake's level on the 1 to 10 scale; 0 for a snake
// with no solution.
func (r Rating) Level() int {
	if !r.Foldable() {
		return 0
	}
	return Level(r.Difficulty())
}

// spaces holds each box's tables, computed once.
var spaces = symmetry.NewMemo(newSpace)

func spaceOf(b symmetry.Box) *space { return spaces.Of(b) }

// Rate rates snake q of box b: it evaluates the natural strategy's tree
// from each end, exactly.
func Rate(ctx context.Context, b symmetry.Box, q solver.Seq, opts Options) (Rating, error) {
	if err := q.Valid(b); err != nil {
		return Rating{}, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	r := Rating{Box: b, Seq: q}
	s := spaceOf(b)
	readings := [2]solver.Seq{q, q.Reverse()}
	var budget *atomic.Int64
	if opts.MaxNodes > 0 {
		budget = new(atomic.Int64)
		budget.Store(int64(min(opts.MaxNodes, math.MaxInt64)))
	}
	if workers == 1 || b.Len() <= splitFrom {
		t := &tree{s: s, ctx: ctx, budget: budget}
		for k, rd := range readings {
			t.q = rd
			n := t.root()
			if t.err != nil {
				return Rating{}, t.err
			}
			r.Ends[k] = n.end()
		}
		return r, nil
	}
	return rateSplit(ctx, s, readings, workers, budget, opts.Progress)
}

// end turns the root's node into an End.
func (n node) end() End {
	return End{Nodes: n.size, Forced: n.forced, Foldings: n.foldings, Expected: n.e, ExpectedForced: n.f}
}

// splitFrom is the largest box rated on one goroutine: a 3x3x3 snake's
// trees take milliseconds, less than handing pieces of them around.
const splitFrom = 32

// splitDepth is the depth at which a big rating's trees are cut into
// pieces for the workers: some thousands of pieces, so that the slowest
// is a small part of the whole.
const splitDepth = 6

// piece is a subtree of a big rating, searched by one worker.
type piece struct {
	end    int
	path   []int8
	last   symmetry.Dir
	forced bool
	n      node
}

// rateSplit rates a snake on workers goroutines: the top of each tree
// is walked once to list the subtrees at splitDepth, the workers search
// them, and the top is walked again to put their nodes together in the
// same order, so that the floating-point sums, and so the rating, are
// those of any number of workers.
func rateSplit(ctx context.Context, s *space, readings [2]solver.Seq, workers int, budget *atomic.Int64, progress func(done, total int)) (Rating, error) {
	var pieces []*piece
	for k, rd := range readings {
		t := &tree{s: s, q: rd, ctx: ctx, split: splitDepth}
		t.task = func(path []int8, last symmetry.Dir, forced bool) node {
			pieces = append(pieces, &piece{end: k, path: append([]int8(nil), path...), last: last, forced: forced})
			return node{}
		}
		t.root()
	}
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers)
	var mu sync.Mutex
	done := 0
	for _, p := range pieces {
		eg.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			t := &tree{s: s, q: readings[p.end], ctx: ctx, budget: budget}
			p.n = t.search(p.path, p.last, p.forced)
			if t.err == nil && progress != nil {
				mu.Lock()
				done++
				progress(done, len(pieces))
				mu.Unlock()
			}
			return t.err
		})
	}
	if err := eg.Wait(); err != nil {
		return Rating{}, err
	}
	r := Rating{Box: s.box, Seq: readings[0]}
	next := 0
	for k, rd := range readings {
		t := &tree{s: s, q: rd, ctx: context.Background(), split: splitDepth}
		t.task = func([]int8, symmetry.Dir, bool) node {
			p := pieces[next]
			next++
			return p.n
		}
		r.Ends[k] = t.root().end()
	}
	if next != len(pieces) {
		return Rating{}, fmt.Errorf("rate: %d pieces replayed of %d", next, len(pieces))
	}
	return r, nil
}

// All rates the snakes qs of box b, each on one of up to workers
// goroutines (0 means runtime.GOMAXPROCS(0), as for [Options]), and calls
// emit with each rating in the order of qs.
func All(ctx context.Context, b symmetry.Box, qs []solver.Seq, workers int, emit func(k int, r Rating) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return sequencer.RunAhead(ctx, len(qs), workers, 64*workers, func(ctx context.Context, k int) (Rating, error) {
		return rateEach(ctx, b, qs[k], Options{Workers: 1})
	}, emit)
}

// rateEach is what [All] rates each snake with: [Rate], but in tests.
var rateEach = Rate
