package engine

import (
	"math/bits"
	"slices"
)

// tally counts solutions per sequence, as a census adds to it at every
// kept leaf (tens of millions of times for 3x3x4). A leaf's sequence is
// appended to a buffer, and the buffer, when full or read, is sorted and
// counted by runs: a write in order per leaf, where a table of sequences
// would cost a cache miss once it outgrows the caches. A section's leaves
// usually fit the buffer whole; when they do not, each full buffer's runs
// are merged into the sequences counted so far, kept sorted: every pass
// over memory is in order, where a hash table's inserts and reads, once
// it held millions of sequences, were a cache miss each. Memory grows
// with the number of distinct sequences, and the buffer's fixed size.
type tally struct {
	pend    []uint64 // sequences not yet counted
	scratch []uint64 // sortSeqs's
	// keys are the sequences counted so far, ascending, each once, and
	// counts their solutions; the spares receive the next merge.
	keys, spareKeys     []uint64
	counts, spareCounts []int32
}

// maxPending is how many sequences a tally buffers: 8 MB of them, and as
// much again to sort them.
const maxPending = 1 << 20

// reset empties t, keeping its memory.
func (t *tally) reset() {
	t.keys, t.counts, t.pend = t.keys[:0], t.counts[:0], t.pend[:0]
}

// one counts a solution of sequence q.
func (t *tally) one(q uint64) {
	t.pend = append(t.pend, q)
	if len(t.pend) == maxPending {
		t.flush()
	}
}

// flush merges the buffered sequences into the sequences counted.
func (t *tally) flush() {
	if len(t.pend) == 0 {
		return
	}
	sortSeqs(t.pend, &t.scratch)
	t.merge(t.pend, nil)
	t.pend = t.pend[:0]
}

// absorb moves the counts of o, whose sequences are of t's length, into
// t, and empties o.
func (t *tally) absorb(o *tally) {
	o.flush()
	t.flush()
	t.merge(o.keys, o.counts)
	o.reset()
}

// merge merges the ascending sequences p into t's, with counts pc, or
// one each when pc is nil: the spares take the result, and become t's.
func (t *tally) merge(p []uint64, pc []int32) {
	// Room for the most the merge can make, at once: grown by append, the
	// arrays it outgrew would be garbage.
	keys, counts := t.spareKeys[:0], t.spareCounts[:0]
	if n := len(t.keys) + len(p); cap(keys) < n {
		keys, counts = make([]uint64, 0, n+n/4), make([]int32, 0, n+n/4)
	}
	walk(t.keys, t.counts, p, pc, func(q uint64, n int32) {
		keys, counts = append(keys, q), append(counts, n)
	})
	t.spareKeys, t.spareCounts = t.keys[:0], t.counts[:0]
	t.keys, t.counts = keys, counts
}

// walk calls f with each sequence of the ascending a, whose sequences are
// distinct with counts ac, and of the ascending p, with counts pc or one
// each when pc is nil: once per sequence, ascending, its counts summed.
func walk(a []uint64, ac []int32, p []uint64, pc []int32, f func(q uint64, n int32)) {
	i, j := 0, 0
	for i < len(a) || j < len(p) {
		var q uint64
		if j == len(p) || i < len(a) && a[i] <= p[j] {
			q = a[i]
		} else {
			q = p[j]
		}
		var n int32
		if i < len(a) && a[i] == q {
			n, i = ac[i], i+1
		}
		for ; j < len(p) && p[j] == q; j++ {
			if pc == nil {
				n++
			} else {
				n += pc[j]
			}
		}
		f(q, n)
	}
}

// size returns how many distinct sequences t has counted, the buffer
// not counted.
func (t *tally) size() int { return len(t.keys) }

// drain calls f with every sequence and its count, in ascending order,
// and empties the tally, which keeps its memory.
func (t *tally) drain(f func(q uint64, n int32)) {
	sortSeqs(t.pend, &t.scratch)
	walk(t.keys, t.counts, t.pend, nil, f)
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
