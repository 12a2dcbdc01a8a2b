package solver

import (
	"fmt"
	"math/bits"
	"slices"
)

// tally counts solutions per sequence, as a census adds to it at every
// kept leaf (hundreds of millions of times in a section of 2x2x16). A
// leaf's sequence is appended to a buffer, and the buffer, when full or
// read, is sorted and counted by runs: a write in order per leaf, where
// a table of sequences would cost a cache miss once it outgrows the
// caches. A section's leaves usually fit the buffer whole; when they do
// not, each full buffer becomes a sorted run of distinct sequences and
// their counts, and runs of about one size are merged, as a binary
// counter carries: every sequence is merged some log2(leaves/buffer)
// times, each pass over memory in order, where a hash table paid a cache
// miss a sequence to fill and again to read, and merging each buffer into
// all that came before paid the whole section's sequences a buffer.
// Memory grows with the number of distinct sequences, and the buffer's
// fixed size; a flush that leaves more than maxTallied in the runs marks
// the tally over, and the search gives the section up, to be counted as
// the sections below it (see countBelow).
type tally struct {
	pend    []uint64 // sequences not yet counted
	scratch []uint64 // sortSeqs's
	// runs are sorted runs of distinct sequences, each under half the
	// size of the one before once a flush is done (but after absorb,
	// whose runs drain merges as it merges all).
	runs []run
	free []run // arrays that runs no longer use, for the next
	// over is set by a flush that leaves the runs holding more than
	// maxTallied sequences: the count is then to be given up.
	over bool
}

// maxTallied bounds the sequences a tally's runs hold, and so its memory:
// a variable for the tests.
var maxTallied = MaxTallied

// MaxTallied is how many sequences, with their counts, a count's table may
// hold (runs not yet merged holding one twice): 12 bytes each, and as much
// again while two runs merge.
const MaxTallied = 1 << 26

// errTooBig is the error of a count whose section holds more snakes than
// its table may hold, MaxTallied: it is to be counted in sections below.
var errTooBig = fmt.Errorf("more snakes than a count's table holds (%d)", MaxTallied)

// run is an ascending run of distinct sequences and their counts.
type run struct {
	keys   []uint64
	counts []int32
}

// maxPending is how many sequences a tally buffers: 8 MB of them, and as
// much again to sort them.
const maxPending = 1 << 20

// maxFree is how many unused arrays a tally keeps for its next runs; a
// section's merges use a few more than it has runs at once.
const maxFree = 48

// reset empties t, keeping its memory.
func (t *tally) reset() {
	for _, r := range t.runs {
		t.release(r)
	}
	t.runs, t.pend, t.over = t.runs[:0], t.pend[:0], false
}

// one counts a solution of sequence q.
func (t *tally) one(q uint64) {
	t.pend = append(t.pend, q)
	if len(t.pend) == maxPending {
		t.flush()
	}
}

// flush makes the buffered sequences a run, and merges the last runs
// while the last is at least half the size of the one before.
func (t *tally) flush() {
	if len(t.pend) == 0 {
		return
	}
	sortSeqs(t.pend, &t.scratch)
	t.runs = append(t.runs, t.merge(run{}, t.pend, nil))
	t.pend = t.pend[:0]
	for k := len(t.runs); k >= 2 && 2*len(t.runs[k-1].keys) >= len(t.runs[k-2].keys); k-- {
		t.mergeLast()
	}
	n := 0
	for _, r := range t.runs {
		n += len(r.keys)
	}
	t.over = n > maxTallied
}

// mergeLast merges the last two runs into one.
func (t *tally) mergeLast() {
	k := len(t.runs)
	a, b := t.runs[k-2], t.runs[k-1]
	t.runs = append(t.runs[:k-2], t.merge(a, b.keys, b.counts))
	t.release(a)
	t.release(b)
}

// whole flushes the buffer and merges every run into one: t.runs is then
// empty or that one run.
func (t *tally) whole() {
	t.flush()
	for len(t.runs) >= 2 {
		t.mergeLast()
	}
}

// absorb moves the counts of o into t, and empties o: its runs become
// t's, whole, to be merged with t's when t is drained.
func (t *tally) absorb(o *tally) {
	o.flush()
	t.flush()
	t.runs = append(t.runs, o.runs...)
	clear(o.runs)
	o.runs = o.runs[:0]
}

// merge returns a new run of the sequences of a and of the ascending p,
// with counts pc, or one each when pc is nil, each sequence once with
// its counts summed.
func (t *tally) merge(a run, p []uint64, pc []int32) run {
	n := len(a.keys) + len(p)
	out := t.acquire(n)
	keys, counts := out.keys[:n], out.counts[:n]
	i, j, k := 0, 0, 0
	for ; i < len(a.keys) || j < len(p); k++ {
		var q uint64
		if j == len(p) || i < len(a.keys) && a.keys[i] <= p[j] {
			q = a.keys[i]
		} else {
			q = p[j]
		}
		var c int32
		if i < len(a.keys) && a.keys[i] == q {
			c, i = a.counts[i], i+1
		}
		for ; j < len(p) && p[j] == q; j++ {
			if pc == nil {
				c++
			} else {
				c += pc[j]
			}
		}
		keys[k], counts[k] = q, c
	}
	return run{keys[:k], counts[:k]}
}

// acquire returns an empty run with room for n sequences: the smallest
// unused one that has it, or a new one.
func (t *tally) acquire(n int) run {
	best := -1
	for i, r := range t.free {
		if cap(r.keys) >= n && (best < 0 || cap(r.keys) < cap(t.free[best].keys)) {
			best = i
		}
	}
	if best < 0 {
		return run{make([]uint64, 0, n+n/4), make([]int32, 0, n+n/4)}
	}
	r := t.free[best]
	t.free[best] = t.free[len(t.free)-1]
	t.free = t.free[:len(t.free)-1]
	return r
}

// release keeps the arrays of r for acquire, dropping the smallest kept
// when there are too many.
func (t *tally) release(r run) {
	if cap(r.keys) == 0 {
		return
	}
	t.free = append(t.free, run{r.keys[:0], r.counts[:0]})
	if len(t.free) > maxFree {
		least := 0
		for i, f := range t.free {
			if cap(f.keys) < cap(t.free[least].keys) {
				least = i
			}
		}
		t.free[least] = t.free[len(t.free)-1]
		t.free = t.free[:len(t.free)-1]
	}
}

// drain calls f with every sequence and its count, in ascending order,
// and empties the tally, which keeps its memory.
func (t *tally) drain(f func(q uint64, n int32)) {
	t.whole()
	if len(t.runs) == 1 {
		r := t.runs[0]
		for i, q := range r.keys {
			f(q, r.counts[i])
		}
	}
	t.reset()
}

// sortSeqs sorts p in place: by radix on the bits its sequences differ
// in (see sortKeys), or for a short p by comparison. The sequences of a
// section share their prefix, its low bits, which no pass need read.
func sortSeqs(p []uint64, tmp *[]uint64) {
	if len(p) < 1<<11 {
		slices.Sort(p)
		return
	}
	var differ uint64
	for _, q := range p {
		differ |= q ^ p[0]
	}
	sortKeys(p, tmp, bits.TrailingZeros64(differ), bits.Len64(differ))
}
