package engine

import (
	"context"
	"math"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// frontierOf follows prefix p from the root, one cubelet at a time.
func frontierOf(b symmetry.Box, p Seq, capacity int, seed uint64, cut bool) *Frontier {
	f := NewFrontier(b, cut)
	for f.Prefix().Len < p.Len {
		d := f.Prefix().Len
		f0, f1 := f.Children(capacity, seed)
		f = f0
		if p.Turn(d) {
			f = f1
		}
	}
	return f
}

// TestProfileExact checks a profile wide enough to search a section whole
// against the section's count: on 3x3x3, and on 2x2x8, a box long enough
// for cuts, with frontiers and profiles that drop the nodes a cut dooms
// and with frontiers and profiles that keep them.
func TestProfileExact(t *testing.T) {
	for _, tc := range []struct {
		box string
		cut bool
	}{{"3", false}, {"2x2x8", true}, {"2x2x8", false}} {
		b, _ := symmetry.ParseBox(tc.box)
		for _, s := range []string{"0", "01", "0011", "01110110", "0111111010101", "0010101011110101111"} {
			p, _ := ParseSeq(s)
			want, err := CountSection(context.Background(), b, p, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			f := frontierOf(b, p, 1<<20, 1, tc.cut)
			if f.Prefix() != p {
				t.Fatalf("frontierOf(%v) reached %v", p, f.Prefix())
			}
			pr := f.Profile(1<<20, 1, 2)
			if !pr.Exact || pr.Nodes[b.Len()-1] != float64(want.Solutions) {
				t.Errorf("%v, cut %v, section %s: profile of %v solutions (exact %v), want %d", b, tc.cut, s, pr.Nodes[b.Len()-1], pr.Exact, want.Solutions)
			}
		}
	}
}

// TestProfileUnbiased checks that narrow frontiers and populations
// estimate a section's solutions without bias: the mean of 400 seeds
// within 4 standard errors of the count; on 3x3x3, and on 2x2x8 with the
// cut.
func TestProfileUnbiased(t *testing.T) {
	for _, tc := range []struct {
		box string
		cut bool
	}{{"3", false}, {"2x2x8", true}} {
		b, _ := symmetry.ParseBox(tc.box)
		profileUnbiased(t, b, tc.cut)
	}
}

func profileUnbiased(t *testing.T, b symmetry.Box, cut bool) {
	p, _ := ParseSeq("01110")
	want, err := CountSection(context.Background(), b, p, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	const n = 400
	var sum, sq float64
	for seed := range uint64(n) {
		pr := frontierOf(b, p, 8, seed, cut).Profile(16, seed, 3)
		if pr.Exact {
			t.Fatalf("a profile of width 16 of section %v is exact", p)
		}
		y := pr.Nodes[b.Len()-1]
		sum += y
		sq += y * y
	}
	mean := sum / n
	se := math.Sqrt((sq/n - mean*mean) / (n - 1))
	if math.Abs(mean-float64(want.Solutions)) > 4*se {
		t.Errorf("section %v: profiles estimate %.0f ± %.0f solutions, want %d", p, mean, se, want.Solutions)
	}
	t.Logf("section %v: %.0f ± %.0f solutions, count %d", p, mean, se, want.Solutions)
}

// profileAllBuilt is Profile in its plain form: every child built, then
// the population resampled down to width.
func profileAllBuilt(f *Frontier, width int, seed, stream uint64) Profile {
	g := f.g
	pr, r, s := f.profileStart(width, seed, stream)
	if s == nil {
		return pr
	}
	cur, next := new(pop), new(pop)
	if !f.first(cur, width, r) {
		pr.Exact = false
	}
	var dirs [symmetry.MaxCells]symmetry.Dir
	for len(cur.nodes) > 0 {
		next.reset()
		for k := range cur.nodes {
			w := cur.weight[k]
			s.extend(&cur.nodes[k], func(c *state) {
				i := int(c.i)
				if i == g.n-1 && !s.keeps(c.turns, c.movesInto(&dirs)) {
					return
				}
				pr.Nodes[i] += w
				pr.Hits[i]++
				if i < g.n-1 {
					next.add(c, w)
				}
			})
		}
		if len(next.nodes) > width {
			pr.Exact = false
			next.resample(cur, width, r)
		} else {
			cur, next = next, cur
		}
	}
	return pr
}

// TestProfileTwoPass checks that Profile, which builds only the children
// its resampling keeps, gives to the last bit the profile of building
// them all: the published estimates rest on it.
func TestProfileTwoPass(t *testing.T) {
	for _, c := range []struct {
		box    string
		prefix string
	}{
		{"3x3x3", "0"}, {"3x3x3", "01110"}, {"3x3x3", "0111111010101"},
		{"2x4x4", "01101"}, {"3x4x4", "0110111"}, {"4x4x4", "011011101"},
	} {
		b, err := symmetry.ParseBox(c.box)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := ParseSeq(c.prefix)
		for _, width := range []int{1, 5, 64, 1024} {
			for seed := range uint64(3) {
				f := frontierOf(b, p, 2*width, seed, false)
				got, want := f.Profile(width, seed, 7), profileAllBuilt(f, width, seed, 7)
				if got != want {
					t.Fatalf("%v section %v, width %d, seed %d: profile %v, all built %v", b, p, width, seed, got, want)
				}
			}
		}
	}
}
