package census

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/cputime"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/solver/sequencer"
	"github.com/snakecube/snakecube/symmetry"
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

// SampleRecords returns n of the records of census c, read from the files
// names, chosen at random by seed (all when there are fewer), ordered by
// section: a simple random sample of the sections a census holds,
// whatever their numbers. The draws are ranks among the sections in
// order, taken from c's set of them, and the records drawn are read again
// from the files: only they are kept.
func SampleRecords(ctx context.Context, c *Census, names []string, n int, seed uint64) ([]Record, error) {
	want := map[int]bool{}
	for _, k := range c.Have.Sample(n, seed) {
		want[k] = true
	}
	return Records(ctx, names, func(k int) bool { return want[k] })
}

// RecountOptions tune [Recount].
type RecountOptions struct {
	// Workers is how many sections are recounted at once.
	Workers int
	// Done, if not nil, is called as each section is recounted or taken
	// from Kept, in any order.
	Done func()
	// Kept, if not nil, is a census file of the recounts made so far, at
	// the records' depth: a section it holds is taken from it, not
	// recounted, and each section recounted is appended to it; the parts
	// of a section recounted in parts go to its parts file ([PartsFile])
	// as each is recounted, and are taken from there. A check stopped
	// anywhere so resumes where it was, losing at most the part it was in.
	Kept *File
}

// Recount recounts the sections of the records todo, of box b, each as a
// recounter does, up to opts.Workers at once, the largest (by the
// census's nodes) first, so that one large section does not finish alone
// while the rest wait. It calls report for each in the order of todo
// with where its count and its record differ ([Record.Differences]); it
// returns how many differ and the sum of the recounts.
func Recount(ctx context.Context, b symmetry.Box, todo []Record, opts RecountOptions, report func(r Record, c solver.Count, diff []string) error) (int, solver.Count, error) {
	var sum solver.Count
	bad := 0
	kept := map[int]Record{}
	if opts.Kept != nil {
		for _, r := range opts.Kept.Read() {
			kept[r.Section] = r
		}
	}
	size := func(i int) float64 {
		if _, ok := kept[todo[i].Section]; ok {
			return 0
		}
		return float64(todo[i].Nodes)
	}
	rc := recounter{b: b, max: maxPartSolutions, kept: opts.Kept, whole: recountWhole, m: cputime.Start()}
	err := sequencer.RunLargestFirst(ctx, len(todo), opts.Workers, size, func(ctx context.Context, i int) (solver.Count, error) {
		if r, ok := kept[todo[i].Section]; ok {
			if opts.Done != nil {
				opts.Done()
			}
			return r.Count()
		}
		p := solver.SectionAt(b, todo[i].Depth, todo[i].Section)
		c, err := rc.count(ctx, p, true, todo[i].Solutions)
		if err != nil {
			return c, fmt.Errorf("section %d (prefix %s): %w", todo[i].Section, p, err)
		}
		if opts.Kept != nil {
			if err := opts.Kept.Append(NewRecord(b, todo[i].Depth, todo[i].Section, p, c)); err != nil {
				return c, err
			}
		}
		if opts.Done != nil {
			opts.Done()
		}
		return c, nil
	}, func(i int, c solver.Count) error {
		sum.Add(c)
		diff := todo[i].Differences(c)
		if len(diff) > 0 {
			bad++
		}
		return report(todo[i], c, diff)
	})
	return bad, sum, err
}

// maxPartSolutions bounds the solutions of a part that a recount counts
// as one catalogue, and so its memory: as many solutions as the largest
// of the 4,096 sections twelve cubelets below a section of 2x2x16 with
// 20 million solutions (section 495, 2.1 GB at most, when the parts of
// a section streamed as one catalogue), where those of section 14335
// hold up to 111 million.
const maxPartSolutions = 1 << 19

// A recounter counts the section of box b under a prefix p the way
//
//	snakecube enumerate -size B -prefix P -format jsonl -o - | snakecube stats -
//
// does, which is not the way a census counts: every solution is found and
// kept, sorted into canonical form, written as a catalogue, read back,
// checked to fold its snake and to differ from the snake's other solutions,
// and only then counted. A section of at most max solutions is counted so
// at once, by whole (recountWhole, its catalogue streaming through a
// pipe); a larger one, as the sections four cubelets below it, each alike,
// down to parts that hold at most that many or a single snake's, whose
// counts are added: a snake's solutions all lie in one part, so the sum is
// what one catalogue of the section would count, and the memory is one
// part's. The count's nodes are those of the searches that wrote the
// catalogues, its seconds theirs and their reading's.
type recounter struct {
	b   symmetry.Box
	max int64
	// kept, if not nil, is the file of a check's recounts: the parts of a
	// section cut are marked and counted in its parts file, and a part
	// counted there is taken from it.
	kept  *File
	whole func(ctx context.Context, b symmetry.Box, p solver.Seq) (solver.Count, error)
	// m, if not nil, meters the processor time of the parts counted
	// whole, each its turn: that of its own recount and of what was done
	// since the turn before (the searches that found the sections to cut,
	// the lines written), so that the turns add up to the check's.
	m *cputime.Meter
}

// count returns the recount of the section under p: a section of the
// census when top, else a part of one; solutions is the census's count
// of p's solutions, -1 where there is none. A part is appended to the parts
// file when counted whole, and a section or part that does not fit is
// marked there as cut before its parts are counted, so that a check
// resumed cuts it the same way without counting it first. Whether a
// section fits is asked of the census's engine, only to cut it: what the
// recount counts does not depend on how the section is cut, only its
// memory does; so a census line's solutions, where there is one, say it
// without searching the section once more.
func (rc recounter) count(ctx context.Context, p solver.Seq, top bool, solutions int64) (solver.Count, error) {
	b, kept := rc.b, rc.kept
	if c, ok := kept.partCounted(p); ok && !top {
		return c, nil
	}
	if !kept.marked(p) {
		whole, err := fits(ctx, b, p, rc.max, solutions)
		if err != nil {
			return solver.Count{}, err
		}
		if whole {
			start := time.Now()
			c, err := rc.whole(ctx, b, p)
			c.Seconds = time.Since(start).Seconds()
			if rc.m != nil {
				c.CPU = rc.m.Take()
			}
			if err == nil && kept != nil && !top {
				err = kept.appendPart(partLine{Record: NewRecord(b, p.Len, solver.SectionIndex(b, p), p, c)})
			}
			return c, err
		}
		if kept != nil {
			mark := NewRecord(b, p.Len, solver.SectionIndex(b, p), p, solver.Count{})
			if err := kept.appendPart(partLine{Split: true, Record: mark}); err != nil {
				return solver.Count{}, err
			}
		}
	}
	var sum solver.Count
	for _, q := range solver.Sections(b, p, min(p.Len+splitBy, b.Len())) {
		c, err := rc.count(ctx, q, false, -1)
		if err != nil {
			return solver.Count{}, err
		}
		sum.Add(c)
	}
	return sum, nil
}

// partCounted returns the count of part p in f's parts file, if it is
// there; f may be nil.
func (f *File) partCounted(p solver.Seq) (solver.Count, bool) {
	if f == nil {
		return solver.Count{}, false
	}
	c, ok := f.parts.counted[p]
	return c, ok
}

// marked reports whether p is marked cut in f's parts file; f may be nil.
func (f *File) marked(p solver.Seq) bool { return f != nil && f.parts.split[p] }

// recountWhole counts the section of box b under p as one catalogue,
// which streams through a pipe: it is searched as enumerate -prefix cuts
// it, in the sections twelve cubelets below p.
func recountWhole(ctx context.Context, b symmetry.Box, p solver.Seq) (solver.Count, error) {
	sections, _, err := export.Part{Prefix: p.String()}.Sections(b)
	if err != nil {
		return solver.Count{}, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r, w := io.Pipe()
	wrote := make(chan error, 1)
	var nodes uint64
	go func() {
		n, err := export.Search(ctx, w, b, sections, solver.Options{Workers: 1}, export.Options{Format: export.FormatJSONL})
		nodes = n.Nodes
		w.CloseWithError(err)
		wrote <- err
	}()
	st, err := stats.Compute(ctx, r, stats.Options{Box: b})
	// A reader that stopped early unblocks the writer, and the search
	// stops.
	r.CloseWithError(errors.New("the catalogue's reader stopped"))
	cancel()
	if werr := <-wrote; err == nil {
		err = werr
	}
	if err != nil {
		return solver.Count{}, err
	}
	if st.Duplicates > 0 {
		return solver.Count{}, fmt.Errorf("the catalogue lists %d solutions twice", st.Duplicates)
	}
	c := solver.Count{
		Snakes: int64(st.Snakes), Solutions: int64(st.Solutions),
		Palindromes: int64(st.Palindromes), PalindromeSolutions: int64(st.PalindromeSolutions),
		OneSolution: int64(st.OneSolution()), Most: int64(st.Most), Nodes: nodes,
	}
	if st.Snakes > 0 {
		c.MostKey = st.MostSnakes[0]
	}
	return c, nil
}

// fits reports whether a recount may hold the section under p whole: it
// is a single snake's, or it holds at most max solutions, as known says
// when it is not -1 (a census line's count), else as the census's engine
// counts them.
func fits(ctx context.Context, b symmetry.Box, p solver.Seq, max, known int64) (bool, error) {
	switch {
	case p.Len == b.Len():
		return true, nil
	case known >= 0:
		return known <= max, nil
	}
	c, err := solver.CountSection(ctx, b, p, solver.Options{Workers: 1})
	return c.Solutions <= max, err
}

// Check recounts the sections of the census records todo, of box b, as
// opts say, writes a line for each on w in the order of todo
// ([WriteRecount]) and a summary, and returns how many disagree with
// their record.
func Check(ctx context.Context, w io.Writer, b symmetry.Box, todo []Record, opts RecountOptions) (int, error) {
	bad, sum, err := Recount(ctx, b, todo, opts, func(r Record, c solver.Count, diff []string) error {
		return WriteRecount(w, r, c, diff)
	})
	if err != nil {
		return bad, err
	}
	_, err = fmt.Fprintf(w, "# %d sections recounted: %d agree, %d disagree; between them %d snakes, %d solutions\n",
		len(todo), len(todo)-bad, bad, sum.Snakes, sum.Solutions)
	return bad, err
}

// WriteRecount writes the line census check prints for a section: its
// record r's section and prefix, the recount c, and whether c agrees with
// r, diff saying where it does not ([Record.Differences]).
func WriteRecount(w io.Writer, r Record, c solver.Count, diff []string) error {
	verdict := "agree"
	if len(diff) > 0 {
		verdict = "DISAGREE: " + strings.Join(diff, "; ")
	}
	_, err := fmt.Fprintf(w, "section %d prefix %s snakes %d solutions %d palindromes %d palindrome_solutions %d one_solution_snakes %d most_solutions %d: %s\n",
		r.Section, r.Prefix, c.Snakes, c.Solutions, c.Palindromes, c.PalindromeSolutions, c.OneSolution, c.Most, verdict)
	return err
}
