package estimate

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/internal/fileerr"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Strata are the probabilities with which the descents of a stratified
// design take each prefix of Depth cubelets, in place of the choices the
// populations weigh above that depth. Below it the design weighs its
// choices as any other.
//
// A design's descents spread the most where its shared levels undervalue
// a subtree that holds many snakes: the few descents that pass there
// weigh tens of times the mean (docs/RESEARCH.md, "Strata for 2x4x8").
// A pilot's descents tell each prefix's share: the strata draw a prefix h
// with probability
//
//	w(h) = (1-StrataMix) r(h) / sum of r + StrataMix p(h)
//
// where p(h) is the probability with which the pilot's design took h and
// r(h) is the root mean square, over the pilot's descents through h, of
// their estimates of h's snakes and of its one-solution snakes (each
// relative to the pilot's total): the probabilities that make a descent's
// variance least, were the pilot's spread the truth. Mixing in p(h) keeps
// every prefix that may hold a snake drawn, so that the design stays
// unbiased, and bounds what a prefix the pilot misjudged costs.
type Strata struct {
	Box   symmetry.Box
	Depth int
	// Strata are the prefixes drawn, by prefix, each with a probability
	// above 0; a prefix of Depth cubelets not there is never drawn.
	Strata []Stratum
	// mass is the probability of each prefix of at most Depth cubelets:
	// the sum of the strata under it.
	mass map[solver.Seq]float64
}

// Stratum is one prefix of [Strata]: the probability of drawing it, and
// what the pilot knew of it.
type Stratum struct {
	Prefix      solver.Seq
	Probability float64
	// PilotProbability is the probability with which the pilot's design
	// took the prefix, and PilotDescents how many of its descents did.
	PilotProbability float64
	PilotDescents    int
}

// StrataMix is the share of the pilot's own probabilities in those of
// [Strata]: the mix whose strata, fitted on half a pilot and measured on
// the other half ([CrossRelVar]), leave a descent the least relative
// variance (docs/RESEARCH.md has the comparison).
const StrataMix = 0.3

// MaxStrataDepth bounds the depth of strata: some 2^15 prefixes at most.
const MaxStrataDepth = 16

// Name returns the strata's part of a design's name: their depth and a
// digest of their prefixes and probabilities, so that descents drawn
// from other strata are never mixed with theirs.
func (s *Strata) Name() string {
	h := sha256.New()
	for _, x := range s.Strata {
		fmt.Fprintf(h, "%v %s\n", x.Prefix, strconv.FormatFloat(x.Probability, 'g', -1, 64))
	}
	return fmt.Sprintf("strata %d %x", s.Depth, h.Sum(nil)[:6])
}

// q1 returns the probability of child '1' of prefix p, of fewer than
// Depth cubelets: its share of the strata under p.
func (s *Strata) q1(p solver.Seq) float64 {
	one := s.mass[solver.Seq{Bits: p.Bits | 1<<p.Len, Len: p.Len + 1}]
	if all := s.mass[p]; all > 0 {
		return min(one/all, 1)
	}
	return 0.5 // never asked: a descent only reaches prefixes of some mass
}

// index sums the strata's probabilities up to every prefix above them.
func (s *Strata) index() {
	s.mass = map[solver.Seq]float64{}
	for _, x := range s.Strata {
		for l := 1; l <= s.Depth; l++ {
			s.mass[truncate(x.Prefix, l)] += x.Probability
		}
	}
}

// truncate returns the first n cubelets of p.
func truncate(p solver.Seq, n int) solver.Seq {
	return solver.Seq{Bits: p.Bits & (1<<n - 1), Len: n}
}

// levels returns the probability with which d's descents reach each
// prefix of k cubelets, those of probability 0 (proved empty) left out.
// It weighs the choices that d has not made before, as a descent would.
func (d *Design) levels(ctx context.Context, k int) (map[solver.Seq]float64, error) {
	out := map[solver.Seq]float64{}
	var walk func(f *solver.Frontier, prob float64) error
	walk = func(f *solver.Frontier, prob float64) error {
		p := f.Prefix()
		if p.Len == k {
			out[p] = prob
			return nil
		}
		f0, f1 := f.Children(d.opts.Capacity, d.seed)
		q1, _, err := d.choice(ctx, p, f0, f1)
		if err != nil {
			return err
		}
		if q1 < 1 {
			if err := walk(f0, prob*(1-q1)); err != nil {
				return err
			}
		}
		if q1 > 0 {
			return walk(f1, prob*q1)
		}
		return nil
	}
	err := walk(solver.NewFrontier(d.b, d.opts.Cut), 1)
	return out, err
}

// MaxStrata is the depth of the deepest strata d can draw from: above
// the depth of its sections, and at most [MaxStrataDepth] cubelets.
func (d *Design) MaxStrata() int { return min(MaxStrataDepth, d.opts.Depth-1) }

// MakeStrata returns the strata of k cubelets that pilot, descents of d,
// tell (see [Strata]). It weighs the choices above k that no descent of
// the pilot made, which d has not kept.
func (d *Design) MakeStrata(ctx context.Context, k int, pilot []Descent) (*Strata, error) {
	if k < 2 || k > d.MaxStrata() {
		return nil, fmt.Errorf("strata of %d cubelets: want 2 to %d for a design of depth %d", k, d.MaxStrata(), d.opts.Depth)
	}
	base, err := d.levels(ctx, k)
	if err != nil {
		return nil, err
	}
	fit, err := fitStrata(base, k, pilot)
	if err != nil {
		return nil, err
	}
	s := &Strata{Box: d.b, Depth: k}
	for _, h := range slices.SortedFunc(maps.Keys(base), cmpSeq) {
		seen := fit.seen[h]
		s.Strata = append(s.Strata, Stratum{Prefix: h, Probability: fit.w[h], PilotProbability: base[h], PilotDescents: seen})
	}
	s.index()
	return s, nil
}

// stratified is what a pilot tells of its strata: the probability to
// draw each, and how many of the pilot's descents passed there.
type stratified struct {
	w    map[solver.Seq]float64
	seen map[solver.Seq]int
}

// fitStrata returns the probabilities of [Strata] for the prefixes of k
// cubelets that the pilot's design took with probabilities base, from
// the pilot's descents.
func fitStrata(base map[solver.Seq]float64, k int, pilot []Descent) (stratified, error) {
	if len(pilot) < 2 {
		return stratified{}, fmt.Errorf("a pilot of %d descents: want at least 2", len(pilot))
	}
	// The pilot's estimates of the totals, which scale the two figures.
	var ts, to float64
	for _, x := range pilot {
		ts += float64(x.Snakes) / x.Prob
		to += float64(x.OneSolution) / x.Prob
	}
	if !(ts > 0 && to > 0) {
		return stratified{}, errors.New("the pilot's descents found no snake, or no one-solution snake: draw more")
	}
	ts, to = ts/float64(len(pilot)), to/float64(len(pilot))
	sq := map[solver.Seq]float64{}
	seen := map[solver.Seq]int{}
	for _, x := range pilot {
		h := truncate(x.Prefix, k)
		ph, ok := base[h]
		if !ok {
			return stratified{}, fmt.Errorf("descent %d passes %v, which the design never takes: not a descent of this design", x.Index, h)
		}
		// The descent's estimate of h's totals: its count over the
		// probability of its steps below h.
		ys, yo := float64(x.Snakes)*ph/x.Prob/ts, float64(x.OneSolution)*ph/x.Prob/to
		sq[h] += ys*ys + yo*yo
		seen[h]++
	}
	// Summed in the order of the prefixes, so that a pilot gives the
	// same strata to the last bit.
	prefixes := slices.SortedFunc(maps.Keys(base), cmpSeq)
	r := map[solver.Seq]float64{}
	var rsum, psum float64
	for _, h := range prefixes {
		if n := seen[h]; n > 0 {
			r[h] = math.Sqrt(sq[h] / float64(n))
			rsum += r[h]
		}
		psum += base[h]
	}
	w := map[solver.Seq]float64{}
	for _, h := range prefixes {
		w[h] = StrataMix * base[h] / psum
		if rsum > 0 {
			w[h] += (1 - StrataMix) * r[h] / rsum
		}
	}
	return stratified{w: w, seen: seen}, nil
}

// CrossRelVar measures the relative variance a descent of the strata
// that a pilot tells would have, honestly: the strata fitted on the
// pilot's even descents are measured on its odd ones, and the reverse.
// s are the strata [Design.MakeStrata] made of the pilot, whose pilot
// probabilities it takes. It returns the snakes' and the one-solution
// snakes' figures for each half; over the descents of the half measured,
// the variance of a design of probabilities w is estimated without bias
// by the mean of (y/p(h))^2 p(h)/w(h), y being a descent's estimate of
// its prefix h's total and p(h) the pilot's probability of h.
func CrossRelVar(s *Strata, pilot []Descent) ([2][2]float64, error) {
	var out [2][2]float64
	k := s.Depth
	base := make(map[solver.Seq]float64, len(s.Strata))
	for _, x := range s.Strata {
		base[x.Prefix] = x.PilotProbability
	}
	for half := range 2 {
		var fitOn, measure []Descent
		for _, x := range pilot {
			if x.Index%2 == half {
				fitOn = append(fitOn, x)
			} else {
				measure = append(measure, x)
			}
		}
		fit, err := fitStrata(base, k, fitOn)
		if err != nil {
			return out, fmt.Errorf("the pilot's %s descents: %w", [2]string{"even", "odd"}[half], err)
		}
		for i, of := range []func(solver.Count) float64{
			func(c solver.Count) float64 { return float64(c.Snakes) },
			func(c solver.Count) float64 { return float64(c.OneSolution) },
		} {
			var sum, sq float64
			for _, x := range measure {
				h := truncate(x.Prefix, k)
				y := of(x.Count) / x.Prob // the pilot's weight
				sum += y
				sq += y * y * base[h] / fit.w[h]
			}
			n := float64(len(measure))
			t := sum / n
			out[half][i] = sq/n/(t*t) - 1
		}
	}
	return out, nil
}

// strataHeader is the first line of a strata file.
const strataHeader = "box\tprefix\tprobability\tpilot_probability\tpilot_descents"

// Write writes the strata as a table of tab-separated values, a header
// and a line a prefix, which DuckDB and the like read as it is.
func (s *Strata) Write(w io.Writer) error {
	var b bytes.Buffer
	b.WriteString(strataHeader + "\n")
	for _, x := range s.Strata {
		fmt.Fprintf(&b, "%v\t%v\t%s\t%s\t%d\n", s.Box, x.Prefix,
			strconv.FormatFloat(x.Probability, 'g', -1, 64), strconv.FormatFloat(x.PilotProbability, 'g', -1, 64), x.PilotDescents)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// ReadStrata reads the strata of box b from the file at path, as
// [Strata.Write] writes them. It refuses a line that is not a stratum of
// b (naming its line and column), prefixes of different lengths or twice,
// and probabilities that do not add up to 1.
func ReadStrata(path string, b symmetry.Box) (*Strata, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileerr.Open(path, err)
	}
	defer f.Close()
	s, err := parseStrata(f, b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// maxStrataLine bounds a line of a strata file, some 80 bytes.
const maxStrataLine = 1 << 10

func parseStrata(r io.Reader, b symmetry.Box) (*Strata, error) {
	s := &Strata{Box: b}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, maxStrataLine)
	seen := map[solver.Seq]bool{}
	var sum float64
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if n == 1 {
			if line != strataHeader {
				return nil, fmt.Errorf("line 1: %q, want the header %q", line, strataHeader)
			}
			continue
		}
		if len(seen) >= 1<<(MaxStrataDepth-1) {
			return nil, fmt.Errorf("line %d: more than %d strata", n, 1<<(MaxStrataDepth-1))
		}
		x, err := parseStratum(line, b, s)
		if err != nil {
			return nil, fmt.Errorf("line %d, %w", n, err)
		}
		if seen[x.Prefix] {
			return nil, fmt.Errorf("line %d, column %d: prefix %v again", n, len(b.String())+2, x.Prefix)
		}
		seen[x.Prefix] = true
		sum += x.Probability
		s.Strata = append(s.Strata, x)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: longer than %d bytes", n+1, maxStrataLine)
		}
		return nil, err
	}
	switch {
	case n == 0:
		return nil, fmt.Errorf("empty, want the header %q", strataHeader)
	case len(s.Strata) == 0:
		return nil, errors.New("no stratum")
	case math.Abs(sum-1) > 1e-9:
		return nil, fmt.Errorf("the probabilities add up to %v, want 1", sum)
	}
	slices.SortFunc(s.Strata, func(x, y Stratum) int { return cmpSeq(x.Prefix, y.Prefix) })
	s.index()
	return s, nil
}

// parseStratum parses one line of a strata file of box b, whose strata
// so far are s's; its error starts with the column.
func parseStratum(line string, b symmetry.Box, s *Strata) (Stratum, error) {
	fields := strings.Split(line, "\t")
	if len(fields) != 5 {
		return Stratum{}, fmt.Errorf("column 1: %d fields, want 5 separated by tabs: %s", len(fields), strataHeader)
	}
	col := func(i int) int { // where field i starts, from 1
		c := 1
		for _, f := range fields[:i] {
			c += len(f) + 1
		}
		return c
	}
	bad := func(i int, format string, args ...any) (Stratum, error) {
		return Stratum{}, fmt.Errorf("column %d: %s", col(i), fmt.Sprintf(format, args...))
	}
	if fields[0] != b.String() {
		return bad(0, "box %q, want %v", fields[0], b)
	}
	p, err := solver.ParseSeq(fields[1])
	if err != nil {
		return bad(1, "prefix: %v", err)
	}
	limit := min(MaxStrataDepth, b.Len()-1)
	switch {
	case p.Len < 2 || p.Len > limit:
		return bad(1, "prefix %v of %d cubelets, want 2 to %d", p, p.Len, limit)
	case s.Depth != 0 && p.Len != s.Depth:
		return bad(1, "prefix %v of %d cubelets, where the lines before have %d", p, p.Len, s.Depth)
	case p.Bits&1 != 0:
		return bad(1, "prefix %v starts with a turn: every key starts with 0", p)
	}
	s.Depth = p.Len
	x := Stratum{Prefix: p}
	probs := []*float64{&x.Probability, &x.PilotProbability}
	for i, ptr := range probs {
		v, err := strconv.ParseFloat(fields[2+i], 64)
		if err != nil || !(v >= 0 && v <= 1) || i == 0 && v == 0 {
			want := "a probability"
			if i == 0 {
				want = "a probability above 0"
			}
			return bad(2+i, "%q, want %s", fields[2+i], want)
		}
		*ptr = v
	}
	if x.PilotDescents, err = strconv.Atoi(fields[4]); err != nil || x.PilotDescents < 0 {
		return bad(4, "%q, want a count", fields[4])
	}
	return x, nil
}

// cmpSeq orders prefixes of one length as their strings.
func cmpSeq(x, y solver.Seq) int { return cmp.Compare(x.String(), y.String()) }

// StrataOfPilot is what [Design.StrataOfPilot] finds.
type StrataOfPilot struct {
	*Strata
	Pilot Result // the pilot's own estimates
	// Descents is how many descents the pilot holds.
	Descents int
	// Cross is what [CrossRelVar] tells of the strata.
	Cross [2][2]float64
}

// StrataOfPilot reads the pilot's descents of d in the file at path
// ([Design.ReadPilot]) and returns the strata of k cubelets they tell
// ([Design.MakeStrata]), with the pilot's estimates and the strata's
// relative variances fitted on half the pilot and measured on the other.
func (d *Design) StrataOfPilot(ctx context.Context, k int, path string) (StrataOfPilot, error) {
	pilot, err := d.ReadPilot(path)
	if err != nil {
		return StrataOfPilot{}, err
	}
	s, err := d.MakeStrata(ctx, k, pilot)
	if err != nil {
		return StrataOfPilot{}, err
	}
	cross, err := CrossRelVar(s, pilot)
	if err != nil {
		return StrataOfPilot{}, err
	}
	return StrataOfPilot{Strata: s, Pilot: Summarize(pilot), Descents: len(pilot), Cross: cross}, nil
}
