package boxes

import (
	"bufio"
	"fmt"
	"regexp"
	"strconv"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/fileerr"
	"github.com/snakecube/snakecube/symmetry"
)

// checkLine is a section's line in what census check prints: the counts
// recounted and the verdict.
var checkLine = regexp.MustCompile(`^section (\d+) prefix ([01]+) snakes (\d+) solutions (\d+) palindromes (\d+) palindrome_solutions (\d+) one_solution_snakes (\d+) most_solutions (\d+): (.*)$`)

// checkHeader is the first line of what census check prints, which names
// the census's box and depth.
var checkHeader = regexp.MustCompile(`^# (\S+) census at depth (\d+): `)

// readCheck reads path, what snakecube census check printed for the
// census of box b at depth depth whose lines are recs, and returns how
// many sections it recounted. Its first line must name that box and
// depth, every section's line must say that it agrees, and its counts
// must be those of the census's line for that section: a check of another
// census, or one a disagreement was edited out of, is refused.
func readCheck(path string, b symmetry.Box, depth int, recs []census.Record) (int, error) {
	f, err := fileerr.OpenRegular(path, "check file")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	bySection := map[int]census.Record{}
	for _, r := range recs {
		bySection[r.Section] = r
	}
	seen := map[int]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 {
			m := checkHeader.FindStringSubmatch(line)
			if m == nil {
				return 0, fmt.Errorf("%s: line 1: no \"# BOX census at depth K: ...\" line naming the census: not what census check prints", path)
			}
			if m[1] != b.String() || m[2] != strconv.Itoa(depth) {
				return 0, fmt.Errorf("%s: line 1: a check of the census of %s at depth %s, not of %v at depth %d", path, m[1], m[2], b, depth)
			}
			continue
		}
		if line == "" || line[0] == '#' {
			continue
		}
		m := checkLine.FindStringSubmatch(line)
		if m == nil {
			return 0, fmt.Errorf("%s: line %d: not a line of census check", path, n)
		}
		if m[9] != "agree" {
			return 0, fmt.Errorf("%s: line %d: the recount disagrees with the census: %s", path, n, m[9])
		}
		var v [7]int64 // section, then the six counts
		for i, g := range []int{1, 3, 4, 5, 6, 7, 8} {
			if v[i], err = strconv.ParseInt(m[g], 10, 64); err != nil {
				return 0, fmt.Errorf("%s: line %d: %w", path, n, err)
			}
		}
		k := int(v[0])
		r, ok := bySection[k]
		switch {
		case !ok:
			return 0, fmt.Errorf("%s: line %d: section %d is not in the census", path, n, k)
		case seen[k]:
			return 0, fmt.Errorf("%s: line %d: section %d recounted twice", path, n, k)
		case r.Prefix != m[2] || [6]int64{r.Snakes, r.Solutions, r.Palindromes, r.PalindromeSolutions, r.OneSolution, r.Most} != [6]int64(v[1:]):
			return 0, fmt.Errorf("%s: line %d: section %d's recount is not the census's line for it", path, n, k)
		}
		seen[k] = true
	}
	if err := sc.Err(); err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	if len(seen) == 0 {
		return 0, fmt.Errorf("%s: no section recounted", path)
	}
	return len(seen), nil
}
