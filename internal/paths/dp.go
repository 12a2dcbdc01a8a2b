package paths

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// errNarrow reports a count beyond 64 bits: the run starts again in 128.
var errNarrow = errors.New("paths: a count overflows 64 bits")

// An engine runs a plan.
type engine struct {
	plan      *plan
	workers   int
	maxStates int
	wide      bool // count in 128 bits
	// progress, if not nil, is called after each step with the states
	// it holds.
	progress func(step, states int)
}

// partStates is about how many states a part holds, and maxParts bounds
// the parts: few enough that a worker's buffers, one a part, each append
// to a line in its cache.
const (
	partStates = 1 << 16
	maxParts   = 1 << 10
)

// batch is how many states a worker keeps before it adds them to the
// parts: 16 MB each, a run of a thousand states for each of the most
// parts.
const batch = 1 << 20

// minTable is the size a part's table starts at.
const minTable = 64

// run walks the plan and returns the number of Hamiltonian paths of the
// graph, each counted once (not once for each direction), and the most
// states a step held.
func (e *engine) run(ctx context.Context) (u128, int, error) {
	cur := []*part{{kv: []uint64{0, 1}, n: 1}}
	if e.wide {
		cur[0].hi = []uint64{0}
	}
	states, peak := 1, 1
	for t := range e.plan.steps {
		next, n, err := e.step(ctx, &e.plan.steps[t], cur, states)
		if err != nil {
			return u128{}, peak, err
		}
		cur, states = next, n
		peak = max(peak, n)
		if e.progress != nil {
			e.progress(t, n)
		}
	}
	var total u128
	for _, p := range cur {
		var ok bool
		if total, ok = total.add(p.count(0)); !ok {
			return u128{}, peak, ErrOverflow
		}
	}
	return total, peak, nil
}

// step takes in one vertex: it returns the states that follow those of
// cur, which it frees as it reads them.
func (e *engine) step(ctx context.Context, st *step, cur []*part, states int) ([]*part, int, error) {
	pbits := uint(0)
	for 1<<pbits*partStates < 2*states && 1<<pbits < maxParts {
		pbits++
	}
	next := make([]*part, 1<<pbits)
	for i := range next {
		next[i] = &part{pbits: pbits}
	}
	var (
		cursor   atomic.Int64
		total    atomic.Int64
		overflow atomic.Bool
	)
	g, ctx := errgroup.WithContext(ctx)
	for w := range e.workers {
		g.Go(func() error {
			// A buffer holds each state's key, then its count in one
			// or two words.
			stride := 2
			if e.wide {
				stride = 3
			}
			buf := make([][]uint64, len(next))
			pending := 0
			// Each worker adds to the parts from its own place in the
			// ring of them, so that the workers seldom wait for the
			// same part.
			first := w * len(next) / e.workers
			flush := func() error {
				added := 0
				for r := range buf {
					q := (first + r) % len(buf)
					b := buf[q]
					if len(b) == 0 {
						continue
					}
					p := next[q]
					p.mu.Lock()
					if p.kv == nil {
						p.alloc(minTable, e.wide)
					}
					p.touch(b, stride)
					for i := 0; i < len(b); i += stride {
						var hi uint64
						if stride == 3 {
							hi = b[i+2]
						}
						isNew, ok := p.add(b[i], b[i+1], hi)
						if isNew {
							added++
						}
						if !ok {
							overflow.Store(true)
						}
					}
					p.mu.Unlock()
					buf[q] = b[:0]
				}
				pending = 0
				if n := total.Add(int64(added)); n > int64(e.maxStates) {
					return &StatesError{Max: e.maxStates}
				}
				if overflow.Load() {
					if e.wide {
						return ErrOverflow
					}
					return errNarrow
				}
				return nil
			}
			var out [maxNext]succ
			for {
				i := int(cursor.Add(1)) - 1
				if i >= len(cur) {
					break
				}
				p := cur[i]
				for j := 0; j < len(p.kv); j += 2 {
					if j&0x1fff == 0 && ctx.Err() != nil {
						return ctx.Err()
					}
					k, lo := p.kv[j], p.kv[j+1]
					var hi uint64
					if p.hi != nil {
						hi = p.hi[j/2]
					}
					n := st.expand(k, &out)
					for _, s := range out[:n] {
						q := hash(s.key) >> (64 - pbits) // 0 when pbits is 0
						if e.wide {
							c, ok := u128{lo, hi}.mul(s.ways)
							if !ok {
								return ErrOverflow
							}
							buf[q] = append(buf[q], s.key, c.lo, c.hi)
							continue
						}
						h, l := bits.Mul64(lo, s.ways)
						if h != 0 {
							return errNarrow
						}
						buf[q] = append(buf[q], s.key, l)
					}
					if pending += n; pending >= batch {
						if err := flush(); err != nil {
							return err
						}
					}
				}
				cur[i] = nil // free it as soon as it is read
			}
			return flush()
		})
	}
	if err := g.Wait(); err != nil {
		return nil, 0, err
	}
	// Pack the parts, freeing the tables, each worker taking the next.
	cursor.Store(0)
	var wg sync.WaitGroup
	for range e.workers {
		wg.Go(func() {
			for {
				i := int(cursor.Add(1)) - 1
				if i >= len(next) {
					return
				}
				next[i].pack()
			}
		})
	}
	wg.Wait()
	return next, int(total.Load()), nil
}

// StatesError reports a step that would hold more states than allowed.
type StatesError struct {
	Max int
}

func (e *StatesError) Error() string {
	return fmt.Sprintf("more than %d states in one step", e.Max)
}
