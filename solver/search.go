package solver

import (
	"context"
	"math"
	"math/bits"
	"slices"

	"github.com/snakecube/snakecube/symmetry"
)

// state is a node of the search, kept as a task: a partial folding of i
// moves whose head, cubelet i, lies in cell head.
type state struct {
	free  uint64
	turns uint64 // turn mask of the moves so far
	// b0, b1, b2 count each cell's free neighbours, bit-sliced (see counts).
	b0, b1, b2 uint64
	moves      [3]uint64 // the moves so far, three bits each, 21 to a word
	i, head    uint8
	start      uint8 // cell of cubelet 0
	last       symmetry.Dir
	used       uint8 // axes moved along so far
}

// pack stores the first i moves of dirs in st.
func (st *state) pack(dirs *[symmetry.MaxCells]symmetry.Dir, i int) {
	st.moves = [3]uint64{}
	for w := range st.moves {
		lo := 21 * w
		if lo >= i {
			break
		}
		var x uint64
		for _, d := range slices.Backward(dirs[lo:min(i, lo+21)]) {
			x = x<<3 | uint64(d)
		}
		st.moves[w] = x
	}
}

// unpack writes st's moves into dirs.
func (st *state) unpack(dirs *[symmetry.MaxCells]symmetry.Dir) {
	for k := range int(st.i) {
		dirs[k] = symmetry.Dir(st.moves[k/21] >> (3 * (k % 21)) & 7)
	}
}

// frame is a node with moves left to try, kept on a search's stack.
type frame struct {
	next, free, turns, b0, b1, b2 uint64
	i, h                          uint8
	last                          symmetry.Dir
	used                          uint8
}

// cursor is where a search loop stands when it returns to its caller: a
// node, as in state, the moves left to try from it, and the height of the
// loop's stack.
type cursor struct {
	i, h                          int
	last                          symmetry.Dir
	used                          uint8
	next, turns, free, b0, b1, b2 uint64
	sp                            int
}

// What a search loop returns for.
const (
	done   = iota // the subtree is searched
	atLeaf        // the cursor is a complete folding, counted
	atPoll        // time to look at the context
	atStop        // the cursor is at depth stop, not counted
)

// cancelEvery is how many nodes pass between two looks at the context: a
// node costs a few nanoseconds, so cancellation is noticed within a
// fraction of a millisecond without the look costing anything measurable.
const cancelEvery = 1 << 14

// job says what a search looks for and keeps.
type job struct {
	c        constraint
	keysOnly bool // drop foldings whose sequence is not its own key
	// uncut keeps the partial foldings that a cut dooms (see search.cut):
	// the estimator's frontiers and profiles of a design without the cut,
	// whose descents were drawn from the tree with them.
	uncut bool
	count bool // tally solutions per sequence instead of keeping them
	// tallyOnly counts the solutions kept, one number for all: a snake's,
	// whose sequences are all one, without the memory of a tally.
	tallyOnly bool
	// most, when above 0, keeps only the first most solutions of a
	// snake, in the order Solve returns them: canonical forms as read
	// from the end the snake was given by; fromEnd, that the search
	// reads it from its other end.
	most    int
	fromEnd bool
	// ordered searches each folding from one end only, where a search
	// free of constraint would meet it from both and drop one reading at
	// the leaf: a path may end only in a cell whose orbit under the box's
	// symmetries is not below its first cell's, and a folding whose ends
	// lie in different orbits is filed under its key, read from the other
	// end when that is the key (see search.flipped). The lower orbits
	// join the cells a path cannot end in, which prunes as soon as one of
	// them is left a dead end.
	// A folding read from its first cubelet need not be its key's, so the
	// keys found are not those of one prefix: for whole boxes only, with
	// keysOnly.
	ordered bool
	// buckets, for an ordered count or packed catalogue, is the mask of
	// the bits, from bit 1, of the keys that choose their bucket (see
	// keyStore).
	buckets uint64
	// packed keeps each solution as two words in its key's bucket (see
	// grid.pack), not as a sequence and a list of moves: ordered, for
	// boxes of up to 32 cells.
	packed bool
}

// search is one worker's depth-first search, run by three loops. Below the
// constrained levels of its job, once the path has moved along every axis,
// descendFree runs, with nothing to test but the moves; above them,
// descendConstrained, which also applies the constraint and the
// symmetry's order of axes, and hands over at depth stop or below: to
// descendFree, or when planning to a list of tasks. Where every cubelet
// down to depth stop is fixed (a snake, or the prefix of a section),
// descendFixed stands for descendConstrained. descendFree and descendFixed
// call no function: a call would cost every node the spilling of the
// loop's registers; descendConstrained, above the levels that matter,
// calls fits. They return to their caller for what needs a call.
type search struct {
	g *grid
	job
	lv       levels
	wrongEnd uint64 // cells the path cannot end in
	flipEnds uint64 // ordered: the ends in orbits above the start's
	ctx      context.Context
	stopped  bool
	nodes    uint64
	poll     uint64                          // node count at which to look at the context next
	pause    uint64                          // node count at which resume returns
	stop     int                             // depth at which descendConstrained or descendFixed hands over
	planning bool                            // at depth stop, record a task rather than search
	fixed    bool                            // down to depth stop, every cubelet is fixed: descendFixed, not descendConstrained
	measure  bool                            // when planning, only count the nodes above
	limit    int                             // when planning, the most tasks to record, if not 0
	keep     map[uint64]int                  // when planning, if not nil: the prefixes of the tasks to record
	keepMask uint64                          // the bits of turns they hold
	held     int                             // if not 0, the most solutions a catalogue's section may hold (maxFound)
	start    int                             // the path's first cell
	dirs     [symmetry.MaxCells]symmetry.Dir // and its moves
	tasks    []state
	out      found
	scratch  [symmetry.MaxCells - 1]symmetry.Dir
	frames   [symmetry.MaxCells]frame // descendFree's stack
	sp       int                      // the height of descendFree's or descendFixed's stack
	// The grid's tables that descendFree and descendFixed read, copied: so
	// that a loop reaches all it reads through s, and keeps a register for
	// its own state.
	nbMask            [64]uint64
	dirOf             [256]symmetry.Dir
	layer, below      [64]uint64
	above             [64]uint64
	cuts              bool                     // the grid's cuts, unless the job is uncut
	tail              *tailTable               // for a snake whose tail is checked: see levels
	constrainedFrames [symmetry.MaxCells]frame // descendConstrained's and descendFixed's stack
	kid               state                    // extend's child, handed to its caller
	// trim's scratch space
	trimForms []symmetry.Dir
	trimOrder []int
}

// newSearch returns a search for job j under ctx.
func (g *grid) newSearch(ctx context.Context, j job) *search {
	s := &search{}
	s.reset(g, ctx, j)
	return s
}

// reset makes s a fresh search for job j, keeping its memory.
func (s *search) reset(g *grid, ctx context.Context, j job) {
	if s.g != g {
		s.nbMask, s.dirOf = g.nbMask, g.dirOf
		s.layer, s.below, s.above = g.layer, g.below, g.above
	}
	s.cuts = g.cuts && !j.uncut
	s.g, s.job, s.ctx = g, j, ctx
	s.lv = j.c.levels(g.n, g.side)
	s.tail = nil
	if s.lv.tail1 <= maxRun {
		s.tail = g.tails(s.lv.tail1, s.lv.tail2)
	}
	s.stopped, s.nodes, s.poll, s.pause = false, 0, cancelEvery, math.MaxUint64
	s.flipEnds = 0
	s.stop, s.planning, s.measure, s.limit, s.keep = s.lv.free, false, false, 0, nil
	s.held = 0
	s.tasks = s.tasks[:0]
	s.out = found{seqs: s.out.seqs[:0], dirs: s.out.dirs[:0], counts: s.out.counts, keys: s.out.keys}
	s.out.keys.reset(j.buckets)
	if s.out.counts != nil {
		// Empty: a search from the pool may come from a search
		// cancelled before its tally was drained.
		s.out.counts.reset()
	}
}

// found collects foldings: their sequences and, flat, their moves; or,
// for a counting job, the number of solutions of each sequence.
type found struct {
	seqs   []uint64
	dirs   []symmetry.Dir
	counts *tally
	keys   keyStore // an ordered count's
	n      uint64   // the solutions kept, counted, whatever else is kept
}

func (f *found) at(i, m int) []symmetry.Dir { return f.dirs[i*m : (i+1)*m] }

// run searches below st: with descendConstrained or descendFixed while
// the constraint has levels left, with descendFree after.
func (s *search) run(st *state) {
	var c cursor
	if s.begin(st, &c) {
		s.resume(&c)
	}
}

// begin starts the search below st: with descendFree, to the end, when no
// constraint is left, reporting false; otherwise it visits st and puts
// the cursor there, for resume to go on, and reports true.
func (s *search) begin(st *state, c *cursor) bool {
	s.start = int(st.start)
	st.unpack(&s.dirs)
	s.wrongEnd, s.flipEnds = s.g.wrongEnd(s.start), 0
	if s.ordered {
		s.wrongEnd |= s.g.lower[s.start]
		s.flipEnds = s.g.higher[s.start]
	}
	*c = cursor{i: int(st.i), h: int(st.head), last: st.last, used: st.used, turns: st.turns, free: st.free, b0: st.b0, b1: st.b1, b2: st.b2}
	if c.i >= s.stop && c.used&s.handAxes() == s.handAxes() {
		s.unconstrained(c)
		return false
	}
	s.nodes++
	c.sp, c.next = 0, s.options(c)
	s.fixed = s.lv.prefix && c.i < s.stop && s.stop <= s.lv.free
	return true
}

// resume goes on with descendConstrained or descendFixed from the cursor,
// handing over at depth stop, until the subtree is done, or s.pause nodes
// are reached: then it reports false, and a later call goes on from there.
func (s *search) resume(c *cursor) bool {
	for !s.stopped {
		var ev int
		if s.fixed {
			ev = s.descendFixed(c)
		} else {
			ev = s.descendConstrained(c)
		}
		switch ev {
		case atStop:
			s.handOver(c)
		case atPoll:
			if s.nodes >= s.pause {
				s.poll = s.nodes // look again when resumed
				return false
			}
			s.polled()
		default:
			return true
		}
	}
	return true
}

// polled looks at the context, and reports whether the search must stop.
func (s *search) polled() bool {
	s.poll = s.nodes + cancelEvery
	if s.pause > s.nodes {
		s.poll = min(s.poll, s.pause)
	}
	if s.ctx.Err() != nil {
		s.stopped = true
	}
	return s.stopped
}

// pauseAt makes resume return once the search has visited n nodes.
func (s *search) pauseAt(n uint64) {
	s.pause = n
	s.poll = min(s.poll, n)
}

// options returns the cells the move from node c may enter under the
// constraint. It is the plain form of the test each loop writes out for a
// node, and TestLoopsMatchOptions holds the loops to it.
func (s *search) options(c *cursor) uint64 {
	g := s.g
	code := s.lv.code[c.i&63]
	next := g.nbAllowed[c.h&63][c.used&7] & c.free & g.follow[c.h&63][c.last&7][code&3]
	if w := c.free &^ (c.b1 | c.b2); w != 0 && next != 0 {
		next &= g.weak(c.free, c.b0|c.b1|c.b2, w, s.wrongEnd)
		if w&(w-1) == 0 && w&s.wrongEnd == 0 && c.free&^(c.b0|c.b1|c.b2) == 0 && next&w == 0 && next != 0 &&
			s.tailBlocked(c.i, w, c.free) {
			next = 0
		}
	}
	if k := int(code >> 2); k > 1 && next != 0 {
		next = g.fits(c.h, k, next, c.free)
	}
	if s.cut(c.h, c.free) {
		next = 0
	}
	return next
}

// cut reports whether the path whose head is h, with free cells free, is
// cut: the head's layer across the box's longest axis is full, and free
// cells lie on both sides of it. The path can cross that layer no more,
// so it cannot reach them all. Only the head's layer can have become
// full with the last move, so checking it at every node checks them all.
// options calls cut; the search loops, which can afford no call, write it
// out, and TestLoopsMatchOptions holds their copies to it.
func (s *search) cut(h int, free uint64) bool {
	return s.cuts && free&s.layer[h&63] == 0 && free&s.below[h&63] != 0 && free&s.above[h&63] != 0
}

// tailBlocked reports, for a node of i moves whose one weak cell a, with
// one free neighbour, is not entered now and so must be the path's last,
// that the snake's last two runs cannot lie free behind a (see levels):
// descendFixed's test, written out there.
func (s *search) tailBlocked(i int, a, free uint64) bool {
	left := s.g.n - 1 - i
	if left <= s.lv.tail1+1 {
		return false
	}
	ai := bits.TrailingZeros64(a)
	p := s.nbMask[ai] & free
	t := &s.tail[ai][s.dirOf[uint8(bits.TrailingZeros64(p)-ai)]&7]
	if left <= s.lv.tail1+s.lv.tail2+1 {
		return t[0]&^free != 0
	}
	return t[1]&^free != 0 && t[2]&^free != 0 && t[3]&^free != 0 && t[4]&^free != 0
}

// unconstrained searches the subtree of the cursor's node with descendFree.
func (s *search) unconstrained(c *cursor) {
	s.nodes++
	if c.i == s.g.n-1 {
		s.leaf(c.turns, c.h)
		return
	}
	c.sp, c.next = 0, s.options(c)
	// The turns of the moves above c stay: a leaf reads only those below.
	from := c.i &^ 7
	base := c.turns & (1<<uint(from) - 1)
	for {
		switch s.descendFree(c) {
		case atLeaf:
			s.leaf(base|turnsOf(&s.dirs, from, c.i), c.h)
		case atPoll:
			if s.polled() {
				return
			}
		default:
			return
		}
	}
}

// descendFree goes on with the search from the cursor's node, whose moves
// left to try are c.next (none to go back), with no constraint, until it
// has a leaf to file or a context to look at, or until the subtree is
// done. It is the inner loop of every enumeration and census: a node costs
// a mask of the moves allowed, a test for weak cells, and for each move a
// few table reads. Its stack holds only the nodes with moves left to try.
//
// Every axis is in use (descendConstrained hands over only then), so
// symmetry allows every move; and the turns are not kept, leaf reads them
// off the moves.
// What the loop carries from node to node is only the path's head and
// free cells, their counts, and the moves left: held in registers, each
// node's masks follow one another without a trip through memory.
func (s *search) descendFree(c *cursor) int {
	n1, cuts := s.g.n-1, s.cuts
	i, h, next := c.i, c.h, c.next
	free, b0, b1, b2 := c.free, c.b0, c.b1, c.b2
	s.sp = c.sp
	ev := done
	for {
		if next == 0 {
			if s.sp == 0 {
				break
			}
			f := &s.frames[(s.sp-1)&63]
			next = f.next
			i, h = int(f.i), int(f.h)
			free, b0, b1, b2 = f.free, f.b0, f.b1, f.b2
			if next&(next-1) == 0 {
				s.sp--
			} else {
				f.next = next & (next - 1)
			}
			next &= -next
		} else if next&(next-1) != 0 {
			if s.nodes >= s.poll {
				ev = atPoll
				break
			}
			f := &s.frames[s.sp&63]
			f.next, f.free, f.b0, f.b1, f.b2 = next&(next-1), free, b0, b1, b2
			f.i, f.h = uint8(i), uint8(h)
			s.sp++
			next &= -next
		}
		q := bits.TrailingZeros64(next | 1<<63) // next is not 0: the bit spares a test for 0
		s.dirs[i&63] = s.dirOf[uint8(q-h)]
		s.nodes++
		free &^= next
		m := s.nbMask[q&63]
		b0, b1, b2 = uncount(m, b0, b1, b2)
		i, h = i+1, q
		if i == n1 {
			ev, next = atLeaf, 0
			break
		}
		next = m & free
		if w := free &^ (b1 | b2); w != 0 {
			// Weak cells: weak, written out (see there).
			a := w & -w
			if iso := free &^ (b0 | b1 | b2); iso != 0 {
				if iso != free || iso&(iso-1) != 0 {
					next = 0
				}
			} else if b := w ^ a; b == 0 {
				if a&s.wrongEnd != 0 {
					next &= a
				} else if p := s.nbMask[bits.TrailingZeros64(a)] & free; free != p|a {
					next &^= p
				}
			} else if b&(b-1) != 0 {
				next = 0
			} else {
				var m uint64
				if b&s.wrongEnd == 0 && (s.nbMask[bits.TrailingZeros64(b)]&free != a || free == w) {
					m = a
				}
				if a&s.wrongEnd == 0 && (s.nbMask[bits.TrailingZeros64(a)]&free != b || free == w) {
					m |= b
				}
				next &= m
			}
		}
		if cuts && free&s.layer[q&63] == 0 && free&s.below[q&63] != 0 && free&s.above[q&63] != 0 {
			next = 0 // cut, written out (see there)
		}
	}
	c.i, c.h, c.last, c.next, c.sp = i, h, s.dirs[(i-1)&63], next, s.sp
	c.free, c.b0, c.b1, c.b2 = free, b0, b1, b2
	return ev
}

// descendConstrained is descendFree under the job's constraint, which
// besides the kind of each cubelet checks that a straight run the
// constraint forces fits before it starts, down to depth s.stop, and on
// until the path has moved along every axis (see handAxes).
func (s *search) descendConstrained(c *cursor) int {
	g := s.g
	stop, wrongEnd, poll, hand, cuts := s.stop, s.wrongEnd, s.poll, s.handAxes(), s.cuts
	dirs, fs, lv := &s.dirs, &s.constrainedFrames, &s.lv
	i, h, last, used, next, sp := c.i, c.h, c.last, c.used, c.next, c.sp
	turns, free, b0, b1, b2 := c.turns, c.free, c.b0, c.b1, c.b2
	z := s.nodes - uint64(i) // the nodes are z+i, as in descendFree
	ev := done
	for {
		if next == 0 {
			if sp == 0 {
				break
			}
			f := &fs[(sp-1)&63]
			next = f.next
			z += uint64(i) - uint64(f.i)
			i, h, last, used = int(f.i), int(f.h), f.last, f.used
			turns, free, b0, b1, b2 = f.turns, f.free, f.b0, f.b1, f.b2
			if next&(next-1) == 0 {
				sp--
			} else {
				f.next = next & (next - 1)
			}
			next &= -next
		} else if next&(next-1) != 0 {
			if z+uint64(i) >= poll {
				ev = atPoll
				break
			}
			f := &fs[sp&63]
			f.next, f.free, f.turns, f.b0, f.b1, f.b2 = next&(next-1), free, turns, b0, b1, b2
			f.i, f.h, f.last, f.used = uint8(i), uint8(h), last, used
			sp++
			next &= -next
		}
		q := bits.TrailingZeros64(next)
		d := g.dirOf[uint8(q-h)]
		dirs[i&63] = d
		if d != last && i > 0 {
			turns |= 1 << (uint(i) & 63)
		}
		free &^= next
		b0, b1, b2 = g.leave(q, b0, b1, b2)
		used |= 1 << (d >> 1)
		i, h, last = i+1, q, d
		if i >= stop && used&hand == hand {
			ev, next = atStop, 0
			z-- // not counted here
			break
		}
		code := lv.code[i&63]
		next = g.nbAllowed[h&63][used&7] & free & g.follow[h&63][last&7][code&3]
		if w := free &^ (b1 | b2); w != 0 && next != 0 {
			// Weak cells: weak, written out (see there).
			a := w & -w
			if iso := free &^ (b0 | b1 | b2); iso != 0 {
				if iso != free || iso&(iso-1) != 0 {
					next = 0
				}
			} else if b := w ^ a; b == 0 {
				if a&wrongEnd != 0 {
					next &= a
				} else if p := g.nbMask[bits.TrailingZeros64(a)] & free; free != p|a {
					next &^= p
				}
			} else if b&(b-1) != 0 {
				next = 0
			} else {
				var m uint64
				if b&wrongEnd == 0 && (g.nbMask[bits.TrailingZeros64(b)]&free != a || free == w) {
					m = a
				}
				if a&wrongEnd == 0 && (g.nbMask[bits.TrailingZeros64(a)]&free != b || free == w) {
					m |= b
				}
				next &= m
			}
		}
		if k := int(code >> 2); k > 1 && next != 0 {
			next = g.fits(h, k, next, free)
		}
		if cuts && free&s.layer[h&63] == 0 && free&s.below[h&63] != 0 && free&s.above[h&63] != 0 {
			next = 0 // cut, written out (see there)
		}
	}
	c.i, c.h, c.last, c.used, c.next, c.sp = i, h, last, used, next, sp
	c.turns, c.free, c.b0, c.b1, c.b2 = turns, free, b0, b1, b2
	s.nodes = z + uint64(i)
	return ev
}

// descendFixed is descendConstrained where every cubelet's kind is fixed
// down to depth stop, a snake's or a prefix's: the turns are the
// constraint's, and need not be kept. It hands over at depth stop
// whatever axes the path has moved along (see axesFirst).
func (s *search) descendFixed(c *cursor) int {
	g, cuts := s.g, s.cuts
	i, h, used, next := c.i, c.h, c.used, c.next
	free, b0, b1, b2 := c.free, c.b0, c.b1, c.b2
	s.sp = c.sp
	// As in descendFree, what is read once a node stays in s: the loop's
	// registers hold the path's state.
	ev := done
	for {
		if next == 0 {
			if s.sp == 0 {
				break
			}
			f := &s.constrainedFrames[(s.sp-1)&63]
			next = f.next
			i, h, used = int(f.i), int(f.h), f.used
			free, b0, b1, b2 = f.free, f.b0, f.b1, f.b2
			if next&(next-1) == 0 {
				s.sp--
			} else {
				f.next = next & (next - 1)
			}
			next &= -next
		} else if next&(next-1) != 0 {
			if s.nodes >= s.poll {
				ev = atPoll
				break
			}
			f := &s.constrainedFrames[s.sp&63]
			f.next, f.free, f.b0, f.b1, f.b2 = next&(next-1), free, b0, b1, b2
			f.i, f.h, f.used = uint8(i), uint8(h), used
			s.sp++
			next &= -next
		}
		q := bits.TrailingZeros64(next | 1<<63) // next is not 0
		d := s.dirOf[uint8(q-h)]
		s.dirs[i&63] = d
		s.nodes++
		free &^= next
		m := s.nbMask[q&63]
		b0, b1, b2 = uncount(m, b0, b1, b2)
		used |= 1 << (d >> 1 & 7)
		i, h = i+1, q
		if i == s.stop {
			ev, next = atStop, 0
			s.nodes-- // not counted here
			break
		}
		code := s.lv.code[i&63]
		next = g.nbAllowed[h&63][used&7] & free & g.follow[h&63][d&7][code&3]
		if w := free &^ (b1 | b2); w != 0 && next != 0 {
			// Weak cells: weak, written out (see there).
			a := w & -w
			if iso := free &^ (b0 | b1 | b2); iso != 0 {
				if iso != free || iso&(iso-1) != 0 {
					next = 0
				}
			} else if b := w ^ a; b == 0 {
				if a&s.wrongEnd != 0 {
					next &= a
				} else {
					ai := bits.TrailingZeros64(a)
					p := s.nbMask[ai] & free
					if free != p|a {
						next &^= p
					}
					// a is the last cell unless entered now: the snake's
					// tail must fit behind it (see levels).
					if left := g.n - 1 - i; next&a == 0 && next != 0 && left > s.lv.tail1+1 {
						t := &s.tail[ai][s.dirOf[uint8(bits.TrailingZeros64(p)-ai)]&7]
						if left <= s.lv.tail1+s.lv.tail2+1 {
							if t[0]&^free != 0 {
								next = 0
							}
						} else if t[1]&^free != 0 && t[2]&^free != 0 && t[3]&^free != 0 && t[4]&^free != 0 {
							next = 0
						}
					}
				}
			} else if b&(b-1) != 0 {
				next = 0
			} else {
				var m uint64
				if b&s.wrongEnd == 0 && (s.nbMask[bits.TrailingZeros64(b)]&free != a || free == w) {
					m = a
				}
				if a&s.wrongEnd == 0 && (s.nbMask[bits.TrailingZeros64(a)]&free != b || free == w) {
					m |= b
				}
				next &= m
			}
		}
		if k := int(code >> 2); k > 1 && next != 0 {
			// runsBlocked, written out: over the inliner's budget, and a
			// call would spill the loop's registers.
			r, nb := &g.ray[h&63][k&7], &g.nbBit[h&63]
			next &^= nb[0]&blocked(r[0], free) | nb[1]&blocked(r[1], free) |
				nb[2]&blocked(r[2], free) | nb[3]&blocked(r[3], free) |
				nb[4]&blocked(r[4], free) | nb[5]&blocked(r[5], free)
		}
		if cuts && free&s.layer[q&63] == 0 && free&s.below[q&63] != 0 && free&s.above[q&63] != 0 {
			next = 0 // cut, written out (see there)
		}
	}
	c.i, c.h, c.last, c.used, c.next, c.sp = i, h, s.dirs[(i-1)&63], used, next, s.sp
	c.turns, c.free, c.b0, c.b1, c.b2 = s.c.turn&(1<<(uint(i)&63)-1)&^1, free, b0, b1, b2
	return ev
}

// handAxes returns the axes a path must have moved along for
// descendConstrained to hand it over at depth s.stop or below: every axis
// when searching, since descendFree knows no symmetry; none when
// planning, whose tasks are the nodes at depth s.stop.
func (s *search) handAxes() uint8 {
	if s.planning {
		return 0
	}
	return s.g.axes
}

// handOver is what resume does at depth s.stop: record a task when
// planning, or search on without the constraint.
func (s *search) handOver(c *cursor) {
	if s.planning {
		if s.measure {
			return
		}
		if s.keep != nil {
			if _, ok := s.keep[c.turns&s.keepMask]; !ok {
				return
			}
		}
		st := state{i: uint8(c.i), head: uint8(c.h), start: uint8(s.start), last: c.last, used: c.used, free: c.free,
			turns: c.turns, b0: c.b0, b1: c.b1, b2: c.b2}
		st.pack(&s.dirs, c.i)
		s.tasks = append(s.tasks, st)
		if s.limit > 0 && len(s.tasks) > s.limit {
			s.stopped = true
		}
		return
	}
	u := *c
	s.axesFirst(&u)
}

// axesFirst searches below c, a node at depth s.stop or below that
// descendFixed hands over: with descendFree once the path has moved along
// every axis, and before, as descendConstrained would, one move at a
// time. descendFixed hands over at depth stop whatever the axes, and a
// prefix that lies in one plane is rare: plain recursion serves.
func (s *search) axesFirst(c *cursor) {
	g := s.g
	if c.used&g.axes == g.axes {
		s.unconstrained(c)
		return
	}
	s.nodes++
	for next := s.options(c); next != 0 && !s.stopped; next &= next - 1 {
		q := bits.TrailingZeros64(next)
		d := g.dirOf[uint8(q-c.h)]
		k := *c
		if c.i > 0 && d != c.last {
			k.turns |= 1 << (uint(c.i) & 63)
		}
		s.dirs[c.i&63] = d
		k.free &^= 1 << q
		k.b0, k.b1, k.b2 = g.leave(q, c.b0, c.b1, c.b2)
		k.i, k.h, k.last, k.used = c.i+1, q, d, c.used|1<<(d>>1)
		s.axesFirst(&k)
	}
}
