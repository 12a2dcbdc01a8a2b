package rate

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// The people of this file fold snakes by hand in ways of their own, to
// check the rating against: each is a small simulator that shares no
// code with the rating, works on coordinates rather than bit sets, and
// returns the cubelets it placed until the snake was folded.

// hand is a box as the people here see it: cells by coordinates, which
// ones are taken, and the snake's turns.
type hand struct {
	dim   [3]int
	taken []bool
	turn  []bool // turn[i]: the snake turns at cubelet i
	rng   *rand.Rand
	cells [][3]int // the chain so far
	all   [][3]int // every cell
	buf   [][3]int
}

var steps = [6][3]int{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}

func newHand(b symmetry.Box, q solver.Seq, seed uint64) *hand {
	x, y, z := b.Size[0], b.Size[1], b.Size[2]
	h := &hand{dim: [3]int{x, y, z}, taken: make([]bool, x*y*z), rng: rand.New(rand.NewPCG(seed, 7))}
	for z := range z {
		for y := range y {
			for x := range x {
				h.all = append(h.all, [3]int{x, y, z})
			}
		}
	}
	for i := range q.Len {
		h.turn = append(h.turn, q.Turn(i))
	}
	return h
}

func (h *hand) size() int { return len(h.taken) }

func (h *hand) index(p [3]int) int { return p[0] + h.dim[0]*(p[1]+h.dim[1]*p[2]) }

func (h *hand) inside(p [3]int) bool {
	for a := range 3 {
		if p[a] < 0 || p[a] >= h.dim[a] {
			return false
		}
	}
	return true
}

func (h *hand) free(p [3]int) bool { return h.inside(p) && !h.taken[h.index(p)] }

func add(p, d [3]int) [3]int { return [3]int{p[0] + d[0], p[1] + d[1], p[2] + d[2]} }

// flip turns the toy around: the snake read from its other end.
func (h *hand) flip() { slices.Reverse(h.turn) }

func (h *hand) put(p [3]int) {
	h.taken[h.index(p)] = true
	h.cells = append(h.cells, p)
}

func (h *hand) back() {
	p := h.cells[len(h.cells)-1]
	h.taken[h.index(p)] = false
	h.cells = h.cells[:len(h.cells)-1]
}

// afresh empties the box and picks an end of the snake at random.
func (h *hand) afresh() {
	h.clear()
	if h.rng.IntN(2) == 1 {
		h.flip()
	}
}

func (h *hand) clear() {
	for len(h.cells) > 0 {
		h.back()
	}
}

// every returns every cell of the box.
func (h *hand) every() [][3]int { return slices.Clone(h.all) }

// moves returns the free cells the snake lets its next cubelet take.
func (h *hand) moves() [][3]int {
	n := len(h.cells)
	if n == 0 {
		return h.every()
	}
	head := h.cells[n-1]
	out := h.buf[:0]
	for _, d := range steps {
		if n >= 2 {
			in := [3]int{head[0] - h.cells[n-2][0], head[1] - h.cells[n-2][1], head[2] - h.cells[n-2][2]}
			dot := in[0]*d[0] + in[1]*d[1] + in[2]*d[2]
			if h.turn[n-1] && dot != 0 || !h.turn[n-1] && dot != 1 {
				continue
			}
		}
		if p := add(head, d); h.free(p) {
			out = append(out, p)
		}
	}
	return out
}

// walled reports whether a free cell has no free neighbour and is not
// next to the head: no chain can reach it.
func (h *hand) walled() bool {
	if len(h.cells) == h.size() {
		return false
	}
	head := h.cells[len(h.cells)-1]
	for _, p := range h.all {
		if !h.free(p) {
			continue
		}
		reach := false
		for _, d := range steps {
			if n := add(p, d); h.free(n) || n == head {
				reach = true
			}
		}
		if !reach {
			return true
		}
	}
	return false
}

// restarter folds greedily at random, from an end picked at random, and
// starts over from an empty box at every dead end.
func restarter(h *hand, most int) (int, bool) {
	placed := 0
	for placed < most {
		h.afresh()
		for {
			m := h.moves()
			if len(m) == 0 {
				break
			}
			h.put(m[h.rng.IntN(len(m))])
			placed++
		}
		if len(h.cells) == h.size() {
			return placed, true
		}
	}
	return placed, false
}

// backtracker folds greedily at random and at a dead end takes back a
// number of cubelets drawn from 1 to all of those placed; with the box empty it picks an end again at random.
func backtracker(h *hand, most int) (int, bool) {
	placed := 0
	h.clear()
	for placed < most {
		if len(h.cells) == 0 && h.rng.IntN(2) == 1 {
			h.flip()
		}
		m := h.moves()
		if len(m) == 0 {
			if len(h.cells) == h.size() {
				return placed, true
			}
			for k := 1 + h.rng.IntN(len(h.cells)); k > 0; k-- {
				h.back()
			}
			continue
		}
		h.put(m[h.rng.IntN(len(m))])
		placed++
	}
	return placed, false
}

// searcher is a careful person: a depth-first search, each next cubelet
// tried in the cells left in a random order, that never leaves a cell
// walled in, and starts on the cells where both ends of a snake must lie
// when the box has more cells of one colour than of the other (a
// chessboard's colours: the chain alternates them). It folds from an end
// picked at random.
func searcher(h *hand, most int) (int, bool) {
	h.afresh()
	colour := func(p [3]int) int { return (p[0] + p[1] + p[2]) % 2 }
	var starts [][3]int
	even := 0
	for _, p := range h.every() {
		if colour(p) == 0 {
			even++
		}
	}
	for _, p := range h.every() {
		if 2*even == h.size() || (colour(p) == 0) == (2*even > h.size()) {
			starts = append(starts, p)
		}
	}
	placed := 0
	var try func(p [3]int) bool
	try = func(p [3]int) bool {
		h.put(p)
		placed++
		if len(h.cells) == h.size() {
			return true
		}
		if !h.walled() && placed < most {
			m := slices.Clone(h.moves())
			h.rng.Shuffle(len(m), func(a, b int) { m[a], m[b] = m[b], m[a] })
			for _, n := range m {
				if try(n) {
					return true
				}
			}
		}
		h.back()
		return false
	}
	h.rng.Shuffle(len(starts), func(a, b int) { starts[a], starts[b] = starts[b], starts[a] })
	for _, p := range starts {
		if try(p) {
			return placed, true
		}
	}
	return placed, false
}

// budgeted searches depth first, each next cubelet in the cells left in
// a random order, from an end and a cell drawn at random, and after
// 2,000 placements starts afresh.
func budgeted(h *hand, most int) (int, bool) {
	placed := 0
	for placed < most {
		h.afresh()
		spent := 0
		var try func(p [3]int) bool
		try = func(p [3]int) bool {
			h.put(p)
			placed++
			spent++
			if len(h.cells) == h.size() {
				return true
			}
			m := slices.Clone(h.moves())
			h.rng.Shuffle(len(m), func(a, b int) { m[a], m[b] = m[b], m[a] })
			for _, n := range m {
				if spent >= 2000 {
					break
				}
				if try(n) {
					return true
				}
			}
			h.back()
			return false
		}
		all := h.every()
		if try(all[h.rng.IntN(len(all))]) {
			return placed, true
		}
	}
	return placed, false
}

// person is one of the models above.
type person struct {
	name string
	// fold folds the snake in hand in at most about most placements,
	// and returns them and whether the snake was folded.
	fold func(h *hand, most int) (int, bool)
}

var people = []person{{"restarter", restarter}, {"backtracker", backtracker}, {"searcher", searcher}, {"budgeted", budgeted}}

// meanPlaced is a person's mean placements over runs folds of q.
func meanPlaced(p person, b symmetry.Box, q solver.Seq, runs int, seed uint64) float64 {
	sum := 0
	for r := range runs {
		h := newHand(b, q, seed^uint64(r)*0x9e3779b97f4a7c15)
		n, _ := p.fold(h, 1e8)
		sum += n
	}
	return float64(sum) / float64(runs)
}

// ranks returns the ranks of x, 1 for the least, ties sharing their mean
// rank.
func ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return x[idx[a]] < x[idx[b]] })
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && x[idx[j]] == x[idx[i]] {
			j++
		}
		for k := i; k < j; k++ {
			r[idx[k]] = float64(i+j+1) / 2
		}
		i = j
	}
	return r
}

// spearman is the rank correlation of x and y.
func spearman(x, y []float64) float64 {
	a, b := ranks(x), ranks(y)
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	ma /= float64(len(a))
	mb /= float64(len(b))
	var sab, saa, sbb float64
	for i := range a {
		sab += (a[i] - ma) * (b[i] - mb)
		saa += (a[i] - ma) * (a[i] - ma)
		sbb += (b[i] - mb) * (b[i] - mb)
	}
	return sab / math.Sqrt(saa*sbb)
}

// sample draws n snakes of the 3x3x3 catalogue by a fixed seed.
func sample(t testing.TB, n int) (symmetry.Box, []solver.Seq) {
	b, qs, _ := samples(t, n, 0)
	return b, qs
}

// samples draws two disjoint samples of the 3x3x3 catalogue by fixed
// seeds, n and m snakes: the first is sample's.
func samples(t testing.TB, n, m int) (symmetry.Box, []solver.Seq, []solver.Seq) {
	b, _ := symmetry.Cube(3)
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var qs, rs []solver.Seq
	first := map[solver.Seq]bool{}
	for _, k := range rand.New(rand.NewPCG(57, 3)).Perm(len(c.Snakes))[:n] {
		qs = append(qs, c.Snakes[k].Seq)
		first[c.Snakes[k].Seq] = true
	}
	for _, k := range rand.New(rand.NewPCG(58, 3)).Perm(len(c.Snakes)) {
		if len(rs) == m {
			break
		}
		if !first[c.Snakes[k].Seq] {
			rs = append(rs, c.Snakes[k].Seq)
		}
	}
	return b, qs, rs
}

var (
	checkPeople = flag.Bool("people", false, "also report the machine-like models of people and a second sample (make rate-people)")
	peopleCSV   = flag.String("people-csv", "", "with -people, write each snake's figures to this CSV file")
)

// peopleRuns is how many times each model of people folds each snake;
// its mean placements are the model's figure.
const peopleRuns = 32

// figures are a sample's snakes with a rating's and the models' figures.
type figures struct {
	qs []solver.Seq
	// feel and feelLevel are a person's difficulty and its level on the
	// box's scale; rate and rateLevel the natural strategy's.
	feel, rate           []float64
	feelLevel, rateLevel []int
	// folk[i] and machine[i] are the mean placements of folks[i] and of
	// people[i]; folk[i] is nil for a model not checked unless the
	// machine-like models are measured too.
	folk, machine [][]float64
}

// measure rates the snakes qs of box b both ways and has the folk, and
// with machines the models of people too, fold each peopleRuns times,
// snake k's runs seeded from k and seed, on every core.
func measure(t *testing.T, b symmetry.Box, qs []solver.Seq, seed uint64, machines bool) figures {
	scale, err := ScaleOf(context.Background(), b, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := len(qs)
	f := figures{qs: qs, feel: make([]float64, n), rate: make([]float64, n), feelLevel: make([]int, n), rateLevel: make([]int, n)}
	for _, p := range folks {
		var x []float64
		if p.checked || machines {
			x = make([]float64, n)
		}
		f.folk = append(f.folk, x)
	}
	if machines {
		for range people {
			f.machine = append(f.machine, make([]float64, n))
		}
	}
	var wg sync.WaitGroup
	var next atomic.Int64
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for k := int(next.Add(1) - 1); k < n; k = int(next.Add(1) - 1) {
				r, err := Rate(context.Background(), b, qs[k], Options{Workers: 1})
				if err != nil {
					t.Error(err)
					continue
				}
				f.rate[k], f.rateLevel[k] = r.Difficulty(), r.Level()
				f.feel[k] = feelOf(b, qs[k])
				f.feelLevel[k] = scale.Level(f.feel[k])
				for i, p := range folks {
					if f.folk[i] != nil {
						f.folk[i][k] = folkMean(p, b, qs[k], peopleRuns, seed<<32|uint64(k))
					}
				}
				for i := range f.machine {
					f.machine[i][k] = meanPlaced(people[i], b, qs[k], 8, seed<<32|uint64(k))
				}
			}
		})
	}
	wg.Wait()
	return f
}

// agrees returns what keeps a rating, its difficulties d and levels l of
// a sample's snakes, from agreeing with a model's mean placements x:
// Spearman's rank correlation under 0.7, or the model's median placements
// falling from a level to the next; none when it agrees.
func agrees(d []float64, l []int, x []float64) []string {
	var why []string
	if rho := spearman(d, x); rho < 0.7 {
		why = append(why, fmt.Sprintf("Spearman %.2f, want 0.7 or more", rho))
	}
	m := medians(l, x)
	for k := 1; k < len(m); k++ {
		if m[k] < m[k-1] {
			why = append(why, fmt.Sprintf("median placements fall from level %d to %d: %v", k, k+1, m))
			break
		}
	}
	return why
}

// TestPeople checks a person's difficulty as an algorithm is checked
// against an oracle: on 1,000 snakes of the 3x3x3 catalogue drawn by a
// fixed seed, 100 a level, it has the folk of folk_test.go, models of the people that
// docs/CONVENTIONS.md defines written apart from the rating, fold each
// snake 32 times, and fails unless Feel's difficulties rank the snakes as
// each checked model's mean placements do, Spearman's rank correlation
// 0.7 or more, and each one's median placements rise, or stay level,
// from each level of Feel's scale to the next. It fails too unless the
// natural strategy, Rate, fails the same check against some model: else
// the check could not tell. With -people it also reports the folk not
// checked, the machine-like models of people above and a second sample
// of 200 snakes, drawn apart from the first. Some two CPU-minutes: it
// runs without -short.
func TestPeople(t *testing.T) {
	if testing.Short() {
		t.Skip("the check against models of people takes some core-minutes")
	}
	b, qs, rs := samples(t, 1000, 200)
	f := measure(t, b, qs, 1, *checkPeople)
	report(t, "first sample", f)
	natural := true
	for i, p := range folks {
		if !p.checked {
			continue
		}
		for _, why := range agrees(f.feel, f.feelLevel, f.folk[i]) {
			t.Errorf("a person's difficulty against the %s: %s", p.name, why)
		}
		if len(agrees(f.rate, f.rateLevel, f.folk[i])) > 0 {
			natural = false
		}
	}
	if natural {
		t.Errorf("the natural strategy agrees with every model of the folk: the check cannot tell")
	}
	if !*checkPeople {
		return
	}
	g := measure(t, b, rs, 2, true)
	report(t, "second sample", g)
	if *peopleCSV != "" {
		var w strings.Builder
		w.WriteString("sample,snake,feel,feel_level,rate,rate_level")
		for _, p := range folks {
			w.WriteString("," + p.name)
		}
		for _, p := range people {
			w.WriteString("," + p.name)
		}
		w.WriteString("\n")
		for s, f := range []figures{f, g} {
			for k, q := range f.qs {
				fmt.Fprintf(&w, "%d,%v,%g,%d,%g,%d", s+1, q, f.feel[k], f.feelLevel[k], f.rate[k], f.rateLevel[k])
				for i := range f.folk {
					fmt.Fprintf(&w, ",%g", f.folk[i][k])
				}
				for i := range f.machine {
					fmt.Fprintf(&w, ",%g", f.machine[i][k])
				}
				w.WriteString("\n")
			}
		}
		if err := os.WriteFile(*peopleCSV, []byte(w.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
}

// report logs how each rating ranks a sample's snakes against each
// model, and each model's median placements by level.
func report(t *testing.T, name string, f figures) {
	type model struct {
		name string
		x    []float64
	}
	var ms []model
	for i, p := range folks {
		if f.folk[i] != nil {
			ms = append(ms, model{p.name, f.folk[i]})
		}
	}
	for i := range f.machine {
		ms = append(ms, model{people[i].name, f.machine[i]})
	}
	for _, m := range ms {
		t.Logf("%s, %-11s Spearman %.2f with Feel, %.2f with Rate; medians by Feel's level %v, by Rate's %v",
			name, m.name, spearman(f.feel, m.x), spearman(f.rate, m.x), medians(f.feelLevel, m.x), medians(f.rateLevel, m.x))
	}
	for i, m := range ms {
		for _, o := range ms[:i] {
			t.Logf("%s, %-11s Spearman %.2f with %s", name, m.name, spearman(m.x, o.x), o.name)
		}
	}
}

// medians returns the median of x over the snakes of each level, 1 to
// Levels, 0 for a level with none.
func medians(level []int, x []float64) []float64 {
	m := make([]float64, Levels)
	for l := range m {
		var v []float64
		for k := range x {
			if level[k] == l+1 {
				v = append(v, x[k])
			}
		}
		if len(v) == 0 {
			continue
		}
		slices.Sort(v)
		m[l] = (v[(len(v)-1)/2] + v[len(v)/2]) / 2
		m[l] = math.Round(m[l])
	}
	return m
}

// TestSpearman checks the rank correlation on figures whose value is
// known: a textbook example (Spearman's rho of 10 pairs, one tie), the
// same order, and the order reversed.
func TestSpearman(t *testing.T) {
	x := []float64{106, 86, 100, 101, 99, 103, 97, 113, 112, 110}
	y := []float64{7, 0, 27, 50, 28, 29, 20, 12, 6, 17}
	if got := spearman(x, y); math.Abs(got-(-29.0/165)) > 1e-12 {
		t.Errorf("spearman(x, y) = %v, want -29/165", got)
	}
	if got := spearman(x, x); math.Abs(got-1) > 1e-12 {
		t.Errorf("spearman(x, x) = %v, want 1", got)
	}
	neg := make([]float64, len(x))
	for k := range x {
		neg[k] = -x[k]
	}
	if got := spearman(x, neg); math.Abs(got+1) > 1e-12 {
		t.Errorf("spearman(x, -x) = %v, want -1", got)
	}
	if got := ranks([]float64{3, 1, 3, 2}); !slices.Equal(got, []float64{3.5, 1, 3.5, 2}) {
		t.Errorf("ranks = %v, want [3.5 1 3.5 2]", got)
	}
}

// TestPeopleFold has every model of people fold every snake of small
// boxes: one that folds is folded, in as many placements as it has
// cubelets or more; one that does not fold is not.
func TestPeopleFold(t *testing.T) {
	eachSmall(t, func(b symmetry.Box, q solver.Seq, foldable bool) {
		for _, p := range people {
			n, done := p.fold(newHand(b, q, q.Bits), 5000)
			judgeFold(t, p.name, b, q, foldable, n, done)
		}
	})
}

// eachSmall calls check with every snake of the boxes 2x2x2 and 2x2x3
// and whether it folds.
func eachSmall(t *testing.T, check func(b symmetry.Box, q solver.Seq, foldable bool)) {
	for _, size := range []string{"2", "2x2x3"} {
		b := symmetry.MustParseBox(size)
		for q := range allSeqs(b) {
			check(b, q, rateOne(t, b, q).Foldable())
		}
	}
}

// judgeFold fails the test unless model name folded snake q of box b,
// done in n placements, as it should: a snake that folds in as many
// placements as it has cubelets or more, one that does not never.
func judgeFold(t *testing.T, name string, b symmetry.Box, q solver.Seq, foldable bool, n int, done bool) {
	switch {
	case foldable && (!done || n < b.Len()):
		t.Errorf("%s: %v %v folded %v in %d placements", name, b, q, done, n)
	case !foldable && done:
		t.Errorf("%s folds %v %v, which has no solution, in %d placements", name, b, q, n)
	}
}
