// Package boxes gathers what has been counted of every box into one
// table: exact counts from census files, estimates from descents files,
// and the directed Hamiltonian paths and solutions from the files of
// snakecube paths. It is snakecube census table, and the table of
// docs/BOXES.md.
//
// # The results folder
//
//	census/BOX/*.jsonl             a census, complete or under way (package census)
//	census/plan.tsv                the boxes to count, their depth and estimated nodes
//	estimate/estimate-BOX-wW.jsonl descents of estimate -snakes at width W (package estimate),
//	                               estimate-BOX-wW-cC.jsonl at capacity C, then -cut
//	                               with the cut, -strata in strata and -budget within
//	                               a budget (estimate -budget), before .jsonl
//	estimate/strata-BOX.tsv        the strata of a box drawn in strata (estimate -make-strata)
//	estimate/plan.tsv              the boxes to estimate, likewise
//	paths/BOX.txt                  what snakecube paths -size BOX prints
//	checks/BOX.txt                 what snakecube census check prints for a whole census
//	calibration/estimate-BOX-wW-cC-sS.jsonl
//	                               descents of seed S of a box a census counts whole,
//	                               named as in estimate/ with the seed before .jsonl
//	calibration/plan.tsv           the boxes, designs, seeds and descents to draw
//
// [ReadCalibration] sets the descents of calibration/, and those of
// estimate/ of a box a census counts whole, against the census: the
// calibration of the estimator, snakecube census table -format
// calibration.
//
// A box's census solutions must equal its paths file's, exactly: the
// table refuses to be made otherwise, so that a census and the transfer
// matrix, two methods that share no code, check each other on every box
// counted. A paths file must agree with itself by Burnside's lemma, and
// for a box of at most 27 cells with the transfer matrix counted again.
// An estimate takes the paths file's solutions as its control
// variate, and its solutions are those of the file. A check file of a
// whole census must agree with it section by section, or the table is not
// made either.
//
// A name is no proof: each folder and file named for a box must hold that
// box's counts, as its lines (or, for paths and checks files, its first
// line) record them, and a name where a box belongs must be one, written
// AxBxC. The table is not made otherwise, nor of a folder that holds none
// of census, estimate, paths and checks.
package boxes

import (
	"bufio"
	"context"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/estimate"
	"github.com/snakecube/snakecube/internal/fileerr"
	pathcount "github.com/snakecube/snakecube/internal/paths"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/symmetry"
)

// Row is what is known of one box.
type Row struct {
	Box symmetry.Box
	// Paths and Solutions are the box's directed Hamiltonian paths and
	// solutions from its paths file, nil when there is none.
	Paths, Solutions *big.Int
	// Census is the census's sum when its files hold every section.
	Census *census.Total
	// Counted and Sections say how far a census under way has got,
	// Parts how many parts it holds of the sections it counts in parts,
	// and CountedNodes and CountedSeconds what its counted sections and
	// parts took; MeteredNodes and MeteredCPU, the nodes and processor
	// seconds of the sections that say theirs.
	Counted, Sections, Parts   int
	CountedNodes, MeteredNodes uint64
	CountedSeconds, MeteredCPU float64
	// Checked is how many sections of a whole census census check
	// recounted by another route, all agreeing; 0 when none was.
	Checked int
	// Estimate is the estimate of descents, when there are some: snakes
	// and one-solution snakes with the paths' solutions as control
	// variate when known.
	Estimate *estimate.Result
	// Design is the design of Estimate's descents.
	Design Design
	// Pace is the seconds a descent of Estimate's last paceDescents took,
	// count and weighing: what the next ones will take, the choices that
	// earlier rounds made being weighed no more. Processor seconds where
	// enough of them recorded theirs (Metered), else the wall clock,
	// which a shared machine stretches.
	Pace    float64
	Metered bool
	// Files are where the row comes from, relative to the results folder.
	Files []string
}

// Exact reports whether the row's counts are a whole census.
func (r Row) Exact() bool { return r.Census != nil }

// Read gathers the rows of the results folder dir, ordered by the number
// of cells, then by the sides. It fails when dir is no results folder
// (it holds none of census, estimate, paths and checks), when a file or
// folder named for a box holds another box's counts or its name is no
// box, and when a census's solutions differ from its box's paths file's.
func Read(ctx context.Context, dir string) ([]Row, error) {
	if err := isResults(dir); err != nil {
		return nil, err
	}
	rows := map[symmetry.Box]*Row{}
	row := func(b symmetry.Box) *Row {
		if rows[b] == nil {
			rows[b] = &Row{Box: b}
		}
		return rows[b]
	}
	if err := readPaths(ctx, filepath.Join(dir, "paths"), row); err != nil {
		return nil, err
	}
	if err := readCensuses(ctx, dir, row); err != nil {
		return nil, err
	}
	if err := readEstimates(dir, row); err != nil {
		return nil, err
	}
	var out []Row
	for _, r := range rows {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b Row) int {
		if c := a.Box.Len() - b.Box.Len(); c != 0 {
			return c
		}
		return slices.Compare(a.Box.Size[:], b.Box.Size[:])
	})
	return out, nil
}

// subfolders are the folders of a results folder that Read reads.
var subfolders = []string{"census", "estimate", "paths", "checks"}

// isResults fails unless dir is a folder holding at least one of the
// subfolders.
func isResults(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("the results folder %w", fileerr.Open(dir, err))
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s: not a folder: want a results folder", dir)
	}
	for _, sub := range subfolders {
		if fi, err := os.Stat(filepath.Join(dir, sub)); err == nil && fi.IsDir() {
			return nil
		}
	}
	return fmt.Errorf("%s: no results folder: it holds none of the folders %s", dir, strings.Join(subfolders, ", "))
}

// boxOf reads a box's name as the results folder writes it, AxBxC.
func boxOf(name string) (symmetry.Box, error) {
	b, err := symmetry.ParseBox(name)
	if err == nil && b.String() != name {
		err = fmt.Errorf("%q: want the box written %v", name, b)
	}
	return b, err
}

// readPaths reads the paths files of folder dir.
func readPaths(ctx context.Context, dir string, row func(symmetry.Box) *Row) error {
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, de := range ents {
		name, ok := strings.CutSuffix(de.Name(), ".txt")
		if !ok || de.IsDir() {
			continue
		}
		path := filepath.Join(dir, de.Name())
		b, err := boxOf(name)
		if err != nil {
			return fmt.Errorf("%s: a paths file whose name is no box: %w", path, err)
		}
		paths, sols, err := readPathsFile(ctx, path, b)
		if err != nil {
			return err
		}
		r := row(b)
		r.Paths, r.Solutions = paths, sols
		r.Files = append(r.Files, "paths/"+de.Name())
	}
	return nil
}

// pathsHeader is the first line of what snakecube paths prints, which
// names its box.
var pathsHeader = regexp.MustCompile(`^# ([^ :]+): `)

// recountCells bounds the boxes whose paths files are counted again: a
// transfer-matrix count of 27 cells or fewer takes a fraction of a
// second. A variable for the tests.
var recountCells = 27

// readPathsFile reads the "paths N", "self_reverse N" and "solutions N"
// lines of what snakecube paths printed for box b, refusing what it
// printed for another box and counts that disagree: with one another by
// Burnside's lemma, or, for a box of at most recountCells cells, with
// what snakecube paths counts now.
func readPathsFile(ctx context.Context, path string, b symmetry.Box) (paths, sols *big.Int, err error) {
	f, err := fileerr.OpenRegular(path, "paths file")
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var self *big.Int
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if n == 1 {
			m := pathsHeader.FindStringSubmatch(sc.Text())
			if m == nil {
				return nil, nil, fmt.Errorf("%s: line 1: no \"# BOX: ...\" line naming the box: not what snakecube paths prints", path)
			}
			if m[1] != b.String() {
				return nil, nil, fmt.Errorf("%s: line 1: the paths of %s, not of %v", path, m[1], b)
			}
			continue
		}
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok || (name != "paths" && name != "self_reverse" && name != "solutions") {
			continue
		}
		v, ok := new(big.Int).SetString(value, 10)
		if !ok || v.Sign() < 0 {
			return nil, nil, fmt.Errorf("%s: line %d: %s %q is no count", path, n, name, value)
		}
		switch name {
		case "paths":
			paths = v
		case "self_reverse":
			self = v
		default:
			sols = v
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	if paths == nil || self == nil || sols == nil {
		return nil, nil, fmt.Errorf("%s: no paths, self_reverse or solutions line: not what snakecube paths prints", path)
	}
	if err := pathcount.Check(b, paths, self, sols); err != nil {
		return nil, nil, fmt.Errorf("%s: %w: a count was changed", path, err)
	}
	if b.Len() <= recountCells {
		c, err := pathcount.Solutions(ctx, b, pathcount.Options{})
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if c.Paths.Cmp(paths) != 0 || c.SelfReverse.Cmp(self) != 0 || c.Solutions.Cmp(sols) != 0 {
			return nil, nil, fmt.Errorf("%s: paths %v, self_reverse %v, solutions %v; snakecube paths counts %v, %v, %v", path, paths, self, sols, c.Paths, c.SelfReverse, c.Solutions)
		}
	}
	return paths, sols, nil
}

// readCensuses reads the census folders under dir/census.
func readCensuses(ctx context.Context, dir string, row func(symmetry.Box) *Row) error {
	ents, err := os.ReadDir(filepath.Join(dir, "census"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, de := range ents {
		if !de.IsDir() {
			continue
		}
		folder := filepath.Join(dir, "census", de.Name())
		b, err := boxOf(de.Name())
		if err != nil {
			return fmt.Errorf("%s: a census folder whose name is no box: %w", folder, err)
		}
		c, err := census.ReadBox(ctx, b, []string{folder})
		if err != nil {
			return fmt.Errorf("%s: %w", folder, err)
		}
		r := row(b)
		r.Files = append(r.Files, "census/"+de.Name())
		t := c.Total
		r.Sections = c.Have.Of()
		r.Counted, r.CountedNodes, r.CountedSeconds = t.Sections, t.Nodes, t.Seconds
		r.MeteredNodes, r.MeteredCPU = t.MeteredNodes, t.CPU
		if n, _ := c.Have.Missing(1); n > 0 {
			parts, sum, err := census.PartsUnderway(ctx, c, []string{folder})
			if err != nil {
				return fmt.Errorf("%s: %w", folder, err)
			}
			r.Parts, r.CountedNodes, r.CountedSeconds = parts, r.CountedNodes+sum.Nodes, r.CountedSeconds+sum.Seconds
			continue
		}
		r.Census = &t
		if r.Solutions != nil && !r.Solutions.IsInt64() || r.Solutions != nil && r.Solutions.Int64() != t.Solutions {
			return fmt.Errorf("%v: the census counts %d solutions, the transfer matrix of snakecube paths %v: one of them is wrong", b, t.Solutions, r.Solutions)
		}
		check := filepath.Join(dir, "checks", de.Name()+".txt")
		if _, err := os.Stat(check); err == nil {
			if r.Checked, err = readCheck(ctx, check, b, t.Depth, []string{folder}); err != nil {
				return err
			}
			r.Files = append(r.Files, "checks/"+de.Name()+".txt")
		}
	}
	return nil
}

// estimateFile reads the name of a descents file,
// estimate-BOX-wWIDTH.jsonl or estimate-BOX-wWIDTH-cCAPACITY.jsonl, with
// -cut, then -strata, then -budget, then -deepestE after -budget, before
// .jsonl for a design with them: the box, and the width, capacity (4096
// when not named), cut, strata, budget and deepest prefix of its design.
// It returns false for a name of another form, and an error for one of
// this form whose BOX is no box.
func estimateFile(name string) (symmetry.Box, Design, bool, error) {
	name, ok := strings.CutPrefix(name, "estimate-")
	name, ok2 := strings.CutSuffix(name, ".jsonl")
	deepest := 0
	if i := strings.LastIndex(name, "-budget-deepest"); i >= 0 {
		e, err := strconv.Atoi(name[i+len("-budget-deepest"):])
		if err != nil || e < 1 {
			return symmetry.Box{}, Design{}, false, nil
		}
		name, deepest = name[:i+len("-budget")], e
	}
	name, budget := strings.CutSuffix(name, "-budget")
	name, strata := strings.CutSuffix(name, "-strata")
	name, cut := strings.CutSuffix(name, "-cut")
	box, design, ok3 := strings.Cut(name, "-w")
	w, c, named := strings.Cut(design, "-c")
	wid, err := strconv.Atoi(w)
	capacity, err2 := estimate.DefaultCapacity, error(nil)
	if named {
		capacity, err2 = strconv.Atoi(c)
	}
	if !ok || !ok2 || !ok3 || err != nil || err2 != nil || wid < 1 || capacity < 1 {
		return symmetry.Box{}, Design{}, false, nil
	}
	b, err := boxOf(box)
	if err != nil {
		return symmetry.Box{}, Design{}, false, err
	}
	return b, Design{wid, capacity, cut, strata, budget, deepest}, true, nil
}

// oneDesign checks that recs are the descents of one design of box b, of
// the width, capacity, cut, strata and budget that their file's name
// gives (and no shared width, which no name gives), each once: the
// descents a table's row is the mean of.
func oneDesign(recs []estimate.Record, b symmetry.Box, design Design) error {
	named := fmt.Sprintf("width %d, capacity %d,", design.Width, design.Capacity)
	seen := map[int]bool{}
	for i, rec := range recs {
		first := recs[0]
		switch {
		case rec.Box != b.String():
			return fmt.Errorf("line %d: a descent of %s, not of %v", i+1, rec.Box, b)
		case !strings.Contains(rec.Design, named) || designHas(rec.Design, "cut") != design.Cut || designHas(rec.Design, "strata") != design.Strata ||
			designHas(rec.Design, "budget") != design.Budget || design.Deepest > 0 && !designHas(rec.Design, fmt.Sprintf("deepest %d", design.Deepest)) ||
			design.Budget && design.Deepest == 0 && !designHas(rec.Design, fmt.Sprintf("deepest %d", b.Len())):
			return fmt.Errorf("line %d: a descent of design %q, not of the %v that the file's name gives", i+1, rec.Design, design)
		case strings.Contains(rec.Design, "shared width"):
			return fmt.Errorf("line %d: a descent of design %q, whose shared width the file's name does not give", i+1, rec.Design)
		case rec.Design != first.Design || rec.Seed != first.Seed:
			return fmt.Errorf("line %d: a descent of design %q, seed %d, where line 1's is of %q, seed %d: a file holds one design's descents", i+1, rec.Design, rec.Seed, first.Design, first.Seed)
		case seen[rec.Index]:
			return fmt.Errorf("line %d: descent %d again", i+1, rec.Index)
		}
		seen[rec.Index] = true
	}
	return nil
}

// designHas reports whether a descent's design name has the item, "cut"
// or "strata", among those its commas separate.
func designHas(name, item string) bool {
	for _, it := range strings.Split(name, ", ") {
		if it == item || strings.HasPrefix(it, item+" ") {
			return true
		}
	}
	return false
}

// readEstimates reads the descents files under dir/estimate, one a box:
// the widest design's when a box has several, of those the one of the
// largest capacity, of those the one with the cut, and of those the one
// in strata.
func readEstimates(dir string, row func(symmetry.Box) *Row) error {
	ents, err := os.ReadDir(filepath.Join(dir, "estimate"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	best := map[symmetry.Box]Design{}
	file := map[symmetry.Box]string{}
	for _, de := range ents {
		b, design, ok, err := estimateFile(de.Name())
		if err != nil {
			return fmt.Errorf("%s: a descents file whose name is no box's: %w", filepath.Join(dir, "estimate", de.Name()), err)
		}
		if !ok {
			continue
		}
		if at, seen := best[b]; !seen || at.less(design) {
			best[b], file[b] = design, de.Name()
		}
	}
	for b, name := range file {
		if r := row(b); r.Exact() {
			continue // a census is exact; docs/RESEARCH.md compares them
		}
		path := filepath.Join(dir, "estimate", name)
		recs, _, err := estimate.ReadFile(path)
		if err != nil {
			return err
		}
		if err := oneDesign(recs, b, best[b]); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if len(recs) < 2 {
			continue // no spread to tell yet
		}
		ds := make([]estimate.Descent, len(recs))
		for i, rec := range recs {
			if ds[i], err = rec.Descent(); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
		}
		r := row(b)
		res := estimate.Summarize(ds)
		if r.Solutions != nil {
			known, _ := new(big.Float).SetInt(r.Solutions).Float64()
			ctl := estimate.Controlled(ds, known)
			res.Snakes, res.OneSolution = ctl.Snakes, ctl.OneSolution
		}
		r.Estimate, r.Design = &res, best[b]
		r.Pace, r.Metered = pace(ds)
		r.Files = append(r.Files, "estimate/"+name)
		if best[b].Strata {
			// The table the descents drew their top prefixes from.
			table := "strata-" + b.String() + ".tsv"
			if _, err := os.Stat(filepath.Join(dir, "estimate", table)); err == nil {
				r.Files = append(r.Files, "estimate/"+table)
			}
		}
	}
	return nil
}

// paceDescents is how many of the last descents [Row.Pace] is taken over:
// a round of the estimate runner.
const paceDescents = 500

// pace returns the seconds a descent of the last paceDescents of ds
// took: processor seconds where at least minPaced of them say theirs
// (their mean), and true; else the wall clock's, and false.
func pace(ds []estimate.Descent) (float64, bool) {
	last := ds[max(0, len(ds)-paceDescents):]
	var took, cpu float64
	metered := 0
	for _, d := range last {
		took += d.Seconds + d.Weigh
		if d.CPU > 0 {
			cpu += d.CPU
			metered++
		}
	}
	if metered >= minPaced {
		return cpu / float64(metered), true
	}
	return took / float64(len(last)), false
}

// minPaced is how many descents of the last round must say their
// processor seconds for [pace] to go by them.
const minPaced = 50

// A Design is what a descents file's name says of its descents' design:
// their width, capacity, whether they weigh with the cut, whether they
// draw their top prefixes from strata (estimate -strata) and whether they
// stop where their section is cheap (estimate -budget, with a -depth).
type Design struct {
	Width, Capacity     int
	Cut, Strata, Budget bool
	// Deepest, with a budget, is the prefix length at which a descent
	// counts its section whatever its size (estimate -deepest); 0 when
	// not set, the box's cubelets.
	Deepest int
}

// less orders designs as the table prefers them: by width, then
// capacity, then the cut, then the strata, then the budget, and of
// budget designs one with a deepest prefix before one without, the
// shallower deepest first.
func (d Design) less(e Design) bool {
	if d.Width != e.Width {
		return d.Width < e.Width
	}
	if d.Capacity != e.Capacity {
		return d.Capacity < e.Capacity
	}
	if d.Cut != e.Cut {
		return e.Cut
	}
	if d.Strata != e.Strata {
		return e.Strata
	}
	if d.Budget != e.Budget {
		return e.Budget
	}
	if (d.Deepest > 0) != (e.Deepest > 0) {
		return e.Deepest > 0
	}
	return d.Deepest > e.Deepest
}

// String says the design to a reader of the table.
func (d Design) String() string {
	s := fmt.Sprintf("width %s and capacity %s", words.Thousands(d.Width), words.Thousands(d.Capacity))
	if d.Cut {
		s += " with the cut"
	}
	if d.Strata {
		s += " in strata"
	}
	if d.Budget {
		s += " stopping within a budget"
	}
	if d.Deepest > 0 {
		s += fmt.Sprintf(" at %d cubelets at the deepest", d.Deepest)
	}
	return s
}
