// Package census keeps the exact counts of a box's catalogue section by
// section, in files that a long or distributed run appends to, and
// extrapolates the totals from a random sample of sections.
//
// # Files
//
// A census file is JSON Lines, one [Record] per section, in the order the
// sections completed. A run that stops midway leaves whole lines and at
// most one torn last line, which [ReadFile] drops: the sections in the file
// are done, and a resumed run skips them.
//
// # Extrapolation
//
// When the records are a simple random sample of n of the M sections, the
// totals are estimated by M times the mean per section, with a 95%
// confidence interval from Student's t with n-1 degrees of freedom and the
// finite population correction sqrt(1 - n/M). Sections differ in size by
// orders of magnitude, so the interval is only as good as the sample is
// large: its coverage is measured in the tests. When the exact number of
// solutions is known from elsewhere (for a cube, from the number of
// directed Hamiltonian paths), [ExtrapolateRatio] scales the sample's
// ratio of snakes to solutions instead, which a sample that misses rare
// large sections affects less.
package census

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Record is the exact census of one section: the snakes whose keys start
// with Prefix, section number Section of the box's sections of length
// Depth in key order. Counts of zero are left out of the line: most deep
// sections of a big box hold no snake.
type Record struct {
	Box                 string  `json:"box"`
	Depth               int     `json:"depth"`
	Section             int     `json:"section"`
	Prefix              string  `json:"prefix"`
	Snakes              int64   `json:"snakes,omitempty"`
	Solutions           int64   `json:"solutions,omitempty"`
	Palindromes         int64   `json:"palindromes,omitempty"`
	PalindromeSolutions int64   `json:"palindrome_solutions,omitempty"`
	OneSolution         int64   `json:"one_solution_snakes,omitempty"`
	Most                int64   `json:"most_solutions,omitempty"`
	MostKey             string  `json:"most_solutions_snake,omitempty"`
	Nodes               uint64  `json:"nodes"`
	Seconds             float64 `json:"seconds"`
}

// Line returns the record as one line of a census file.
func (r Record) Line() []byte {
	b, _ := json.Marshal(r) // a struct of numbers and strings always encodes
	return append(b, '\n')
}

// ReadFile reads the records of a census file, dropping a torn last line
// (one without its newline), and returns the length of the whole lines, to
// which a resumed run truncates the file before appending.
func ReadFile(path string) (recs []Record, whole int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	return read(f, path)
}

func read(r io.Reader, name string) ([]Record, int64, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var recs []Record
	var off int64
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			return recs, off, nil // a torn line, or none
		}
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %w", name, err)
		}
		off += int64(len(line))
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var rec Record
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rec); err != nil {
			return nil, 0, fmt.Errorf("%s: line %d: %w", name, n, err)
		}
		recs = append(recs, rec)
	}
}

// Sample returns n distinct section numbers below m, ascending, chosen at
// random by seed (Floyd's algorithm: n draws, whatever m is).
func Sample(m, n int, seed uint64) []int {
	n = min(n, m)
	r := rand.New(rand.NewPCG(seed, uint64(m)))
	chosen := make(map[int]bool, n)
	for j := m - n; j < m; j++ {
		t := r.IntN(j + 1)
		if chosen[t] {
			t = j
		}
		chosen[t] = true
	}
	out := make([]int, 0, n)
	for k := range chosen {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// NewRecord returns the record of section k of box b at depth, whose
// prefix is p and counts c.
func NewRecord(b symmetry.Box, depth, k int, p solver.Seq, c solver.Count) Record {
	r := Record{
		Box: b.String(), Depth: depth, Section: k, Prefix: p.String(),
		Snakes: c.Snakes, Solutions: c.Solutions, Palindromes: c.Palindromes,
		PalindromeSolutions: c.PalindromeSolutions, OneSolution: c.Unique,
		Most: c.Most, Nodes: c.Nodes, Seconds: c.Seconds,
	}
	if c.Most > 0 {
		r.MostKey = c.MostKey.String()
	}
	return r
}

// Count returns the record's counts.
func (r Record) Count() (solver.Count, error) {
	c := solver.Count{
		Snakes: r.Snakes, Solutions: r.Solutions, Palindromes: r.Palindromes,
		PalindromeSolutions: r.PalindromeSolutions, Unique: r.OneSolution,
		Most: r.Most, Nodes: r.Nodes, Seconds: r.Seconds,
	}
	if r.MostKey != "" {
		k, err := solver.ParseSeq(r.MostKey)
		if err != nil {
			return c, fmt.Errorf("section %d: most_solutions_snake: %w", r.Section, err)
		}
		c.MostKey = k
	}
	return c, nil
}

// Total is the sum of the records of one census.
type Total struct {
	Box      string
	Depth    int
	Sections int // sections in the records
	solver.Count
}

// Merge sums records of one box and depth, refusing a section counted
// twice. name says where each record came from, for the messages.
func Merge(recs []Record, name func(i int) string) (Total, error) {
	var t Total
	seen := map[int]int{}
	for i, r := range recs {
		if i == 0 {
			t.Box, t.Depth = r.Box, r.Depth
		}
		if r.Box != t.Box || r.Depth != t.Depth {
			return t, fmt.Errorf("%s: a census of %s at depth %d, %s one of %s at depth %d: different censuses",
				name(i), r.Box, r.Depth, name(0), t.Box, t.Depth)
		}
		if j, ok := seen[r.Section]; ok {
			return t, fmt.Errorf("section %d (prefix %s) is counted twice, in %s and %s", r.Section, r.Prefix, name(j), name(i))
		}
		seen[r.Section] = i
		c, err := r.Count()
		if err != nil {
			return t, fmt.Errorf("%s: %w", name(i), err)
		}
		t.Sections++
		t.Add(c)
	}
	return t, nil
}

// Missing returns how many section numbers below m recs do not hold, and
// the first few of them. Its memory grows with the records, not with m.
func Missing(recs []Record, m, few int) (n int, first []int) {
	have := make([]int, 0, len(recs))
	for _, r := range recs {
		if r.Section >= 0 && r.Section < m {
			have = append(have, r.Section)
		}
	}
	slices.Sort(have)
	have = slices.Compact(have)
	next := 0 // the smallest number not yet accounted for
	for _, k := range append(have, m) {
		for j := next; j < k && len(first) < few; j++ {
			first = append(first, j)
		}
		n += k - next
		next = k + 1
	}
	return n, first
}

// Interval is an estimate of a total and its 95% confidence interval.
type Interval struct {
	Estimate, Low, High float64
}

// Extrapolate estimates the total over m sections of a quantity whose
// values in a simple random sample of them are ys.
func Extrapolate(ys []float64, m int) Interval {
	n := len(ys)
	if n == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	var sum, sq float64
	for _, y := range ys {
		sum += y
	}
	mean := sum / float64(n)
	for _, y := range ys {
		sq += (y - mean) * (y - mean)
	}
	est := float64(m) * mean
	if n < 2 || n >= m {
		half := 0.0
		if n < 2 && n < m {
			half = math.Inf(1)
		}
		return Interval{est, est - half, est + half}
	}
	sd := math.Sqrt(sq / float64(n-1))
	se := float64(m) * sd / math.Sqrt(float64(n)) * math.Sqrt(1-float64(n)/float64(m))
	half := tQuantile975(n-1) * se
	return Interval{est, max(est-half, 0), est + half}
}

// ExtrapolateRatio estimates the total over m sections of a quantity y by
// its ratio to another quantity x whose total over all sections, known, is
// xTotal: sum(ys)/sum(xs) * xTotal, with the 95% interval of the ratio
// estimator (Student's t, the finite population correction, the variance
// of the residuals y - R x). Where x is known exactly and y nearly
// proportional to it, this corrects for the rare large sections a small
// sample misses.
func ExtrapolateRatio(ys, xs []float64, xTotal float64, m int) Interval {
	n := len(ys)
	var sy, sx float64
	for i := range ys {
		sy += ys[i]
		sx += xs[i]
	}
	if n < 2 || sx == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	r := sy / sx
	var sq float64
	for i := range ys {
		d := ys[i] - r*xs[i]
		sq += d * d
	}
	est := r * xTotal
	if n >= m {
		return Interval{est, est, est}
	}
	se := float64(m) * math.Sqrt(sq/float64(n-1)/float64(n)) * math.Sqrt(1-float64(n)/float64(m))
	half := tQuantile975(n-1) * se
	return Interval{est, max(est-half, 0), est + half}
}

// tQuantile975 is the 97.5% quantile of Student's t with df degrees of
// freedom: tabulated to 10 degrees, the Cornish-Fisher expansion (within
// 1e-3 from there on) beyond.
func tQuantile975(df int) float64 {
	if df < 1 {
		return math.Inf(1)
	}
	if df <= 10 {
		return [...]float64{12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281}[df-1]
	}
	z, d := 1.959964, float64(df)
	z3, z5, z7 := z*z*z, z*z*z*z*z, z*z*z*z*z*z*z
	return z + (z3+z)/(4*d) + (5*z5+16*z3+3*z)/(96*d*d) + (3*z7+19*z5+17*z3-15*z)/(384*d*d*d)
}
