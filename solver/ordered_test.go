package solver

import (
	"cmp"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// TestWholeBox checks the ordered search of a whole box, which meets each
// solution from one end only, against the sections searched one by one,
// which read every key from its first cubelet: the same counts and the
// same catalogue ([Enumerate]'s), section by section, in fewer nodes. The
// boxes run in one process from small to large, so that searches from the
// pool move between boxes, as they do in a server, with their tallies.
func TestWholeBox(t *testing.T) {
	boxes := [][3]int{{2, 2, 2}, {1, 2, 3}, {2, 2, 3}, {1, 3, 3}, {1, 4, 4}, {2, 3, 3}, {1, 5, 5}, {2, 2, 5}, {3, 2, 3}, {3, 3, 3}, {2, 3, 4}}
	if !testing.Short() {
		boxes = append(boxes, [3]int{2, 4, 4})
	}
	ctx := context.Background()
	for _, d := range boxes {
		b, err := symmetry.NewBox(d[0], d[1], d[2])
		if err != nil {
			t.Fatal(err)
		}
		depth := min(5, b.Len())
		ps := Sections(b, Seq{}, depth)
		if !wholeBox(b, ps) {
			t.Fatalf("%v: the sections of depth %d are not the whole box", b, depth)
		}
		var whole, apart []Count
		if err := CountSections(ctx, b, ps, Options{Workers: 2}, func(_ Seq, c Count) error {
			whole = append(whole, c)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		var wholeNodes, apartNodes uint64
		for k, p := range ps {
			c, err := CountSection(ctx, b, p, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			wholeNodes += whole[k].Nodes
			apartNodes += c.Nodes
			w := whole[k]
			w.Nodes, w.Seconds, c.Nodes, c.Seconds = 0, 0, 0, 0
			if w != c {
				t.Errorf("%v section %v: whole %+v, alone %+v", b, p, w, c)
			}
			apart = append(apart, c)
		}
		// Every box here but 2x2x2 has start cells in two orbits.
		if b.Len() > 8 && wholeNodes >= apartNodes {
			t.Errorf("%v: the whole search visited %d nodes, the sections %d", b, wholeNodes, apartNodes)
		}
		// Enumerate searches the whole box ordered too: its catalogue,
		// cut by section, is each section's searched alone.
		cat, err := Enumerate(ctx, b, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if cat.Nodes != wholeNodes {
			t.Errorf("%v: Enumerate visited %d nodes, the whole count %d", b, cat.Nodes, wholeNodes)
		}
		at := 0
		for k, p := range ps {
			one := sectionCatalogue(t, b, p)
			if n := int64(len(one)); n != apart[k].Snakes {
				t.Errorf("%v section %v: %d snakes in the catalogue, %d counted", b, p, n, apart[k].Snakes)
			}
			if end := min(at+len(one), len(cat.Snakes)); !sameSnakes(cat.Snakes[at:end], one) {
				t.Errorf("%v section %v: the whole catalogue differs from the section's", b, p)
			}
			at += len(one)
		}
		if at != len(cat.Snakes) {
			t.Errorf("%v: %d snakes in the whole catalogue, %d in its sections", b, len(cat.Snakes), at)
		}
		// Stream, given every section, searches them at once, packed:
		// each section as searched alone, on one worker and on two.
		for _, w := range []int{1, 2} {
			k, nodes := 0, uint64(0)
			if err := Stream(ctx, b, ps, Options{Workers: w}, func(c *Catalogue) (*Catalogue, error) {
				return &Catalogue{Snakes: cloneSnakes(c.Snakes), Nodes: c.Nodes}, nil
			}, func(c *Catalogue) error {
				if one := sectionCatalogue(t, b, ps[k]); !sameSnakes(c.Snakes, one) {
					t.Errorf("%v section %v, %d workers: the packed catalogue differs from the section's", b, ps[k], w)
				}
				if want := map[bool]uint64{true: wholeNodes}[k == 0]; c.Nodes != want {
					t.Errorf("%v section %v, %d workers: %d nodes, want the search's on the first section only", b, ps[k], w, c.Nodes)
				}
				k++
				nodes += c.Nodes
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if k != len(ps) || nodes != wholeNodes {
				t.Errorf("%v, %d workers: Stream gave %d sections of %d, %d nodes against the whole count's %d", b, w, k, len(ps), nodes, wholeNodes)
			}
		}
	}
}

// TestPack packs and unpacks moves of every length up to 31, the longest
// a packed solution holds, and checks that the words' order is the
// catalogue's.
func TestPack(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 2; n <= 32; n++ {
		g := &grid{n: n}
		var prev [2]uint64
		var prevKey Seq
		var prevDirs []symmetry.Dir
		for k := range 200 {
			dirs := make([]symmetry.Dir, n-1)
			for i := range dirs {
				dirs[i] = symmetry.Dir(rng.IntN(symmetry.NumDirs))
			}
			if k%3 == 1 { // share a prefix with the one before
				copy(dirs, prevDirs[:rng.IntN(n)])
			}
			q := SeqOf(dirs)
			w0, w1 := g.pack(q.Bits, dirs)
			got := make([]symmetry.Dir, n-1)
			if key := g.unpack(w0, w1, got); key != q || !slices.Equal(got, dirs) {
				t.Fatalf("n=%d: %v %v unpacked as %v %v", n, q, dirs, key, got)
			}
			if k > 0 {
				want := prevKey.Compare(q)
				if want == 0 {
					want = slices.Compare(prevDirs, dirs)
				}
				c := cmp.Compare(prev[0], w0)
				if c == 0 {
					c = cmp.Compare(prev[1], w1)
				}
				if c != want {
					t.Fatalf("n=%d: %v %v against %v %v: packed %d, want %d", n, prevKey, prevDirs, q, dirs, c, want)
				}
			}
			prev, prevKey, prevDirs = [2]uint64{w0, w1}, q, dirs
		}
	}
}

// TestSortPairs sorts pairs of words, runs short and long, against
// slices.SortFunc.
func TestSortPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 5, 32, 33, 200} {
		p := make([]uint64, 2*n)
		for i := range p {
			p[i] = uint64(rng.IntN(4)) // many ties in the first word
		}
		want := make([][2]uint64, n)
		for i := range want {
			want[i] = [2]uint64{p[2*i], p[2*i+1]}
		}
		slices.SortFunc(want, func(x, y [2]uint64) int {
			if c := cmp.Compare(x[0], y[0]); c != 0 {
				return c
			}
			return cmp.Compare(x[1], y[1])
		})
		sortPairs(p)
		for i := range want {
			if p[2*i] != want[i][0] || p[2*i+1] != want[i][1] {
				t.Fatalf("%d pairs: got %v, want %v", n, p, want)
			}
		}
	}
}

// sectionCatalogue returns the snakes of section p of box b, searched alone.
func sectionCatalogue(t *testing.T, b symmetry.Box, p Seq) []Snake {
	var out []Snake
	if err := Stream(context.Background(), b, []Seq{p}, Options{Workers: 1}, func(c *Catalogue) ([]Snake, error) {
		return cloneSnakes(c.Snakes), nil
	}, func(s []Snake) error {
		out = append(out, s...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// cloneSnakes returns a copy of snakes, solutions and all: a catalogue's
// memory goes to the next search.
func cloneSnakes(snakes []Snake) []Snake {
	out := slices.Clone(snakes)
	for i := range out {
		out[i].Solutions = slices.Clone(out[i].Solutions)
		for j := range out[i].Solutions {
			out[i].Solutions[j] = slices.Clone(out[i].Solutions[j])
		}
	}
	return out
}

// sameSnakes reports whether x and y hold the same snakes and solutions.
func sameSnakes(x, y []Snake) bool {
	return slices.EqualFunc(x, y, func(a, b Snake) bool {
		return a.Seq == b.Seq && slices.EqualFunc(a.Solutions, b.Solutions, slices.Equal[[]symmetry.Dir])
	})
}

// TestWholeBoxSections: only all the sections of one length, in key
// order, of a small box are searched whole.
func TestWholeBoxSections(t *testing.T) {
	b := symmetry.MustParseBox("3")
	all := Sections(b, Seq{}, 4)
	one, _ := ParsePrefix("1", b)
	big := symmetry.MustParseBox("3x3x4")
	for _, c := range []struct {
		b    symmetry.Box
		ps   []Seq
		want bool
	}{
		{b, all, true},
		{b, Sections(b, Seq{}, 0), true},
		{b, all[1:], false},
		{b, append(slices.Clone(all[:len(all)-1]), all[0]), false},
		{b, slices.Concat(all[:1], Sections(b, Seq{}, 5)[2:9]), false},
		{b, []Seq{one}, false},
		{b, Sections(b, Seq{}, maxWholeDepth+1), false},
		{big, Sections(big, Seq{}, 4), false},
	} {
		if got := wholeBox(c.b, c.ps); got != c.want {
			t.Errorf("wholeBox(%v, %d sections from %v) = %v", c.b, len(c.ps), c.ps[0], got)
		}
	}
}

// TestStreamWholeFine streams the 3x3x3 catalogue cut as finely as
// export cuts a box, 2,048 sections: each section's catalogue emitted in
// turn, the whole catalogue joined, and not many more allocations than
// for the 128 sections of depth 8, as its sections go to the goroutines
// in runs, not each with a goroutine and a channel of its own. A work that
// fails on a section stops the stream there, every section before it
// emitted.
func TestStreamWholeFine(t *testing.T) {
	b := symmetry.MustParseBox("3")
	want := enumerate3(t)
	fine := Sections(b, Seq{}, 12)
	if len(fine) != 2048 || !wholeBox(b, fine) {
		t.Fatalf("3x3x3: %d sections of depth 12, want all 2,048 of the whole box", len(fine))
	}
	for _, w := range []int{1, 2} {
		var got []Snake
		k := 0
		err := Stream(context.Background(), b, fine, Options{Workers: w}, func(c *Catalogue) ([]Snake, error) {
			return cloneSnakes(c.Snakes), nil
		}, func(s []Snake) error {
			for _, q := range s {
				if !hasPrefix(q.Seq, fine[k]) {
					t.Fatalf("%d workers: snake %v emitted as section %v's", w, q.Seq, fine[k])
				}
			}
			got = append(got, s...)
			k++
			return nil
		})
		if err != nil || k != len(fine) || !sameSnakes(got, want.Snakes) {
			t.Errorf("%d workers: %d sections emitted of %d, %d snakes of %d, %v", w, k, len(fine), len(got), len(want.Snakes), err)
		}
	}
	// The count is the process's: goroutines an earlier test left
	// winding down add theirs, and a collection empties the workspaces'
	// pool. So the collector is off while counting (AllocsPerRun's first
	// run, not counted, fills the pool), and each cut is counted five
	// times, its fewest kept: others only ever add.
	allocs := func(ps []Seq) float64 {
		fewest := math.Inf(1)
		for range 5 {
			runtime.GC()
			gc := debug.SetGCPercent(-1)
			fewest = min(fewest, testing.AllocsPerRun(3, func() {
				err := Stream(context.Background(), b, ps, Options{Workers: 2}, func(c *Catalogue) (int, error) { return len(c.Snakes), nil }, func(int) error { return nil })
				if err != nil {
					t.Fatal(err)
				}
			}))
			debug.SetGCPercent(gc)
		}
		return fewest
	}
	coarse := Sections(b, Seq{}, 8)
	// The search's buckets allocate for the finer cut too, but fewer
	// than one allocation for every two sections more.
	if a, c := allocs(fine), allocs(coarse); a > c+float64(len(fine)-len(coarse))/2 {
		t.Errorf("2,048 sections: %.0f allocations, against %.0f for 128", a, c)
	}
	// The sections with snakes, by which a work can tell its section.
	var full []int
	for k, p := range fine {
		if slices.ContainsFunc(want.Snakes, func(q Snake) bool { return hasPrefix(q.Seq, p) }) {
			full = append(full, k)
		}
	}
	stop := errors.New("stop")
	for _, at := range []int{full[0], full[len(full)/2], full[len(full)-1]} {
		emitted := 0
		err := Stream(context.Background(), b, fine, Options{Workers: 2}, func(c *Catalogue) (int, error) {
			if len(c.Snakes) > 0 && hasPrefix(c.Snakes[0].Seq, fine[at]) {
				return 0, stop
			}
			return 0, nil
		}, func(int) error {
			emitted++
			return nil
		})
		if !errors.Is(err, stop) || emitted != at {
			t.Errorf("work failing on section %d: %d emitted, %v", at, emitted, err)
		}
	}
}

// TestStreamJoined streams the 2,048 sections of the whole 3x3x3 box with
// Options.Joined: work is given runs of consecutive sections joined, far
// fewer catalogues than sections with snakes, each starting where the one
// before ended, which together are the whole catalogue in key order with
// the search's nodes once; and a work that fails stops the stream there,
// every catalogue before it emitted.
func TestStreamJoined(t *testing.T) {
	b := symmetry.MustParseBox("3")
	want := enumerate3(t)
	fine := Sections(b, Seq{}, 12)
	filled := 0 // the sections with snakes
	for _, p := range fine {
		if slices.ContainsFunc(want.Snakes, func(q Snake) bool { return hasPrefix(q.Seq, p) }) {
			filled++
		}
	}
	for _, w := range []int{1, 2} {
		var got []Snake
		calls, nonEmpty := 0, 0
		var nodes uint64
		err := Stream(context.Background(), b, fine, Options{Workers: w, Joined: true}, func(c *Catalogue) (*Catalogue, error) {
			return &Catalogue{Snakes: cloneSnakes(c.Snakes), Nodes: c.Nodes}, nil
		}, func(c *Catalogue) error {
			calls++
			if len(c.Snakes) > 0 {
				nonEmpty++
			}
			got = append(got, c.Snakes...)
			nodes += c.Nodes
			return nil
		})
		if err != nil || !sameSnakes(got, want.Snakes) || nodes != want.Nodes {
			t.Errorf("%d workers: %d snakes of %d, %d nodes of %d, %v", w, len(got), len(want.Snakes), nodes, want.Nodes, err)
		}
		if calls > wholePieces || nonEmpty < 2 || nonEmpty >= filled {
			t.Errorf("%d workers: %d catalogues, %d with snakes, for %d sections with snakes: not joined in runs of at most %d", w, calls, nonEmpty, filled, wholePieces)
		}
	}
	// The catalogues' first snakes, by which a work can tell them.
	var starts []Seq
	err := Stream(context.Background(), b, fine, Options{Workers: 2, Joined: true}, func(c *Catalogue) (Seq, error) {
		if len(c.Snakes) == 0 {
			return Seq{}, nil
		}
		return c.Snakes[0].Seq, nil
	}, func(q Seq) error {
		if q.Len > 0 {
			starts = append(starts, q)
		}
		return nil
	})
	if err != nil || len(starts) < 3 {
		t.Fatalf("%d catalogues with snakes, %v", len(starts), err)
	}
	stop := errors.New("stop")
	for _, at := range []int{0, len(starts) / 2, len(starts) - 1} {
		emitted := 0
		err := Stream(context.Background(), b, fine, Options{Workers: 2, Joined: true}, func(c *Catalogue) (Seq, error) {
			if len(c.Snakes) > 0 && c.Snakes[0].Seq == starts[at] {
				return Seq{}, stop
			}
			if len(c.Snakes) == 0 {
				return Seq{}, nil
			}
			return c.Snakes[0].Seq, nil
		}, func(q Seq) error {
			if q.Len > 0 {
				emitted++
			}
			return nil
		})
		if !errors.Is(err, stop) || emitted != at {
			t.Errorf("work failing on the catalogue starting %v: %d with snakes emitted of the %d before it, %v", starts[at], emitted, at, err)
		}
	}
}

// TestEvenRuns cuts random sizes, some runs of zeros and some huge, into
// runs: consecutive, at most n of them, and each run cut off from the
// next, but for its last size, less than an n-th of the total: a run
// ends where the sum reaches a new n-th.
func TestEvenRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 2000 {
		sizes := make([]int, rng.IntN(300))
		for i := range sizes {
			switch rng.IntN(4) {
			case 0: // nothing
			case 1:
				sizes[i] = rng.IntN(1 << 20)
			default:
				sizes[i] = rng.IntN(100)
			}
		}
		n := 1 + rng.IntN(150)
		starts := evenRuns(sizes, n)
		total := 0
		for _, x := range sizes {
			total += x
		}
		if starts[0] != 0 || starts[len(starts)-1] != len(sizes) || len(starts)-1 > max(n, 1) {
			t.Fatalf("trial %d: %d sizes in at most %d runs: starts %v", trial, len(sizes), n, starts)
		}
		for j := range len(starts) - 1 {
			a, b := starts[j], starts[j+1]
			if a >= b {
				if len(sizes) > 0 {
					t.Fatalf("trial %d: run %d empty: starts %v", trial, j, starts)
				}
				continue
			}
			sum := 0
			for _, x := range sizes[a : b-1] {
				sum += x
			}
			if j < len(starts)-2 && sum*n >= total {
				t.Fatalf("trial %d: run %d, sizes %d to %d, holds %d before its last, an n-th is %d/%d", trial, j, a, b-1, sum, total, n)
			}
		}
		if total == 0 && len(starts) != 2 {
			t.Fatalf("trial %d: nothing cut in %d runs", trial, len(starts)-1)
		}
	}
}

// hasPrefix reports whether q starts with p.
func hasPrefix(q, p Seq) bool {
	return q.Len >= p.Len && q.Bits&(1<<p.Len-1) == p.Bits
}

// TestSortKeys sorts keys by some middle bits, as a section's keys and
// the catalogue's packed keys are, against a stable comparison sort.
func TestSortKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var tmp []uint64
	for _, n := range []int{0, 1, 63, 64, 100, 1000, 5000, 70000} {
		for _, span := range [][2]int{{5, 26}, {8, 31}, {9, 35}, {13, 63}, {20, 21}, {16, 16}} {
			lo, hi := span[0], span[1]
			keys := make([]uint64, n)
			for i := range keys {
				// Few distinct values, so that runs form.
				keys[i] = r.Uint64N(uint64(n/3+1)) << lo & (1<<hi - 1)
			}
			// The bits below lo tell the keys apart: the sort must keep
			// their order among keys equal from bit lo.
			for i := range keys {
				keys[i] = keys[i]&^(1<<lo-1) | uint64(i)&(1<<lo-1)
			}
			want := slices.Clone(keys)
			slices.SortStableFunc(want, func(x, y uint64) int { return cmp.Compare(x>>lo, y>>lo) })
			sortKeys(keys, &tmp, lo, hi)
			if !slices.Equal(keys, want) {
				t.Errorf("sortKeys of %d keys on bits %d to %d: not sorted stably", n, lo, hi-1)
			}
		}
	}
}

// TestOrbitOf checks orbitOf against the orbits the box's symmetries
// trace: two cells have one number exactly when a symmetry maps one to
// the other.
func TestOrbitOf(t *testing.T) {
	for _, d := range [][3]int{{1, 1, 5}, {2, 2, 2}, {1, 4, 4}, {2, 3, 4}, {3, 3, 4}, {3, 4, 4}, {4, 4, 4}, {2, 2, 5}, {3, 3, 3}, {4, 3, 4}, {3, 2, 3}, {5, 1, 5}} {
		b, err := symmetry.NewBox(d[0], d[1], d[2])
		if err != nil {
			t.Fatal(err)
		}
		for c := range b.Len() {
			images := map[int]bool{}
			for _, g := range b.Group() {
				images[b.Index(g.Cell(b, b.Coord(c)))] = true
			}
			for e := range b.Len() {
				if same := orbitOf(b, c) == orbitOf(b, e); same != images[e] {
					t.Errorf("%v: cells %v and %v: same orbit number %v, images of each other %v", b, b.Coord(c), b.Coord(e), same, images[e])
				}
			}
		}
	}
}
