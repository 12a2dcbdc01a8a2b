package census

import (
	"fmt"
	"slices"

	"github.com/snakecube/snakecube/solver"
)

// Differences compares the record with c, a count of the same section
// made another way, and says in one phrase per figure where they differ:
// snakes, solutions, palindromes and their solutions, one-solution snakes,
// the most solutions and the first snake that has them. Nodes and seconds
// are left out: they belong to the search that counted, not to the
// section. No differences means the two counts agree.
func (r Record) Differences(c solver.Count) []string {
	var most string
	if c.Most > 0 {
		most = c.MostKey.String()
	}
	var out []string
	for _, f := range []struct {
		name            string
		census, counted any
	}{
		{"snakes", r.Snakes, c.Snakes},
		{"solutions", r.Solutions, c.Solutions},
		{"palindromes", r.Palindromes, c.Palindromes},
		{"palindrome_solutions", r.PalindromeSolutions, c.PalindromeSolutions},
		{"one_solution_snakes", r.OneSolution, c.OneSolution},
		{"most_solutions", r.Most, c.Most},
		{"most_solutions_snake", r.MostKey, most},
	} {
		if f.census != f.counted {
			out = append(out, fmt.Sprintf("%s %v in the census, %v recounted", f.name, f.census, f.counted))
		}
	}
	return out
}

// SampleRecords returns the records ordered by section and, chosen among them at
// random by seed, n of them (all when there are fewer), ordered by section:
// a simple random sample of the sections a census holds, whatever their
// numbers.
func SampleRecords(recs []Record, n int, seed uint64) []Record {
	recs = slices.SortedFunc(slices.Values(recs), func(a, b Record) int { return a.Section - b.Section })
	var out []Record
	for _, i := range Sample(len(recs), n, seed) {
		out = append(out, recs[i])
	}
	return out
}
