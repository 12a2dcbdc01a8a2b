package census

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Torn is a torn last line left out of a census file, by a run that
// stopped: run the census again to count its section.
type Torn struct {
	File  string
	Bytes int64
}

// Census is census files read as one census, line by line: the sum of
// their records, the sections they hold, and the exact sums that
// extrapolate a sample, in memory that does not grow with the lines but
// for the bit a section of [Sections].
type Census struct {
	Total
	// Have is the sections the files hold, of the m of the census's box
	// and depth.
	Have *Sections
	// Torn is the torn last lines left out.
	Torn []Torn
	// sums are the sums over the sections of snakes, solutions,
	// one-solution snakes and nodes, and of snakes and one-solution snakes
	// with solutions, for [NewReport].
	sums  [4]Sum
	pairs [2]Pair
}

// newCensus returns an empty census.
func newCensus() *Census {
	c := &Census{}
	c.pairs[0] = Pair{Y: &c.sums[0], X: &c.sums[1]}
	c.pairs[1] = Pair{Y: &c.sums[2], X: &c.sums[1]}
	return c
}

// add adds r, a record of the census's box and depth not yet in it.
func (c *Census) add(r Record, k solver.Count) {
	c.Sections++
	c.Add(k)
	if k.CPU > 0 {
		c.Metered++
		c.MeteredNodes += k.Nodes
	}
	for i, v := range []uint64{uint64(r.Snakes), uint64(r.Solutions), uint64(r.OneSolution), r.Nodes} {
		c.sums[i].Add(v)
	}
	c.pairs[0].Add(uint64(r.Snakes), uint64(r.Solutions))
	c.pairs[1].Add(uint64(r.OneSolution), uint64(r.Solutions))
}

// ReadFiles reads census files and sums them as one census, line by line,
// refusing files of several censuses or a section counted twice; a folder
// stands for the .jsonl files in it, in name order, so that a census split
// by section ranges is read whole by naming its folder. It returns the
// census with the torn last lines it left out, which it returns too when
// it refuses the files as one census.
func ReadFiles(ctx context.Context, names []string) (*Census, error) {
	return readFiles(ctx, names, symmetry.Box{})
}

// ReadBox reads census files as [ReadFiles] does, and refuses a file of a
// box other than b, naming the file and both boxes: a folder named for
// its box holds that box's census and no other.
func ReadBox(ctx context.Context, b symmetry.Box, names []string) (*Census, error) {
	return readFiles(ctx, names, b)
}

// readFiles is ReadFiles, refusing a file of a box other than box when
// box is not the zero Box. A file that cannot be read is reported before
// any record that does not merge, as when every file was read first: a
// merge's error is kept, and the files after it are read for their
// errors and torn lines only.
func readFiles(ctx context.Context, names []string, box symmetry.Box) (*Census, error) {
	names, err := files(names)
	if err != nil {
		return nil, err
	}
	c := newCensus()
	var first string // the first file with a record
	var twice = -1   // the section counted twice, once found
	var at int       // the file in which it was found again
	var merr error   // the first record that does not merge
	for i, name := range names {
		var other *Record // the file's first record, when of a box other than box
		torn, err := readFile(ctx, name, func(r Record) error {
			if box.Len() > 0 && other == nil && r.Box != box {
				other = &r
			}
			if other != nil || merr != nil {
				return nil
			}
			if c.Have == nil {
				first, c.Box, c.Depth = name, r.Box, r.Depth
				c.Have = NewSections(solver.NumSections(r.Box, r.Depth))
			}
			if r.Box != c.Box || r.Depth != c.Depth {
				merr = fmt.Errorf("%s: a census of %s at depth %d, %s one of %s at depth %d: different censuses",
					name, r.Box, r.Depth, first, c.Box, c.Depth)
				return nil
			}
			if !c.Have.Add(r.Section) {
				twice, at = r.Section, i
				merr = errTwice
				return nil
			}
			k, err := r.Count()
			if err != nil {
				merr = fmt.Errorf("%s: %w", name, err)
			}
			c.add(r, k)
			return nil
		})
		if err != nil {
			return nil, upgradeHint(err, name)
		}
		if other != nil {
			return nil, fmt.Errorf("%s: a census of %s, not of %s", name, other.Box, box)
		}
		if torn > 0 {
			c.Torn = append(c.Torn, Torn{name, torn})
		}
	}
	if c.Have == nil {
		return &Census{Torn: c.Torn}, errors.New("the files hold no section")
	}
	if merr == errTwice {
		merr = twiceError(ctx, names[:at+1], twice)
	}
	return c, merr
}

// errTwice stands for a section counted twice until [twiceError] has
// found where.
var errTwice = errors.New("a section counted twice")

// twiceError says that section k is counted twice, naming the file of its
// first record, among names, and the file of its second, the last of
// names: the files are read again up to there, as a set of sections
// does not say where each came from.
func twiceError(ctx context.Context, names []string, k int) error {
	var where []string
	prefix := ""
	for _, name := range names {
		_, err := readFile(ctx, name, func(r Record) error {
			if r.Section == k && len(where) < 2 {
				where = append(where, name)
				prefix = r.Prefix
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if len(where) < 2 { // the files changed meanwhile
		where = append(where, names[len(names)-1], names[len(names)-1])
	}
	return fmt.Errorf("section %d (prefix %s) is counted twice, in %s and %s", k, prefix, where[0], where[1])
}

// Records returns the records of the sections k for which want(k) that
// the census files names stand for hold, ordered by section: a second pass
// over the files that [ReadFiles] read, which keeps only those.
func Records(ctx context.Context, names []string, want func(k int) bool) ([]Record, error) {
	names, err := files(names)
	if err != nil {
		return nil, err
	}
	var out []Record
	for _, name := range names {
		_, err := readFile(ctx, name, func(r Record) error {
			if want(r.Section) {
				out = append(out, r)
			}
			return nil
		})
		if err != nil {
			return nil, upgradeHint(err, name)
		}
	}
	slices.SortFunc(out, func(a, b Record) int { return cmp.Compare(a.Section, b.Section) })
	return out, nil
}

// files returns the files named, each folder among them replaced by the
// .jsonl files in it, in name order.
func files(names []string) ([]string, error) {
	var out []string
	for _, name := range names {
		fi, err := os.Stat(name)
		if err != nil || !fi.IsDir() {
			out = append(out, name) // the reader says what is wrong
			continue
		}
		ents, err := os.ReadDir(name)
		if err != nil {
			return nil, err
		}
		n := len(out)
		for _, de := range ents {
			if !de.IsDir() && strings.HasSuffix(de.Name(), ".jsonl") {
				out = append(out, filepath.Join(name, de.Name()))
			}
		}
		if len(out) == n {
			return nil, fmt.Errorf("%s: a folder with no .jsonl file", name)
		}
	}
	return out, nil
}

// Among reports whether the file at path is one of the census files that
// names stand for (a folder for the .jsonl files in it): the same file on
// disk, whatever the path. A path where no file is yet is none of them.
func Among(path string, names []string) (bool, error) {
	pi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	all, err := files(names)
	if err != nil {
		return false, err
	}
	for _, name := range all {
		if fi, err := os.Stat(name); err == nil && os.SameFile(pi, fi) {
			return true, nil
		}
	}
	return false, nil
}

// upgradeHint adds to a reader's error what to do about a file of the
// first format.
func upgradeHint(err error, name string) error {
	if errors.Is(err, ErrNoSum) {
		return fmt.Errorf("%w; bring it forward with: snakecube census upgrade %s", err, name)
	}
	return err
}
