package solver

import (
	"cmp"
	"context"
	"math/bits"
	"slices"

	"github.com/snakecube/snakecube/solver/sequencer"
	"github.com/snakecube/snakecube/symmetry"
)

// The catalogue of a whole box of up to 32 cells is searched at once, in
// order (see job.ordered), each solution packed into two words and filed
// in its section's bucket; the sections are then sorted, unpacked and
// handed on one by one, in key order. Searched section by section, each
// folding must be read from its key's first cubelet and so is met from
// both ends. Every solution is held at once, so each is packed, 16 bytes
// (0.8 MB for the 51,704 of 3x3x3), where sequences and move lists would
// cost more in page faults than the nodes saved; and a section sorts as
// integers.

// pack returns a solution's two words, whose order as integers, the
// first then the second, is the catalogue's: the key's order (see
// Seq.order) in the top n bits of the first word, then the moves, three
// bits each, most significant first, in the first word's low bits and on
// into the second. It takes 4n-3 bits: n <= 32.
func (g *grid) pack(turns uint64, dirs []symmetry.Dir) (w0, w1 uint64) {
	// The moves as one number of 96 bits, eight at a time (see squeeze),
	// then cut at the first word's room.
	var buf [32]symmetry.Dir
	copy(buf[:], dirs)
	var m [4]uint64
	for j := range m {
		m[j] = squeeze(load(buf[8*j:]))
	}
	hi := m[0]<<40 | m[1]<<16 | m[2]>>8
	lo := m[2]<<56 | m[3]<<32
	k := uint(3 * ((64 - g.n) / 3)) // the first word's bits of moves
	n := uint(g.n)
	w0 = bits.Reverse64(turns) | hi>>n&^(^uint64(0)>>(n+k))
	w1 = hi<<k | lo>>(64-k)
	return w0, w1
}

// unpack writes the moves of the solution packed as w0, w1 into dirs,
// which holds n-1, and returns its key.
func (g *grid) unpack(w0, w1 uint64, dirs []symmetry.Dir) Seq {
	k := uint(3 * ((64 - g.n) / 3))
	n := uint(g.n)
	hi := w0<<n | w1>>k
	lo := w1 << (64 - k)
	var buf [32]symmetry.Dir
	store(buf[0:], spread(hi>>40))
	store(buf[8:], spread(hi>>16))
	store(buf[16:], spread(hi<<8|lo>>56))
	store(buf[24:], spread(lo>>32))
	copy(dirs, buf[:])
	return Seq{Bits: bits.Reverse64(w0 &^ (1<<(64-n) - 1)), Len: g.n}
}

// load returns the first eight moves of b as a word, the first the most
// significant byte.
func load(b []symmetry.Dir) uint64 {
	_ = b[7]
	return uint64(b[0])<<56 | uint64(b[1])<<48 | uint64(b[2])<<40 | uint64(b[3])<<32 |
		uint64(b[4])<<24 | uint64(b[5])<<16 | uint64(b[6])<<8 | uint64(b[7])
}

// store undoes load.
func store(b []symmetry.Dir, x uint64) {
	_ = b[7]
	b[0], b[1], b[2], b[3] = symmetry.Dir(x>>56), symmetry.Dir(x>>48), symmetry.Dir(x>>40), symmetry.Dir(x>>32)
	b[4], b[5], b[6], b[7] = symmetry.Dir(x>>24), symmetry.Dir(x>>16), symmetry.Dir(x>>8), symmetry.Dir(x)
}

// squeeze returns the eight moves of x, one a byte, the first the most
// significant, as 24 bits, three each in the same order.
func squeeze(x uint64) uint64 {
	x = x>>5&0x0038003800380038 | x&0x0007000700070007
	x = x>>10&0x00000fc000000fc0 | x&0x0000003f0000003f
	return x>>20&0xfff000 | x&0xfff
}

// spread undoes squeeze on the low 24 bits of x.
func spread(x uint64) uint64 {
	x = (x&0xfff000)<<20 | x&0xfff
	x = (x&0x00000fc000000fc0)<<10 | x&0x0000003f0000003f
	return (x&0x0038003800380038)<<5 | x&0x0007000700070007
}

// streamWhole is [Stream] of every section ps of g's box, which
// wholeBox allows, by one ordered search that keeps its solutions packed
// in a bucket for each section. opts.Progress counts the search's tasks,
// nearly all of the work.
//
// The sections are then unpacked and handed to work, in key order, in
// runs of consecutive ones that hold about as many solutions each
// (wholePieces of them), one goroutine a run: most sections of a box cut
// finely are a few hundred solutions, too little to pay for a goroutine
// of their own and its stack, grown anew for each. With opts.Joined, a
// run's sections are handed to work as one catalogue: one result a run,
// where a result a section (an encoded chunk, its own 64 KB block) would
// put many small results in flight, each in memory touched afresh. The
// runs go in windows of 2*workers (see sectionWindow), half the
// search's: what a run makes here is the whole result, its sections'
// catalogues encoded, held until its turn in fresh memory, so a narrower
// window faults fewer pages in; but a window of one run leaves the last
// runs to one core.
func streamWhole[T any](ctx context.Context, g *grid, ps []Seq, opts Options, work func(*Catalogue) (T, error), emit func(T) error) error {
	mask := bucketMask(ps)
	res, err := g.search(ctx, job{keysOnly: true, ordered: true, packed: true, buckets: mask}, opts)
	if err != nil {
		return err
	}
	defer res.release()
	bucket := func(k int) int { return int(ps[k].Bits >> 1 & mask) }
	words := make([]int, len(ps))
	for k := range ps {
		words[k] = bucketWords(res.found, bucket(k))
	}
	most := slices.Max(words) / 2
	runs := evenRuns(words, wholePieces)
	largest := 0 // the solutions of the largest run
	for j := range len(runs) - 1 {
		t := 0
		for _, n := range words[runs[j]:runs[j+1]] {
			t += n / 2
		}
		largest = max(largest, t)
	}
	// A run's results so far and the error that ended it, told in its
	// turn: the sections before the failing one are emitted, as they
	// would be each on its own.
	type outcome struct {
		vs  []T
		err error
	}
	return sequencer.RunWindowed(ctx, len(runs)-1, opts.workers(), sectionWindow(opts.workers())/2, func(ctx context.Context, j int) (outcome, error) {
		w := workspaces.Get().(*workspace)
		defer workspaces.Put(w)
		// The room of the largest run joined or section alone, once.
		if opts.Joined {
			w.reserveRun(largest, g.n-1)
		}
		w.reservePacked(most, g.n-1)
		from, to := runs[j], runs[j+1]
		step := 1 // the sections work is given at once
		if opts.Joined {
			step = to - from
		}
		is := make([]int, 0, step)
		o := outcome{vs: make([]T, 0, (to-from)/step)}
		for a := from; a < to && o.err == nil; a += step {
			if o.err = ctx.Err(); o.err != nil {
				break
			}
			is = is[:0]
			for k := a; k < a+step; k++ {
				is = append(is, bucket(k))
			}
			c := w.packedRun(g, res.found, ps[a:a+step], is)
			if a == 0 {
				c.Nodes = res.nodes // the search, counted once, as countWhole does
			}
			var v T
			if v, o.err = work(c); o.err == nil {
				o.vs = append(o.vs, v)
			}
		}
		return o, nil
	}, func(_ int, o outcome) error {
		for _, v := range o.vs {
			if err := emit(v); err != nil {
				return err
			}
		}
		return o.err
	})
}

// wholePieces is how many runs of sections streamWhole hands to its
// goroutines: as many as the buckets of a whole count (wholeCountDepth).
const wholePieces = 128

// evenRuns cuts sizes, in order, into at most n runs of consecutive ones
// of about equal sums: a run ends where the sum so far first reaches a
// multiple of the n-th of the total that the runs before it had not. It
// returns where each run starts, then len(sizes); one run when every
// size is 0.
func evenRuns(sizes []int, n int) []int {
	total := 0
	for _, s := range sizes {
		total += s
	}
	starts := []int{0}
	sum, next := 0, 1 // next: the multiple of the n-th to reach
	for k, s := range sizes[:max(len(sizes)-1, 0)] {
		sum += s
		if total > 0 && next < n && sum*n >= next*total {
			starts = append(starts, k+1)
			next = sum*n/total + 1
		}
	}
	return append(starts, len(sizes))
}

// reservePacked gives w room for packedSection to unpack r solutions of m
// moves; it keeps what room w has if that is enough. packedSection takes
// room for its own section; streamWhole, for the largest first, so that
// none grows into fresh memory section after section.
func (w *workspace) reservePacked(r, m int) {
	w.raw = slices.Grow(w.raw[:0], 2*r)
	w.pairs = slices.Grow(w.pairs[:0], 2*r)
	w.order = slices.Grow(w.order[:0], r)
	w.tmp = slices.Grow(w.tmp[:0], r)
	w.flat = slices.Grow(w.flat[:0], r*m)
	w.sols = slices.Grow(w.sols[:0], r)
	w.cat.Snakes = slices.Grow(w.cat.Snakes[:0], r)
}

// reserveRun gives w room for packedRun to unpack r solutions of m moves
// in all; it keeps what room w has if that is enough.
func (w *workspace) reserveRun(r, m int) {
	w.flat = slices.Grow(w.flat[:0], r*m)
	w.sols = slices.Grow(w.sols[:0], r)
	w.cat.Snakes = slices.Grow(w.cat.Snakes[:0], r)
}

// packedSection returns the catalogue of section p, whose solutions the
// searches that found them filed packed in bucket i, in w's memory: valid
// until w's next use.
func (w *workspace) packedSection(g *grid, found []found, p Seq, i int) *Catalogue {
	return w.packedRun(g, found, []Seq{p}, []int{i})
}

// packedRun returns the catalogue of the consecutive sections ps, whose
// solutions the searches that found them filed packed in buckets is, one
// a section, in w's memory: valid until w's next use. The sections' snakes
// follow one another in the order of ps.
func (w *workspace) packedRun(g *grid, found []found, ps []Seq, is []int) *Catalogue {
	total, most := 0, 0
	for _, i := range is {
		r := bucketWords(found, i) / 2
		total += r
		most = max(most, r)
	}
	m := g.n - 1
	w.reservePacked(most, m)
	dirs := slices.Grow(w.flat[:0], total*m)[:total*m]
	w.flat = dirs
	sols := slices.Grow(w.sols[:0], total)[:total]
	w.sols = sols
	w.cat = Catalogue{Box: g.box, Snakes: slices.Grow(w.cat.Snakes[:0], total)}
	low := uint64(1)<<(64-g.n) - 1
	at := 0 // the solutions of the sections before
	for s, i := range is {
		sorted, r := w.sortBucket(g, found, ps[s], i)
		start := at
		for k := range r {
			d := dirs[(at+k)*m : (at+k+1)*m : (at+k+1)*m]
			q := g.unpack(sorted[2*k], sorted[2*k+1], d)
			sols[at+k] = d
			if k+1 == r || sorted[2*k+2]&^low != sorted[2*k]&^low {
				w.cat.Snakes = append(w.cat.Snakes, Snake{Seq: q, Solutions: sols[start : at+k+1 : at+k+1]})
				start = at + k + 1
			}
		}
		at += r
	}
	return &w.cat
}

// sortBucket returns the pairs of words of section p's solutions, filed
// in bucket i, in catalogue order: by key, then by moves; and how many
// solutions they are. The pairs are in w's memory, valid until its next
// sortBucket.
func (w *workspace) sortBucket(g *grid, found []found, p Seq, i int) ([]uint64, int) {
	pairs := w.raw[:0]
	for _, f := range found {
		pairs = f.keys.appendBucket(pairs, i)
	}
	w.raw = pairs
	r := len(pairs) / 2
	// By key, stably, with each pair's index riding in the bits below
	// the key: the keys share their first p.Len cubelets.
	low := uint64(1)<<(64-g.n) - 1
	order := slices.Grow(w.order[:0], r)
	for k := range r {
		order = append(order, pairs[2*k]&^low|uint64(k))
	}
	sortKeys(order, &w.tmp, 64-g.n, 64-p.Len)
	w.order = order
	sorted := slices.Grow(w.pairs[:0], 2*r)
	for _, k := range order {
		k &= low
		sorted = append(sorted, pairs[2*k], pairs[2*k+1])
	}
	w.pairs = sorted
	// Then the solutions of each key by their moves, the rest of the
	// words.
	for a := 0; a < r; {
		b := a + 1
		for b < r && sorted[2*b]&^low == sorted[2*a]&^low {
			b++
		}
		if b-a > 1 {
			sortPairs(sorted[2*a : 2*b])
		}
		a = b
	}
	return sorted, r
}

// sortPairs sorts the pairs of words p, each two consecutive, as
// integers: by the first word, then the second.
func sortPairs(p []uint64) {
	n := len(p) / 2
	less := func(i, j int) bool {
		return p[2*i] < p[2*j] || p[2*i] == p[2*j] && p[2*i+1] < p[2*j+1]
	}
	if n > 32 {
		type pair struct{ a, b uint64 }
		ps := make([]pair, n)
		for i := range ps {
			ps[i] = pair{p[2*i], p[2*i+1]}
		}
		slices.SortFunc(ps, func(x, y pair) int {
			if c := cmp.Compare(x.a, y.a); c != 0 {
				return c
			}
			return cmp.Compare(x.b, y.b)
		})
		for i, q := range ps {
			p[2*i], p[2*i+1] = q.a, q.b
		}
		return
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && less(j, j-1); j-- {
			p[2*j], p[2*j-2] = p[2*j-2], p[2*j]
			p[2*j+1], p[2*j-1] = p[2*j-1], p[2*j+1]
		}
	}
}
