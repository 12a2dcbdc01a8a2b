package solver

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
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
		b := symmetry.MustParseBox(tc.box)
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
			pr, _ := f.Profile(context.Background(), 1<<20, 1, 2)
			if !pr.Exact || pr.Nodes[b.Len()-1] != float64(want.Solutions) {
				t.Errorf("%v, cut %v, section %s: profile of %v solutions (exact %v), want %d", b, tc.cut, s, pr.Nodes[b.Len()-1], pr.Exact, want.Solutions)
			}
		}
	}
}

// TestProfileCancelled checks that a profile stops on a cancelled
// context, with its error.
func TestProfileCancelled(t *testing.T) {
	b := symmetry.MustParseBox("3x3x3")
	f := NewFrontier(b, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := f.Profile(ctx, 64, 1, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("Profile with a cancelled context: error %v, want context.Canceled", err)
	}
	if pr, err := f.Profile(context.Background(), 64, 1, 2); err != nil || pr.Nodes[b.Len()-1] <= 0 {
		t.Errorf("Profile: %v solutions, error %v", pr.Nodes[b.Len()-1], err)
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
		b := symmetry.MustParseBox(tc.box)
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
		pr, _ := frontierOf(b, p, 8, seed, cut).Profile(context.Background(), 16, seed, 3)
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
// its resampling keeps, counts their weights as it builds them and reads
// a leaf's moves only for a sequence that is its own reverse, gives to
// the last bit the profile of building them all: the published estimates
// rest on it. Boxes of up to 64 cells, with the cut and without, and
// 2x2x3, whose sections are small enough for a profile to reach many of
// their palindromes' foldings.
func TestProfileTwoPass(t *testing.T) {
	for _, c := range []struct {
		box    string
		prefix string
		cut    bool
	}{
		{"3x3x3", "0", false}, {"3x3x3", "01110", false}, {"3x3x3", "0111111010101", false},
		{"2x4x4", "01101", false}, {"3x4x4", "0110111", false}, {"4x4x4", "011011101", false},
		{"2x2x3", "0", false}, {"2x2x3", "011", false},
		{"2x2x16", "0110", true}, {"2x2x16", "0110", false}, {"2x3x10", "011011", true},
	} {
		b := symmetry.MustParseBox(c.box)
		p, _ := ParseSeq(c.prefix)
		for _, width := range []int{1, 5, 64, 1024} {
			for seed := range uint64(3) {
				checkTwoPass(t, b, p, width, seed, c.cut)
			}
		}
	}
}

// checkTwoPass fails t when Profile and profileAllBuilt differ on the
// section of prefix p, its frontier of capacity twice the width.
func checkTwoPass(t *testing.T, b symmetry.Box, p Seq, width int, seed uint64, cut bool) {
	t.Helper()
	f := frontierOf(b, p, 2*width, seed, cut)
	got, _ := f.Profile(context.Background(), width, seed, 7)
	want := profileAllBuilt(f, width, seed, 7)
	if got != want {
		t.Fatalf("%v section %v, width %d, seed %d, cut %v: profile %v, all built %v", b, p, width, seed, cut, got, want)
	}
}

// FuzzProfile holds Profile to profileAllBuilt on sections, widths and
// seeds the fuzzer picks, on boxes of up to 64 cells, with the cut and
// without.
func FuzzProfile(f *testing.F) {
	boxes := []string{"2x2x3", "3x3x3", "2x3x10", "2x2x16", "4x4x4"}
	f.Add(uint8(0), uint64(0b110), uint8(3), uint16(64), uint64(1), false)
	f.Add(uint8(3), uint64(0b0110), uint8(4), uint16(300), uint64(2), true)
	f.Add(uint8(4), uint64(0b101110110), uint8(9), uint16(100), uint64(3), false)
	f.Fuzz(func(t *testing.T, box uint8, turns uint64, n uint8, width uint16, seed uint64, cut bool) {
		b := symmetry.MustParseBox(boxes[int(box)%len(boxes)])
		// A key starts straight; prefixes of up to 16 cubelets, widths
		// up to 1,024 keep a run within a second.
		l := 1 + int(n)%min(16, b.Len()-2)
		p := Seq{Bits: turns &^ 1 & (1<<l - 1), Len: l}
		checkTwoPass(t, b, p, 1+int(width)%1024, seed, cut)
	})
}

// spreadBoxes are the boxes TestSpread runs populations down: the small
// ones, 4x4x4 and 1x1x64 of 64 cells, whose moves fill the three words
// of their packing, and the long boxes where cuts apply.
var spreadBoxes = []string{"2x2x3", "3x3x3", "2x4x4", "3x4x4", "3x3x7", "4x4x4", "2x2x16", "2x3x10", "1x8x8", "1x1x64"}

// checkSpread fails t when spread and spreadPlain make different
// populations from the frontier of prefix p in box b, level by level down
// to the last cubelet: the nodes, their weights, their children's cells,
// the children and their weight, to the last bit. The weights are drawn
// anew at each level, now all one, now uneven, so that a child is drawn
// several times; each level is kept whole or resampled to a width the
// seed picks, of at most 500.
func checkSpread(t *testing.T, b symmetry.Box, p Seq, cut bool, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 0x5b7ead))
	f := frontierOf(b, p, 1+r.IntN(300), seed, cut)
	g := f.g
	s := g.newSearch(context.Background(), job{keysOnly: true, uncut: !cut})
	cur, got, want := new(pop), new(pop), new(pop)
	f.first(cur, len(f.nodes), r)
	for len(cur.nodes) > 0 {
		i := int(cur.nodes[0].i) + 1
		if i == g.n-1 {
			return
		}
		// Weights, and the cells and sums Profile adds for them.
		even, w := r.IntN(2) == 0, 0.5+r.Float64() // 53 bits: sums that round
		cur.cells, cur.kids, cur.kidWeight = cur.cells[:0], 0, 0
		for k := range cur.nodes {
			cur.weight[k] = w
			if !even {
				cur.weight[k] = 0.75 + float64(k%3)*r.Float64()
			}
			cur.addCells(s.childCells(&cur.nodes[k]), cur.weight[k])
		}
		inner := i+1 < g.n-1
		size, d, resampled := cur.kids, draw{}, cur.kids > 500 || cur.kids > 1 && r.IntN(2) == 0
		if resampled {
			size = 1 + r.IntN(min(cur.kids, 500))
			d = newDraw(cur.kidWeight, size, r)
		}
		s.spread(got, cur, i, size, inner, d, resampled)
		s.spreadPlain(want, cur, inner, d, resampled)
		switch {
		case !slices.Equal(got.nodes, want.nodes):
			t.Fatalf("%v section %v, seed %d, level %d: spread's nodes differ from the plain loop's", b, p, seed, i)
		case !slices.Equal(got.weight, want.weight), !slices.Equal(got.cells, want.cells):
			t.Fatalf("%v section %v, seed %d, level %d: weights %v and cells %x, plain %v and %x", b, p, seed, i, got.weight, got.cells, want.weight, want.cells)
		case got.kids != want.kids || got.kidWeight != want.kidWeight:
			t.Fatalf("%v section %v, seed %d, level %d: %d children weighing %v, plain %d weighing %v", b, p, seed, i, got.kids, got.kidWeight, want.kids, want.kidWeight)
		}
		cur, got = got, cur
	}
}

// TestSpread holds spread to spreadPlain on every box of spreadBoxes,
// from the frontier of every start cell, corners included, and from
// sections deeper down, with the cut and without.
func TestSpread(t *testing.T) {
	for _, name := range spreadBoxes {
		b := symmetry.MustParseBox(name)
		for _, prefix := range []string{"0", "01", "0110", "0111011"} {
			p, _ := ParseSeq(prefix)
			for seed := range uint64(4) {
				for _, cut := range []bool{false, true} {
					checkSpread(t, b, p, cut, seed)
				}
			}
		}
	}
}

// FuzzSpread is TestSpread on the sections and seeds the fuzzer picks.
func FuzzSpread(f *testing.F) {
	f.Add(uint8(5), uint64(0b0110), uint8(4), uint64(1), false)
	f.Add(uint8(6), uint64(0b0110110), uint8(7), uint64(2), true)
	f.Add(uint8(9), uint64(0), uint8(1), uint64(3), false)
	f.Fuzz(func(t *testing.T, box uint8, turns uint64, n uint8, seed uint64, cut bool) {
		b := symmetry.MustParseBox(spreadBoxes[int(box)%len(spreadBoxes)])
		l := 1 + int(n)%min(12, b.Len()-2)
		checkSpread(t, b, Seq{Bits: turns &^ 1 & (1<<l - 1), Len: l}, cut, seed)
	})
}

// checkAddRepeated fails t when addRepeated(s, w, n) differs from n
// additions of w to s made one after another.
func checkAddRepeated(t *testing.T, s, w float64, n int) {
	t.Helper()
	want := s
	for range n {
		want += w
	}
	if got := addRepeated(s, w, n); math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("addRepeated(%v, %v, %d) = %v, want %v", s, w, n, got, want)
	}
}

// TestAddRepeated holds addRepeated to the additions one by one: weights
// of every size, sums that cross many binades, weights of few bits and of
// 53, and weights whose lowest bit puts a tie in a binade the sum
// reaches (an odd mantissa of 41 bits or so: ties from some 2^12
// additions on).
func TestAddRepeated(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 0xadd))
	for _, w := range []float64{1, 3, 0.1, 1.5, 1.0 / 3, 7e-300, 5e-324, 1e300, math.MaxFloat64, 0, -1, math.Inf(1), math.NaN()} {
		for _, n := range []int{0, 1, 2, 3, 10, 1000, 1 << 17} {
			checkAddRepeated(t, 0, w, n)
		}
	}
	for range 300 {
		var w float64
		switch r.IntN(4) {
		case 0: // any 53 bits, of any size
			w = math.Float64frombits(r.Uint64N(0x7fe)<<52 | r.Uint64N(1<<52))
		case 1: // an odd mantissa of 38 to 44 bits: ties within reach
			w = math.Ldexp(float64(r.Uint64N(1<<(37+r.IntN(7)))|1<<(37+r.IntN(7))|1), r.IntN(200)-100)
		case 2: // a few bits
			w = math.Ldexp(float64(1+r.IntN(1000)), r.IntN(200)-100)
		default: // a profile's weight: a count over a width
			w = float64(1+r.IntN(1<<30)) / float64(1+r.IntN(1<<20))
		}
		checkAddRepeated(t, 0, w, r.IntN(1<<(4+r.IntN(15))))
		checkAddRepeated(t, w*float64(r.IntN(1<<20)), w, r.IntN(1<<14))
		checkAddRepeated(t, math.Ldexp(w, -r.IntN(1100)), w, r.IntN(1<<10)) // from below w
	}
}

// FuzzAddRepeated is TestAddRepeated on the sums, weights and counts the
// fuzzer picks.
func FuzzAddRepeated(f *testing.F) {
	f.Add(uint64(0), math.Float64bits(0.1), uint32(1000))
	f.Add(math.Float64bits(1<<40), math.Float64bits(3), uint32(70000))
	f.Fuzz(func(t *testing.T, s, w uint64, n uint32) {
		checkAddRepeated(t, math.Float64frombits(s), math.Float64frombits(w), int(n%(1<<18)))
	})
}
