package solver

import (
	"context"
	"math/bits"
	"slices"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/snakecube/snakecube/symmetry"
)

// The sections of a whole box, in a small box, are counted at once by an
// ordered search (see job), which meets each solution from one end only
// and so visits fewer nodes than the sections would, each searched on its
// own, whose keys must be read from their first cubelet.
// Its keys are then sorted into their sections. The whole box's keys are
// held at once, which bounds the boxes. A catalogue is searched so too,
// its solutions packed (see streamWhole).
const (
	// wholeCountCells bounds the boxes counted whole: 8 bytes a solution,
	// 18 MB for the 2.2 million of 2x4x4, the most of any box of 32 cells
	// or fewer. 3x3x4 (36 cells), though faster counted whole, would take
	// 340 MB for its 42 million, against some 100 MB section by section.
	wholeCountCells = 32
	// maxWholeDepth bounds the sections a whole search sorts into: a
	// bucket of keys for each.
	maxWholeDepth = 13
	// wholeCountDepth cuts a whole count into 128 buckets, sorted on as
	// many workers.
	wholeCountDepth = 8
)

// wholeBox reports whether ps are every section of one length of box b, in
// key order, and b is small enough to count whole.
func wholeBox(b symmetry.Box, ps []Seq) bool {
	if len(ps) == 0 || b.Len() > wholeCountCells || ps[0].Len > maxWholeDepth || len(ps) != NumSections(b, ps[0].Len) {
		return false
	}
	// As many as there are, distinct, and each one that keys open.
	for k, p := range ps {
		if p.Len != ps[0].Len || k > 0 && ps[k-1].Compare(p) >= 0 || !p.opens(b.Len()) {
			return false
		}
	}
	return true
}

// bucketMask returns the mask of the bits, from bit 1, that give a key
// of a whole box its section among ps, all of one length d: its cubelets
// 1 to d-1.
func bucketMask(ps []Seq) uint64 {
	if d := ps[0].Len; d > 1 {
		return uint64(1)<<(min(d, maxWholeDepth)-1) - 1
	}
	return 0
}

// countWhole is [CountSections] of every section ps of g's box, by one
// ordered search whose keys are kept in a bucket for each section. The
// buckets are then counted on as many goroutines as searched, each
// taking every w-th with buffers of its own, and emitted in order.
func countWhole(ctx context.Context, g *grid, ps []Seq, opts Options, emit func(Seq, Count) error) error {
	start := time.Now()
	mask := bucketMask(ps)
	// Progress counts the search's tasks, nearly all of the work.
	res, err := g.search(ctx, job{keysOnly: true, count: true, ordered: true, buckets: mask}, opts)
	if err != nil {
		return err
	}
	defer res.release()
	counts := make([]Count, len(ps))
	w := min(opts.workers(), len(ps))
	most := mostInBucket(res.found, mask)
	var eg errgroup.Group
	for i := range w {
		eg.Go(func() error {
			keys, tmp := make([]uint64, 0, most), make([]uint64, 0, most)
			for k := i; k < len(ps); k += w {
				keys = keys[:0]
				for _, f := range res.found {
					keys = f.keys.appendBucket(keys, int(ps[k].Bits>>1&mask))
				}
				// The keys of a section share their first d cubelets.
				sortKeys(keys, &tmp, ps[k].Len, g.n-1)
				counts[k].addRuns(g.n, keys)
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return err
	}
	// The search, counted once.
	counts[0].Nodes, counts[0].Seconds = res.nodes, time.Since(start).Seconds()
	for k, c := range counts {
		if err := emit(ps[k], c); err != nil {
			return err
		}
	}
	return nil
}

// sortKeys sorts keys in place by their bits lo to hi-1, stably: keys
// equal there keep their order. The bits from hi up must be equal. By
// radix, with digits about as wide as the keys are many, so that a pass's
// counters cost no more than its keys; by insertion when they are few.
// Sorting on the bits keys differ in only: a section's keys share their
// prefix, and most sections hold a few hundred keys, too few to pay for
// passes over every bit with sortSeqs's eleven-bit digits.
func sortKeys(keys []uint64, tmp *[]uint64, lo, hi int) {
	n := len(keys)
	if hi <= lo {
		return
	}
	if n < 64 {
		m := (uint64(1)<<(hi-lo) - 1) << lo
		for i := 1; i < n; i++ {
			q, j := keys[i], i
			for ; j > 0 && keys[j-1]&m > q&m; j-- {
				keys[j] = keys[j-1]
			}
			keys[j] = q
		}
		return
	}
	const maxDigit = 11
	digit := min(max(bits.Len(uint(n))-1, 4), maxDigit)
	passes := (hi - lo + digit - 1) / digit
	digit = (hi - lo + passes - 1) / passes
	*tmp = slices.Grow((*tmp)[:0], n)[:n]
	src, dst := keys, *tmp
	var at [1 << maxDigit]int
	mask := uint64(1)<<digit - 1
	for shift := uint(lo); shift < uint(hi); shift += uint(digit) {
		clear(at[:mask+1])
		for _, q := range src {
			at[q>>shift&mask]++
		}
		sum := 0
		for d := range at[:mask+1] {
			at[d], sum = sum, sum+at[d]
		}
		for _, q := range src {
			d := q >> shift & mask
			dst[at[d]] = q
			at[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

// addRuns adds to c the snakes of n cubelets whose solutions' keys are
// keys, sorted: a snake for each run of one key.
func (c *Count) addRuns(n int, keys []uint64) {
	for k := 0; k < len(keys); {
		end := k + 1
		for end < len(keys) && keys[end] == keys[k] {
			end++
		}
		c.addSnake(Seq{Bits: keys[k], Len: n}, int64(end-k))
		k = end
	}
}

// keyStore keeps the keys of solutions in buckets, in blocks of blockLen
// keys cut from slabs that are never copied: a slice grown by append
// would copy its keys several times over, and fresh memory costs a page
// fault every 4 kB.
type keyStore struct {
	slabs   [][]uint64 // slabBlocks blocks each
	nblocks int32      // blocks in use
	mask    uint64     // a key's bucket is its bits 1 on under mask
	buckets []keyBucket
}

// keyBucket is a bucket's blocks, in order, and how full the last is.
type keyBucket struct {
	blocks []int32
	fill   int
}

const (
	blockLen   = 64
	slabBlocks = 1024 // 512 kB a slab
)

// reset empties k for buckets of the keys' bits 1 on under mask, keeping
// its memory.
func (k *keyStore) reset(mask uint64) {
	k.nblocks, k.mask = 0, mask
	if len(k.buckets) < int(mask+1) {
		k.buckets = make([]keyBucket, mask+1)
	}
	for i := range k.buckets {
		k.buckets[i].blocks, k.buckets[i].fill = k.buckets[i].blocks[:0], 0
	}
}

// add keeps key q.
func (k *keyStore) add(q uint64) {
	k.room(q, 1)[0] = q
}

// addPair keeps the two words w0, w1 of a solution whose key is q, one
// after the other in one block.
func (k *keyStore) addPair(q, w0, w1 uint64) {
	r := k.room(q, 2)
	r[0], r[1] = w0, w1
}

// room returns room for n words, 1 or 2, in the bucket of key q: the
// words of one key stay in one block, blockLen being even.
func (k *keyStore) room(q uint64, n int) []uint64 {
	b := &k.buckets[q>>1&k.mask]
	if len(b.blocks) == 0 || b.fill == blockLen {
		if int(k.nblocks) == len(k.slabs)*slabBlocks {
			k.slabs = append(k.slabs, make([]uint64, slabBlocks*blockLen))
		}
		b.blocks = append(b.blocks, k.nblocks)
		k.nblocks++
		b.fill = 0
	}
	id := b.blocks[len(b.blocks)-1]
	at := int(id%slabBlocks)*blockLen + b.fill
	b.fill += n
	return k.slabs[id/slabBlocks][at : at+n : at+n]
}

// mostInBucket returns the most words any of the buckets under mask
// holds in all of found's stores together: the room a bucket's sort
// takes, given at once rather than grown bucket after bucket, buckets
// being larger towards the end of key order, each time into fresh memory.
func mostInBucket(found []found, mask uint64) int {
	most := 0
	for i := range int(mask + 1) {
		most = max(most, bucketWords(found, i))
	}
	return most
}

// bucketWords returns how many words bucket i holds in all of found's
// stores together.
func bucketWords(found []found, i int) int {
	n := 0
	for _, f := range found {
		n += f.keys.bucketLen(i)
	}
	return n
}

// bucketLen returns how many words bucket i holds.
func (k *keyStore) bucketLen(i int) int {
	if i >= len(k.buckets) || len(k.buckets[i].blocks) == 0 {
		return 0
	}
	b := &k.buckets[i]
	return (len(b.blocks)-1)*blockLen + b.fill
}

// appendBucket appends to dst the keys of bucket i.
func (k *keyStore) appendBucket(dst []uint64, i int) []uint64 {
	if i >= len(k.buckets) {
		return dst
	}
	b := &k.buckets[i]
	for j, id := range b.blocks {
		n := blockLen
		if j == len(b.blocks)-1 {
			n = b.fill
		}
		at := int(id%slabBlocks) * blockLen
		dst = append(dst, k.slabs[id/slabBlocks][at:at+n]...)
	}
	return dst
}
