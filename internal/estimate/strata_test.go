package estimate

import (
	"bytes"
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// pilotStrata draws a pilot of k descents of design opts on box b, seed
// 1, and returns its design, its descents and the strata of depth it
// tells.
func pilotStrata(t testing.TB, b symmetry.Box, opts Options, k, depth int) (*Design, []Descent, *Strata) {
	t.Helper()
	d := NewDesign(b, 1, opts)
	pilot := draw(t, d, k)
	s, err := d.MakeStrata(context.Background(), depth, pilot)
	if err != nil {
		t.Fatal(err)
	}
	return d, pilot, s
}

// TestStrataCoverage checks that the strata a pilot tells leave out no
// prefix that holds a snake, which would bias every estimate drawn with
// them, whatever the pilot saw: every prefix of their depth whose exact
// count has a snake has a probability above 0 (here where a pilot of 30
// descents of a poor design missed many), and they add up to 1. Then it
// checks the estimates of stratified designs on 2x4x4 and 3x3x4 against
// the truth as TestCoverage does. Strata the pilot passed through thinly
// are undervalued by up to 1/StrataMix: with such poor masses, a deep
// level (2x4x4 at 7 cubelets) leaves estimates too heavy-tailed for 20
// runs of 16 descents to tell their error (the controlled snakes 4.9
// standard errors off), so the runs' strata are shallower.
func TestStrataCoverage(t *testing.T) {
	for _, c := range []struct {
		box                string
		depth, level, runs int
	}{{"2x4x4", 20, 7, 4}, {"3x3x4", 22, 8, 8}} {
		t.Run(c.box, func(t *testing.T) {
			b := symmetry.MustParseBox(c.box)
			opts := Options{Depth: c.depth, Width: 64, CacheDepth: 6}
			_, pilot, s := pilotStrata(t, b, opts, 30, c.level)
			seen := map[solver.Seq]bool{}
			for _, x := range pilot {
				seen[truncate(x.Prefix, c.level)] = true
			}
			prob := map[solver.Seq]float64{}
			var sum float64
			for _, x := range s.Strata {
				prob[x.Prefix] = x.Probability
				sum += x.Probability
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("the strata's probabilities add up to %v", sum)
			}
			held, unseen := 0, 0
			err := solver.CountSections(context.Background(), b, solver.Sections(b, solver.Seq{}, c.level), solver.Options{}, func(p solver.Seq, n solver.Count) error {
				if n.Snakes == 0 {
					return nil
				}
				held++
				if !seen[p] {
					unseen++
				}
				if !(prob[p] > 0) {
					t.Errorf("prefix %v holds %d snakes, and the strata never draw it", p, n.Snakes)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			// The test means something only where the pilot missed some.
			t.Logf("%v: %d strata; %d prefixes of %d cubelets hold snakes, %d of them not seen by the pilot", b, len(s.Strata), held, c.level, unseen)
			if unseen == 0 {
				t.Errorf("the pilot passed every prefix that holds snakes: take a smaller pilot or deeper strata")
			}
			if c.runs != c.level {
				d := NewDesign(b, 1, opts)
				if s, err = d.MakeStrata(context.Background(), c.runs, pilot); err != nil {
					t.Fatal(err)
				}
			}
			opts.Strata = s
			coverage(t, b, truth(t, b), opts)
		})
	}
}

// TestStrataChoices checks that a stratified descent takes the prefix of
// the strata's depth with the strata's probability, and the deeper steps
// as the design without strata weighs them.
func TestStrataChoices(t *testing.T) {
	b := symmetry.MustParseBox("2x3x4")
	opts := Options{Width: 64, CacheDepth: 4}
	plain, _, s := pilotStrata(t, b, opts, 20, 5)
	opts.Strata = s
	d := NewDesign(b, 1, opts)
	prob := map[solver.Seq]float64{}
	for _, x := range s.Strata {
		prob[x.Prefix] = x.Probability
	}
	for _, x := range draw(t, d, 20) {
		h := truncate(x.Prefix, s.Depth)
		got := 1.0
		for i, q1 := range x.Choices[:s.Depth-1] {
			if x.Prefix.Bits>>(i+1)&1 == 1 {
				got *= q1
			} else {
				got *= 1 - q1
			}
		}
		if want := prob[h]; math.Abs(got-want) > 1e-12*want {
			t.Errorf("descent %d took %v with probability %v, the strata's %v", x.Index, h, got, want)
		}
		// The choices below are the plain design's at the same prefixes.
		f := frontiersAlong(plain, x.Prefix)
		for i := s.Depth - 1; i < len(x.Choices); i++ {
			q1, _, err := plain.choice(context.Background(), truncate(x.Prefix, i+1), f[i][0], f[i][1])
			if err != nil {
				t.Fatal(err)
			}
			if q1 != x.Choices[i] {
				t.Errorf("descent %d, step %d: choice %v, the design's without strata %v", x.Index, i+1, x.Choices[i], q1)
			}
		}
	}
	if plain.Name() == d.Name() || !strings.HasSuffix(d.Name(), s.Name()) {
		t.Errorf("the stratified design is named %q, the plain one %q", d.Name(), plain.Name())
	}
}

// TestStrataFit checks the probabilities a pilot gives, on a pilot made
// up: all its snakes under one prefix give that prefix 1-StrataMix of the
// draws, besides its share of the pilot's own probabilities.
func TestStrataFit(t *testing.T) {
	p := func(s string) solver.Seq { q, _ := solver.ParseSeq(s); return q }
	base := map[solver.Seq]float64{p("000"): 0.5, p("001"): 0.25, p("010"): 0.25}
	pilot := []Descent{
		{Index: 0, Prefix: p("0010"), Prob: 0.125, Count: solver.Count{Snakes: 3, OneSolution: 1}},
		{Index: 1, Prefix: p("0001"), Prob: 0.25, Count: solver.Count{}},
		{Index: 2, Prefix: p("0011"), Prob: 0.125, Count: solver.Count{Snakes: 3, OneSolution: 1}},
	}
	fit, err := fitStrata(base, 3, pilot)
	if err != nil {
		t.Fatal(err)
	}
	want := map[solver.Seq]float64{p("000"): StrataMix * 0.5, p("001"): 1 - StrataMix + StrataMix*0.25, p("010"): StrataMix * 0.25}
	for h, w := range want {
		if math.Abs(fit.w[h]-w) > 1e-15 {
			t.Errorf("%v: probability %v, want %v", h, fit.w[h], w)
		}
	}
	if fit.seen[p("001")] != 2 || fit.seen[p("000")] != 1 || fit.seen[p("010")] != 0 {
		t.Errorf("descents seen by prefix: %v", fit.seen)
	}
	if _, err := fitStrata(base, 3, pilot[1:2]); err == nil {
		t.Error("a pilot of one descent: no error")
	}
	if _, err := fitStrata(base, 3, append(pilot, Descent{Index: 3, Prefix: p("0110"), Prob: 0.1})); err == nil || !strings.Contains(err.Error(), "descent 3 passes 011, which the design never takes") {
		t.Errorf("a descent through a prefix the design never takes: %v", err)
	}
}

// TestStrataFile writes strata and reads them back, and refuses tables
// that are not strata of the box, naming the line and column.
func TestStrataFile(t *testing.T) {
	b := symmetry.MustParseBox("2x3x4")
	_, _, s := pilotStrata(t, b, Options{Width: 64, CacheDepth: 4}, 20, 5)
	var buf bytes.Buffer
	if err := s.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := parseStrata(bytes.NewReader(buf.Bytes()), b)
	if err != nil {
		t.Fatal(err)
	}
	if back.Name() != s.Name() || len(back.Strata) != len(s.Strata) || back.Depth != s.Depth {
		t.Fatalf("read back as %s, %d strata; written %s, %d", back.Name(), len(back.Strata), s.Name(), len(s.Strata))
	}
	for i := range s.Strata {
		if back.Strata[i] != s.Strata[i] {
			t.Errorf("stratum %d read back as %+v, written %+v", i, back.Strata[i], s.Strata[i])
		}
	}
	const head = strataHeader + "\n"
	for _, c := range []struct{ table, err string }{
		{"", "empty, want the header"},
		{"box\tprefix\n", "line 1: \"box\\tprefix\", want the header"},
		{head, "no stratum"},
		{head + "2x3x4\t00110\t1\t1\n", "line 2, column 1: 4 fields, want 5"},
		{head + "2x3x5\t00110\t1\t1\t3\n", "line 2, column 1: box \"2x3x5\", want 2x3x4"},
		{head + "2x3x4\t00120\t1\t1\t3\n", "line 2, column 7: prefix: "},
		{head + "2x3x4\t0\t1\t1\t3\n", "line 2, column 7: prefix 0 of 1 cubelets, want 2 to 16"},
		{head + "2x3x4\t10110\t1\t1\t3\n", "line 2, column 7: prefix 10110 starts with a turn"},
		{head + "2x3x4\t00110\t0.5\t1\t3\n2x3x4\t0011\t0.5\t1\t3\n", "line 3, column 7: prefix 0011 of 4 cubelets, where the lines before have 5"},
		{head + "2x3x4\t00110\t0\t1\t3\n", "line 2, column 13: \"0\", want a probability above 0"},
		{head + "2x3x4\t00110\t1\tNaN\t3\n", "line 2, column 15: \"NaN\", want a probability"},
		{head + "2x3x4\t00110\t1\t1\t-3\n", "line 2, column 17: \"-3\", want a count"},
		{head + "2x3x4\t00110\t0.5\t1\t3\n2x3x4\t00110\t0.5\t1\t3\n", "line 3, column 7: prefix 00110 again"},
		{head + "2x3x4\t00110\t0.5\t1\t3\n2x3x4\t00111\t0.25\t1\t3\n", "the probabilities add up to 0.75, want 1"},
		{head + strings.Repeat("x", 2000) + "\n", "line 2: longer than 1024 bytes"},
	} {
		_, err := parseStrata(strings.NewReader(c.table), b)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: %v, want %q", c.table, err, c.err)
		}
	}
}

// frontiersAlong returns the children's frontiers that a descent of d to
// prefix p meets at each step: [i] are those of p's first i+1 cubelets.
func frontiersAlong(d *Design, p solver.Seq) [][2]*solver.Frontier {
	var out [][2]*solver.Frontier
	f := solver.NewFrontier(d.b, d.opts.Cut)
	for f.Prefix().Len < p.Len {
		f0, f1 := f.Children(d.opts.Capacity, d.seed)
		out = append(out, [2]*solver.Frontier{f0, f1})
		f = f0
		if p.Turn(f.Prefix().Len - 1) {
			f = f1
		}
	}
	return out
}

// TestStrataBorrow checks that a design in strata that borrows a pilot's
// choices below the strata draws the same descents as one that weighs
// them, weighing fewer, and that it borrows from no other design.
func TestStrataBorrow(t *testing.T) {
	b := symmetry.MustParseBox("2x3x4")
	opts := Options{Width: 64, CacheDepth: 4}
	plain, pilot, s := pilotStrata(t, b, opts, 20, 5)
	var recs []Record
	for _, x := range pilot {
		recs = append(recs, plain.Record(x))
	}
	opts.Strata = s
	weighs, borrows := NewDesign(b, 1, opts), NewDesign(b, 1, opts)
	if err := borrows.Borrow(recs); err != nil {
		t.Fatal(err)
	}
	want, got := draw(t, weighs, 20), draw(t, borrows, 20)
	for i := range want {
		want[i].Seconds, want[i].Weigh, got[i].Seconds, got[i].Weigh = 0, 0, 0, 0
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("descent %d with the pilot's choices: %+v, weighed: %+v", i, got[i], want[i])
		}
	}
	if n, all := borrows.splits.Load(), weighs.splits.Load(); n >= all {
		t.Errorf("the design that borrowed weighed %d choices, the one that did not %d", n, all)
	}
	var own []Record
	for _, x := range want {
		own = append(own, weighs.Record(x))
	}
	for _, c := range []struct {
		d    *Design
		recs []Record
		err  string
	}{
		{NewDesign(b, 1, opts), own, "line 1: a descent of 2x3x4, seed 1, depth 15, width 64, capacity 4096, shared 4, floor 0.1, power 0.8, strata 5 "},
		{NewDesign(b, 2, opts), recs, "line 1: a descent of 2x3x4, seed 1, "},
		{plain, recs, "only a design in strata borrows choices"},
	} {
		if err := c.d.Borrow(c.recs); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("Borrow: %v, want %q", err, c.err)
		}
	}
}

// TestMakeStrataDepth checks the bound on the strata's depth that the
// command reports as a usage error: above 1 cubelet, above the depth
// of the design's sections, and at most MaxStrataDepth.
func TestMakeStrataDepth(t *testing.T) {
	for _, c := range []struct {
		box   string
		depth int
		max   int
	}{{"2x2x3", 8, 7}, {"2x4x4", 20, MaxStrataDepth}} {
		b := symmetry.MustParseBox(c.box)
		d := NewDesign(b, 1, Options{Depth: c.depth, Width: 64, CacheDepth: 6})
		if got := d.MaxStrata(); got != c.max {
			t.Errorf("%v at depth %d: MaxStrata %d, want %d", b, c.depth, got, c.max)
		}
		pilot := draw(t, d, 4)
		for _, k := range []int{1, d.MaxStrata() + 1} {
			if _, err := d.MakeStrata(context.Background(), k, pilot); err == nil || !strings.Contains(err.Error(), "strata of") {
				t.Errorf("%v: MakeStrata(%d) = %v, want an error on the depth", b, k, err)
			}
		}
		ok := []int{2}
		if c.max < 10 {
			ok = append(ok, c.max) // deeper ones weigh too long for a test
		}
		for _, k := range ok {
			if _, err := d.MakeStrata(context.Background(), k, pilot); err != nil {
				t.Errorf("%v: MakeStrata(%d): %v", b, k, err)
			}
		}
	}
}
