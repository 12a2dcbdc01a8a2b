package census

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/snakecube/snakecube/internal/fileerr"
	"github.com/snakecube/snakecube/internal/journal"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// A section that a run has searched for splitAfter is marked in the parts
// file there and then, while the search goes on: should that run end
// before the section is counted, by an interrupt or by a kill, a crash or
// a power cut that gives it no time to say so, the runs after count it in
// parts, the sections splitBy cubelets below it, each appended to the
// parts file as it completes, and each marked and split again should a
// run end in it as long. The section's line goes to the census file when
// its last part is counted, the sum of its parts (their nodes, so the
// search's nodes of the parts, and seconds too). A unit counted whole
// after its mark is counted: the mark is moot. A stop so loses at most
// the search of the units it stopped, each one either under a minute or
// cut from then on: a section of hours gets counted however often and
// however roughly the runs stop.
const (
	splitAfter = time.Minute
	splitBy    = 4
)

// partsKind is a parts file's, for the journal.
var partsKind = journal.Kind{Name: "census parts", MaxLine: 4096}

// PartsFile returns the name of the parts file beside the census file at
// path: it holds the parts counted of sections not counted whole, and a
// run removes it once each section it names is in the census file.
func PartsFile(path string) string { return path + ".parts" }

// partLine is a line of a parts file: the census record of a part, a
// section of the box below a census section, or, with Split, the mark of
// a prefix that is counted in parts unless it is counted whole, whose
// record holds only the seconds it had been searched when marked.
type partLine struct {
	Split bool `json:"split,omitempty"`
	Record
}

// line returns l as a line of a parts file, with its checksum.
func (l partLine) line() []byte { return summed(&l, &l.Sum) }

// decodePart reads and checks one line of a parts file.
func decodePart(text []byte) (partLine, error) {
	var l partLine
	if err := journal.Decode(text, &l); err != nil {
		return l, fmt.Errorf("not a census parts line: %w", err)
	}
	if err := checkSum(&l, &l.Sum); err != nil {
		return l, err
	}
	l.Sum = ""
	if err := l.Check(); err != nil {
		return l, err
	}
	if l.Split && (l.Counts != Counts{Seconds: l.Seconds}) {
		return l, fmt.Errorf("section %d: the mark of a split with counts", l.Section)
	}
	return l, nil
}

// decodePartOf reads one line of a parts file of box b's census at
// depth, and returns it with its prefix q and the census section q lies
// in. It refuses a line of another box, and one that lies above the
// census's sections: a part counted is at least a cubelet longer than
// they, a mark no shorter.
func decodePartOf(text []byte, b symmetry.Box, depth int) (l partLine, q solver.Seq, k int, err error) {
	if l, err = decodePart(text); err != nil {
		return l, q, 0, err
	}
	low := depth + 1
	if l.Split {
		low = depth
	}
	if l.Box != b || l.Depth < low {
		return l, q, 0, fmt.Errorf("a part of %s at depth %d, in the parts of a census of %v at depth %d", l.Box, l.Depth, b, depth)
	}
	q = solver.SectionAt(b, l.Depth, l.Section)
	return l, q, sectionOf(b, depth, q), nil
}

// parts is what a parts file holds, for the census at f.
type parts struct {
	j       *journal.File // nil until a line is to be written or read
	split   map[solver.Seq]bool
	counted map[solver.Seq]solver.Count
	of      map[int]bool // the census sections that the lines are of, read or written
}

// sectionOf returns the census section that prefix q, at least depth
// cubelets long, lies in.
func sectionOf(b symmetry.Box, depth int, q solver.Seq) int {
	return solver.SectionIndex(b, solver.Seq{Bits: q.Bits & (1<<depth - 1), Len: depth})
}

// openParts reads the parts file beside f, if there is one, and locks
// it. It refuses a line that does not check, a part of another census,
// or a part twice.
func (f *File) openParts(ctx context.Context) error {
	f.parts = parts{split: map[solver.Seq]bool{}, counted: map[solver.Seq]solver.Count{}, of: map[int]bool{}}
	name := PartsFile(f.path)
	if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return f.journalParts(ctx)
}

// journalParts opens the parts file, creating it if need be.
func (f *File) journalParts(ctx context.Context) error {
	b, name := f.box, PartsFile(f.path)
	j, err := journal.Open(ctx, name, partsKind, func(_ int, text []byte) error {
		l, q, k, err := decodePartOf(text, b, f.depth)
		switch {
		case err != nil:
			return err
		case l.Split && f.parts.split[q], !l.Split && f.parts.isCounted(q):
			return fmt.Errorf("%s is there twice", q)
		case l.Split:
			f.parts.split[q] = true
		default:
			c, err := l.Record.Count()
			if err != nil {
				return err
			}
			f.parts.counted[q] = c
		}
		f.parts.of[k] = true
		return nil
	}, func() error {
		// Every mark and every part counted lies in the tree of marks
		// of its section, below no part counted whole.
		for q := range f.parts.split {
			if err := f.parts.placed(b, f.depth, q, name); err != nil {
				return err
			}
		}
		for q := range f.parts.counted {
			if err := f.parts.placed(b, f.depth, q, name); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.parts.j = j
	return nil
}

func (ps *parts) isCounted(q solver.Seq) bool {
	_, ok := ps.counted[q]
	return ok
}

// cut reports whether p is counted as its parts: marked split, and not
// counted whole.
func (ps *parts) cut(p solver.Seq) bool { return ps.split[p] && !ps.isCounted(p) }

// units returns, in key order, what the section under p is counted as:
// p itself, or, when p is cut, the units of its parts.
func (ps *parts) units(b symmetry.Box, p solver.Seq, out []solver.Seq) []solver.Seq {
	if !ps.cut(p) {
		return append(out, p)
	}
	for _, q := range solver.Sections(b, p, min(p.Len+splitBy, b.Len())) {
		out = ps.units(b, q, out)
	}
	return out
}

// reaches reports whether q is p or, p being cut, lies in the tree of
// marks below p: one of its parts, or one of theirs, and so on.
func (ps *parts) reaches(b symmetry.Box, p, q solver.Seq) bool {
	if p == q {
		return true
	}
	if !ps.cut(p) || q.Len <= p.Len || q.Bits&(1<<p.Len-1) != p.Bits {
		return false
	}
	for _, r := range solver.Sections(b, p, min(p.Len+splitBy, b.Len())) {
		if r.Len <= q.Len && q.Bits&(1<<r.Len-1) == r.Bits {
			return ps.reaches(b, r, q)
		}
	}
	return false
}

// placed returns an error unless q lies in the tree of marks of the
// census section, depth cubelets long, that it starts with, below no
// part counted whole.
func (ps *parts) placed(b symmetry.Box, depth int, q solver.Seq, name string) error {
	for l := depth + splitBy; l < q.Len; l += splitBy {
		if a := (solver.Seq{Bits: q.Bits & (1<<l - 1), Len: l}); ps.isCounted(a) {
			return fmt.Errorf("%s: %s lies in part %s, counted whole", name, q, a)
		}
	}
	k := sectionOf(b, depth, q)
	if !ps.reaches(b, solver.SectionAt(b, depth, k), q) {
		return fmt.Errorf("%s: %s is no part that the marks of section %d cut it into", name, q, k)
	}
	return nil
}

// appendPart appends l to the parts file, creating it on the first line.
func (f *File) appendPart(l partLine) error {
	f.pmu.Lock()
	if f.parts.j == nil {
		// Nothing to read, so nothing to stop: the line is to be kept
		// whether or not the run is stopping.
		if err := f.journalParts(context.Background()); err != nil {
			f.pmu.Unlock()
			return err
		}
	}
	f.parts.of[sectionOf(f.box, f.depth, solver.SectionAt(f.box, l.Depth, l.Section))] = true
	f.pmu.Unlock()
	return f.parts.j.Append(l.line(), nil)
}

// closeParts closes the parts file, removing it first when every section
// it names is in the census file: what it holds is then in that file's
// lines. After a failed append to the census file, whose section is
// marked done all the same, the parts file is kept.
func (f *File) closeParts() error {
	f.pmu.Lock()
	defer f.pmu.Unlock()
	j := f.parts.j
	if j == nil {
		return nil
	}
	f.parts.j = nil
	if f.j.Err() != nil {
		return j.Close()
	}
	for k := range f.parts.of {
		if !f.Done(k) {
			return j.Close()
		}
	}
	if err := os.Remove(j.Name()); err != nil {
		j.Close()
		return fmt.Errorf("remove the parts of sections all counted: %w", err)
	}
	return j.Close()
}

// Kept says where a census run that stopped keeps its work, out being
// its census file: the sections counted, and the parts counted of the
// sections cut when there are any.
func Kept(out string) string { return keptIn(out, "the sections counted", "counted") }

// KeptRecounts says where a census check that stopped keeps its work,
// out being its recounts file, as [Kept] does for a census.
func KeptRecounts(out string) string { return keptIn(out, "the recounts made", "recounted") }

// keptIn says that what is in out, and the parts done of the sections
// cut in its parts file when there is one.
func keptIn(out, what, done string) string {
	kept := what + " are in " + out
	if _, err := os.Stat(PartsFile(out)); err == nil {
		kept += ", the parts " + done + " of the sections cut in " + PartsFile(out)
	}
	return kept
}

// Gap is what the census files a merge reads lack: how many of the
// sections are missing, the first few of them, and what the parts files
// beside the census hold of them.
type Gap struct {
	Missing int
	First   []int
	// Underway says how many parts of the missing sections are counted
	// in the parts files, and their nodes; "" when there are none.
	Underway string
}

// FindGap returns the gap of census c, read from the files names.
func FindGap(ctx context.Context, c *Census, names []string) (Gap, error) {
	var g Gap
	g.Missing, g.First = c.Have.Missing(5)
	if g.Missing == 0 {
		return g, nil
	}
	parts, sum, err := PartsUnderway(ctx, c, names)
	if err != nil {
		return g, err
	}
	if parts > 0 {
		g.Underway = fmt.Sprintf("%s of them, %s nodes, are counted in the .parts files beside the census",
			words.Plural(parts, "part"), words.Thousands(int(sum.Nodes)))
	}
	return g, nil
}

// List lists the first sections missing, "..." standing for the others,
// and what is under way.
func (g Gap) List() string {
	list := fmt.Sprint(g.First)
	if g.Missing > len(g.First) {
		list = strings.TrimSuffix(list, "]") + " ...]"
	}
	if g.Underway != "" {
		list += "; " + g.Underway + ": run the census again to finish them"
	}
	return list
}

// PartsUnderway returns how many parts the parts files beside the census
// files that names stand for (a folder for the .jsonl files in it) hold
// of the sections that census c lacks, and the sum
// of their counts: how far a census under way has got into the sections
// it is counting in parts. The files may be growing: a torn last line is
// left out, as a run leaves it.
func PartsUnderway(ctx context.Context, cs *Census, names []string) (n int, c solver.Count, err error) {
	all, err := files(names)
	if err != nil {
		return 0, c, err
	}
	b, depth := cs.Box, cs.Depth
	for _, name := range all {
		pf, err := fileerr.OpenRegular(PartsFile(name), "parts file")
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return 0, c, err
		}
		_, err = journal.Scan(ctx, pf, pf.Name(), partsKind, func(_ int, text []byte) error {
			l, _, k, err := decodePartOf(text, b, depth)
			switch {
			case err != nil:
				return err
			case l.Split || cs.Have.Has(k):
				return nil
			}
			d, err := l.Record.Count()
			n++
			c.Add(d)
			return err
		})
		pf.Close()
		if err != nil {
			return 0, c, err
		}
	}
	return n, c, nil
}
