package boxes

import (
	"cmp"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/estimate"
	"github.com/snakecube/snakecube/symmetry"
)

// A Cost is what one long run of a results folder has cost, as its files
// record it: a census (a folder of census/, or a census file of
// samples/), the check of a census (the recounts of checks/), the
// descents of an estimate file, or those of one box and design over all
// the seeds of calibration/ or samples/.
type Cost struct {
	Run    string // "census", "check", "estimate", "calibration" or "samples"
	Box    symmetry.Box
	Design string // as designName writes it, "w16384-c4096-budget"; "default" for estimate-BOX.jsonl; a census's depth, "d16"
	Files  []string
	// Lines are the sections or descents, Metered those that say their
	// processor seconds (cpu_seconds), CPU their sum.
	Lines, Metered int
	CPU            float64
	// Nodes are the nodes of the sections' searches (of a descent's
	// count, not its weighing), MeteredNodes those of the metered lines.
	Nodes, MeteredNodes uint64
	// Wall is the seconds the lines record, wall clock: of a census's
	// counts; of a descent's count and weighing.
	Wall float64
	// sections says the lines are a census's, whose cost goes by nodes.
	sections bool
}

// CoreHours returns the processor hours c's run took, and how they are
// known: "processor seconds" when every line says its own; "processor
// seconds, the rest at their rate" when enough do (a census's metered
// sections, of a census folder or of samples/, minMetered processor
// seconds; a run's descents minPaced), the others taken at their rate, a
// census's by nodes, descents' by the descent; otherwise "wall clock", the lines' own seconds, which a
// machine shared with other runs stretches: an upper bound.
func (c Cost) CoreHours() (float64, string) {
	switch {
	case c.Metered == c.Lines && c.Lines > 0:
		return c.CPU / 3600, "processor seconds"
	case c.sections && c.CPU >= minMetered && c.MeteredNodes > 0:
		rest := float64(c.Nodes-c.MeteredNodes) * c.CPU / float64(c.MeteredNodes)
		return (c.CPU + rest) / 3600, "processor seconds, the rest at their rate"
	case !c.sections && c.Metered >= minPaced:
		rest := float64(c.Lines-c.Metered) * c.CPU / float64(c.Metered)
		return (c.CPU + rest) / 3600, "processor seconds, the rest at their rate"
	}
	return c.Wall / 3600, "wall clock"
}

// ReadCosts reads what every long run of the results folder dir has
// cost, from its census folders (the sections counted whole; parts of
// sections under way are left out until their section's line sums
// them), the recounts of census check in checks/ (BOX.recounts.jsonl
// under way, BOX.recounted.jsonl done), the census files of samples/,
// and the descents files of estimate/, calibration/ and samples/. It
// fails where a file cannot be read as a census or descents.
func ReadCosts(ctx context.Context, dir string) ([]Cost, error) {
	if err := isResults(dir); err != nil {
		return nil, err
	}
	var out []Cost
	ents, err := readDir(filepath.Join(dir, "census"))
	if err != nil {
		return nil, err
	}
	for _, de := range ents {
		if !de.IsDir() {
			continue
		}
		b, err := boxOf(de.Name())
		if err != nil {
			continue // not a census folder: Read says so
		}
		c, err := censusCost(ctx, b, filepath.Join(dir, "census", de.Name()))
		if err != nil {
			return nil, err
		}
		c.Files = []string{"census/" + de.Name()}
		out = append(out, c)
	}
	checks, err := checkCosts(ctx, filepath.Join(dir, "checks"))
	if err != nil {
		return nil, err
	}
	out = append(out, checks...)
	pooled := map[string]*Cost{}
	for _, sub := range []string{"estimate", "calibration", "samples"} {
		ents, err := readDir(filepath.Join(dir, sub))
		if err != nil {
			return nil, err
		}
		for _, de := range ents {
			name, path := de.Name(), filepath.Join(dir, sub, de.Name())
			if sub == "samples" && strings.HasPrefix(name, "census-") && strings.HasSuffix(name, ".jsonl") {
				cs, err := census.ReadFiles(ctx, []string{path})
				if err != nil {
					return nil, err
				}
				c := censusCostOf(cs.Total)
				c.Run, c.Files = "samples", []string{sub + "/" + name}
				out = append(out, c)
				continue
			}
			b, design, ok := descentsName(sub, name)
			if !ok {
				continue
			}
			recs, _, err := estimate.ReadFile(path)
			if err != nil {
				return nil, err
			}
			key := sub + "/" + b.String() + "/" + design
			c := pooled[key]
			if c == nil {
				c = &Cost{Run: sub, Box: b, Design: design}
				pooled[key] = c
			}
			c.Files = append(c.Files, sub+"/"+name)
			for _, r := range recs {
				c.Lines++
				c.Nodes += r.Nodes
				c.Wall += r.Seconds + r.Weigh
				if r.CPU > 0 {
					c.Metered++
					c.CPU += r.CPU
					c.MeteredNodes += r.Nodes
				}
			}
		}
	}
	for _, c := range pooled {
		out = append(out, *c)
	}
	order := map[string]int{"census": 0, "check": 1, "estimate": 2, "calibration": 3, "samples": 4}
	slices.SortFunc(out, func(x, y Cost) int {
		return cmp.Or(
			cmp.Compare(order[x.Run], order[y.Run]),
			cmp.Compare(x.Box.Len(), y.Box.Len()),
			slices.Compare(x.Box.Size[:], y.Box.Size[:]),
			strings.Compare(x.Design, y.Design),
			strings.Compare(x.Files[0], y.Files[0]),
		)
	})
	return out, nil
}

// checkCosts reads the recounts files of census check in folder dir,
// BOX.recounts.jsonl or BOX.recounted.jsonl, each a run: a census's
// lines, of the sections recounted, with the nodes of the recount's own
// searches.
func checkCosts(ctx context.Context, dir string) ([]Cost, error) {
	ents, err := readDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Cost
	for _, de := range ents {
		name, ok := strings.CutSuffix(de.Name(), ".recounts.jsonl")
		if !ok {
			name, ok = strings.CutSuffix(de.Name(), ".recounted.jsonl")
		}
		if !ok {
			continue
		}
		if _, err := boxOf(name); err != nil {
			continue
		}
		path := filepath.Join(dir, de.Name())
		cs, err := census.ReadFiles(ctx, []string{path})
		if err != nil {
			return nil, err
		}
		c := censusCostOf(cs.Total)
		c.Run, c.Files = "check", []string{"checks/" + de.Name()}
		out = append(out, c)
	}
	return out, nil
}

// readDir lists folder dir, nothing where there is none.
func readDir(dir string) ([]os.DirEntry, error) {
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	return ents, err
}

// censusCost reads the census of box b in folder.
func censusCost(ctx context.Context, b symmetry.Box, folder string) (Cost, error) {
	cs, err := census.ReadBox(ctx, b, []string{folder})
	if err != nil {
		return Cost{}, fmt.Errorf("%s: %w", folder, err)
	}
	c := censusCostOf(cs.Total)
	c.Box = b
	return c, nil
}

// censusCostOf returns the cost that census total t records.
func censusCostOf(t census.Total) Cost {
	return Cost{
		Run: "census", sections: true, Box: t.Box, Design: fmt.Sprintf("d%d", t.Depth), Lines: t.Sections, Metered: t.Metered, CPU: t.CPU,
		Nodes: t.Nodes, MeteredNodes: t.MeteredNodes, Wall: t.Seconds,
	}
}

// descentsName reads the box and design of a descents file of folder sub
// from its name ([descentsFile]'s forms, with -sSEED before .jsonl
// outside estimate/, where a run's seeds each have a file): the design
// as [designName] writes it, "default" for estimate-BOX.jsonl. It
// returns false for a name of no descents file.
func descentsName(sub, name string) (symmetry.Box, string, bool) {
	if sub != "estimate" {
		base, _, ok := cutSeed(name)
		if !ok {
			return symmetry.Box{}, "", false
		}
		name = base
	}
	b, d, dflt, ok, err := descentsFile(name)
	switch {
	case err != nil || !ok:
		return symmetry.Box{}, "", false
	case dflt:
		return b, "default", true
	}
	return b, designName(d), true
}

// CostsHeader names the columns of [WriteCostsCSV].
var CostsHeader = []string{
	"run", "box", "design", "lines", "metered_lines", "nodes", "wall_hours", "metered_cpu_hours", "core_hours", "core_hours_from", "files",
}

// WriteCostsCSV writes costs as CSV, a run a row: its kind, box and
// design; its lines (sections or descents), those that say their
// processor seconds, the nodes of their counts; the hours of wall clock
// the lines record, the processor hours the metered lines record, and
// the core-hours of the whole run with how they are known
// ([Cost.CoreHours]); and the files, space-separated.
func WriteCostsCSV(w io.Writer, costs []Cost) error {
	cw := csv.NewWriter(w)
	cw.Write(CostsHeader)
	hours := func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
	for _, c := range costs {
		core, from := c.CoreHours()
		cw.Write([]string{
			c.Run, c.Box.String(), c.Design, strconv.Itoa(c.Lines), strconv.Itoa(c.Metered),
			strconv.FormatUint(c.Nodes, 10), hours(c.Wall / 3600), hours(c.CPU / 3600), hours(core), from,
			strings.Join(c.Files, " "),
		})
	}
	cw.Flush()
	return cw.Error()
}
