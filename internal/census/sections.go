package census

import (
	"math/bits"
	"slices"
)

// pageBits is how many sections a page of [Sections] holds: 4096, 512
// bytes, so that a census of every section costs its m bits and an eighth
// more for the pages' index, and a sparse one (a sample at a depth whose m
// is huge) some 600 bytes a section at most, less than its record took.
const pageBits = 1 << 12

// page is a page of [Sections]: section k is bit k%64 of word k/64.
type page [pageBits / 64]uint64

// Sections is a set of the section numbers below m, a bit each, kept in
// pages of pageBits made as their first section comes: the sections a
// census's files hold, to refuse one counted twice and to tell those
// missing, whatever the number of lines.
type Sections struct {
	m     int
	n     int // sections in the set
	pages map[int]*page
}

// NewSections returns an empty set of the section numbers below m.
func NewSections(m int) *Sections { return &Sections{m: m, pages: map[int]*page{}} }

// Of returns m, the number of sections the set is of.
func (s *Sections) Of() int { return s.m }

// Len returns how many sections are in the set.
func (s *Sections) Len() int { return s.n }

// Add adds section k, 0 <= k < m, and reports whether it was not in the
// set yet.
func (s *Sections) Add(k int) bool {
	p := s.pages[k/pageBits]
	if p == nil {
		p = new(page)
		s.pages[k/pageBits] = p
	}
	w, bit := &p[k%pageBits/64], uint64(1)<<(k%64)
	if *w&bit != 0 {
		return false
	}
	*w |= bit
	s.n++
	return true
}

// Has reports whether section k is in the set.
func (s *Sections) Has(k int) bool {
	p := s.pages[k/pageBits]
	return p != nil && p[k%pageBits/64]&(1<<(k%64)) != 0
}

// order returns the numbers of the pages made, ascending.
func (s *Sections) order() []int {
	ks := make([]int, 0, len(s.pages))
	for k := range s.pages {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// Missing returns how many section numbers below m the set lacks, and the
// first few of them.
func (s *Sections) Missing(few int) (n int, first []int) {
	next := 0 // the smallest number not yet looked at
	for _, pk := range s.order() {
		for j := next; j < pk*pageBits && len(first) < few; j++ {
			first = append(first, j)
		}
		p := s.pages[pk]
		for i := 0; i < len(p) && len(first) < few; i++ {
			for w := ^p[i]; w != 0 && len(first) < few; w &= w - 1 {
				if k := pk*pageBits + i*64 + bits.TrailingZeros64(w); k < s.m {
					first = append(first, k)
				}
			}
		}
		next = (pk + 1) * pageBits
	}
	for j := next; j < s.m && len(first) < few; j++ {
		first = append(first, j)
	}
	return s.m - s.n, first
}

// Runs returns how many runs of consecutive sections the set holds.
func (s *Sections) Runs() int {
	runs := 0
	last := -1       // the last page looked at
	var carry uint64 // the top bit of the word before, in bit 0
	for _, pk := range s.order() {
		if pk != last+1 {
			carry = 0
		}
		for _, w := range s.pages[pk] {
			runs += bits.OnesCount64(w &^ (w<<1 | carry)) // the bits that start a run
			carry = w >> 63
		}
		last = pk
	}
	return runs
}

// Select returns the sections of ranks ranks, ascending numbers from 0
// below Len(): the ranks[i]-th smallest section in the set, for each i.
func (s *Sections) Select(ranks []int) []int {
	out := make([]int, 0, len(ranks))
	before := 0 // the sections in the pages before pk
	for _, pk := range s.order() {
		p := s.pages[pk]
		for i := 0; i < len(p) && len(out) < len(ranks); i++ {
			c := bits.OnesCount64(p[i])
			for len(out) < len(ranks) && ranks[len(out)] < before+c {
				w := p[i]
				for range ranks[len(out)] - before {
					w &= w - 1 // the lowest set bit left out
				}
				out = append(out, pk*pageBits+i*64+bits.TrailingZeros64(w))
			}
			before += c
		}
	}
	return out
}

// Sample returns n of the sections in the set (all when there are fewer),
// ascending, chosen at random by seed: the ranks that [Sample] draws among
// those in the set.
func (s *Sections) Sample(n int, seed uint64) []int {
	return s.Select(Sample(s.n, n, seed))
}
