package boxes

import (
	"bufio"
	"context"
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
// census of box b at depth depth read from the files names, and returns
// how many sections it recounted. Its first line must name that box and
// depth, every section's line must say that it agrees, and its counts
// must be those of the census's line for that section: a check of another
// census, or one a disagreement was edited out of, is refused. Only the
// census's lines of the sections recounted are read again, and kept.
func readCheck(ctx context.Context, path string, b symmetry.Box, depth int, names []string) (int, error) {
	lines, bad, err := readCheckLines(path, b, depth)
	if err != nil {
		return 0, err
	}
	want := map[int]bool{}
	for _, l := range lines {
		want[l.section] = true
	}
	recs, err := census.Records(ctx, names, func(k int) bool { return want[k] })
	if err != nil {
		return 0, err
	}
	bySection := map[int]census.Record{}
	for _, r := range recs {
		bySection[r.Section] = r
	}
	seen := map[int]bool{}
	for _, l := range lines {
		k := l.section
		r, ok := bySection[k]
		switch {
		case !ok:
			return 0, fmt.Errorf("%s: line %d: section %d is not in the census", path, l.n, k)
		case seen[k]:
			return 0, fmt.Errorf("%s: line %d: section %d recounted twice", path, l.n, k)
		case r.Prefix != l.prefix || [6]int64{r.Snakes, r.Solutions, r.Palindromes, r.PalindromeSolutions, r.OneSolution, r.Most} != l.counts:
			return 0, fmt.Errorf("%s: line %d: section %d's recount is not the census's line for it", path, l.n, k)
		}
		seen[k] = true
	}
	if bad != nil {
		return 0, bad
	}
	if len(seen) == 0 {
		return 0, fmt.Errorf("%s: no section recounted", path)
	}
	return len(seen), nil
}

// checkOf is a section's line in a check file.
type checkOf struct {
	n       int // the line's number
	section int
	prefix  string
	counts  [6]int64
}

// readCheckLines reads the sections' lines of the check file at path, of
// the census of box b at depth depth, up to the first line that is none
// (or the first that disagrees), whose error it returns as bad: the lines
// before it are still to be compared with the census, which says what is
// wrong with the first of them that is not the census's.
func readCheckLines(path string, b symmetry.Box, depth int) (lines []checkOf, bad, err error) {
	f, err := fileerr.OpenRegular(path, "check file")
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 {
			m := checkHeader.FindStringSubmatch(line)
			if m == nil {
				return nil, nil, fmt.Errorf("%s: line 1: no \"# BOX census at depth K: ...\" line naming the census: not what census check prints", path)
			}
			if m[1] != b.String() || m[2] != strconv.Itoa(depth) {
				return nil, nil, fmt.Errorf("%s: line 1: a check of the census of %s at depth %s, not of %v at depth %d", path, m[1], m[2], b, depth)
			}
			continue
		}
		if line == "" || line[0] == '#' {
			continue
		}
		m := checkLine.FindStringSubmatch(line)
		if m == nil {
			return lines, fmt.Errorf("%s: line %d: not a line of census check", path, n), nil
		}
		if m[9] != "agree" {
			return lines, fmt.Errorf("%s: line %d: the recount disagrees with the census: %s", path, n, m[9]), nil
		}
		var v [7]int64 // section, then the six counts
		for i, g := range []int{1, 3, 4, 5, 6, 7, 8} {
			if v[i], err = strconv.ParseInt(m[g], 10, 64); err != nil {
				return lines, fmt.Errorf("%s: line %d: %w", path, n, err), nil
			}
		}
		lines = append(lines, checkOf{n: n, section: int(v[0]), prefix: m[2], counts: [6]int64(v[1:])})
	}
	if err := sc.Err(); err != nil {
		return lines, fmt.Errorf("%s: %w", path, err), nil
	}
	return lines, nil, nil
}
