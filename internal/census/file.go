package census

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/internal/fileerr"
	"github.com/snakecube/snakecube/internal/journal"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/symmetry"
)

// kind is a census file's, for the journal: the longest record, of a
// 64-cell box with every count at its largest, takes under 500 bytes, so
// a longer line is no census line and reading it stops there, whatever
// the file holds.
var kind = journal.Kind{Name: "census", MaxLine: 4096}

// ErrLocked reports a census file that another run holds.
var ErrLocked = journal.ErrLocked

// contents is what a census file holds.
type contents struct {
	recs  []Record
	lines []int // the line number of each record
	journal.Scanned
}

// scan reads and checks the lines of a census file, all of one census,
// from r (see journal.Scan). needSum refuses a line without a checksum.
func scan(ctx context.Context, r io.Reader, name string, needSum bool) (contents, error) {
	var c contents
	s, err := journal.Scan(ctx, r, name, kind, c.add(needSum))
	c.Scanned = s
	return c, err
}

// add returns a journal's line reader that decodes each line into c,
// checking that all are of one census.
func (c *contents) add(needSum bool) func(n int, line []byte) error {
	return func(n int, line []byte) error {
		rec, err := decode(line, needSum)
		if err != nil {
			return err
		}
		if len(c.recs) > 0 {
			if err := sameCensus(rec, c.recs[0], c.lines[0]); err != nil {
				return err
			}
		}
		c.recs = append(c.recs, rec)
		c.lines = append(c.lines, n)
		return nil
	}
}

// sameCensus refuses rec when first, the record on line n of its file,
// is of another census.
func sameCensus(rec, first Record, n int) error {
	if rec.Box != first.Box || rec.Depth != first.Depth {
		return fmt.Errorf("a census of %s at depth %d, but line %d one of %s at depth %d",
			rec.Box, rec.Depth, n, first.Box, first.Depth)
	}
	return nil
}

// ReadFile reads the records of a census file, checking every line, for a
// merge. A torn last line after whole records, the trace of a run that
// stopped, is left out, and its length returned so that the caller can
// say so. The file must be a regular file: a named pipe or a device is
// refused at once ([fileerr.OpenRegular]).
func ReadFile(ctx context.Context, path string) (recs []Record, torn int64, err error) {
	torn, err = readFile(ctx, path, func(r Record) error {
		recs = append(recs, r)
		return nil
	})
	return recs, torn, err
}

// readFile is ReadFile calling each with each record as it reads it,
// keeping none.
func readFile(ctx context.Context, path string, each func(Record) error) (torn int64, err error) {
	f, err := fileerr.OpenRegular(path, "census file")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var first Record
	line := 0 // the line of first
	s, err := journal.Scan(ctx, f, path, kind, func(n int, text []byte) error {
		rec, err := decode(text, true)
		if err != nil {
			return err
		}
		if line == 0 {
			first, line = rec, n
		} else if err := sameCensus(rec, first, line); err != nil {
			return err
		}
		return each(rec)
	})
	return s.Torn, err
}

// File is a census file open for a run: the sections it holds, and more
// to append. It is locked while open, so that no other run appends to it.
type File struct {
	j     *journal.File
	path  string
	box   symmetry.Box
	depth int

	read []Record // the records Open read

	mu   sync.Mutex
	done map[int]bool

	pmu   sync.Mutex // guards parts.j
	parts parts
	// markLater has mark run once a unit has been searched for
	// splitAfter, and returns what cancels that, reporting whether it did
	// so before mark ran; tests mark at the events they mean instead.
	markLater func(mark func()) (stop func() bool)
}

// Open opens the census file at path for a run over box b's sections of
// length depth, creating it if need be. It refuses a file that is not
// regular, that another run holds, that holds another census, a line that
// does not check, or a section twice. It drops a torn last line after
// whole records, truncating the file to them: that section is counted
// again. The file is read line by line, and reading it stops when ctx is
// done. The parts file beside it ([PartsFile]), if any, is read, checked
// and locked the same way.
func Open(ctx context.Context, path string, b symmetry.Box, depth int) (*File, error) {
	f := &File{path: path, box: b, depth: depth, done: map[int]bool{}, markLater: func(mark func()) func() bool {
		return time.AfterFunc(splitAfter, mark).Stop
	}}
	var c contents
	j, err := journal.Open(ctx, path, kind, c.add(true), func() error {
		line := map[int]int{}
		for i, r := range c.recs {
			if r.Box != b || r.Depth != depth {
				return fmt.Errorf("%s holds a census of %s at depth %d, not of %v at depth %d", path, r.Box, r.Depth, b, depth)
			}
			if k, ok := line[r.Section]; ok {
				return fmt.Errorf("%s: section %d is there twice, on lines %d and %d", path, r.Section, k, c.lines[i])
			}
			line[r.Section] = c.lines[i]
			f.done[r.Section] = true
		}
		f.read = c.recs
		return nil
	})
	if err != nil {
		return nil, upgradeHint(err, path)
	}
	f.j = j
	if err := f.openParts(ctx); err != nil {
		j.Close()
		return nil, err
	}
	return f, nil
}

// Done reports whether section k is in the file.
func (f *File) Done(k int) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.done[k]
}

// DoneIn returns how many of the sections from to to-1 are in the file.
func (f *File) DoneIn(from, to int) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for k := range f.done {
		if from <= k && k < to {
			n++
		}
	}
	return n
}

// Read returns the records the file held when Open read it.
func (f *File) Read() []Record { return f.read }

// Census returns the box and the depth of the census.
func (f *File) Census() (symmetry.Box, int) { return f.box, f.depth }

// Name returns the file's path.
func (f *File) Name() string { return f.path }

// Torn returns the length of the torn last line that Open dropped, 0 when
// there was none.
func (f *File) Torn() int64 { return f.j.Torn() }

// Append writes the record of a section not yet in the file, as one line
// in one write, and syncs it to disk, so that a crash leaves whole lines
// and at most one torn last line. It may be called from several
// goroutines. After a failed append, every later one fails.
func (f *File) Append(r Record) error {
	if r.Box != f.box || r.Depth != f.depth {
		return fmt.Errorf("%s: a record of %s at depth %d in a census of %v at depth %d", f.path, r.Box, r.Depth, f.box, f.depth)
	}
	if err := r.Check(); err != nil {
		return fmt.Errorf("%s: %w", f.path, err)
	}
	// Marked done before the write: should it fail, every later append
	// fails too.
	return f.j.Append(r.Line(), func() error {
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.done[r.Section] {
			return fmt.Errorf("%s: section %d is there already", f.path, r.Section)
		}
		f.done[r.Section] = true
		return nil
	})
}

// Close closes the file, which releases its lock, and its parts file,
// which it removes when every section that file names is in the census
// file.
func (f *File) Close() error {
	return errors.Join(f.closeParts(), f.j.Close())
}

// Upgraded says what [Upgrade] did to a file.
type Upgraded struct {
	Records    int   // the records written
	Duplicates int   // records dropped as the repetition of an earlier one
	Torn       int64 // the length of a torn last line dropped
}

// Summary says what was done to the file at path, for a person.
func (u Upgraded) Summary(path string) string {
	msg := fmt.Sprintf("%s: %s checked, each line with its checksum", path, words.Plural(u.Records, "section"))
	if u.Duplicates > 0 {
		msg += fmt.Sprintf("; dropped %s repeating an earlier one", words.Plural(u.Duplicates, "record"))
	}
	if u.Torn > 0 {
		msg += fmt.Sprintf("; dropped a torn last line of %d bytes", u.Torn)
	}
	return msg
}

// Upgrade brings a census file of the first format, without checksums,
// forward: it checks every record as a reader of the present format does
// and, when all pass, replaces the file with the same records, each line
// with its checksum. A file already in the present format is written
// again unchanged. A torn last line after whole records is dropped, and so
// is a section's record that repeats an earlier one but for its seconds,
// as two runs that appended to one file before files were locked left;
// a section twice with other counts is refused. The file is locked
// meanwhile, so Upgrade refuses a file that a run holds; a run of a
// version that does not lock must be stopped first, or the lines it
// appends after the upgrade are lost.
func Upgrade(ctx context.Context, path string) (Upgraded, error) {
	var u Upgraded
	in, err := fileerr.OpenRegular(path, "census file")
	if err != nil {
		return u, err
	}
	defer in.Close()
	if err := journal.Lock(in); err != nil {
		return u, fmt.Errorf("%s: %w", path, err)
	}
	c, err := scan(ctx, in, path, false)
	if err != nil {
		return u, err
	}
	recs, err := dedupe(c, path)
	if err != nil {
		return u, err
	}
	u = Upgraded{Records: len(recs), Duplicates: len(c.recs) - len(recs), Torn: c.Torn}
	out, err := atomicfile.Create(path)
	if err != nil {
		return u, err
	}
	defer out.Abort()
	w := bufio.NewWriter(out)
	for _, r := range recs {
		w.Write(r.Line()) // a failed write sticks: Flush returns it
	}
	if err := w.Flush(); err != nil {
		return u, fmt.Errorf("write %s: %w", path, err)
	}
	// The old file is gone once the new one is in place: the new one must
	// be on disk before, as its lines are when a run appends them.
	if err := out.Sync(); err != nil {
		return u, fmt.Errorf("sync %s: %w", path, err)
	}
	return u, out.Commit()
}

// dedupe returns the records of c without those that repeat an earlier
// record of their section but for the seconds, and refuses a section
// twice with other counts.
func dedupe(c contents, path string) ([]Record, error) {
	first := map[int]int{}
	recs := c.recs[:0:0]
	for i, r := range c.recs {
		j, ok := first[r.Section]
		if !ok {
			first[r.Section] = i
			recs = append(recs, r)
			continue
		}
		a, b := c.recs[j], r
		a.Seconds, b.Seconds, a.CPU, b.CPU = 0, 0, 0, 0
		if a != b {
			return nil, fmt.Errorf("%s: section %d is there twice with different counts, on lines %d and %d", path, r.Section, c.lines[j], c.lines[i])
		}
	}
	return recs, nil
}
