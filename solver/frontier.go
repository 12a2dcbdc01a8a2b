package solver

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/snakecube/snakecube/symmetry"
)

// A Frontier stands for the nodes of a section's search where its prefix
// ends: the partial foldings of as many moves as the prefix has
// cubelets, whose turns so far are the prefix's. (A folding's first i
// moves decide whether cubelets 1 to i-1 turn, so these are the nodes
// below which the section's search runs free.) It holds them all, each of
// weight 1, or, when they are more than its capacity, a weighted sample
// of them whose weights add up to an unbiased estimate of their number.
//
// A frontier is built one cubelet at a time, as a descent of the
// key-prefix tree goes: [Frontier.Children] extends every node by one
// move and sorts the results by whether the cubelet turns. Random probes
// start from a frontier, below the prefix, rather than walking it from
// the root, where Knuth's probes of a long prefix nearly all die.
type Frontier struct {
	g      *grid
	prefix Seq
	exact  bool // every node, none sampled away
	// cut drops the nodes a full layer cuts off (see search.cut), as the
	// census does; without it they stay, as the designs without -cut
	// keep them.
	cut bool
	pop
}

// pops keeps the populations of [Frontier.Profile] for the next: each
// grows to thousands of nodes, a few hundred kilobytes.
var pops = sync.Pool{New: func() any { return new(pop) }}

// pop is a weighted set of search nodes.
type pop struct {
	nodes  []state
	weight []float64
	cells  []uint64 // in Profile, each node's children's cells
	picks  []uint64 // in Profile, the children taken of cells (see spread)
	// kids and kidWeight are the children of cells's nodes and their
	// weight, added up node by node as cells grows (see addCells).
	kids      int
	kidWeight float64
}

// addCells appends m, the children's cells of the node of weight w last
// added, and counts its children: their weights added one by one, in the
// order of the nodes and then of their children, as a pass over cells
// after the population is made would add them, to the last bit. Added as
// the cells are found, they run beside the build of the population.
func (p *pop) addCells(m uint64, w float64) {
	p.cells = append(p.cells, m)
	n, sum := bits.OnesCount64(m), p.kidWeight
	for range n {
		sum += w
	}
	p.kids, p.kidWeight = p.kids+n, sum
}

func (p *pop) add(st *state, w float64) {
	p.nodes = append(p.nodes, *st)
	p.weight = append(p.weight, w)
}

// grow adds a node of weight w and returns it to be written in full: it
// may hold a node of before.
func (p *pop) grow(w float64) *state {
	if n := len(p.nodes); n < cap(p.nodes) {
		p.nodes = p.nodes[:n+1]
	} else {
		p.nodes = append(p.nodes, state{})
	}
	p.weight = append(p.weight, w)
	return &p.nodes[len(p.nodes)-1]
}

// build adds st's child that moves into cell q, of weight w, and with
// cells its children's cells.
func (p *pop) build(s *search, st *state, q int, w float64, cells bool) {
	var c cursor
	s.childInto(p.grow(w), st, q, &c)
	if cells {
		p.addCells(s.cursorCells(&c, st.start), w)
	}
}

func (p *pop) reset() {
	p.nodes, p.weight, p.cells = p.nodes[:0], p.weight[:0], p.cells[:0]
	p.kids, p.kidWeight = 0, 0
}

// NewFrontier returns the frontier of box b's section "0", every key's
// first cubelet: the nodes of one move. With cut, it and the frontiers
// and profiles that come of it drop the nodes a full layer cuts off, which
// can reach no leaf (see search.cut); the counts they estimate are the
// same, and their populations are not spent on dead nodes.
func NewFrontier(b symmetry.Box, cut bool) *Frontier {
	g := gridOf(b)
	f := &Frontier{g: g, prefix: Seq{Len: 1}, exact: true, cut: cut}
	s := g.newSearch(context.Background(), job{uncut: !cut})
	roots := g.roots()
	for k := range roots {
		s.extend(&roots[k], func(c *state) { f.add(c, 1) })
	}
	return f
}

// Prefix returns the prefix whose frontier f is.
func (f *Frontier) Prefix() Seq { return f.prefix }

// Children returns the frontiers of the sections of f's prefix followed by
// '0' and by '1', each of at most capacity nodes: a larger one is cut
// down by systematic resampling in proportion to weight, drawn from a
// generator seeded by seed and the child's prefix, so that a child's
// frontier depends only on its prefix, the seed and the capacity. f's
// prefix must be shorter than L-1 cubelets.
func (f *Frontier) Children(capacity int, seed uint64) (*Frontier, *Frontier) {
	d := f.prefix.Len
	kids := [2]*Frontier{
		{g: f.g, prefix: Seq{Bits: f.prefix.Bits, Len: d + 1}, exact: f.exact, cut: f.cut},
		{g: f.g, prefix: Seq{Bits: f.prefix.Bits | 1<<d, Len: d + 1}, exact: f.exact, cut: f.cut},
	}
	s := f.g.newSearch(context.Background(), job{uncut: !f.cut})
	for k := range f.nodes {
		w := f.weight[k]
		s.extend(&f.nodes[k], func(c *state) { kids[c.turns>>d&1].add(c, w) })
	}
	for _, kid := range kids {
		if len(kid.nodes) > capacity {
			kid.exact = false
			r := rand.New(rand.NewPCG(seed, FrontierStream(kid.prefix)))
			var out pop
			kid.pop.resample(&out, capacity, r)
			kid.pop = out
		}
	}
	return kids[0], kids[1]
}

// FrontierStream numbers the generator of the section of prefix p: its
// bits, with its length above them.
func FrontierStream(p Seq) uint64 { return p.Bits ^ uint64(p.Len)<<57 ^ 0xf<<52 }

// extend calls emit with each child of st, the node one move deeper,
// within the job's constraint. The child is valid only during the call:
// emit copies what it keeps.
func (s *search) extend(st *state, emit func(*state)) {
	for next := s.childCells(st); next != 0; next &= next - 1 {
		emit(s.child(st, bits.TrailingZeros64(next)))
	}
}

// childCells returns the cells the children of st move into, in the
// order extend gives the children, lowest first.
func (s *search) childCells(st *state) uint64 {
	c := cursor{i: int(st.i), h: int(st.head), last: st.last, used: st.used, turns: st.turns, free: st.free, b0: st.b0, b1: st.b1, b2: st.b2}
	return s.cursorCells(&c, st.start)
}

// cursorCells returns the cells the children of the node at cursor c, of a
// path from cell start, move into, as childCells does.
func (s *search) cursorCells(c *cursor, start uint8) uint64 {
	if c.i >= s.g.n-1 {
		return 0
	}
	s.wrongEnd = s.g.wrongEnd(int(start))
	return s.options(c)
}

// child returns the child of st that moves into cell q, valid until the
// next call. It is built in the search's own state, not in one of its
// own: a pointer handed on would make each child an allocation.
func (s *search) child(st *state, q int) *state {
	var c cursor
	s.childInto(&s.kid, st, q, &c)
	return &s.kid
}

// childInto writes the child of st that moves into cell q to k, and its
// cursor to c, made from the values stored rather than read back from k.
//
// Every field of k and c is written once, from registers: a composite
// literal stored through c is built on the stack and copied, and the
// copy's wide loads of the narrow stores just made stall, as an or into
// k's moves just copied would.
func (s *search) childInto(k, st *state, q int, c *cursor) {
	g := s.g
	d := g.dirOf[uint8(q-int(st.head))]
	turns := st.turns
	if i := uint(st.i); i > 0 && d != st.last {
		turns |= 1 << i
	}
	free, used := st.free&^(1<<q), st.used|1<<(d>>1)
	b0, b1, b2 := g.leave(q, st.b0, st.b1, st.b2)
	c.i, c.h, c.last, c.used, c.sp = int(st.i)+1, q, d, used, 0
	c.next, c.turns, c.free, c.b0, c.b1, c.b2 = 0, turns, free, b0, b1, b2
	m0, m1, m2 := st.moves[0], st.moves[1], st.moves[2]
	switch x := uint64(d) << (3 * (st.i % 21)); st.i / 21 {
	case 0:
		m0 |= x
	case 1:
		m1 |= x
	default:
		m2 |= x
	}
	k.moves[0], k.moves[1], k.moves[2] = m0, m1, m2
	k.free, k.turns, k.b0, k.b1, k.b2 = free, turns, b0, b1, b2
	k.i, k.head, k.start, k.last, k.used = st.i+1, uint8(q), st.start, d, used
}

// resample replaces out's nodes by n drawn from p by systematic
// resampling: each node of p drawn in proportion to its weight, every
// drawn node given the mean weight, which keeps the expectation of the
// total weight and of every part of it.
func (p *pop) resample(out *pop, n int, r *rand.Rand) {
	out.reset()
	var total float64
	for _, w := range p.weight {
		total += w
	}
	d := newDraw(total, n, r)
	for k, w := range p.weight {
		var times int
		d, times = d.take(w)
		for range times {
			out.add(&p.nodes[k], d.step)
		}
	}
}

// draw is systematic resampling of n items from a sequence of weights
// adding up to total: one uniform draw, then every step of total/n.
type draw struct {
	step, u, acc float64
	left         int
}

func newDraw(total float64, n int, r *rand.Rand) draw {
	step := total / float64(n)
	return draw{step: step, u: r.Float64() * step, left: n}
}

// take returns how many times the next item, of weight w, is drawn, and
// the draw after it. A draw is a value of four words, not a pointer, so
// that the compiler keeps it in registers: through memory, each item's
// additions would wait on a store and a load.
func (d draw) take(w float64) (draw, int) {
	d.acc += w
	k := 0
	for d.u < d.acc && d.left > 0 {
		k++
		d.left--
		d.u += d.step
	}
	return d, k
}

// Profile estimates the search of f's section below f, depth by depth,
// with a population of at most width nodes that goes down one move at a
// time: every node is extended by all its moves, and when they are more
// than width they are resampled down to width in proportion to weight
// (Chen's stratified sampling of a search tree, one stratum per depth).
// When no resampling was needed the profile is exact: the section's
// whole search. The result depends only on f, width, seed and stream.
// Cancelling ctx stops it between two depths, with ctx's error.
func (f *Frontier) Profile(ctx context.Context, width int, seed, stream uint64) (Profile, error) {
	g := f.g
	pr, r, s := f.profileStart(width, seed, stream)
	if s == nil {
		return pr, nil
	}
	cur, next := pops.Get().(*pop), pops.Get().(*pop)
	defer func() { pops.Put(cur); pops.Put(next) }()
	if !f.first(cur, width, r) {
		pr.Exact = false
	}
	// Each node's children's cells are worked out when the node is built,
	// while it is in cache, so that counting a population's children
	// reads only these masks and the weights, and a node is read once
	// more only to build the children the resampling keeps. Only those
	// are built: a population of width nodes has some five times as many
	// children, 72 bytes each. The children are taken in the same order,
	// their weights added up in the same order, and the same draw made,
	// as when all were built and then resampled: the same profile to the
	// last bit (TestProfileTwoPass).
	// first left cur's cells and their sums empty (pop.reset): add each
	// node's.
	for k := range cur.nodes {
		cur.addCells(s.childCells(&cur.nodes[k]), cur.weight[k])
	}
	var dirs [symmetry.MaxCells]symmetry.Dir
	for len(cur.nodes) > 0 {
		if err := ctx.Err(); err != nil {
			return pr, err
		}
		i := int(cur.nodes[0].i) + 1 // every node of a population has as many moves
		if i == g.n-1 {
			// Leaves: only the foldings kept count, none goes on.
			for k := range cur.nodes {
				w := cur.weight[k]
				s.extend(&cur.nodes[k], func(c *state) {
					if s.keepsNode(c, &dirs) {
						pr.Nodes[i] += w
						pr.Hits[i]++
					}
				})
			}
			break
		}
		// A population's nodes all have as many moves: level i is
		// counted here alone.
		total, many := cur.kidWeight, cur.kids
		pr.Nodes[i], pr.Hits[i] = total, int32(many)
		// The children's children are leaves, which the next round
		// reaches through extend: their cells are not wanted.
		inner := i+1 < g.n-1
		if many <= width {
			s.spread(next, cur, i, many, inner, draw{}, false)
		} else {
			// resample, over children not built.
			pr.Exact = false
			s.spread(next, cur, i, width, inner, newDraw(total, width, r), true)
		}
		cur, next = next, cur
	}
	return pr, nil
}

// spread makes next the children of cur's nodes, which have i-1 moves,
// that cur.cells gives: each child with its parent's weight; or, when
// resampled, those that draw d takes, each as many times as it is drawn,
// of the draw's step; and, when inner, with its own children's cells,
// counted as they are found. size bounds the children made.
//
// It is the loop of pop.build over cur.cells, in two passes: the first
// makes the draw and lists the children it takes, the second builds them,
// childInto and options written out in it, so that neither the draw's
// branches nor its sums hold up a build. TestProfileTwoPass and
// FuzzProfile hold it to the plain profile, TestLoopsMatchOptions its
// copy of options to options.
func (s *search) spread(next, cur *pop, i, size int, inner bool, d draw, resampled bool) {
	next.reset()
	if code := s.lv.code[i&63]; code>>2 > 1 || s.g.n-1-i > s.lv.tail1+1 || size >= 1<<24 {
		// A straight run to fit or a snake's tail to check, which a
		// profile's job, free of constraint, never has; or more children
		// than a pick holds: the plain loop.
		s.spreadPlain(next, cur, inner, d, resampled)
		return
	}
	picks := cur.picks[:0]
	if resampled {
		for k, m := range cur.cells {
			w := cur.weight[k]
			for ; m != 0; m &= m - 1 {
				var times int
				if d, times = d.take(w); times != 0 {
					picks = append(picks, taken(k, bits.TrailingZeros64(m), times))
				}
			}
		}
	} else {
		for k, m := range cur.cells {
			for ; m != 0; m &= m - 1 {
				picks = append(picks, taken(k, bits.TrailingZeros64(m), 1))
			}
		}
	}
	cur.picks = picks
	s.build(next, cur, i, size, inner, d.step, resampled)
}

// spreadPlain is spread's plain form: pop.build for each child taken, as
// many times as it is taken.
func (s *search) spreadPlain(next, cur *pop, inner bool, d draw, resampled bool) {
	next.reset()
	for k, m := range cur.cells {
		for ; m != 0; m &= m - 1 {
			times, w := 1, cur.weight[k]
			if resampled {
				if d, times = d.take(w); times == 0 {
					continue
				}
				w = d.step
			}
			next.build(s, &cur.nodes[k], bits.TrailingZeros64(m), w, inner)
			at := len(next.nodes) - 1
			for range times - 1 {
				*next.grow(w) = next.nodes[at]
				if inner {
					next.addCells(next.cells[at], w)
				}
			}
		}
	}
}

// taken packs a child that spread takes: its parent k, the cell q it moves
// into, and how many times it is taken, below 2^24 as the widest
// population is.
func taken(k, q, times int) uint64 { return uint64(k)<<32 | uint64(q)<<24 | uint64(times) }

// build is spread's second pass: it makes next the children cur.picks
// lists, of weight step when resampled, else their parent's.
func (s *search) build(next, cur *pop, i, size int, inner bool, step float64, resampled bool) {
	g := s.g
	nodes := slices.Grow(next.nodes, size)[:size]
	weight := slices.Grow(next.weight, size)[:size]
	var cells []uint64
	if inner {
		cells = slices.Grow(next.cells, size)[:size]
	}
	// The move every child adds, move j, its place in the packed moves,
	// and the turn it makes when it leaves the last move's direction.
	j := uint(i - 1)
	word, shift := j/21, 3*(j%21)
	var turn uint64
	if j > 0 {
		turn = 1 << (j & 63)
	}
	fol := s.lv.code[i&63] & 3
	at, kids := 0, 0
	for _, pk := range cur.picks {
		k, q, times := int(pk>>32), int(pk>>24&63), int(pk&(1<<24-1))
		st := &cur.nodes[k]
		cw := step
		if !resampled {
			cw = cur.weight[k]
		}
		// childInto, written out (see there).
		dir := s.dirOf[uint8(q-int(st.head))]
		t := st.turns
		if dir != st.last {
			t |= turn
		}
		f, u := st.free&^(1<<q), st.used|1<<(dir>>1)
		c0, c1, c2 := uncount(s.nbMask[q&63], st.b0, st.b1, st.b2)
		kid := &nodes[at]
		x := uint64(dir) << shift
		switch word {
		case 0:
			kid.moves[0], kid.moves[1], kid.moves[2] = st.moves[0]|x, st.moves[1], st.moves[2]
		case 1:
			kid.moves[0], kid.moves[1], kid.moves[2] = st.moves[0], st.moves[1]|x, st.moves[2]
		default:
			kid.moves[0], kid.moves[1], kid.moves[2] = st.moves[0], st.moves[1], st.moves[2]|x
		}
		kid.free, kid.turns, kid.b0, kid.b1, kid.b2 = f, t, c0, c1, c2
		kid.i, kid.head, kid.start, kid.last, kid.used = uint8(i), uint8(q), st.start, dir, u
		weight[at] = cw
		var opts uint64
		var n int
		if inner {
			// options, written out (see there), its weak cells' test as
			// descendFree writes it.
			wrongEnd := g.wrongEnd(int(st.start))
			opts = g.nbAllowed[q&63][u&7] & f & g.follow[q&63][dir&7][fol]
			if wk := f &^ (c1 | c2); wk != 0 && opts != 0 {
				a := wk & -wk
				if iso := f &^ (c0 | c1 | c2); iso != 0 {
					if iso != f || iso&(iso-1) != 0 {
						opts = 0
					}
				} else if b := wk ^ a; b == 0 {
					if a&wrongEnd != 0 {
						opts &= a
					} else if p := s.nbMask[bits.TrailingZeros64(a)] & f; f != p|a {
						opts &^= p
					}
				} else if b&(b-1) != 0 {
					opts = 0
				} else {
					var m uint64
					if b&wrongEnd == 0 && (s.nbMask[bits.TrailingZeros64(b)]&f != a || f == wk) {
						m = a
					}
					if a&wrongEnd == 0 && (s.nbMask[bits.TrailingZeros64(a)]&f != b || f == wk) {
						m |= b
					}
					opts &= m
				}
			}
			if s.cuts && f&s.layer[q&63] == 0 && f&s.below[q&63] != 0 && f&s.above[q&63] != 0 {
				opts = 0 // cut, written out (see there)
			}
			cells[at] = opts
			// addCells, written out: the weights are added below.
			n = bits.OnesCount64(opts)
			kids += n
		}
		at++
		for range times - 1 {
			nodes[at], weight[at] = nodes[at-1], cw
			if inner {
				cells[at] = opts
				kids += n
			}
			at++
		}
	}
	next.nodes, next.weight = nodes[:at], weight[:at]
	if inner {
		next.cells = cells[:at]
		next.kids = kids
		next.kidWeight = next.childWeight()
	}
}

// childWeight returns the weight of p's children, p.cells's, added one by
// one in their order, as addCells adds them.
func (p *pop) childWeight() float64 {
	if w, ok := p.evenWeight(); ok {
		return addRepeated(0, w, p.kids)
	}
	var sum float64
	for k, w := range p.weight {
		sum = addTimes(sum, w, bits.OnesCount64(p.cells[k]))
	}
	return sum
}

// addRepeated returns s with w added to it n times, one addition after
// another, to the last bit, in some two steps a binade of the sum rather
// than n. Where s, at least w, lies in a binade [2^e, 2^(e+1)) of ulp u,
// adding w rounds s+w to a multiple of u; while s+w stays below 2^(e+1)
// and w/u is not a half-integer, whose rounding would go by the last bit
// of s, that rounds w itself to the nearest multiple d of u, the same for
// every s of the binade: k additions add k*d exactly. Every other
// addition, those that cross into the next binade, those of a tie, and
// those below w or among subnormals and infinities, is made one at a
// time. TestAddRepeated and FuzzAddRepeated hold it to the additions.
func addRepeated(s, w float64, n int) float64 {
	for n > 0 {
		e := int(math.Float64bits(s) >> 52) // s's biased exponent, s positive
		if !(w > 0) || !(s >= w) || e < 54 || e >= 0x7fe {
			s += w
			n--
			continue
		}
		u := math.Float64frombits(uint64(e-52) << 52) // the ulp of s
		top := math.Float64frombits(uint64(e+1) << 52)
		t := w / u // exact: u is a power of 2, and w/u below 2^53
		ti := math.Floor(t)
		// In units of u: s+j*d+w < top for j <= (top-s)/u-1-floor(w/u),
		// as s/u and top/u are integers.
		room := int64((top-s)/u) - 1 - int64(ti)
		if t-ti == 0.5 || room < 0 {
			s += w
			n--
			continue
		}
		d := (s + w) - s // exact: both are multiples of u, and close
		if d == 0 {
			return s // each addition leaves s as it is
		}
		k := min(room/int64(d/u)+1, int64(n))
		s += float64(k) * d // exact: a multiple of u, at most top
		n -= int(k)
	}
	return s
}

// evenWeight returns the weight of p's nodes and true when they all have
// the same, as they do when all come of one frontier: its root's nodes
// weigh 1, and a population either inherits its parents' weight or is
// resampled to one weight.
func (p *pop) evenWeight() (float64, bool) {
	if len(p.weight) == 0 {
		return 0, true
	}
	w := p.weight[0]
	for _, x := range p.weight {
		if x != w {
			return 0, false
		}
	}
	return w, true
}

// addTimes returns sum with w added to it n times, one addition at a
// time, as addCells adds a node's children's weights, to the last bit.
// For n up to 5, a node's children below the first move, it adds w times
// 1 or 0 five times, with no branch to mispredict on n: a weight is
// positive and finite, so adding 0 leaves sum as it is.
func addTimes(sum, w float64, n int) float64 {
	if n > 5 {
		for range n {
			sum += w
		}
		return sum
	}
	t := &addTerms[n]
	sum += w * t[0]
	sum += w * t[1]
	sum += w * t[2]
	sum += w * t[3]
	sum += w * t[4]
	return sum
}

// addTerms[n] are addTimes's factors for n additions.
var addTerms = [6][5]float64{{}, {1}, {1, 1}, {1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1, 1}}

// profileStart returns a profile of width's empty figures, its
// generator and its search, or no search when f's prefix opens no key.
func (f *Frontier) profileStart(width int, seed, stream uint64) (Profile, *rand.Rand, *search) {
	pr := Profile{Probes: width, Exact: f.exact}
	if !f.prefix.opens(f.g.n) {
		return pr, nil, nil
	}
	return pr, rand.New(rand.NewPCG(seed, stream)), f.g.newSearch(context.Background(), job{keysOnly: true, uncut: !f.cut})
}

// first makes cur a profile's first population: f's nodes, resampled
// down to width if more; it reports whether they are all there.
func (f *Frontier) first(cur *pop, width int, r *rand.Rand) bool {
	if len(f.nodes) > width {
		f.pop.resample(cur, width, r)
		return false
	}
	cur.reset()
	cur.nodes, cur.weight = append(cur.nodes, f.nodes...), append(cur.weight, f.weight...)
	return true
}

// movesInto unpacks st's moves into dirs and returns them.
func (st *state) movesInto(dirs *[symmetry.MaxCells]symmetry.Dir) []symmetry.Dir {
	st.unpack(dirs)
	return dirs[:st.i]
}
