package solver

// tally counts solutions per sequence: an open-addressing hash table, as a
// census adds to it at every kept leaf (tens of millions of times for
// 3x3x4), where a general map costs several times more. Memory grows with
// the number of distinct sequences.
type tally struct {
	keys   []uint64
	counts []int32 // 0 marks an empty slot
	// slots are the slots in use, in the order filled: drain and each
	// visit them rather than the whole table, which keeps the size of the
	// largest section a census has counted.
	slots []int32
	shift uint8
}

// minTallyBits sizes a new table: 1024 slots fit the sections of small
// boxes without growing.
const minTallyBits = 10

func newTally() *tally {
	t := &tally{}
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

// add adds n to the count of sequence q.
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

// each calls f with every sequence and its count, in no particular order.
func (t *tally) each(f func(q uint64, n int32)) {
	for _, i := range t.slots {
		f(t.keys[i], t.counts[i])
	}
}

// drain is each, emptying the table as it goes; the table keeps its size.
func (t *tally) drain(f func(q uint64, n int32)) {
	for _, i := range t.slots {
		f(t.keys[i], t.counts[i])
		t.counts[i] = 0
	}
	t.slots = t.slots[:0]
}
