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
//	                               estimate-BOX-wW-cC.jsonl at capacity C
//	estimate/plan.tsv              the boxes to estimate, likewise
//	paths/BOX.txt                  what snakecube paths -size BOX prints
//	checks/BOX.txt                 what snakecube census check prints for a whole census
//
// A box's census solutions must equal its paths file's, exactly: the
// table refuses to be made otherwise, so that a census and the transfer
// matrix, two methods that share no code, check each other on every box
// counted. An estimate takes the paths file's solutions as its control
// variate, and its solutions are those of the file. A check file of a
// whole census must agree with it section by section, or the table is not
// made either.
package boxes

import (
	"bufio"
	"context"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/estimate"
	"github.com/snakecube/snakecube/solver"
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
	// Counted and Sections say how far a census under way has got.
	Counted, Sections int
	// Checked is how many sections of a whole census census check
	// recounted by another route, all agreeing; 0 when none was.
	Checked int
	// Estimate is the estimate of descents, when there are some: snakes
	// and one-solution snakes with the paths' solutions as control
	// variate when known.
	Estimate *estimate.Result
	// Design is the width and capacity of Estimate's descents.
	Design [2]int
	// Files are where the row comes from, relative to the results folder.
	Files []string
}

// Exact reports whether the row's counts are a whole census.
func (r Row) Exact() bool { return r.Census != nil }

// Read gathers the rows of the results folder dir, ordered by the number
// of cells, then by the sides. It fails when a census's solutions differ
// from its box's paths file's.
func Read(ctx context.Context, dir string) ([]Row, error) {
	rows := map[symmetry.Box]*Row{}
	row := func(b symmetry.Box) *Row {
		if rows[b] == nil {
			rows[b] = &Row{Box: b}
		}
		return rows[b]
	}
	if err := readPaths(filepath.Join(dir, "paths"), row); err != nil {
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

// boxOf reads a box's name as the results folder writes it.
func boxOf(name string) (symmetry.Box, bool) {
	b, err := symmetry.ParseBox(name)
	return b, err == nil && b.String() == name
}

// readPaths reads the paths files of folder dir.
func readPaths(dir string, row func(symmetry.Box) *Row) error {
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, de := range ents {
		name, ok := strings.CutSuffix(de.Name(), ".txt")
		b, isBox := boxOf(name)
		if !ok || !isBox {
			continue
		}
		paths, sols, err := readPathsFile(filepath.Join(dir, de.Name()))
		if err != nil {
			return err
		}
		r := row(b)
		r.Paths, r.Solutions = paths, sols
		r.Files = append(r.Files, "paths/"+de.Name())
	}
	return nil
}

// readPathsFile reads the "paths N" and "solutions N" lines of what
// snakecube paths printed.
func readPathsFile(path string) (paths, sols *big.Int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok || (name != "paths" && name != "solutions") {
			continue
		}
		v, ok := new(big.Int).SetString(value, 10)
		if !ok || v.Sign() < 0 {
			return nil, nil, fmt.Errorf("%s: line %d: %s %q is no count", path, n, name, value)
		}
		if name == "paths" {
			paths = v
		} else {
			sols = v
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	if paths == nil || sols == nil {
		return nil, nil, fmt.Errorf("%s: no paths or no solutions line: not what snakecube paths prints", path)
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
		b, ok := boxOf(de.Name())
		if !de.IsDir() || !ok {
			continue
		}
		folder := filepath.Join(dir, "census", de.Name())
		recs, t, _, err := census.ReadFiles(ctx, []string{folder})
		if err != nil {
			return fmt.Errorf("%s: %w", folder, err)
		}
		r := row(b)
		r.Files = append(r.Files, "census/"+de.Name())
		r.Sections = solver.NumSections(b, t.Depth)
		r.Counted = t.Sections
		if n, _ := census.Missing(recs, r.Sections, 1); n > 0 {
			continue
		}
		r.Census = &t
		if r.Solutions != nil && !r.Solutions.IsInt64() || r.Solutions != nil && r.Solutions.Int64() != t.Solutions {
			return fmt.Errorf("%v: the census counts %d solutions, the transfer matrix of snakecube paths %v: one of them is wrong", b, t.Solutions, r.Solutions)
		}
		check := filepath.Join(dir, "checks", de.Name()+".txt")
		if _, err := os.Stat(check); err == nil {
			if r.Checked, err = readCheck(check, recs); err != nil {
				return err
			}
			r.Files = append(r.Files, "checks/"+de.Name()+".txt")
		}
	}
	return nil
}

// estimateFile reads the name of a descents file,
// estimate-BOX-wWIDTH.jsonl or estimate-BOX-wWIDTH-cCAPACITY.jsonl: the
// box, and the width and capacity (4096 when not named) of its design.
func estimateFile(name string) (symmetry.Box, [2]int, bool) {
	name, ok := strings.CutPrefix(name, "estimate-")
	name, ok2 := strings.CutSuffix(name, ".jsonl")
	box, design, ok3 := strings.Cut(name, "-w")
	b, isBox := boxOf(box)
	w, c, named := strings.Cut(design, "-c")
	wid, err := strconv.Atoi(w)
	capacity, err2 := estimate.DefaultCapacity, error(nil)
	if named {
		capacity, err2 = strconv.Atoi(c)
	}
	if !ok || !ok2 || !ok3 || !isBox || err != nil || err2 != nil || wid < 1 || capacity < 1 {
		return symmetry.Box{}, [2]int{}, false
	}
	return b, [2]int{wid, capacity}, true
}

// readEstimates reads the descents files under dir/estimate, one a box:
// the widest design's when a box has several, and of those the one of
// the largest capacity.
func readEstimates(dir string, row func(symmetry.Box) *Row) error {
	ents, err := os.ReadDir(filepath.Join(dir, "estimate"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	best := map[symmetry.Box][2]int{}
	file := map[symmetry.Box]string{}
	for _, de := range ents {
		b, design, ok := estimateFile(de.Name())
		if !ok {
			continue
		}
		if at, seen := best[b]; !seen || design[0] > at[0] || design[0] == at[0] && design[1] > at[1] {
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
		r.Files = append(r.Files, "estimate/"+name)
	}
	return nil
}
