package paths

import "math/bits"

// A state is what the transfer matrix knows of the vertices taken in so
// far, as much as their future needs: one 4-bit slot of a uint64 for each
// vertex of the frontier (taken in, with a neighbour still to take in),
// holding one of these.
const (
	// done: no vertex, or one with both its edges; it takes no more.
	done = iota
	// alone: a vertex with no edge yet.
	alone
	// tail: an end of a strand (a path through the vertices taken in)
	// whose other end has left the frontier as an end of the whole path.
	tail
	// label0 is the first label. The two ends of a strand between two
	// frontier vertices carry the same label; labels are numbered in the
	// order of the slots, so that a state has one key. A frontier of 15
	// holds at most 7 strands: labels 3 to 9.
	label0
)

// While a step works on a state, the vertex it takes in sits in slot
// temp, and a strand it makes carries label fresh, until the labels are
// numbered again. So a state has maxSlots = 15 slots for the frontier.
const (
	temp  = 15
	fresh = 15
)

// ones has 1 in each slot.
const ones = 0x1111111111111111

// nonzero returns 1 in the slots of key that are not done.
func nonzero(key uint64) uint64 { return (key | key>>1 | key>>2 | key>>3) & ones }

// equal returns 1 in the slots of key that hold x.
func equal(key, x uint64) uint64 { return ones &^ nonzero(key^x*ones) }

func get(key uint64, s uint) uint64 { return key >> (4 * s) & 0xf }

func set(key uint64, s uint, x uint64) uint64 {
	return key&^(0xf<<(4*s)) | x<<(4*s)
}

// find returns the one slot that holds label x.
func find(key, x uint64) uint {
	return uint(bits.TrailingZeros64(equal(key, x))) / 4
}

// join adds an edge between the vertices in slots i and j, neither done.
// It reports false when the edge closes a cycle, or completes the path
// before the last step or while another vertex still waits.
func join(key uint64, i, j uint, last bool) (uint64, bool) {
	a, b := get(key, i), get(key, j)
	switch {
	case a == alone && b == alone:
		return set(set(key, i, fresh), j, fresh), true
	case a == alone:
		return set(set(key, i, b), j, done), true
	case b == alone:
		return set(set(key, i, done), j, a), true
	case a == b && a != tail:
		return key, false // both ends of one strand: a cycle
	}
	// Two strands become one; their far ends are its ends.
	key = set(set(key, i, done), j, done)
	switch {
	case a == tail && b == tail:
		return key, last && key == 0
	case a == tail:
		return set(key, find(key, b), tail), true
	case b == tail:
		return set(key, find(key, a), tail), true
	}
	return set(key, find(key, b), a), true
}

// leave drops the vertex in slot i from the frontier: with one edge, it is
// an end of the path. It reports false when the vertex has no edge, or
// when it completes the path before the last step or while another vertex
// still waits.
func leave(key uint64, i uint, last bool) (uint64, bool) {
	switch x := get(key, i); x {
	case done:
		return key, true
	case alone:
		return key, false
	case tail:
		key = set(key, i, done)
		return key, last && key == 0
	default:
		key = set(key, i, done)
		return set(key, find(key, x), tail), true
	}
}

// relabel numbers the labels of key in the order of their first slots.
func relabel(key uint64) uint64 {
	m := nonzero(key) &^ equal(key, alone) &^ equal(key, tail)
	var to [16]uint8
	next := uint8(label0)
	out := key
	for m != 0 {
		s := uint(bits.TrailingZeros64(m))
		x := key >> s & 0xf
		if to[x] == 0 {
			to[x] = next
			next++
		}
		out = out&^(0xf<<s) | uint64(to[x])<<s
		m &= m - 1
	}
	return out
}

// maxBack bounds a vertex's neighbours taken in before it: six in a box,
// and the terminal in a quotient.
const maxBack = 7

// maxNext bounds the states that follow one state in a step: one for each
// choice of at most two of the vertex's maxBack back edges.
const maxNext = 1 + maxBack + maxBack*(maxBack-1)/2

// succ is a state that follows another, and the number of ways to reach
// it, the product of the multiplicities of the edges chosen.
type succ struct{ key, ways uint64 }

// expand writes to out the states that follow key in step st, and
// returns how many.
func (st *step) expand(key uint64, out *[maxNext]succ) int {
	key = set(key, temp, alone)
	n := 0
	for _, c := range st.choices {
		k := key
		ok := true
		for _, e := range c.edges {
			bk := &st.back[e]
			if get(k, uint(bk.slot)) == done {
				ok = false
				break
			}
			if k, ok = join(k, temp, uint(bk.slot), st.last); !ok {
				break
			}
			if bk.end {
				if k, ok = leave(k, uint(bk.slot), st.last); !ok {
					break
				}
			}
		}
		for _, s := range st.leave {
			if !ok {
				break
			}
			k, ok = leave(k, uint(s), st.last)
		}
		if !ok {
			continue
		}
		if st.slot < 0 {
			if k, ok = leave(k, temp, st.last); !ok {
				continue
			}
		} else {
			k = set(set(k, uint(st.slot), get(k, temp)), temp, done)
		}
		k = relabel(k)
		if !st.feasible(k) {
			continue
		}
		for _, p := range st.syms {
			if x := relabel(permute(k, &p)); x < k {
				k = x
			}
		}
		out[n] = succ{k, c.ways}
		n++
	}
	return n
}

// feasible reports whether a state can still become a Hamiltonian path by
// three necessary conditions. The path has two ends: a tail stands for
// one gone, and a vertex with no edge that can only be an end (forced)
// for one to come, as does a vertex still to take in with one free
// neighbour, while one with none can never be reached. And in a
// bipartite graph, the colours must balance.
func (st *step) feasible(key uint64) bool {
	open := nonzero(key)
	alone1 := equal(key, alone)
	tails := bits.OnesCount64(equal(key, tail))
	n := tails + bits.OnesCount64(alone1&st.forced)
	for _, a := range st.next {
		switch a.free + bits.OnesCount64(a.slots&open) {
		case 0:
			return false
		case 1:
			n++
		}
	}
	if n > 2 {
		return false
	}
	if !st.bipartite {
		return true
	}
	// The path alternates colours, so the rest of it, paths through the
	// vertices not yet taken in, has as many more black vertices than
	// white as half the difference between the edges it takes from white
	// frontier vertices and from black ones (each such edge ends at a
	// vertex of the other colour), give or take one for each end of the
	// whole path still to come, which saves an edge of the frontier or
	// ends a path in the rest: D = ports(white) - ports(black) -
	// 2*imbalance must be within the ends to come, 2 - tails, and of the
	// same parity.
	white := ones &^ st.black
	d := bits.OnesCount64(open&white) + bits.OnesCount64(alone1&white) -
		bits.OnesCount64(open&st.black) - bits.OnesCount64(alone1&st.black) - 2*st.imbalance
	r := 2 - tails
	return d <= r && -d <= r && (d-r)%2 == 0
}

// permute moves the slot s of key to slot p[s].
func permute(key uint64, p *[maxSlots]uint8) uint64 {
	var out uint64
	for s := range maxSlots {
		out |= (key >> (4 * s) & 0xf) << (4 * p[s])
	}
	return out
}
