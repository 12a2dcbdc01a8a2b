// Package census keeps the exact counts of a box's catalogue section by
// section, in files that a long or distributed run appends to,
// extrapolates the totals from a random sample of sections, and recounts
// sections by another route, through a written catalogue, to check them.
//
// # Files
//
// A census file is JSON Lines, one [Record] per section, in the order the
// sections completed:
//
//	{"box":"2x3x4","depth":6,"section":5,"prefix":"000101","snakes":3,"solutions":7,...,"nodes":77,"seconds":0.0001,"cpu_seconds":0.0001,"sum":"5c3f07a1"}
//
// Counts of zero are left out. "seconds" is the wall clock the count took;
// "cpu_seconds" the processor time the run spent since its line before,
// or since it began counting (the line's own cost, and the writing of the
// line before, when the run counts one section at a time, as the long
// runs do: the wall clock of a machine shared by several runs overstates
// it); lines written before 2026-12-07 have no "cpu_seconds".
//
// The last field, "sum", is a checksum of the line: the CRC-32C
// (Castagnoli), as 8 lowercase hexadecimal digits, of the record's
// canonical line without it, that is of the JSON that
// [Record.Line] writes with "sum" left out (fields in the order above, no
// spaces, numbers as Go's encoding/json writes them). A reader decodes the
// line, encodes it again without its sum, and compares. The sum catches a
// line edited by hand or damaged on disk; it is no signature against a
// forger.
//
// Every record read is also checked against what a census can hold (see
// [Record.Check]): its prefix is the one of its section number, and its
// counts agree with each other (one-solution snakes at most the snakes, at
// most the solutions, no solutions without snakes, the snake with most
// solutions in the section, ...). A file of the first format, without
// sums, is read only by [Upgrade], which checks every record as well and
// adds the sums. Lines of both formats have the fields box, depth,
// section, prefix, nodes and seconds: a line without them, a catalogue's
// say, is refused as no census line at all.
//
// # Resuming
//
// A run appends each section's line in one write and syncs it, so a run
// that stops midway leaves whole lines and at most one torn last line,
// without its newline. [Open] drops that torn line when whole records of
// the same census come before it, so the run counts that section again;
// otherwise it refuses the file, which is then no census a run stopped
// writing. Open also locks the file (flock), so that two runs cannot
// append to one file and count its sections twice, and refuses anything
// but a regular file.
//
// A run stopped within a section loses that section's search. A run marks
// each section it has searched for a minute in the parts file beside the
// census file ([PartsFile]) there and then, and should it end, however
// roughly (an interrupt, a kill, a crash), before it counts the section,
// the runs after count it in parts, the sections four cubelets below it,
// each appended to the parts file as it completes and marked and cut
// again should a run end in it as long. A parts file's lines are census
// records of the parts, with checksums, and the marks: {"split":true,...}
// and the record of the prefix cut, with no counts but the seconds it had
// been searched. The section's line is the sum of its parts, nodes,
// seconds and processor seconds too; the parts file is removed once every section it names has
// its line.
//
// # Merging
//
// [ReadFiles] reads census files line by line and sums them as it goes,
// keeping no record: a bit for each of the box's sections at the census's
// depth, in pages of 4096 sections made as their first section comes
// ([Sections]), refuses a section counted twice and tells those missing,
// and exact integer sums of each figure, of its squares and of the
// products that the ratio estimator needs extrapolate a sample. Its
// memory grows with the sections the lines touch, at most a bit each and
// an eighth more, not with the lines. The few records wanted again, the
// sections census check recounts, are read again from the files
// ([Records]).
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
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Record is the exact census of one section: the snakes whose keys start
// with Prefix, section number Section of the box's sections of length
// Depth in key order. Counts of zero are left out of the line: most deep
// sections of a big box hold no snake.
type Record struct {
	Box     symmetry.Box `json:"box"`
	Depth   int          `json:"depth"`
	Section int          `json:"section"`
	Prefix  string       `json:"prefix"`
	Counts
	// Sum is the line's checksum, set by [Record.Line] and checked and
	// cleared by the readers: a Record in memory has none.
	Sum string `json:"sum,omitempty"`
}

// Counts are a section's counts as a line of a census file, or of an
// estimate's descents file, writes them, after the fields that say which
// section it is.
type Counts struct {
	Snakes              int64   `json:"snakes,omitempty"`
	Solutions           int64   `json:"solutions,omitempty"`
	Palindromes         int64   `json:"palindromes,omitempty"`
	PalindromeSolutions int64   `json:"palindrome_solutions,omitempty"`
	OneSolution         int64   `json:"one_solution_snakes,omitempty"`
	Most                int64   `json:"most_solutions,omitempty"`
	MostKey             string  `json:"most_solutions_snake,omitempty"`
	Nodes               uint64  `json:"nodes"`
	Seconds             float64 `json:"seconds"`
	// CPU is the processor seconds the run spent since its line before,
	// "cpu_seconds" (see the package doc).
	CPU float64 `json:"cpu_seconds,omitempty"`
}

// CountsOf returns c as a file's line holds it.
func CountsOf(c solver.Count) Counts {
	r := Counts{
		Snakes: c.Snakes, Solutions: c.Solutions, Palindromes: c.Palindromes,
		PalindromeSolutions: c.PalindromeSolutions, OneSolution: c.OneSolution,
		Most: c.Most, Nodes: c.Nodes, Seconds: c.Seconds, CPU: c.CPU,
	}
	if c.Most > 0 {
		r.MostKey = c.MostKey.String()
	}
	return r
}

// Count returns the counts as the solver sums them; an unreadable
// most_solutions_snake is an error.
func (r Counts) Count() (solver.Count, error) {
	c := solver.Count{
		Snakes: r.Snakes, Solutions: r.Solutions, Palindromes: r.Palindromes,
		PalindromeSolutions: r.PalindromeSolutions, OneSolution: r.OneSolution,
		Most: r.Most, Nodes: r.Nodes, Seconds: r.Seconds, CPU: r.CPU,
	}
	if r.MostKey != "" {
		k, err := solver.ParseSeq(r.MostKey)
		if err != nil {
			return c, fmt.Errorf("most_solutions_snake: %w", err)
		}
		c.MostKey = k
	}
	return c, nil
}

// Line returns the record as one line of a census file, with its
// checksum.
func (r Record) Line() []byte { return summed(&r, &r.Sum) }

// summed returns v, a line's fields, as the line with its checksum,
// which it sets in *sum (a field of v): the CRC of v encoded with *sum
// empty, then v encoded again with it.
func summed(v any, sum *string) []byte {
	*sum = ""
	b, _ := json.Marshal(v) // numbers, strings and bools always encode
	*sum = checksum(b)
	b, _ = json.Marshal(v)
	return append(b, '\n')
}

// Sample returns n distinct section numbers below m, ascending, chosen at
// random by seed (Floyd's algorithm: n draws, whatever m is).
func Sample(m, n int, seed uint64) []int {
	return floyd(0, m, n, rand.New(rand.NewPCG(seed, uint64(m))))
}

// SampleRange returns n distinct section numbers from `from` to to-1,
// ascending, chosen at random by seed: all of them when n is more. The
// draws depend on the range as well as the seed, so that ranges given
// one seed do not draw the same offsets.
func SampleRange(from, to, n int, seed uint64) []int {
	return floyd(from, to, n, rand.New(rand.NewPCG(seed, rangeStream(from, to))))
}

// rangeStream returns the stream of the draws of [SampleRange] over the
// range from:to, a mix of both ends (SplitMix64's finalizer on each),
// never the stream of a [Sample] of the same seed over fewer than 2^62
// sections, whose stream is its count.
func rangeStream(from, to int) uint64 {
	mix := func(x uint64) uint64 {
		x ^= x >> 30
		x *= 0xbf58476d1ce4e5b9
		x ^= x >> 27
		x *= 0x94d049bb133111eb
		return x ^ x>>31
	}
	return mix(uint64(from)) ^ mix(mix(uint64(to))) | 1<<63 | 1<<62
}

// floyd returns n distinct numbers from `from` to to-1, ascending, drawn
// with r by Floyd's algorithm; all of them when n is more.
func floyd(from, to, n int, r *rand.Rand) []int {
	m := to - from
	n = min(n, m)
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
		out = append(out, from+k)
	}
	slices.Sort(out)
	return out
}

// NewRecord returns the record of section k of box b at depth, whose
// prefix is p and counts c.
func NewRecord(b symmetry.Box, depth, k int, p solver.Seq, c solver.Count) Record {
	return Record{Box: b, Depth: depth, Section: k, Prefix: p.String(), Counts: CountsOf(c)}
}

// Count returns the record's counts.
func (r Record) Count() (solver.Count, error) {
	c, err := r.Counts.Count()
	if err != nil {
		return c, fmt.Errorf("section %d: %w", r.Section, err)
	}
	return c, nil
}

// Total is the sum of the records of one census.
type Total struct {
	Box      symmetry.Box
	Depth    int
	Sections int // sections in the records
	solver.Count
	// Metered is how many records say their processor seconds, all of
	// Count.CPU, and MeteredNodes their nodes: their rate is a core's.
	Metered      int
	MeteredNodes uint64
}
