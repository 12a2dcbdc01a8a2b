package census

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/snakecube/snakecube/symmetry"
)

// Torn is a torn last line left out of a census file, by a run that
// stopped: run the census again to count its section.
type Torn struct {
	File  string
	Bytes int64
}

// ReadFiles reads census files and sums them as one census, refusing
// files of several censuses or a section counted twice; a folder stands
// for the .jsonl files in it, in name order, so that a census split by
// section ranges is read whole by naming its folder. It returns the
// records, their sum, and the torn last lines it left out.
func ReadFiles(ctx context.Context, names []string) ([]Record, Total, []Torn, error) {
	return readFiles(ctx, names, symmetry.Box{})
}

// ReadBox reads census files as [ReadFiles] does, and refuses a file of a
// box other than b, naming the file and both boxes: a folder named for
// its box holds that box's census and no other.
func ReadBox(ctx context.Context, b symmetry.Box, names []string) ([]Record, Total, []Torn, error) {
	return readFiles(ctx, names, b)
}

// readFiles is ReadFiles, refusing a file of a box other than box when
// box is not the zero Box.
func readFiles(ctx context.Context, names []string, box symmetry.Box) ([]Record, Total, []Torn, error) {
	names, err := files(names)
	if err != nil {
		return nil, Total{}, nil, err
	}
	var recs []Record
	var from []string
	var torn []Torn
	for _, name := range names {
		rs, n, err := ReadFile(ctx, name)
		if err != nil {
			return nil, Total{}, nil, upgradeHint(err, name)
		}
		if box.Len() > 0 && len(rs) > 0 && rs[0].Box != box {
			return nil, Total{}, nil, fmt.Errorf("%s: a census of %s, not of %s", name, rs[0].Box, box)
		}
		if n > 0 {
			torn = append(torn, Torn{name, n})
		}
		recs = append(recs, rs...)
		for range rs {
			from = append(from, name)
		}
	}
	if len(recs) == 0 {
		return nil, Total{}, torn, errors.New("the files hold no section")
	}
	t, err := Merge(recs, func(i int) string { return from[i] })
	return recs, t, torn, err
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
