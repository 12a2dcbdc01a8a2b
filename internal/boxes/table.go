package boxes

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/big"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/internal/estimate"
	"github.com/snakecube/snakecube/internal/fileerr"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/symmetry"
)

// WriteMarkdown writes the page of the results in dir, rows as [Read]
// returns them: their table, their sequences and the plan of the boxes
// to come ([ReadPlan]), a blank line between them.
func WriteMarkdown(w io.Writer, dir string, rows []Row) error {
	plan, err := ReadPlan(dir)
	if err != nil {
		return err
	}
	if err := WriteTable(w, rows); err != nil {
		return err
	}
	fmt.Fprintln(w)
	if err := WriteSequences(w, rows); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return WritePlan(w, plan, rows)
}

// WriteTable writes the rows as a Markdown table, a row a box: its
// figures, exact or estimated (± one relative standard error), and the
// files they come from.
func WriteTable(w io.Writer, rows []Row) error {
	fmt.Fprintln(w, "| box | cells | directed paths | solutions | snakes | one-solution snakes | palindromes | most solutions | search nodes | how | files |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---|---:|---|---|")
	for _, r := range rows {
		cells := []string{r.Box.String(), strconv.Itoa(r.Box.Len()), big3(r.Paths), big3(r.Solutions)}
		switch {
		case r.Exact():
			c := r.Census
			cells = append(cells, words.Thousands(int(c.Snakes)), words.Thousands(int(c.OneSolution)),
				fmt.Sprintf("%s (%s solutions)", words.Thousands(int(c.Palindromes)), words.Thousands(int(c.PalindromeSolutions))),
				fmt.Sprintf("%s: `%v`", words.Thousands(int(c.Most)), c.MostKey), words.Thousands(int(c.Nodes)), "census")
			if r.Checked > 0 {
				cells[len(cells)-1] += fmt.Sprintf("; %s recounted by census check, all agree", words.Plural(r.Checked, "section"))
			}
		case r.Estimate != nil:
			e := r.Estimate
			how := fmt.Sprintf("estimate, %s", words.Plural(e.Descents, "descent"))
			if r.Solutions != nil {
				how += "; " + solutionsCheck(e.Solutions, r.Solutions)
			}
			if r.Sections > 0 {
				how += "; census under way, " + counted(r)
			}
			cells = append(cells, approx(e.Snakes.Mean, e.Snakes.Err), approx(e.OneSolution.Mean, e.OneSolution.Err), "", "", "", how)
		case r.Sections > 0:
			cells = append(cells, "", "", "", "", "", "census under way, "+counted(r))
		default:
			cells = append(cells, "", "", "", "", "", "paths only")
		}
		var files []string
		for _, f := range r.Files {
			files = append(files, fmt.Sprintf("[%s](../results/%s)", f, f))
		}
		cells = append(cells, strings.Join(files, ", "))
		if _, err := fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | ")); err != nil {
			return err
		}
	}
	return nil
}

// solutionsCheck says whether the 95% interval of an estimate's
// solutions holds the exact number known: the check of its design and of
// its standard errors.
func solutionsCheck(v estimate.Value, known *big.Int) string {
	if holds(v, known) {
		return "its solutions' 95% interval holds the exact count"
	}
	return "its solutions' 95% interval misses the exact count: not to be trusted yet"
}

// holds reports whether the 95% interval of an estimate's solutions v,
// corrected for the descents' skewness as estimate -snakes checks it
// ([estimate.Value.SkewInterval95]), holds the exact number known.
func holds(v estimate.Value, known *big.Int) bool {
	k, _ := new(big.Float).SetInt(known).Float64()
	return v.SkewCovers(k)
}

// big3 writes n with its digits in groups of three, or "" for none.
func big3(n *big.Int) string {
	if n == nil {
		return ""
	}
	t := n.String()
	for i := len(t) - 3; i > 0; i -= 3 {
		t = t[:i] + "," + t[i:]
	}
	return t
}

// approx writes an estimate and its relative standard error:
// "1.091 × 10^14 ± 1.7%". An estimate of descents too few to be steady
// may be 0 or less with a control variate: it is written as it is, with
// its standard error.
func approx(v, se float64) string {
	if v <= 0 {
		return fmt.Sprintf("%.3g ± %.2g", v, se)
	}
	e := int(math.Floor(math.Log10(v)))
	return fmt.Sprintf("%.4g × 10^%d ± %.1f%%", v/math.Pow(10, float64(e)), e, 100*se/v)
}

// relative writes a standard error relative to its estimate, "± 1.7%",
// or that the estimate is not steady yet when it is 0 or less.
func relative(v, se float64) string {
	if v <= 0 {
		return "not steady yet"
	}
	return fmt.Sprintf("± %.1f%%", 100*se/v)
}

// Families are the boxes whose two shorter sides are fixed, AxBxn for n
// from B on, as sequences in n.
var Families = [][2]int{{2, 2}, {2, 3}, {2, 4}, {3, 3}}

// WriteSequences writes, for each family, the snakes and the solutions
// of its boxes counted exactly, as comma lists from n = B on, as far as
// every box is counted.
func WriteSequences(w io.Writer, rows []Row) error {
	exact := map[symmetry.Box]Row{}
	for _, r := range rows {
		if r.Exact() {
			exact[r.Box] = r
		}
	}
	for _, f := range Families {
		var snakes, sols []string
		last := 0
		for n := f[1]; ; n++ {
			b, err := symmetry.NewBox(f[0], f[1], n)
			r, ok := exact[b]
			if err != nil || !ok {
				break
			}
			snakes = append(snakes, strconv.FormatInt(r.Census.Snakes, 10))
			sols = append(sols, strconv.FormatInt(r.Census.Solutions, 10))
			last = n
		}
		if last == 0 {
			continue
		}
		fmt.Fprintf(w, "- **%dx%dxn**, n = %d to %d: snakes %s; solutions %s\n", f[0], f[1], f[1], last, strings.Join(snakes, ", "), strings.Join(sols, ", "))
	}
	_, err := fmt.Fprint(w)
	return err
}

// A Planned box is a line of a plan: a box to count or estimate, and the
// search nodes an estimate gave it.
type Planned struct {
	Box   symmetry.Box
	Nodes float64
	// Kind is "census" or "estimate".
	Kind string
	// Design is an estimate's design.
	Design Design
	// Target is the relative standard error an estimate's descents are
	// drawn to, for the snakes and the one-solution snakes alike: the
	// plan's target column, in per cent, as results/estimate/run.sh
	// reads it.
	Target float64
}

// ReadPlan reads the plans of the results folder dir: census/plan.tsv and
// estimate/plan.tsv, a line a box whose first column is the box and last
// the estimated nodes; an estimate's line has its width, capacity, step,
// target (per cent, over 0 and under 100), whether it weighs with the
// cut and whether it draws in strata (yes or no), and its budget (no,
// DEPTH:NODES for estimate -depth DEPTH -budget NODES, or
// DEPTH-DEEPEST:NODES, adding -deepest DEEPEST) between them.
func ReadPlan(dir string) ([]Planned, error) {
	var out []Planned
	for _, kind := range []string{"census", "estimate"} {
		path := filepath.Join(dir, kind, "plan.tsv")
		f, err := fileerr.OpenRegular(path, "plan file")
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
				continue
			}
			fields := strings.Fields(line)
			b, berr := boxOf(fields[0])
			nodes, err := strconv.ParseFloat(fields[len(fields)-1], 64)
			if berr != nil || err != nil || len(fields) < 2 {
				f.Close()
				return nil, fmt.Errorf("%s: line %d: want a box and, last, its estimated nodes", path, n)
			}
			p := Planned{Box: b, Nodes: nodes, Kind: kind}
			if kind == "estimate" {
				var err error
				w, c, target, cut, strata, budget := 0, 0, 0.0, "", "", ""
				if len(fields) >= 9 {
					cut, strata, budget = fields[5], fields[6], fields[7]
					w, err = strconv.Atoi(fields[1])
					if err == nil {
						c, err = strconv.Atoi(fields[2])
					}
					if err == nil {
						target, err = strconv.ParseFloat(fields[4], 64)
					}
				}
				deepest, budgetOK := 0, budget == "no"
				if !budgetOK {
					deepest, budgetOK = planBudget(budget, p.Box)
				}
				if w < 1 || c < 1 || err != nil || !(target > 0 && target < 100) || !yesNo(cut) || !yesNo(strata) || !budgetOK {
					f.Close()
					return nil, fmt.Errorf("%s: line %d: want a box, its width, its capacity, its step, its target in per cent (over 0, under 100), yes or no for the cut, yes or no for strata, no or DEPTH:NODES or DEPTH-DEEPEST:NODES for the budget and, last, its estimated nodes", path, n)
				}
				p.Target = target / 100
				p.Design = Design{w, c, cut == "yes", strata == "yes", budget != "no", deepest}
			}
			out = append(out, p)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// yesNo reports whether a plan's field is yes or no.
func yesNo(s string) bool { return s == "yes" || s == "no" }

// planBudget reads a plan's budget field for box b, DEPTH:NODES or
// DEPTH-DEEPEST:NODES, as estimate -depth, -deepest and -budget take
// them: a depth of 1 or more, a deepest prefix from the depth to one
// cubelet short of b's (at b's cubelets the budget design is the one
// DEPTH:NODES names, and its file would take a second name), and a budget
// from 1 to [estimate.MaxBudget] nodes. It returns
// the deepest prefix (0 when the field has none) and whether the field is
// one of these.
func planBudget(s string, b symmetry.Box) (int, bool) {
	d, n, ok := strings.Cut(s, ":")
	d, e, ranged := strings.Cut(d, "-")
	depth, err := strconv.Atoi(d)
	nodes, err2 := strconv.ParseFloat(n, 64)
	deepest, err3 := 0, error(nil)
	if ranged {
		deepest, err3 = strconv.Atoi(e)
	}
	ok = ok && err == nil && err2 == nil && err3 == nil && depth >= 1 && nodes >= 1 && nodes <= estimate.MaxBudget &&
		(!ranged || deepest >= depth && deepest < b.Len())
	return deepest, ok
}

// WritePlan writes the plans, cheapest first within each, with the
// running total of their nodes and how far each has got: an estimate's
// box whose census is whole is counted by it, whatever its descents.
func WritePlan(w io.Writer, plan []Planned, rows []Row) error {
	state := map[symmetry.Box]Row{}
	for _, r := range rows {
		state[r.Box] = r
	}
	fmt.Fprintln(w, "| plan | box | estimated search nodes | running total | state |")
	fmt.Fprintln(w, "|---|---|---:|---:|---|")
	var total float64
	for _, p := range plan {
		total += p.Nodes
		r := state[p.Box]
		var s string
		switch {
		case p.Kind == "census" && r.Exact():
			s = "counted"
		case p.Kind == "census" && r.Counted > 0:
			s = censusState(r, p.Nodes)
		case p.Kind == "estimate" && r.Exact():
			s = "counted by its census"
		case p.Kind == "estimate" && r.Estimate != nil:
			e := r.Estimate
			s = words.Plural(e.Descents, "descent")
			if r.Design != p.Design {
				s += " of " + r.Design.String()
			}
			s += fmt.Sprintf(", snakes %s, one-solution snakes %s", relative(e.Snakes.Mean, e.Snakes.Err), relative(e.OneSolution.Mean, e.OneSolution.Err))
			if r.Design != p.Design {
				s += fmt.Sprintf("; the plan's %s not yet drawn", p.Design)
			} else {
				s += "; " + toGo(e, r.Pace, r.Metered, p.Target)
			}
		default:
			s = "to do"
		}
		if _, err := fmt.Fprintf(w, "| %s | %v | %.2g | %.2g | %s |\n", p.Kind, p.Box, p.Nodes, total, s); err != nil {
			return err
		}
	}
	return nil
}

// toGo says how many more descents take both of an estimate's relative
// standard errors to target ([estimate.Result.DescentsFor]), and how long
// they would take one core at pace seconds a descent (none said when 0):
// a descent's time is its own, while the runner draws others beside it.
func toGo(e *estimate.Result, pace float64, metered bool, target float64) string {
	need, ok := e.DescentsFor(target)
	switch {
	case !ok:
		return "not steady yet"
	case need <= e.Descents:
		return fmt.Sprintf("at %g%%", 100*target)
	}
	s := fmt.Sprintf("some %s more to %g%%", words.Thousands(need-e.Descents), 100*target)
	switch {
	case pace > 0 && metered:
		s += fmt.Sprintf(", about %s of a core at the %s s a descent of late", hours(float64(need-e.Descents)*pace), seconds(pace))
	case pace > 0:
		s += fmt.Sprintf(", about %s at the %s s of wall clock a descent of late, beside the other runs", hours(float64(need-e.Descents)*pace), seconds(pace))
	}
	return s
}

// censusState says how far r's census under way has got, planned at
// planned nodes.
func censusState(r Row, planned float64) string {
	return counted(r) + censusToGo(planned, r)
}

// minMetered is the processor seconds of a census's sections from which
// their rate, a core's, says what is left rather than the wall clock's.
const minMetered = 600

// counted says how many of its sections r's census under way has
// counted, and how many parts of the others it has counted in parts.
func counted(r Row) string {
	s := fmt.Sprintf("%s of %s sections", words.Thousands(r.Counted), words.Thousands(r.Sections))
	if r.Parts > 0 {
		s += " and " + words.Plural(r.Parts, "part") + " of the others"
	}
	return s
}

// censusToGo says how far r's census under way has got in nodes, of the
// planned nodes, and how long the rest would take at the rate its counted
// sections and parts have made: a core's, where minMetered processor
// seconds of them say theirs, else the wall clock's, beside the other
// runs.
func censusToGo(planned float64, r Row) string {
	nodes, secs := r.CountedNodes, r.CountedSeconds
	s := fmt.Sprintf(", %.2g nodes of some %.2g", float64(nodes), planned)
	rest := planned - float64(nodes)
	switch {
	case rest <= 0:
		s += ", more than planned"
	case r.MeteredCPU >= minMetered && r.MeteredNodes > 0:
		rate := float64(r.MeteredNodes) / r.MeteredCPU
		s += fmt.Sprintf(", about %s of a core more at the %.0f million nodes a processor second of the sections that measured theirs", hours(rest/rate), rate/1e6)
	case secs > 0 && nodes > 0:
		rate := float64(nodes) / secs
		s += fmt.Sprintf(", about %s more at the %.0f million nodes a second of its sections so far", hours(rest/rate), rate/1e6)
	}
	return s
}

// hours says a time of secs seconds to a person planning a run.
func hours(secs float64) string {
	if h := secs / 3600; h >= 1.5 {
		return fmt.Sprintf("%.0f hours", h)
	}
	return words.Plural(int(math.Ceil(secs/60)), "minute")
}

// seconds says a descent's time: to a tenth of a second, or to two
// figures where that would read 0.0.
func seconds(secs float64) string {
	if secs < 0.95 {
		return fmt.Sprintf("%.2g", secs)
	}
	return fmt.Sprintf("%.1f", secs)
}

// CSVHeader names the columns of [WriteCSV].
var CSVHeader = []string{
	"box", "a", "b", "c", "cells", "directed_paths", "solutions", "how",
	"snakes", "one_solution_snakes", "palindromes", "palindrome_solutions",
	"most_solutions", "most_solutions_snake", "search_nodes", "sections_checked",
	"snakes_estimate", "snakes_se", "one_solution_snakes_estimate", "one_solution_snakes_se",
	"descents", "solutions_interval_holds", "sections_counted", "sections",
}

// WriteCSV writes the rows as CSV for the tools researchers load tables
// with, a row a box under [CSVHeader], every count in full: how is
// "census" for a whole census, whose counts fill the columns from snakes
// to sections_checked; "estimate" for descents, which fill those from
// snakes_estimate to solutions_interval_holds (whether the 95% interval
// of the estimate's solutions holds the exact count); "census under way"
// (with sections_counted of sections) or "paths only". Exact counts are
// integers and estimates decimals, each in columns of its own. A column
// the row does not determine is empty.
func WriteCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	for _, r := range rows {
		rec := make([]string, len(CSVHeader))
		col := func(name, v string) { rec[slices.Index(CSVHeader, name)] = v }
		col("box", r.Box.String())
		for k, name := range []string{"a", "b", "c"} {
			col(name, strconv.Itoa(r.Box.Size[k]))
		}
		col("cells", strconv.Itoa(r.Box.Len()))
		if r.Paths != nil {
			col("directed_paths", r.Paths.String())
		}
		if r.Solutions != nil {
			col("solutions", r.Solutions.String())
		}
		if r.Sections > 0 {
			col("sections_counted", strconv.Itoa(r.Counted))
			col("sections", strconv.Itoa(r.Sections))
		}
		num := func(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
		switch {
		case r.Exact():
			c := r.Census
			col("how", "census")
			for _, f := range []struct {
				name string
				v    int64
			}{
				{"snakes", c.Snakes}, {"one_solution_snakes", c.OneSolution},
				{"palindromes", c.Palindromes}, {"palindrome_solutions", c.PalindromeSolutions}, {"most_solutions", c.Most},
				{"search_nodes", int64(c.Nodes)}, {"sections_counted", int64(c.Sections)}, {"sections", int64(c.Sections)},
				{"sections_checked", int64(r.Checked)},
			} {
				col(f.name, strconv.FormatInt(f.v, 10))
			}
			col("most_solutions_snake", c.MostKey.String())
		case r.Estimate != nil:
			e := r.Estimate
			col("how", "estimate")
			col("snakes_estimate", num(e.Snakes.Mean))
			col("snakes_se", num(e.Snakes.Err))
			col("one_solution_snakes_estimate", num(e.OneSolution.Mean))
			col("one_solution_snakes_se", num(e.OneSolution.Err))
			col("descents", strconv.Itoa(e.Descents))
			if r.Solutions != nil {
				col("solutions_interval_holds", strconv.FormatBool(holds(e.Solutions, r.Solutions)))
			}
		case r.Sections > 0:
			col("how", "census under way")
		default:
			col("how", "paths only")
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteFolder writes what census table prints of the results folder dir,
// in format: "markdown", the table with the families and the plans
// ([WriteMarkdown]); "csv", the table alone ([WriteCSV]); "calibration",
// the descents against the censuses ([WriteCalibrationCSV]); "costs",
// what each long run cost ([WriteCostsCSV]).
func WriteFolder(ctx context.Context, w io.Writer, dir, format string) error {
	if format == "costs" {
		costs, err := ReadCosts(ctx, dir)
		if err != nil {
			return err
		}
		return WriteCostsCSV(w, costs)
	}
	if format == "calibration" {
		cals, err := ReadCalibration(ctx, dir)
		if err != nil {
			return err
		}
		return WriteCalibrationCSV(w, cals)
	}
	rows, err := Read(ctx, dir)
	if err != nil {
		return err
	}
	if format == "csv" {
		return WriteCSV(w, rows)
	}
	return WriteMarkdown(w, dir, rows)
}
