package paths

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// A part is one partition of the states of a step: those whose hash has
// the part's number in its top bits. While the step fills it, it is an
// open-addressing table with linear probing; then its states are packed
// dense for the next step to read. Each place holds a key and the low
// word of its count side by side, to be read in one cache line; the high
// words, when counting in 128 bits, are apart.
type part struct {
	mu    sync.Mutex
	kv    []uint64 // key, count, key, count, ...
	hi    []uint64 // the counts' high words when counting in 128 bits, else nil
	n     int
	pbits uint // the top bits of the hash that choose the part
	shift uint // 64 - log2(places)
}

// vacant marks an empty place of a table. No state is vacant: 15 is no
// label of a state.
const vacant = ^uint64(0)

// hash spreads a key: its top bits choose the part, the next ones the
// place in the part's table.
func hash(k uint64) uint64 { return k * 0x9e3779b97f4a7c15 }

// alloc makes p an empty table of size places, a power of two.
func (p *part) alloc(size int, wide bool) {
	p.kv = make([]uint64, 2*size)
	for i := 0; i < len(p.kv); i += 2 {
		p.kv[i] = vacant
	}
	p.hi = nil
	if wide {
		p.hi = make([]uint64, size)
	}
	p.n = 0
	p.shift = uint(64 - bits.TrailingZeros(uint(size)))
}

// add adds the count (lo, hi) to state k. hi must be 0 unless p counts in
// 128 bits. It reports whether k is new, and ok false when the count
// overflows.
func (p *part) add(k, lo, hi uint64) (isNew, ok bool) {
	mask := uint64(len(p.kv)/2 - 1)
	for i := hash(k) << p.pbits >> p.shift; ; i = (i + 1) & mask {
		switch p.kv[2*i] {
		case k:
			var c uint64
			p.kv[2*i+1], c = bits.Add64(p.kv[2*i+1], lo, 0)
			if p.hi == nil {
				return false, c == 0
			}
			p.hi[i], c = bits.Add64(p.hi[i], hi, c)
			return false, c == 0
		case vacant:
			p.kv[2*i] = k
			p.kv[2*i+1] = lo
			if p.hi != nil {
				p.hi[i] = hi
			}
			p.n++
			// Grow at a load of 3/4: probes stay short, and the
			// tables average some 60% full.
			if 4*p.n > 3*len(p.kv)/2 {
				p.grow()
			}
			return true, true
		}
	}
}

// touch reads the places of the keys in b, every stride-th word, before
// they are added one by one: the reads do not wait for each other, so
// their cache misses overlap, where those of the adds would come one at
// a time.
func (p *part) touch(b []uint64, stride int) {
	var x uint64
	for i := 0; i < len(b); i += stride {
		x += p.kv[2*(hash(b[i])<<p.pbits>>p.shift)]
	}
	sink.Add(x)
}

// sink keeps the reads of touch from being optimised away.
var sink atomic.Uint64

// grow doubles the table.
func (p *part) grow() {
	kv, hi := p.kv, p.hi
	p.alloc(len(kv), hi != nil)
	for i := 0; i < len(kv); i += 2 {
		if kv[i] == vacant {
			continue
		}
		var h uint64
		if hi != nil {
			h = hi[i/2]
		}
		p.add(kv[i], kv[i+1], h)
	}
}

// pack moves the states into arrays of their exact size, for the next
// step to read.
func (p *part) pack() {
	kv := make([]uint64, 0, 2*p.n)
	var hi []uint64
	if p.hi != nil {
		hi = make([]uint64, 0, p.n)
	}
	for i := 0; i < len(p.kv); i += 2 {
		if p.kv[i] == vacant {
			continue
		}
		kv = append(kv, p.kv[i], p.kv[i+1])
		if hi != nil {
			hi = append(hi, p.hi[i/2])
		}
	}
	p.kv, p.hi = kv, hi
}

// count returns the count of state k, once packed.
func (p *part) count(k uint64) u128 {
	for i := 0; i < len(p.kv); i += 2 {
		if p.kv[i] == k {
			c := u128{lo: p.kv[i+1]}
			if p.hi != nil {
				c.hi = p.hi[i/2]
			}
			return c
		}
	}
	return u128{}
}
