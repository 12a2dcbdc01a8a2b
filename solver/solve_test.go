package solver

import (
	"context"
	"math"
	"runtime"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// TestSolveAgreesWithEnumerate solves every key of several boxes, and each
// key read backwards, and compares with the catalogue.
func TestSolveAgreesWithEnumerate(t *testing.T) {
	cats := []*Catalogue{enumerate3(t)}
	for _, dims := range [][3]int{{2, 2, 3}, {2, 3, 3}, {2, 2, 4}, {1, 4, 4}} {
		b, _ := symmetry.NewBox(dims[0], dims[1], dims[2])
		c, err := Enumerate(context.Background(), b, Options{})
		if err != nil {
			t.Fatal(err)
		}
		cats = append(cats, c)
	}
	for _, c := range cats {
		t.Run(c.Box.String(), func(t *testing.T) {
			step := 1
			if testing.Short() && c.Box.Len() == 27 {
				step = 7
			}
			for k := 0; k < len(c.Snakes); k += step {
				s := c.Snakes[k]
				got, err := Solve(context.Background(), c.Box, s.Seq, Options{Workers: 1 + k%2})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.EqualFunc(got.Snake.Solutions, s.Solutions, slices.Equal) {
					t.Fatalf("Solve(%v) = %d solutions, catalogue has %d (or they differ)", s.Seq, len(got.Snake.Solutions), len(s.Solutions))
				}
				n, err := CountSolutions(context.Background(), c.Box, s.Seq.Reverse(), Options{Workers: 1 + k%2})
				if err != nil {
					t.Fatal(err)
				}
				if n.Solutions != uint64(len(s.Solutions)) {
					t.Fatalf("CountSolutions(%v reversed) = %d, catalogue has %d", s.Seq, n.Solutions, len(s.Solutions))
				}
				rev, err := Solve(context.Background(), c.Box, s.Seq.Reverse(), Options{Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				if len(rev.Snake.Solutions) != len(s.Solutions) {
					t.Fatalf("Solve(%v reversed) = %d solutions, want %d", s.Seq, len(rev.Snake.Solutions), len(s.Solutions))
				}
				for i, d := range rev.Snake.Solutions {
					if SeqOf(d) != s.Seq.Reverse() {
						t.Fatalf("Solve(%v reversed) solution %d folds %v", s.Seq, i, SeqOf(d))
					}
				}
			}
		})
	}
}

// TestCountKeepsNothing counts the solutions of the 2x2x12 snake with
// the most, 152,727: the count allocates a small part of what keeping
// them would take.
func TestCountKeepsNothing(t *testing.T) {
	b, _ := symmetry.NewBox(2, 2, 12)
	q := Seq{Bits: (1<<47 - 1) &^ 1, Len: 48}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n, err := CountSolutions(context.Background(), b, q, Options{Workers: 2})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	kept := n.Solutions * uint64(b.Len()-1) // a move a byte, at the least
	if alloc := after.TotalAlloc - before.TotalAlloc; n.Solutions < 100000 || alloc > kept/8 {
		t.Errorf("CountSolutions(%v) = %d solutions, allocating %d bytes; keeping them takes %d or more", q, n.Solutions, alloc, kept)
	}
}

// TestSolveMost keeps the first few solutions of snakes with many, read
// from either end, on one and two workers: they are the first of all the
// solutions, and Total counts them all.
func TestSolveMost(t *testing.T) {
	c := enumerate3(t)
	var many []Snake
	for _, s := range c.Snakes {
		if len(s.Solutions) >= 60 {
			many = append(many, s)
		}
	}
	if len(many) < 3 {
		t.Fatalf("%d 3x3x3 snakes with 60 solutions or more", len(many))
	}
	for i, s := range many[:min(len(many), 12)] {
		for _, q := range []Seq{s.Seq, s.Seq.Reverse()} {
			all, err := Solve(context.Background(), c.Box, q, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, most := range []int{1, 7, 29, len(s.Solutions) - 1, len(s.Solutions), 1000} {
				got, err := Solve(context.Background(), c.Box, q, Options{Workers: 1 + i%2, Most: most})
				if err != nil {
					t.Fatal(err)
				}
				want := all.Snake.Solutions[:min(most, len(all.Snake.Solutions))]
				if got.Total != uint64(len(s.Solutions)) || !slices.EqualFunc(got.Snake.Solutions, want, slices.Equal) {
					t.Fatalf("Solve(%v, Most %d) = %d solutions of %d, want the first %d of %d", q, most, len(got.Snake.Solutions), got.Total, len(want), len(s.Solutions))
				}
			}
		}
	}
}

func TestSolveUnsolvable(t *testing.T) {
	b := symmetry.MustParseBox("3")
	for _, s := range []string{"011111111111111111111111110", "000000000000000000000000000"} {
		q, _ := ParseSeq(s)
		got, err := Solve(context.Background(), b, q, Options{})
		if err != nil || len(got.Snake.Solutions) != 0 {
			t.Errorf("Solve(%s) = %v, %v; want no solution", s, got, err)
		}
	}
	q, _ := ParseSeq("1011")
	if _, err := Solve(context.Background(), b, q, Options{}); err == nil {
		t.Error("Solve accepted a snake of the wrong length")
	}
}

// TestSolve4BothEnds solves the 64-cubelet snake from each end: the same
// solutions, whichever end the search starts from.
func TestSolve4BothEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("a 4x4x4 search")
	}
	q, b := seq4(t), symmetry.MustParseBox("4")
	s, err := Solve(context.Background(), b, q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := gridOf(b)
	for _, from := range []Seq{q, q.Reverse()} {
		res, err := g.search(context.Background(), job{c: exactly(from)}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got [][]symmetry.Dir
		for _, f := range res.found {
			for k := range f.seqs {
				d := slices.Clone(f.at(k, b.Len()-1))
				if from != q {
					d = b.Normalize(d, symmetry.Reverse(nil, d))
				}
				got = append(got, d)
			}
		}
		slices.SortFunc(got, slices.Compare)
		if !slices.EqualFunc(got, s.Snake.Solutions, slices.Equal) {
			t.Errorf("searching %v from %v: %d solutions, Solve found %d", q, from, len(got), len(s.Snake.Solutions))
		}
	}
	if len(s.Snake.Solutions) == 0 {
		t.Errorf("Solve(%v) found no solution of a puzzle sold in shops", q)
	}
}

// TestRaceCost solves 4x4x4 snakes typed from either end on one worker
// and holds the race to what its shares promise: well under the 1+1/favour
// times the smaller tree a fixed share would cost when its look is right,
// and never trust+1 times. The trees are searched whole, each end alone.
func TestRaceCost(t *testing.T) {
	if testing.Short() {
		t.Skip("4x4x4 searches")
	}
	b := symmetry.MustParseBox("4")
	g := gridOf(b)
	for _, s := range snakes4 {
		q, err := ParseSeq(s)
		if err != nil {
			t.Fatal(err)
		}
		smaller := uint64(math.MaxUint64)
		for _, from := range []Seq{q, q.Reverse()} {
			res, err := g.search(context.Background(), job{c: exactly(from)}, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			smaller = min(smaller, res.nodes)
			res.release()
		}
		for _, from := range []Seq{q, q.Reverse()} {
			got, err := Solve(context.Background(), b, from, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			r := float64(got.Nodes) / float64(smaller)
			t.Logf("%v: race %d nodes, the smaller tree %d: %.3f", from, got.Nodes, smaller, r)
			if r > 1+0.9/favour || r > trust+1 {
				t.Errorf("%v: the race visited %d nodes, %.2f times the smaller tree's %d", from, got.Nodes, r, smaller)
			}
		}
	}
}

// TestLook compares the look that counts the levels below a plan's tasks
// with the plain one, which walks the tree down level by level keeping
// every state: the same depth and nodes, on every 4x4x4 snake of the
// benchmarks and a spread of 3x3x3 keys, from both ends and from tasks at
// several depths.
func TestLook(t *testing.T) {
	var cases []struct {
		b symmetry.Box
		q Seq
	}
	add := func(b symmetry.Box, s Seq) {
		for _, q := range []Seq{s, s.Reverse()} {
			cases = append(cases, struct {
				b symmetry.Box
				q Seq
			}{b, q})
		}
	}
	for _, s := range snakes4 {
		q, err := ParseSeq(s)
		if err != nil {
			t.Fatal(err)
		}
		add(symmetry.MustParseBox("4"), q)
	}
	c := enumerate3(t)
	for k := 0; k < len(c.Snakes); k += 997 {
		add(c.Box, c.Snakes[k].Seq)
	}
	for _, cs := range cases {
		g := gridOf(cs.b)
		j := job{c: exactly(cs.q)}
		// The plain walk: every level kept until lookNodes.
		want := look{depth: g.n - 1}
		p := g.newPlan(j)
		for p.depth == 0 || want.nodes == 0 && p.depth < g.n-2 && len(p.tasks) > 0 {
			p.deepen()
			if p.s.nodes >= lookNodes {
				want = look{p.depth, p.s.nodes}
			}
		}
		p.release()
		for _, depth := range []int{1, 3, 8} {
			p := g.newPlan(j)
			for p.depth < depth && (p.depth == 0 || len(p.tasks) > 0) {
				p.deepen()
			}
			if p.s.nodes >= lookNodes {
				p.release()
				continue // the look was seen walking
			}
			got := p.look()
			p.release()
			if got != want {
				t.Errorf("%v %v from depth %d: look %+v, walking %+v", cs.b, cs.q, depth, got, want)
			}
		}
	}
}
