package census

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/snakecube/snakecube/export"
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
	// recounted, and each section recounted is appended to it, so that a
	// check stopped anywhere resumes where it was.
	Kept *File
}

// Recount recounts the sections of the records todo, of box b, each by
// [RecountSection], up to opts.Workers at once, the largest (by the
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
	err := sequencer.RunLargestFirst(ctx, len(todo), opts.Workers, size, func(ctx context.Context, i int) (solver.Count, error) {
		if r, ok := kept[todo[i].Section]; ok {
			if opts.Done != nil {
				opts.Done()
			}
			return r.Count()
		}
		p := solver.SectionAt(b, todo[i].Depth, todo[i].Section)
		c, err := RecountSection(ctx, b, p)
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

// RecountSection counts the section of box b under prefix p the way
//
//	snakecube enumerate -size B -prefix P -format jsonl -o - | snakecube stats -
//
// does, which is not the way a census counts: every solution is found and
// kept, sorted into canonical form, written as a catalogue, read back,
// checked to fold its snake and to differ from the snake's other solutions,
// and only then counted. The catalogue streams through a pipe: a section of
// 3x4x4 may list gigabytes. It is searched in parts (see recountParts),
// each of which is held whole while it is encoded.
func RecountSection(ctx context.Context, b symmetry.Box, p solver.Seq) (solver.Count, error) {
	return recountSection(ctx, b, p, maxPartSolutions)
}

// recountSection is RecountSection, in parts of at most max solutions.
func recountSection(ctx context.Context, b symmetry.Box, p solver.Seq, max int64) (solver.Count, error) {
	sections, err := recountParts(ctx, b, p, max)
	if err != nil {
		return solver.Count{}, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r, w := io.Pipe()
	wrote := make(chan error, 1)
	go func() {
		_, err := export.Search(ctx, w, b, sections, solver.Options{Workers: 1}, export.Options{Format: export.FormatJSONL})
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
		OneSolution: int64(st.OneSolution()), Most: int64(st.Most),
	}
	if st.Snakes > 0 {
		c.MostKey = st.MostSnakes[0]
	}
	return c, nil
}

// maxPartSolutions bounds the solutions of one part of a recount, whose
// catalogue is held whole while it is encoded, the part before and after
// it too: as many solutions as the largest of the 4,096 sections twelve
// cubelets below a section of 2x2x16 with 20 million solutions (section
// 495, 2.1 GB at most), where those of section 14335 hold up to 111
// million.
const maxPartSolutions = 1 << 19

// recountParts returns the parts, in key order, that a recount of the
// section of box b under prefix p searches one at a time: when the
// section holds at most max solutions, the sections twelve cubelets
// deeper, as enumerate -prefix cuts it; else its sections four cubelets
// deeper that hold at most max, and so on down each of those that holds
// more, down to a single snake's. The parts are counted by the census's
// engine only to be cut: what the recount counts does not depend on how
// the section is cut, only its memory does.
func recountParts(ctx context.Context, b symmetry.Box, p solver.Seq, max int64) ([]solver.Seq, error) {
	if whole, err := fits(ctx, b, p, max); err != nil || whole {
		parts, _, serr := export.Part{Prefix: p.String()}.Sections(b)
		return parts, cmp.Or(err, serr)
	}
	return splitParts(ctx, b, p, max, nil)
}

// splitParts appends to parts the sections four cubelets below p, in key
// order, each cut again while it does not fit.
func splitParts(ctx context.Context, b symmetry.Box, p solver.Seq, max int64, parts []solver.Seq) ([]solver.Seq, error) {
	for _, q := range solver.Sections(b, p, p.Len+4) {
		whole, err := fits(ctx, b, q, max)
		switch {
		case err != nil:
			return nil, err
		case whole:
			parts = append(parts, q)
		default:
			if parts, err = splitParts(ctx, b, q, max, parts); err != nil {
				return nil, err
			}
		}
	}
	return parts, nil
}

// fits reports whether a recount may hold the section under p whole: it
// is a single snake's, or it holds at most max solutions.
func fits(ctx context.Context, b symmetry.Box, p solver.Seq, max int64) (bool, error) {
	if p.Len == b.Len() {
		return true, nil
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
