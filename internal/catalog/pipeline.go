package catalog

import (
	"cmp"
	"context"
	"io"
	"slices"
	"sync"

	"golang.org/x/sync/semaphore"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver/sequencer"
)

// pipeline reads a catalogue on several goroutines for a [Reader] with
// [Options.Workers]: one decodes the entries in batches, the others
// check whole batches, each batch with a lane of its own, and the
// sequencer hands the batches on in file order. Decoding takes more than
// the checks, so that a decoder and a checker keep two cores busy; two
// checkers on two cores would take the decoder's time.
type pipeline struct {
	out    chan *batch
	batch  int // entries a batch holds at most
	closed bool
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// held bounds the entries and solutions decoded and not yet passed
	// by next, whatever the number of workers.
	held *semaphore.Weighted
	free chan *batch // batches passed, for the decoder to fill again
	cur  *batch      // the batch next hands on, nil before the first
	at   int         // the index in cur of the entry next hands on
}

// batch is a run of entries as the file lists them, checked together.
type batch struct {
	raws   []raw
	prev   string // the key of the entry before the first
	snakes []Snake
	sols   []Solution // the snakes' solutions
	lane   *lane
	weight int64 // what it holds of pipeline.held
}

// aheadBatch is how many entries, or about how many solutions, a batch
// holds; aheadHeld how many entries and solutions may be decoded and not
// yet passed.
const (
	aheadBatch = 256
	aheadHeld  = 1 << 15
)

// startPipeline starts reading the entries after the one whose key is
// prev from raw, with opts.Workers-1 goroutines checking them in lanes
// forked from l.
func startPipeline(raw *export.Reader, l *lane, opts Options, prev string) *pipeline {
	workers := max(opts.Workers-1, 1)
	ctx, cancel := context.WithCancel(context.Background())
	p := &pipeline{
		batch:  cmp.Or(opts.batch, aheadBatch),
		out:    make(chan *batch, 1),
		cancel: cancel,
		held:   semaphore.NewWeighted(aheadHeld),
		free:   make(chan *batch, 2*workers+4),
	}
	pieces := make(chan *batch)
	p.wg.Go(func() { p.decode(ctx, raw, l, prev, pieces) })
	p.wg.Go(func() {
		defer close(p.out)
		check := func(_ context.Context, b *batch) (*batch, error) {
			b.check()
			return b, nil
		}
		emit := func(_ int, b *batch) error {
			select {
			case p.out <- b:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		// Work fails never, emit only when the reader is closed.
		_ = sequencer.Stream(ctx, pieces, workers, check, emit)
	})
	return p
}

// decode reads the entries into batches and sends them to pieces, until
// the end of the file, an error or the pipeline's close.
func (p *pipeline) decode(ctx context.Context, r *export.Reader, l *lane, prev string, pieces chan<- *batch) {
	defer close(pieces)
	for ctx.Err() == nil {
		var b *batch
		select {
		case b = <-p.free:
		default:
			b = &batch{lane: l.fork()}
		}
		b.raws, b.prev = b.raws[:0], prev
		sols := 0
		for len(b.raws) < p.batch && sols < 16*aheadBatch {
			e, err := r.Next()
			b.raws = append(b.raws, raw{e, err})
			if err != nil {
				break
			}
			sols += len(e.Solutions)
		}
		b.weight = min(int64(len(b.raws)+sols), aheadHeld)
		if p.held.Acquire(ctx, b.weight) != nil {
			return
		}
		// Once sent, the batch is the workers' and then the reader's.
		last := b.raws[len(b.raws)-1]
		select {
		case pieces <- b:
		case <-ctx.Done():
			return
		}
		if last.err != nil {
			return
		}
		prev = last.e.Key
	}
}

// check checks the batch's entries into its snakes, up to the error that
// may end it.
func (b *batch) check() {
	l := b.lane
	n := 0
	for _, x := range b.raws {
		n += len(x.e.Solutions)
	}
	l.arena = slices.Grow(l.arena[:0], n*(l.box.Len()-1))
	b.sols = slices.Grow(b.sols[:0], n)
	if len(b.snakes) < len(b.raws) {
		b.snakes = append(b.snakes, make([]Snake, len(b.raws)-len(b.snakes))...)
	}
	prev := b.prev
	for i, x := range b.raws {
		if x.err != nil {
			break
		}
		// The snakes' solutions share one array, each its own part.
		at, k := len(b.sols), len(x.e.Solutions)
		s := &b.snakes[i]
		s.Solutions = b.sols[at : at : at+k]
		l.entry(s, x.e, prev, true)
		b.sols = b.sols[:at+k]
		prev = x.e.Key
	}
}

// next returns the next snake checked, in file order, or the error that
// ends the file; io.EOF after it, and after close.
func (p *pipeline) next() (*Snake, error) {
	if p.closed {
		return nil, io.EOF
	}
	if p.cur == nil || p.at == len(p.cur.raws) {
		if p.cur != nil {
			p.pass(p.cur)
			p.cur = nil
		}
		b, ok := <-p.out
		if !ok {
			return nil, io.EOF
		}
		p.cur, p.at = b, 0
	}
	x, s := p.cur.raws[p.at], &p.cur.snakes[p.at]
	p.at++
	if x.err != nil {
		return nil, x.err
	}
	return s, nil
}

// pass gives back what batch b holds, its entries read and checked.
func (p *pipeline) pass(b *batch) {
	p.held.Release(b.weight)
	clear(b.raws) // the entries, for the collector
	select {
	case p.free <- b:
	default:
	}
}

// close stops the goroutines and waits for them.
func (p *pipeline) close() {
	p.closed = true
	p.cancel()
	p.wg.Wait()
}
