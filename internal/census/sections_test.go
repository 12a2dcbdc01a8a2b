package census

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSections checks the set against a slice of bools, the slow oracle,
// at its edges: section 0, the last section m-1, m a multiple of 64 and of
// a page or not, sets empty, full, and at random.
func TestSections(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, m := range []int{1, 2, 63, 64, 65, 4095, 4096, 4097, 3*4096 + 65} {
		for _, fill := range []string{"none", "edges", "all", "random", "all but edges"} {
			s := NewSections(m)
			have := make([]bool, m)
			for k := range m {
				in := false
				switch fill {
				case "edges":
					in = k == 0 || k == m-1
				case "all":
					in = true
				case "random":
					in = r.IntN(3) == 0
				case "all but edges":
					in = k != 0 && k != m-1
				}
				if in {
					have[k] = true
					if !s.Add(k) {
						t.Fatalf("m %d, %s: Add(%d) says it was there", m, fill, k)
					}
				}
			}
			for k := range m {
				if have[k] && s.Add(k) {
					t.Fatalf("m %d, %s: Add(%d) a second time says it was not there", m, fill, k)
				}
				if s.Has(k) != have[k] {
					t.Fatalf("m %d, %s: Has(%d) = %v", m, fill, k, !have[k])
				}
			}
			var in, out []int
			runs := 0
			for k, h := range have {
				if h {
					in = append(in, k)
					if k == 0 || !have[k-1] {
						runs++
					}
				} else {
					out = append(out, k)
				}
			}
			n, first := s.Missing(5)
			if n != len(out) || !slices.Equal(first, out[:min(5, len(out))]) || s.Len() != len(in) {
				t.Errorf("m %d, %s: Missing(5) = %d, %v, Len %d; want %d, %v, %d", m, fill, n, first, s.Len(), len(out), out[:min(5, len(out))], len(in))
			}
			if got := s.Runs(); got != runs {
				t.Errorf("m %d, %s: Runs = %d, want %d", m, fill, got, runs)
			}
			ranks := make([]int, len(in))
			for i := range ranks {
				ranks[i] = i
			}
			if got := s.Select(ranks); !slices.Equal(got, in) {
				t.Errorf("m %d, %s: Select(every rank) = %v, want %v", m, fill, got, in)
			}
			if len(in) > 2 {
				if got := s.Select([]int{1, len(in) - 1}); !slices.Equal(got, []int{in[1], in[len(in)-1]}) {
					t.Errorf("m %d, %s: Select(1, last) = %v, want %d, %d", m, fill, got, in[1], in[len(in)-1])
				}
			}
		}
	}
	// A set of 2^40 sections holds its first and last in two pages.
	const m = 1 << 40
	s := NewSections(m)
	s.Add(0)
	s.Add(m - 1)
	if n, first := s.Missing(3); n != m-2 || !slices.Equal(first, []int{1, 2, 3}) || s.Runs() != 2 || !slices.Equal(s.Select([]int{0, 1}), []int{0, m - 1}) || len(s.pages) != 2 {
		t.Errorf("0 and 2^40-1 of 2^40: Missing %d, %v, Runs %d, Select %v, %d pages", n, first, s.Runs(), s.Select([]int{0, 1}), len(s.pages))
	}
	s = NewSections(m)
	if n, first := s.Missing(2); n != m || !slices.Equal(first, []int{0, 1}) {
		t.Errorf("none of 2^40: Missing %d, %v", n, first)
	}
}
