package solver

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/snakecube/snakecube/symmetry"
)

// leaf files a complete folding that ends in cell end, dropping the
// readings that are not the solution's representative (see
// [search.keeps]). It reports whether the folding was kept.
func (s *search) leaf(turns uint64, end int) bool {
	dirs := s.dirs[:s.g.n-1]
	switch {
	case s.wrongEnd>>uint(end&63)&1 != 0:
		// Ordered: a lower orbit entered as the very last cell, which
		// the weak cells' test lets pass.
		return false
	case s.flipEnds>>uint(end&63)&1 != 0:
		turns, dirs = s.flipped(turns, dirs)
	case !s.keeps(turns, dirs):
		return false
	}
	s.out.n++
	if s.tallyOnly {
		return true
	}
	if s.count {
		if s.ordered {
			s.out.keys.add(turns)
			return true
		}
		if s.out.counts == nil {
			s.out.counts = new(tally)
		}
		if s.out.counts.one(turns); s.out.counts.over {
			s.stopped = true // errTooBig: see stoppedBy
		}
		return true
	}
	if s.packed {
		w0, w1 := s.g.pack(turns, dirs)
		s.out.keys.addPair(turns, w0, w1)
		return true
	}
	s.out.seqs = append(s.out.seqs, turns)
	s.out.dirs = append(s.out.dirs, dirs...)
	if s.most > 0 && len(s.out.seqs) >= 2*s.most {
		s.trim()
	} else if s.held > 0 && len(s.out.seqs) > s.held {
		s.stopped = true // ErrCatalogueTooBig: see stoppedBy
	}
	return true
}

// flipped returns the representative of a folding, with turns turns and
// moves dirs, that an ordered search meets from one end only: its key's
// reading, the other one when that is the lesser sequence, and for a
// palindrome the lesser of its two canonical forms. A count needs only
// the key.
func (s *search) flipped(turns uint64, dirs []symmetry.Dir) (uint64, []symmetry.Dir) {
	n := uint(s.g.n)
	c := cmp.Compare(bits.Reverse64(turns), turns<<(64-n))
	if c < 0 {
		return turns, dirs
	}
	rev := bits.Reverse64(turns) >> (64 - n)
	if s.count {
		return rev, dirs
	}
	other := s.g.box.Normalize(s.scratch[:0], symmetry.Reverse(s.scratch[:0], dirs))
	if c == 0 && slices.Compare(dirs, other) <= 0 {
		return turns, dirs
	}
	return rev, other
}

// keeps reports whether the complete folding dirs, whose turns are turns,
// is its solution's representative: with keysOnly, not a folding read
// against its key; for a palindrome, not the larger of a folding and its
// reverse.
func (s *search) keeps(turns uint64, dirs []symmetry.Dir) bool {
	return s.keepsAgainst(s.againstReverse(turns), dirs)
}

// keepsAgainst is keeps for a folding whose sequence compares as c with
// its reverse (see againstReverse); dirs is read only when c is 0.
func (s *search) keepsAgainst(c int, dirs []symmetry.Dir) bool {
	switch {
	case c > 0 && s.keysOnly:
		return false
	case c == 0:
		rev := symmetry.Reverse(s.scratch[:0], dirs)
		if slices.Compare(dirs, s.g.box.Normalize(rev, rev)) > 0 {
			return false
		}
	}
	return true
}

// againstReverse compares a complete folding's sequence, of turns turns,
// with its reverse, in their order (see Seq.order): the reverse's order
// is the sequence shifted to the top.
func (s *search) againstReverse(turns uint64) int {
	return cmp.Compare(bits.Reverse64(turns), turns<<(64-uint(s.g.n)))
}

// keepsNode is keeps for the complete folding st, whose moves it unpacks
// into dirs only when keeps reads them: when its sequence is its own
// reverse, one folding in thousands.
func (s *search) keepsNode(st *state, dirs *[symmetry.MaxCells]symmetry.Dir) bool {
	c := s.againstReverse(st.turns)
	var moves []symmetry.Dir
	if c == 0 {
		moves = st.movesInto(dirs)
	}
	return s.keepsAgainst(c, moves)
}

// turnsOf returns the turns of moves from to i-1 of dirs, from a multiple
// of 8: bit k, from 1, when move k leaves move k-1's direction. It
// compares eight moves at a time, each byte of a word with the byte before
// it.
func turnsOf(dirs *[symmetry.MaxCells]symmetry.Dir, from, i int) uint64 {
	const lows, highs = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	var turns, prev uint64
	if from >= 8 {
		prev = word(dirs[(from-8)&56:])
	}
	for j := from; j < i; j += 8 {
		w := word(dirs[j&56:])
		x := w ^ (w<<8 | prev>>56) // byte b: move j+b against the one before
		prev = w
		// The high bit of each byte of x that is not 0, gathered into the
		// byte's bit of the result.
		t := (x | (x&lows + lows)) & highs
		turns |= (t >> 7 * 0x0102040810204080 >> 56) << (j & 63)
	}
	return turns & (1<<(uint(i)&63) - 1) &^ 1
}

// word returns the first eight moves of d as one little-endian word, one
// load.
func word(d []symmetry.Dir) uint64 {
	_ = d[7]
	return uint64(d[0]) | uint64(d[1])<<8 | uint64(d[2])<<16 | uint64(d[3])<<24 |
		uint64(d[4])<<32 | uint64(d[5])<<40 | uint64(d[6])<<48 | uint64(d[7])<<56
}
