package solver

import (
	"context"
	"errors"
	"fmt"
	"maps"
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
	b := symmetry.MustParseBox("3")
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
	b := symmetry.MustParseBox("3")
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
	b := symmetry.MustParseBox("3x4x4")
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

// TestPlanShallower counts sections under plans of every kind, each
// against the section searched alone from the roots (see checkPlans).
// The boxes: 2x4x8, of the most cells, under a prefix of 44, and under
// one of 58, whose sections are whole keys ending at the last cubelet;
// 3x3x3 under one of 15, its sections whole keys too; and 2x2x16 under
// 20. (4x4x4 would take minutes: each of its sections under a prefix of
// 48 walks for seconds to it from the roots.)
func TestPlanShallower(t *testing.T) {
	// Snakes that fold: the prefixes are theirs.
	const key248 = "0100011001110111111011111111111011111101111111111111111111111110"
	const key333 = "011111101010101111111111110"
	cases := []struct {
		box    string
		prefix string
		depth  int
	}{
		{"2x4x8", key248[:44], 48},
		{"2x4x8", key248[:58], 64},
		{"3x3x3", key333[:15], 27},
		{"2x2x16", key248[:20], 26},
	}
	if testing.Short() {
		cases = cases[2:] // the 2x4x8 cases take seconds
	}
	for _, c := range cases {
		b := symmetry.MustParseBox(c.box)
		p, err := ParsePrefix(c.prefix, b)
		if err != nil {
			t.Fatal(err)
		}
		if snakes := checkPlans(t, b, Sections(b, p, c.depth), -1, true); snakes == 0 {
			t.Errorf("%v under %v: no snake, a test of nothing", b, p)
		}
	}
}

// checkPlans counts the sections ps of box b under plans of every kind,
// each section against itself searched alone from the roots, and returns
// the snakes they hold: the plan at the sections' own depth; one whose
// limit the states there exceed by one, so that its tasks lie at a
// shallower depth and each section walks on from its group; a limit of
// one task, which leaves no plan, or one at the shared prefix; and limit,
// if not negative. With shallower, the plan one task short must be made,
// at a depth above the sections': the sections' states outnumber those
// of some depth between.
func checkPlans(t *testing.T, b symmetry.Box, ps []Seq, limit int, shallower bool) int64 {
	t.Helper()
	ctx := context.Background()
	g := gridOf(b)
	alone := make([]Count, len(ps))
	for k, q := range ps {
		var err error
		if alone[k], err = CountSection(ctx, b, q, Options{Workers: 1}); err != nil {
			t.Fatal(err)
		}
		alone[k].Nodes, alone[k].Seconds = 0, 0
	}
	full, ok := g.planAt(g.newSearch(ctx, job{}), ps, ps[0].Len, 0)
	if !ok {
		t.Fatalf("%v: no plan of %d sections without a limit", b, len(ps))
	}
	n := 0
	for _, ts := range full.tasks {
		n += len(ts)
	}
	limits := []int{n, n - 1, 1}
	if limit >= 0 {
		limits = append(limits, limit)
	}
	var snakes int64
	for _, limit := range limits {
		plan := g.planSectionsWithin(ctx, ps, limit)
		switch {
		case limit == n && (plan.tasks == nil || plan.depth != ps[0].Len):
			t.Errorf("%v, limit %d: the plan is at depth %d, want the sections' %d", b, limit, plan.depth, ps[0].Len)
		case limit == n-1 && n > 1 && plan.tasks != nil && plan.depth >= ps[0].Len:
			t.Errorf("%v, limit %d: the plan is at the sections' depth %d, where its %d tasks do not fit", b, limit, plan.depth, n)
		case limit == n-1 && shallower && plan.tasks == nil:
			t.Errorf("%v, limit %d: no plan, where one shallower than the sections' %d tasks fits", b, limit, n)
		case plan.tasks != nil && plan.depth < commonPrefix(ps).Len:
			t.Errorf("%v, limit %d: the plan is at depth %d, above the prefix the sections share", b, limit, plan.depth)
		}
		snakes = 0
		for k := range ps {
			s := searches.Get().(*search)
			if err := s.runAll(plan.start(s, g, ctx, job{keysOnly: true, count: true}, ps, k), nil); err != nil {
				t.Fatal(err)
			}
			var got Count
			if s.out.counts != nil {
				got = summarise(g.n, []*tally{s.out.counts})
			}
			searches.Put(s)
			if got != alone[k] {
				t.Errorf("%v section %v, limit %d (plan at depth %d): %+v, want %+v as searched alone", b, ps[k], limit, plan.depth, got, alone[k])
			}
			snakes += got.Snakes
		}
	}
	return snakes
}

// FuzzPlan counts the sections under a prefix of a small box under plans
// of every kind and one of the fuzzer's limit (see checkPlans): box sides
// of 1 to 4, up to 24 cells, the prefix and the sections' depth anywhere
// from the first cubelet to the last, up to 64 sections.
func FuzzPlan(f *testing.F) {
	f.Add(uint8(2), uint8(3), uint8(4), uint64(0b0110), uint8(4), uint8(6), uint16(3))
	f.Add(uint8(3), uint8(3), uint8(2), uint64(0), uint8(1), uint8(17), uint16(0))
	f.Add(uint8(2), uint8(2), uint8(6), uint64(0b10110110), uint8(9), uint8(24), uint16(40))
	f.Fuzz(func(t *testing.T, x, y, z uint8, bits uint64, plen, depth uint8, limit uint16) {
		b, err := symmetry.NewBox(int(x%4)+1, int(y%4)+1, int(z%4)+1)
		if err != nil || b.Len() > 24 || b.Len() < 2 {
			return
		}
		n := b.Len()
		p := Seq{Bits: bits & (1<<(int(plen)%n) - 1), Len: int(plen) % n}
		ps := Sections(b, p, p.Len+1+int(depth)%(n-p.Len))
		if len(ps) == 0 || len(ps) > 64 { // more take the fuzzer's seconds
			return
		}
		checkPlans(t, b, ps, int(limit), false)
	})
}

// TestCountTooBig counts sections whose tables outgrow a bound made tiny,
// 1,000 sequences, checked each million solutions: cut into the sections
// below, and those again where they outgrow it too, they count as when
// counted whole, by CountSection on one goroutine or two and by
// CountSections.
func TestCountTooBig(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		box, prefix string
		twice       bool // a section below outgrows the table too
	}{
		{"2x2x16", "0101100000111011", false}, // 1,189,608 solutions
		{"2x4x5", "001101111101", false},      // 1,191,986
	}
	if !testing.Short() {
		// 2,837,386 solutions, and a section of more than a million
		// among the sixteen below.
		cases = append(cases, struct {
			box, prefix string
			twice       bool
		}{"2x2x16", "000000000000", true})
	}
	for _, tc := range cases {
		b := symmetry.MustParseBox(tc.box)
		p, err := ParsePrefix(tc.prefix, b)
		if err != nil {
			t.Fatal(err)
		}
		counts := func() (one, two, all Count) {
			t.Helper()
			var err1, err2, err3 error
			one, err1 = CountSection(ctx, b, p, Options{Workers: 1})
			two, err2 = CountSection(ctx, b, p, Options{Workers: 2})
			err3 = CountSections(ctx, b, []Seq{p}, Options{Workers: 2}, func(_ Seq, c Count) error {
				all.Add(c)
				return nil
			})
			if err := errors.Join(err1, err2, err3); err != nil {
				t.Fatalf("%s %s: %v", tc.box, tc.prefix, err)
			}
			return one, two, all
		}
		one, two, all := counts()
		maxTallied = 1000
		// The search of the section whole gives up, as does one of the
		// sections below where it is to be cut twice.
		if !overflows(b, p) {
			t.Errorf("%s %s: with a table of 1,000, the section's count does not overflow", tc.box, tc.prefix)
		}
		if tc.twice && !slices.ContainsFunc(Sections(b, p, p.Len+belowTooBig), func(q Seq) bool { return overflows(b, q) }) {
			t.Errorf("%s %s: with a table of 1,000, no section below overflows", tc.box, tc.prefix)
		}
		cutOne, cutTwo, cutAll := counts()
		maxTallied = MaxTallied
		for _, c := range []struct {
			what      string
			got, want Count
		}{{"one goroutine", cutOne, one}, {"two", cutTwo, one}, {"by CountSections", cutAll, all}} {
			c.got.Nodes, c.got.Seconds, c.want.Nodes, c.want.Seconds = 0, 0, 0, 0
			if c.got != c.want {
				t.Errorf("%s %s, %s, cut: %+v, want %+v", tc.box, tc.prefix, c.what, c.got, c.want)
			}
		}
		if two.Nodes != one.Nodes || cutTwo.Nodes != cutOne.Nodes {
			t.Errorf("%s %s: %d and %d nodes on one goroutine and two, cut %d and %d", tc.box, tc.prefix, one.Nodes, two.Nodes, cutOne.Nodes, cutTwo.Nodes)
		}
	}
}

// overflows reports whether counting section p of box b whole on one
// goroutine stops with errTooBig.
func overflows(b symmetry.Box, p Seq) bool {
	_, err := gridOf(b).search(context.Background(), job{c: startsWith(p), keysOnly: true, count: true}, Options{Workers: 1})
	return errors.Is(err, errTooBig)
}

// TestStreamCut writes the catalogue of 3x3x3 but its first section, in
// sections of six cubelets, with room for 100 solutions a section and for
// 1,000: the sections with more are cut, some of them twice or more, and
// the catalogue is the same, snake for snake and solution for solution,
// whatever the workers, as with room for every section.
func TestStreamCut(t *testing.T) {
	b := symmetry.MustParseBox("3")
	ps := Sections(b, Seq{}, 6)[1:] // not the whole box, searched at once
	want, calls, err := streamed(b, ps, Options{Workers: 2})
	if err != nil || calls != len(ps) {
		t.Fatalf("uncut: %d catalogues, %v; want %d", calls, err, len(ps))
	}
	for _, room := range []int{100, 1000, 100, 1000} { // twice, for the schedules
		var over []Seq
		for _, p := range ps {
			if sectionSolutions(t, b, p) > room {
				over = append(over, p)
			}
		}
		if len(over) < 2 {
			t.Fatalf("room for %d: %d sections hold more, want several", room, len(over))
		}
		twice := slices.ContainsFunc(over, func(p Seq) bool {
			return slices.ContainsFunc(Sections(b, p, p.Len+belowTooBig), func(q Seq) bool { return sectionSolutions(t, b, q) > room })
		})
		if room == 100 && !twice {
			t.Errorf("room for %d: no section below a section cut holds more, want one cut twice", room)
		}
		for _, workers := range []int{1, 2, 4, 8} {
			got, calls, err := streamed(b, ps, Options{Workers: workers, Held: room})
			if err != nil {
				t.Fatalf("room for %d, %d workers: %v", room, workers, err)
			}
			// Each section cut gives the 16 below it, or fewer where keys
			// cannot go, in place of its own.
			if calls < len(ps)+len(over)*(1<<belowTooBig-1)/2 {
				t.Errorf("room for %d, %d workers: %d catalogues for %d sections, %d of them cut", room, workers, calls, len(ps), len(over))
			}
			if !slices.Equal(got, want) {
				t.Errorf("room for %d, %d workers: the catalogue differs from the uncut one (%d and %d solutions)", room, workers, len(got), len(want))
			}
		}
	}
}

// TestStreamTooBig gives a search room for fewer solutions than some
// snakes of 3x3x3 have: the first such snake in key order stops the run,
// with an error that names it, as one worker finds it, whatever the
// workers, and every snake before it is written.
func TestStreamTooBig(t *testing.T) {
	b := symmetry.MustParseBox("3")
	ps := Sections(b, Seq{}, 6)[1:]
	all, _, err := streamed(b, ps, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	// The snakes and how many solutions each has, in key order.
	var keys []string
	sols := map[string]int{}
	for _, line := range all {
		key, _, _ := strings.Cut(line, " ")
		if sols[key] == 0 {
			keys = append(keys, key)
		}
		sols[key]++
	}
	defer func() { maxFound = MaxFound }()
	maxFound = slices.Max(slices.Collect(maps.Values(sols))) - 1
	first := slices.IndexFunc(keys, func(k string) bool { return sols[k] > maxFound })
	before := 0
	for _, k := range keys[:first] {
		before += sols[k]
	}
	for _, workers := range []int{1, 2, 4} {
		got, _, err := streamed(b, ps, Options{Workers: workers, Held: 50})
		if !errors.Is(err, ErrCatalogueTooBig) || !strings.HasPrefix(err.Error(), "snake "+keys[first]+": ") {
			t.Errorf("room for %d, %d workers: %v, want ErrCatalogueTooBig for snake %s", maxFound, workers, err, keys[first])
		}
		if !slices.Equal(got, all[:before]) {
			t.Errorf("room for %d, %d workers: %d solutions written, want the %d before snake %s", maxFound, workers, len(got), before, keys[first])
		}
	}
}

// streamed streams the sections ps of box b and returns each solution
// written, as its snake's key and moves, in order, and how many
// catalogues work was given.
func streamed(b symmetry.Box, ps []Seq, opts Options) (sols []string, calls int, err error) {
	err = Stream(context.Background(), b, ps, opts, func(c *Catalogue) ([]string, error) {
		var out []string
		for _, s := range c.Snakes {
			for _, d := range s.Solutions {
				out = append(out, s.Seq.String()+" "+fmt.Sprint(d))
			}
		}
		return out, nil
	}, func(out []string) error {
		calls++
		sols = append(sols, out...)
		return nil
	})
	return sols, calls, err
}

// sectionSolutions returns the solutions of section p of box b.
func sectionSolutions(t *testing.T, b symmetry.Box, p Seq) int {
	t.Helper()
	c, err := CountSection(context.Background(), b, p, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return int(c.Solutions)
}
