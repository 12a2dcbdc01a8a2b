package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/oracle"
	"github.com/snakecube/snakecube/symmetry"
)

// TestSectionsPartition joins the sections of several depths: the whole
// catalogue, in order.
func TestSectionsPartition(t *testing.T) {
	want := enumerate3(t)
	for _, depth := range []int{0, 1, 4, 9} {
		var got []Snake
		ps := Sections(want.Box, Seq{}, depth)
		if depth > 0 && len(ps) != 1<<(depth-1) {
			t.Errorf("Sections(3x3x3, %d) = %d prefixes, want %d", depth, len(ps), 1<<(depth-1))
		}
		err := Stream(context.Background(), want.Box, ps, Options{Workers: 2}, clone, func(c *Catalogue) error {
			got = append(got, c.Snakes...)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if !sameCatalogue(&Catalogue{Snakes: got}, want) {
			t.Errorf("sections of depth %d joined = %d snakes, differ from the catalogue's %d", depth, len(got), len(want.Snakes))
		}
	}
	// Sections under a prefix join to that prefix's section.
	p, _ := ParsePrefix("0111", want.Box)
	var under []Snake
	Stream(context.Background(), want.Box, Sections(want.Box, p, 9), Options{}, clone, func(c *Catalogue) error {
		under = append(under, c.Snakes...)
		return nil
	})
	direct, _ := enumerateSection(context.Background(), want.Box, p, Options{})
	if len(under) == 0 || !sameCatalogue(&Catalogue{Snakes: under}, direct) {
		t.Errorf("sections of depth 9 under 0111 = %d snakes, the section itself %d", len(under), len(direct.Snakes))
	}
	for _, k := range []int{0, 100, len(want.Snakes) - 1} {
		s := want.Snakes[k]
		c, err := enumerateSection(context.Background(), want.Box, s.Seq, Options{})
		if err != nil || len(c.Snakes) != 1 || !slices.EqualFunc(c.Snakes[0].Solutions, s.Solutions, slices.Equal) {
			t.Errorf("enumerateSection(%v), a whole key: %v, want its %d solutions", s.Seq, err, len(s.Solutions))
		}
	}
	for _, p := range []string{"1", "001110110111010111101010101", "011111101010101111111111110"[:20] + "1"} {
		q, _ := ParsePrefix(p, want.Box)
		c, err := enumerateSection(context.Background(), want.Box, q, Options{})
		for _, s := range c.Snakes {
			if !strings.HasPrefix(s.Seq.String(), p) {
				t.Errorf("enumerateSection(%s) has %v", p, s.Seq)
			}
		}
		if err != nil {
			t.Error(err)
		}
	}
}

// TestCountSections sums the sections' counts of 3x3x3: the published
// figures; and of 2x3x4: the brute force's.
func TestCountSections(t *testing.T) {
	b := cube(t, 3)
	var total Count
	err := CountSections(context.Background(), b, Sections(b, Seq{}, 6), Options{}, func(_ Seq, c Count) error {
		total.Add(c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := Count{Snakes: 11487, Solutions: 51704, Palindromes: 77, PalindromeSolutions: 413, OneSolution: 3658, Most: 142}
	got := total
	got.Nodes, got.Seconds, got.MostKey = 0, 0, Seq{}
	if got != want {
		t.Errorf("3x3x3 census = %+v, want %+v", got, want)
	}
	if total.MostKey.String() != "011111101010101111111111110" {
		t.Errorf("3x3x3 census: most solutions for %v", total.MostKey)
	}
	// Sections walk again the levels above their prefix, a sliver of the
	// tree: a prefix that failed to prune would cost far more.
	if whole := enumerate3(t).Nodes; total.Nodes < whole || float64(total.Nodes) > 1.01*float64(whole) {
		t.Errorf("3x3x3 census in sections visited %d nodes, the whole search %d", total.Nodes, whole)
	}

	if testing.Short() {
		return
	}
	dims := [3]int{2, 3, 4}
	b, _ = symmetry.NewBox(dims[0], dims[1], dims[2])
	total = Count{}
	CountSections(context.Background(), b, Sections(b, Seq{}, 8), Options{}, func(_ Seq, c Count) error {
		total.Add(c)
		return nil
	})
	snakes, solutions := oracle.Count(oracle.Catalogue(dims))
	if total.Snakes != int64(snakes) || total.Solutions != int64(solutions) {
		t.Errorf("2x3x4 census = %d snakes, %d solutions; brute force %d, %d", total.Snakes, total.Solutions, snakes, solutions)
	}
}

func TestShards(t *testing.T) {
	b, _ := symmetry.NewBox(3, 3, 4)
	for _, n := range []int{1, 4, 7} {
		shards := Shards(b, n)
		var all []Seq
		for _, s := range shards {
			if !slices.IsSortedFunc(s, Seq.Compare) {
				t.Errorf("Shards(%v, %d): a shard's sections are not in key order", b, n)
			}
			all = append(all, s...)
		}
		slices.SortFunc(all, Seq.Compare)
		if want := Sections(b, Seq{}, ShardDepth(b, n)); !slices.Equal(all, want) {
			t.Errorf("Shards(%v, %d) cover %d sections, want the %d of depth %d once each", b, n, len(all), len(want), ShardDepth(b, n))
		}
		if again := Shards(b, n); !slices.EqualFunc(again, shards, slices.Equal) {
			t.Errorf("Shards(%v, %d) differs between two calls", b, n)
		}
	}
}

// TestTally counts against a map: through the buffer alone, through the
// merges when the buffer fills (sorted by radix, or by comparison when
// short), and absorbed from one tally into another, each way round; and
// the counts come out ascending, each sequence once.
func TestTally(t *testing.T) {
	for _, n := range []int{0, 100, 5000, 3 << 14, 3*maxPending + 12345} {
		for _, into := range []bool{false, true} {
			tl, other := new(tally), new(tally)
			want := map[uint64]int32{}
			for i := range uint64(n) {
				q := i * i % 1237 << (i % 40) // repeats, and every digit
				if i%7 == 0 {
					other.one(q)
				} else {
					tl.one(q)
				}
				want[q]++
			}
			if into {
				tl, other = other, tl
			}
			tl.absorb(other)
			if len(other.runs) != 0 || len(other.pend) != 0 {
				t.Errorf("%d solutions: absorbed tally holds %d runs and %d pending", n, len(other.runs), len(other.pend))
			}
			got := map[uint64]int32{}
			first := true
			var last uint64
			tl.drain(func(q uint64, c int32) {
				if !first && q <= last {
					t.Fatalf("%d solutions: %d after %d", n, q, last)
				}
				first, last = false, q
				got[q] += c
			})
			if len(got) != len(want) {
				t.Fatalf("%d solutions: tally holds %d keys, want %d", n, len(got), len(want))
			}
			for q, c := range want {
				if got[q] != c {
					t.Fatalf("%d solutions: tally[%d] = %d, want %d", n, q, got[q], c)
				}
			}
			if len(tl.runs) != 0 || len(tl.pend) != 0 {
				t.Errorf("%d solutions: drained tally holds %d runs and %d pending", n, len(tl.runs), len(tl.pend))
			}
		}
	}
}

// TestSortSeqs sorts by radix against slices.Sort: keys of every width,
// keys that share their low bits as a section's do, or their high bits,
// short and long.
func TestSortSeqs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var tmp []uint64
	for _, n := range []int{0, 1, 100, 1 << 11, 10000} {
		for _, bits := range []int{8, 27, 36, 48, 63, 64} {
			for _, low := range []int{0, 1, 16, 40} {
				p := make([]uint64, n)
				for k := range p {
					p[k] = r.Uint64()>>(64-bits)&^(1<<low-1) | 0x5a5a5a5a5a5a&(1<<low-1)
				}
				want := slices.Clone(p)
				slices.Sort(want)
				sortSeqs(p, &tmp)
				if !slices.Equal(p, want) {
					t.Errorf("sortSeqs of %d %d-bit keys, the low %d alike: not sorted", n, bits, low)
				}
			}
		}
	}
}

func TestSectionAt(t *testing.T) {
	for _, dims := range [][3]int{{3, 3, 3}, {2, 2, 2}, {1, 1, 4}} {
		b, _ := symmetry.NewBox(dims[0], dims[1], dims[2])
		for depth := 0; depth <= min(b.Len(), 12); depth++ {
			ps := Sections(b, Seq{}, depth)
			if n := NumSections(b, depth); n != len(ps) {
				t.Fatalf("NumSections(%v, %d) = %d, want %d", b, depth, n, len(ps))
			}
			for k, p := range ps {
				if got := SectionAt(b, depth, k); got != p {
					t.Fatalf("SectionAt(%v, %d, %d) = %v, want %v", b, depth, k, got, p)
				}
				if got := SectionIndex(b, p); got != k {
					t.Fatalf("SectionIndex(%v, %v) = %d, want %d", b, p, got, k)
				}
			}
		}
	}
	// The largest box, to its last cubelet: the first, last and some
	// sections between.
	b, _ := symmetry.NewBox(4, 4, 4)
	for _, depth := range []int{1, 2, 32, 62, 63, 64} {
		m := NumSections(b, depth)
		for _, k := range []int{0, 1, m / 3, m/2 + 1, m - 2, m - 1} {
			if k < 0 || k >= m {
				continue
			}
			p := SectionAt(b, depth, k)
			if err := p.Valid(b); depth == b.Len() && err != nil {
				t.Fatalf("SectionAt(%v, %d, %d) = %v: %v", b, depth, k, p, err)
			}
			if got := SectionIndex(b, p); got != k {
				t.Fatalf("SectionIndex(%v, %v) = %d, want %d", b, p, got, k)
			}
		}
	}
}

// clone copies a catalogue out of the memory Stream reuses.
func clone(c *Catalogue) (*Catalogue, error) {
	d := *c
	d.Snakes = slices.Clone(c.Snakes)
	for k, s := range d.Snakes {
		d.Snakes[k].Solutions = make([][]symmetry.Dir, len(s.Solutions))
		for j, sol := range s.Solutions {
			d.Snakes[k].Solutions[j] = slices.Clone(sol)
		}
	}
	return &d, nil
}

// TestSortRefs sorts the 3x3x3 solutions both ways sortRefs can: keys
// packed with positions, and every pair through the comparator.
func TestSortRefs(t *testing.T) {
	b := cube(t, 3)
	res, err := gridOf(b).search(context.Background(), job{keysOnly: true}, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	packed := new(workspace).catalogue(b, res.found, res.nodes)
	var w workspace
	w.catalogue(b, res.found, res.nodes) // fills w.refs
	refs := slices.Clone(w.refs)
	f := res.found[0]
	m := b.Len() - 1
	byMoves := func(x, y ref) int { return slices.Compare(f.at(int(x.at), m), f.at(int(y.at), m)) }
	// 64 cubelets leave no bits for positions.
	compared := w.sortRefs(slices.Clone(refs), 64, byMoves)
	k := 0
	for _, s := range packed.Snakes {
		for _, sol := range s.Solutions {
			x := compared[k]
			if got := f.seqs[x.at]; got != s.Seq.Bits || !slices.Equal(f.at(int(x.at), m), sol) {
				t.Fatalf("solution %d: comparator sort has %v %v, packed sort %v %v", k, Seq{Bits: got, Len: b.Len()}, f.at(int(x.at), m), s.Seq, sol)
			}
			k++
		}
	}
	if k != len(refs) || k == 0 {
		t.Errorf("%d solutions sorted, %d found", k, len(refs))
	}
}

// enumerateSection returns the part of box b's catalogue whose keys start
// with prefix p, through Stream, copied out of the memory Stream reuses.
func enumerateSection(ctx context.Context, b symmetry.Box, p Seq, opts Options) (*Catalogue, error) {
	var out *Catalogue
	err := Stream(ctx, b, []Seq{p}, opts, func(c *Catalogue) (*Catalogue, error) {
		cp := &Catalogue{Box: c.Box, Nodes: c.Nodes}
		for _, s := range c.Snakes {
			sols := make([][]symmetry.Dir, len(s.Solutions))
			for i, d := range s.Solutions {
				sols[i] = slices.Clone(d)
			}
			cp.Snakes = append(cp.Snakes, Snake{Seq: s.Seq, Solutions: sols})
		}
		return cp, nil
	}, func(c *Catalogue) error {
		out = c
		return nil
	})
	return out, err
}

// TestMaxShards bounds the shards of a box by its sections, and by what
// Shards can split in bounded time and memory; Shards refuses more, and
// Options bound the workers.
func TestMaxShards(t *testing.T) {
	for _, c := range []struct {
		dims [3]int
		want int
	}{{[3]int{2, 2, 2}, 64}, {[3]int{1, 2, 3}, 16}, {[3]int{4, 4, 4}, 1024}} {
		b, _ := symmetry.NewBox(c.dims[0], c.dims[1], c.dims[2])
		if got := MaxShards(b); got != c.want {
			t.Errorf("MaxShards(%v) = %d, want %d", b, got, c.want)
		}
	}
	b, _ := symmetry.NewBox(2, 2, 2)
	if n := len(Shards(b, 64)); n != 64 {
		t.Errorf("Shards(2x2x2, 64) made %d shards", n)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Shards(2x2x2, 300000000) did not panic")
			}
		}()
		Shards(b, 300_000_000)
	}()
	if w := (Options{Workers: 1 << 40}).workers(); w != MaxWorkers {
		t.Errorf("Options{Workers: 2^40}.workers() = %d, want %d", w, MaxWorkers)
	}
}

// TestPlanUnderPrefix plans the sections under one prefix of a big box:
// the walk keeps to the prefix, so it visits a sliver of the tree (the
// whole box to the sections' depth would take minutes for 3x4x4), and the
// plan's tasks are the same as the sections searched without a plan.
func TestPlanUnderPrefix(t *testing.T) {
	b, _ := symmetry.ParseBox("3x4x4")
	p, err := ParsePrefix("0010010010011100", b)
	if err != nil {
		t.Fatal(err)
	}
	ps := Sections(b, p, p.Len+4)
	plan := gridOf(b).planSections(context.Background(), ps)
	if plan.tasks == nil {
		t.Fatalf("no plan of the %d sections under %v", len(ps), p)
	}
	if plan.nodes > 1e6 {
		t.Errorf("the plan of the sections under %v walked %d nodes: more than the prefix holds", p, plan.nodes)
	}
	for _, k := range []int{0, 5, len(ps) - 1} {
		with, err := CountSection(context.Background(), b, ps[k], Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		var under Count
		if err := CountSections(context.Background(), b, ps[k:k+1], Options{Workers: 1}, func(_ Seq, c Count) error {
			under = c
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		with.Nodes, with.Seconds, under.Nodes, under.Seconds = 0, 0, 0, 0
		if with != under {
			t.Errorf("section %v: %+v searched alone, %+v under the plan", ps[k], with, under)
		}
	}
}

// TestPlanCancelled counts sections of 4x4x4 with a context already
// cancelled: the plan's walk, which for all sections of depth 20 takes
// minutes, ends at once with the context's error.
func TestPlanCancelled(t *testing.T) {
	b, _ := symmetry.Cube(4)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := CountSections(ctx, b, Sections(b, Seq{}, 20), Options{Workers: 1}, func(Seq, Count) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("counting with a cancelled context: %v, want %v", err, context.Canceled)
	}
}
