package solver

import (
	"slices"

	"github.com/snakecube/snakecube/symmetry"
)

// trim keeps, of the solutions the search has found, the first s.most in
// the order Solve returns them: their canonical forms as read from the
// end the snake was given by, the search's own when it reads the snake
// from that end, else its foldings reversed and normalised. The others
// stay counted in s.out.n. A search calls it once it holds 2*s.most, so
// that it sorts 2*s.most forms once every s.most solutions.
func (s *search) trim() {
	m := s.g.n - 1
	n := len(s.out.seqs)
	forms := slices.Grow(s.trimForms[:0], n*m)[:n*m]
	for k := range n {
		f := forms[k*m : (k+1)*m]
		copy(f, s.out.at(k, m))
		if s.fromEnd {
			s.g.box.Normalize(f, symmetry.Reverse(s.scratch[:0], f))
		}
	}
	order := s.trimOrder[:0]
	for k := range n {
		order = append(order, k)
	}
	slices.SortFunc(order, func(a, b int) int {
		return slices.Compare(forms[a*m:(a+1)*m], forms[b*m:(b+1)*m])
	})
	order = order[:s.most]
	seqs := slices.Clone(s.out.seqs)
	dirs := slices.Clone(s.out.dirs)
	s.out.seqs, s.out.dirs = s.out.seqs[:0], s.out.dirs[:0]
	for _, k := range order {
		s.out.seqs = append(s.out.seqs, seqs[k])
		s.out.dirs = append(s.out.dirs, dirs[k*m:(k+1)*m]...)
	}
	s.trimForms, s.trimOrder = forms, order
}
