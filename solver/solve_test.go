package solver

import (
	"context"
	"math"
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

func TestSolveUnsolvable(t *testing.T) {
	b := cube(t, 3)
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
	q, b := seq4(t), cube(t, 4)
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
	b := cube(t, 4)
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
// with the one of walking the tree down level by level, keeping every
// state, as Solve did before: the same depth and nodes, on every 4x4x4
// snake of the benchmarks and a spread of 3x3x3 keys, from both ends and
// from tasks at several depths.
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
		add(cube(t, 4), q)
	}
	c := enumerate3(t)
	for k := 0; k < len(c.Snakes); k += 997 {
		add(c.Box, c.Snakes[k].Seq)
	}
	for _, cs := range cases {
		g := gridOf(cs.b)
		j := job{c: exactly(cs.q)}
		// The former walk: every level kept until lookNodes.
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
