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

// A step spreads its states over parts of about partStates each, whose
// tables (some 1.7 MB at that size) stay in a core's 2 MB cache while a
// batch is added to them, and over at most maxParts, so that the ends of
// a worker's buffers, one a part, stay in its cache as it appends.
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
	s := &stepRun{engine: e, st: st, cur: cur, next: make([]*part, 1<<pbits), pbits: pbits}
	for i := range s.next {
		s.next[i] = &part{pbits: pbits}
	}
	g, ctx := errgroup.WithContext(ctx)
	for w := range e.workers {
		g.Go(func() error { return s.work(ctx, w) })
	}
	if err := g.Wait(); err != nil {
		return nil, 0, err
	}
	// Pack the parts, freeing the tables, each worker taking the next.
	s.cursor.Store(0)
	var wg sync.WaitGroup
	for range e.workers {
		wg.Go(func() {
			for {
				i := int(s.cursor.Add(1)) - 1
				if i >= len(s.next) {
					return
				}
				s.next[i].pack()
			}
		})
	}
	wg.Wait()
	return s.next, int(s.total.Load()), nil
}

// A stepRun is one step under way.
type stepRun struct {
	*engine
	st        *step
	cur, next []*part
	pbits     uint         // the top bits of a state's hash that choose its part
	cursor    atomic.Int64 // the next part of cur to take
	total     atomic.Int64 // the states of next
	overflow  atomic.Bool  // a count overflowed
}

// work is one worker's share of the step: it takes parts of cur until
// none is left, and adds the states that follow theirs to next in
// batches, one buffer a part of next.
func (s *stepRun) work(ctx context.Context, w int) error {
	// A buffer holds each state's key, then its count in one or two
	// words.
	stride := 2
	if s.wide {
		stride = 3
	}
	buf := make([][]uint64, len(s.next))
	pending := 0
	// Each worker adds to the parts from its own place in the ring of
	// them, so that the workers seldom wait for the same part.
	first := w * len(s.next) / s.workers
	var out [maxNext]succ
	for {
		i := int(s.cursor.Add(1)) - 1
		if i >= len(s.cur) {
			break
		}
		p := s.cur[i]
		for j := 0; j < len(p.kv); j += 2 {
			if j&0x1fff == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			k, lo := p.kv[j], p.kv[j+1]
			var hi uint64
			if p.hi != nil {
				hi = p.hi[j/2]
			}
			n := s.st.expand(k, &out)
			for _, x := range out[:n] {
				q := hash(x.key) >> (64 - s.pbits) // 0 when pbits is 0
				if s.wide {
					c, ok := u128{lo, hi}.mul(x.ways)
					if !ok {
						return ErrOverflow
					}
					buf[q] = append(buf[q], x.key, c.lo, c.hi)
					continue
				}
				h, l := bits.Mul64(lo, x.ways)
				if h != 0 {
					return errNarrow
				}
				buf[q] = append(buf[q], x.key, l)
			}
			if pending += n; pending >= batch {
				if err := s.flush(buf, stride, first); err != nil {
					return err
				}
				pending = 0
			}
		}
		s.cur[i] = nil // free it as soon as it is read
	}
	return s.flush(buf, stride, first)
}

// flush adds the buffered states to their parts, and empties the buffers.
func (s *stepRun) flush(buf [][]uint64, stride, first int) error {
	added := 0
	for r := range buf {
		q := (first + r) % len(buf)
		b := buf[q]
		if len(b) == 0 {
			continue
		}
		p := s.next[q]
		p.mu.Lock()
		if p.kv == nil {
			p.alloc(minTable, s.wide)
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
				s.overflow.Store(true)
			}
		}
		p.mu.Unlock()
		buf[q] = b[:0]
	}
	if n := s.total.Add(int64(added)); n > int64(s.maxStates) {
		return &StatesError{Max: s.maxStates}
	}
	if s.overflow.Load() {
		if s.wide {
			return ErrOverflow
		}
		return errNarrow
	}
	return nil
}

// StatesError reports a step that would hold more states than allowed.
type StatesError struct {
	Max int
}

func (e *StatesError) Error() string {
	return fmt.Sprintf("more than %d states in one step", e.Max)
}
