package paths

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/internal/oracle"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// boxes returns the boxes A<=B<=C of lo to hi cells, flat ones included.
func boxes(lo, hi int) []symmetry.Box {
	var out []symmetry.Box
	for a := 1; a <= hi; a++ {
		for b := a; a*b <= hi; b++ {
			for c := b; a*b*c <= hi; c++ {
				if a*b*c >= lo {
					box, err := symmetry.NewBox(a, b, c)
					if err != nil {
						panic(err)
					}
					out = append(out, box)
				}
			}
		}
	}
	return out
}

// bruteForce walks every directed Hamiltonian path of the box by plain
// depth-first search, sharing nothing with the transfer matrix, and
// returns their number and, for each symmetry of [oracle.Group] as a
// permutation of the cells, how many paths it maps onto their reversal.
func bruteForce(dims [3]int) (int64, map[string]int64) {
	n := dims[0] * dims[1] * dims[2]
	cell := func(i int) [3]int { return [3]int{i % dims[0], i / dims[0] % dims[1], i / (dims[0] * dims[1])} }
	index := func(c [3]int) int { return c[0] + dims[0]*(c[1]+dims[1]*c[2]) }
	adj := make([][]int, n)
	for i := range n {
		for j := range n {
			d := 0
			for a := range 3 {
				d += max(cell(i)[a]-cell(j)[a], cell(j)[a]-cell(i)[a])
			}
			if d == 1 {
				adj[i] = append(adj[i], j)
			}
		}
	}
	var perms [][]int
	for _, m := range oracle.Group(dims) {
		p := make([]int, n)
		for i := range n {
			p[i] = index(oracle.TransformCell(dims, m, cell(i)))
		}
		perms = append(perms, p)
	}
	fix := make([]int64, len(perms))
	var total int64
	path := make([]int, 0, n)
	seen := make([]bool, n)
	var walk func(i int)
	walk = func(i int) {
		path = append(path, i)
		seen[i] = true
		if len(path) == n {
			total++
			for k, p := range perms {
				ok := true
				for t := range n {
					if p[path[t]] != path[n-1-t] {
						ok = false
						break
					}
				}
				if ok {
					fix[k]++
				}
			}
		}
		for _, j := range adj[i] {
			if !seen[j] {
				walk(j)
			}
		}
		path = path[:len(path)-1]
		seen[i] = false
	}
	for i := range n {
		walk(i)
	}
	byPerm := map[string]int64{}
	for k, p := range perms {
		byPerm[fmt.Sprint(p)] = fix[k]
	}
	return total, byPerm
}

// TestBruteForce compares the transfer matrix with the brute-force walk on
// every box of up to 20 cells (16 with -short): the paths, and each
// symmetry's self-reverse paths.
func TestBruteForce(t *testing.T) {
	hi := 20
	if testing.Short() {
		hi = 16
	}
	for _, b := range boxes(2, hi) {
		t.Run(b.String(), func(t *testing.T) {
			want, fix := bruteForce(b.Size)
			c, err := Solutions(context.Background(), b, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if c.Paths.Cmp(big.NewInt(want)) != 0 {
				t.Errorf("Solutions(%v).Paths = %v, want %d", b, c.Paths, want)
			}
			for _, term := range c.Terms {
				w := fix[fmt.Sprint(permutation(b, term.Transform))]
				if term.SelfReverse.Cmp(big.NewInt(w)) != 0 {
					t.Errorf("Solutions(%v): %s reverses %v paths, want %d", b, Name(term.Transform), term.SelfReverse, w)
				}
			}
		})
	}
}

// engineCount counts the solutions of box b with the search engine.
func engineCount(t *testing.T, b symmetry.Box) int64 {
	p, err := solver.ParsePrefix("", b)
	if err != nil {
		t.Fatal(err)
	}
	var total solver.Count
	err = solver.CountSections(context.Background(), b, solver.Sections(b, p, 8), solver.Options{}, func(_ solver.Seq, c solver.Count) error {
		total.Add(c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return total.Solutions
}

// TestEngine compares the solutions by Burnside's lemma with those the
// search engine finds, on every box with sides of at least 2 up to 32
// cells (27 with -short), a few flat ones, and more without -short.
func TestEngine(t *testing.T) {
	list := []string{"2x2x2", "2x2x3", "2x2x4", "2x2x5", "2x2x6", "2x3x3", "2x3x4", "3x3x3", "1x4x4", "1x3x5", "1x2x7"}
	if !testing.Short() {
		list = append(list, "2x2x7", "2x2x8", "2x3x5", "2x4x4", "2x2x9", "2x2x10", "1x5x5", "1x4x6", "1x3x9")
	}
	for _, s := range list {
		b := symmetry.MustParseBox(s)
		t.Run(s, func(t *testing.T) {
			want := engineCount(t, b)
			c, err := Solutions(context.Background(), b, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if c.Solutions.Cmp(big.NewInt(want)) != 0 {
				t.Errorf("Solutions(%v).Solutions = %v, the engine finds %d", b, c.Solutions, want)
			}
		})
	}
}

// TestPublished checks the figures of the conventions: OEIS A193346 and
// snakecube's solutions. 4x4x4 takes minutes: see
// BenchmarkHamiltonian4x4x4.
func TestPublished(t *testing.T) {
	for _, tc := range []struct {
		box                       string
		paths, reverse, solutions int64
	}{
		{"2x2x2", 144, 144, 3},
		{"3x3x3", 4960608, 2976, 51704},
	} {
		b := symmetry.MustParseBox(tc.box)
		c, err := Solutions(context.Background(), b, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := []int64{c.Paths.Int64(), c.SelfReverse.Int64(), c.Solutions.Int64()}
		if want := []int64{tc.paths, tc.reverse, tc.solutions}; !slices.Equal(got, want) {
			t.Errorf("Solutions(%v) = paths, self-reverse, solutions %v, want %v", b, got, want)
		}
	}
}

// BenchmarkHamiltonian4x4x4 counts the paths of 4x4x4, and checks them
// against OEIS A193346: run it with
//
//	go test -run '^$' -bench Hamiltonian4x4x4 -benchtime 1x ./internal/paths
func BenchmarkHamiltonian4x4x4(b *testing.B) {
	box, _ := symmetry.Cube(4)
	want, _ := new(big.Int).SetString("55493434415544000", 10)
	for b.Loop() {
		n, st, err := Hamiltonian(context.Background(), box, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if n.Cmp(want) != 0 {
			b.Fatalf("Hamiltonian(4x4x4) = %v, want %v", n, want)
		}
		b.ReportMetric(float64(st.States), "states")
	}
}

// TestWorkers: the counts do not depend on the goroutines.
func TestWorkers(t *testing.T) {
	b := symmetry.MustParseBox("3x3x4")
	var first *big.Int
	for _, w := range []int{1, 2, 5} {
		n, _, err := Hamiltonian(context.Background(), b, Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = n
		} else if n.Cmp(first) != 0 {
			t.Errorf("Hamiltonian(%v) with %d workers = %v, with 1 %v", b, w, n, first)
		}
	}
	if want := big.NewInt(1355699072); first.Cmp(want) != 0 {
		t.Errorf("Hamiltonian(%v) = %v, want %v", b, first, want)
	}
}

// TestWide: counting in 128 bits gives what 64 do.
func TestWide(t *testing.T) {
	b := symmetry.MustParseBox("3x3x4")
	g := boxGraph(b)
	p, err := bestPlan(g, orders(b, g))
	if err != nil {
		t.Fatal(err)
	}
	var got [2]u128
	for i, wide := range []bool{false, true} {
		e := &engine{plan: p, workers: 2, maxStates: DefaultMaxStates, wide: wide}
		if got[i], _, err = e.run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if got[0] != got[1] || got[0] != (u128{lo: 1355699072 / 2}) {
		t.Errorf("run(%v) = %v in 64 bits, %v in 128, want %d", b, got[0], got[1], 1355699072/2)
	}
}

// TestU128: overflow is reported, never wrapped.
func TestU128(t *testing.T) {
	max := u128{^uint64(0), ^uint64(0)}
	if _, ok := max.add(u128{1, 0}); ok {
		t.Errorf("max+1 did not overflow")
	}
	if x, ok := (u128{^uint64(0), 0}).add(u128{1, 0}); !ok || x != (u128{0, 1}) {
		t.Errorf("2^64-1 + 1 = %v, %v", x, ok)
	}
	if _, ok := (u128{0, 1 << 62}).mul(4); ok {
		t.Errorf("2^126 * 4 did not overflow")
	}
	if x, ok := (u128{1 << 63, 1}).mul(2); !ok || x != (u128{0, 3}) {
		t.Errorf("(2^64 + 2^63) * 2 = %v, %v", x, ok)
	}
	if s := (u128{5, 1}).big().String(); s != "18446744073709551621" {
		t.Errorf("big(2^64 + 5) = %s", s)
	}
}

// TestMaxStates: a run that would hold too many states stops with a
// StatesError.
func TestMaxStates(t *testing.T) {
	b, _ := symmetry.Cube(3)
	_, err := Solutions(context.Background(), b, Options{MaxStates: 100})
	var se *StatesError
	if !errors.As(err, &se) || se.Max != 100 {
		t.Errorf("Solutions(%v) with at most 100 states: %v, want a StatesError", b, err)
	}
}

// TestCancel: a cancelled context stops a run.
func TestCancel(t *testing.T) {
	b := symmetry.MustParseBox("3x4x4")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Hamiltonian(ctx, b, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Hamiltonian(%v) with a cancelled context: %v, want context.Canceled", b, err)
	}
}

// TestWidths: every box of up to 64 cells, and the quotient by each of its
// symmetries, has an order whose frontier fits a state.
func TestWidths(t *testing.T) {
	for _, b := range boxes(2, 64) {
		g := boxGraph(b)
		if _, err := bestPlan(g, orders(b, g)); err != nil {
			t.Errorf("%v: %v", b, err)
		}
		for _, tr := range b.Group() {
			perm := permutation(b, tr)
			if !isIdentity(composePerm(perm, perm)) {
				continue
			}
			q, ok := quotient(b, perm)
			if !ok {
				continue
			}
			if _, err := bestPlan(q, orders(b, q)); err != nil {
				t.Errorf("%v folded by %s: %v", b, Name(tr), err)
			}
		}
	}
}

func composePerm(p, q []int) []int {
	r := make([]int, len(p))
	for i := range r {
		r[i] = p[q[i]]
	}
	return r
}

func TestName(t *testing.T) {
	for _, tc := range []struct {
		t    symmetry.Transform
		want string
	}{
		{symmetry.Transform{Perm: [3]uint8{0, 1, 2}}, "(x,y,z)"},
		{symmetry.Transform{Perm: [3]uint8{0, 1, 2}, Flip: [3]bool{false, false, true}}, "(x,y,-z)"},
		{symmetry.Transform{Perm: [3]uint8{1, 0, 2}}, "(y,x,z)"},
		{symmetry.Transform{Perm: [3]uint8{1, 2, 0}, Flip: [3]bool{true, false, false}}, "(z,-x,y)"},
	} {
		if got := Name(tc.t); got != tc.want {
			t.Errorf("Name(%v) = %s, want %s", tc.t, got, tc.want)
		}
	}
}
