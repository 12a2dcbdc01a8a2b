package engine

import "slices"

// tally counts solutions per sequence, as a census adds to it at every
// kept leaf (tens of millions of times for 3x3x4). A leaf's sequence is
// appended to a buffer, and the buffer, when full or read, is sorted and
// counted by runs: a write in order per leaf, where a table of sequences
// would cost a cache miss once it outgrows the caches. A section's leaves
// usually fit the buffer whole; when they do not, each full buffer's runs
// go into an open-addressing hash table. Memory grows with the number of
// distinct sequences, and the buffer's fixed size.
type tally struct {
	pend    []uint64 // sequences not yet counted
	scratch []uint64 // sortSeqs's
	keys    []uint64
	counts  []int32 // 0 marks an empty slot
	// slots are the slots in use, in the order filled: drain visits them
	// rather than the whole table, which keeps the size of the largest
	// section a census has counted.
	slots []int32
	shift uint8
	bits  int // the sequences are below 1<<bits
}

// maxPending is how many sequences a tally buffers: 8 MB of them, and as
// much again to sort them.
const maxPending = 1 << 20

// minTallyBits sizes a new table: 1024 slots fit the sections of small
// boxes without growing.
const minTallyBits = 10

// newTally returns a tally of the sequences of n cubelets.
func newTally(n int) *tally {
	t := &tally{bits: n}
	t.resize(minTallyBits)
	return t
}

func (t *tally) resize(b uint8) {
	keys, counts, slots := t.keys, t.counts, t.slots
	t.keys, t.counts, t.shift = make([]uint64, 1<<b), make([]int32, 1<<b), 64-b
	t.slots = make([]int32, 0, 1<<b*3/4+1)
	for _, i := range slots {
		t.add(keys[i], counts[i])
	}
}

// reset empties t for the sequences of n cubelets, keeping its memory.
func (t *tally) reset(n int) {
	for _, i := range t.slots {
		t.counts[i] = 0
	}
	t.slots, t.pend, t.bits = t.slots[:0], t.pend[:0], n
}

// one counts a solution of sequence q.
func (t *tally) one(q uint64) {
	t.pend = append(t.pend, q)
	if len(t.pend) == maxPending {
		t.flush()
	}
}

// flush moves the buffered sequences into the table: one by one when
// they are few, the table then staying small enough to be cached, else
// by sorted runs.
func (t *tally) flush() {
	if len(t.pend) < minSorted {
		for _, q := range t.pend {
			t.add(q, 1)
		}
		t.pend = t.pend[:0]
		return
	}
	t.runs(t.add)
}

// minSorted is the fewest buffered sequences that are sorted rather than
// added one by one to the table.
const minSorted = 1 << 14

// runs calls f with each sequence of the buffer and its number of times,
// in ascending order, and empties the buffer.
func (t *tally) runs(f func(q uint64, n int32)) {
	p := t.pend
	sortSeqs(p, &t.scratch, t.bits)
	for k := 0; k < len(p); {
		end := k + 1
		for end < len(p) && p[end] == p[k] {
			end++
		}
		f(p[k], int32(end-k))
		k = end
	}
	t.pend = p[:0]
}

// add adds n to the count of sequence q in the table.
func (t *tally) add(q uint64, n int32) {
	mask := uint64(len(t.keys) - 1)
	// Fibonacci hashing: the top bits of the product spread any keys.
	for h := q * 0x9e3779b97f4a7c15 >> t.shift; ; h = (h + 1) & mask {
		switch {
		case t.counts[h] == 0:
			t.keys[h], t.counts[h] = q, n
			t.slots = append(t.slots, int32(h))
			if 4*len(t.slots) > 3*len(t.keys) { // grow at 3/4 full
				t.resize(64 - t.shift + 1)
			}
			return
		case t.keys[h] == q:
			t.counts[h] += n
			return
		}
	}
}

// size returns how many distinct sequences the table holds, the buffer
// not counted.
func (t *tally) size() int { return len(t.slots) }

// drain calls f with every sequence and its count, in no particular
// order, emptying the tally as it goes; the table keeps its size.
// When every sequence is still in the buffer, and there are many, its
// sorted runs are all the counts, and the table is not touched.
func (t *tally) drain(f func(q uint64, n int32)) {
	if len(t.slots) == 0 && len(t.pend) >= minSorted {
		t.runs(f)
		return
	}
	t.flush()
	for _, i := range t.slots {
		f(t.keys[i], t.counts[i])
		t.counts[i] = 0
	}
	t.slots = t.slots[:0]
}

// sortSeqs sorts p, sequences below 1<<bits, in place: by radix, eleven
// bits a pass through tmp, or for a short p by comparison.
func sortSeqs(p []uint64, tmp *[]uint64, bits int) {
	const digit = 11
	if len(p) < 1<<digit {
		slices.Sort(p)
		return
	}
	*tmp = slices.Grow((*tmp)[:0], len(p))[:len(p)]
	src, dst := p, *tmp
	var at [1 << digit]int
	for shift := uint(0); shift < uint(bits); shift += digit {
		clear(at[:])
		for _, q := range src {
			at[q>>shift&(1<<digit-1)]++
		}
		sum := 0
		for d, c := range at {
			at[d] = sum
			sum += c
		}
		for _, q := range src {
			d := q >> shift & (1<<digit - 1)
			dst[at[d]] = q
			at[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &p[0] {
		copy(p, src)
	}
}
