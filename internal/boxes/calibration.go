package boxes

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/internal/estimate"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// CalibrationBlock is how many descents of consecutive indexes, of one
// seed, make a block of a calibration: a run of its own, independent of
// the other blocks, whose 95% interval does or does not hold the exact
// count. Some hundred: enough for the mean of a descent's spread at the
// published designs (relative variances near 1) to be near normal, and
// a hundred blocks a box at 10,000 descents.
const CalibrationBlock = 100

// A Calibration is a set of descents of one box and design, drawn with
// one seed or pooled over several, set against the box's whole census.
type Calibration struct {
	Box    symmetry.Box
	Design Design
	// Seeds are the seeds of the descents, in increasing order.
	Seeds []uint64
	// Files are where the descents come from, relative to the results
	// folder.
	Files []string
	// Descents are the descents, by seed, then index.
	Descents []estimate.Descent
	// Exact is the census's count.
	Exact solver.Count
	// Blocks are the descents' blocks of [CalibrationBlock] consecutive
	// indexes of a seed, each whole.
	Blocks [][]estimate.Descent
}

// ReadCalibration reads the calibrations of the results folder dir: the
// descents files of calibration/, named as those of estimate/ with the
// seed before .jsonl (estimate-BOX-wW-cC[-cut][-strata]-sSEED.jsonl),
// and those of estimate/ whose box a census counts whole. Each file is a
// calibration of its own, and the files of one box and design with
// several seeds are also pooled into one; and where some of those seeds
// are drawn by another box's files too, the seeds no other box draws are
// pooled again, when there are two or more of them: a seed draws the same
// random numbers on every box, so that the descents of a shared seed are
// correlated from box to box, and only the pool of a box's own seeds is
// independent of the other boxes' rows. It fails where Read does, when
// a file of calibration/ is of a box no census counts whole, or when its
// descents are not of the design and seed its name gives.
func ReadCalibration(ctx context.Context, dir string) ([]Calibration, error) {
	rows, err := Read(ctx, dir)
	if err != nil {
		return nil, err
	}
	exact := map[symmetry.Box]solver.Count{}
	for _, r := range rows {
		if r.Exact() {
			exact[r.Box] = r.Census.Count
		}
	}
	type key struct {
		box    symmetry.Box
		design Design
	}
	pooled := map[key][]Calibration{}
	for _, sub := range []string{"calibration", "estimate"} {
		ents, err := os.ReadDir(filepath.Join(dir, sub))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, de := range ents {
			name := de.Name()
			seed, seeded := uint64(0), false
			if sub == "calibration" {
				base, s, ok := cutSeed(name)
				if !ok {
					continue
				}
				name, seed, seeded = base, s, true
			}
			b, design, _, ok, err := descentsFile(name)
			path := filepath.Join(dir, sub, de.Name())
			if err != nil {
				return nil, fmt.Errorf("%s: a descents file whose name is no box's: %w", path, err)
			}
			if !ok {
				continue
			}
			c, known := exact[b]
			if !known {
				if sub == "calibration" {
					return nil, fmt.Errorf("%s: descents of %v, which no whole census counts: nothing to calibrate them on", path, b)
				}
				continue
			}
			recs, _, err := estimate.ReadFile(path)
			if err != nil {
				return nil, err
			}
			if err := oneDesign(recs, b, design); err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			if len(recs) == 0 {
				continue
			}
			if seeded && recs[0].Seed != seed {
				return nil, fmt.Errorf("%s: line 1: a descent of seed %d, not of the seed %d that the file's name gives", path, recs[0].Seed, seed)
			}
			ds := make([]estimate.Descent, len(recs))
			for i, rec := range recs {
				if ds[i], err = rec.Descent(); err != nil {
					return nil, fmt.Errorf("%s: %w", path, err)
				}
			}
			slices.SortFunc(ds, func(x, y estimate.Descent) int { return x.Index - y.Index })
			k := key{b, design}
			pooled[k] = append(pooled[k], Calibration{
				Box: b, Design: design, Seeds: []uint64{recs[0].Seed}, Files: []string{sub + "/" + de.Name()},
				Descents: ds, Exact: c, Blocks: blocks(ds),
			})
		}
	}
	// drawnBy[s] holds the boxes whose files draw seed s.
	drawnBy := map[uint64]map[symmetry.Box]bool{}
	for k, cs := range pooled {
		for _, c := range cs {
			if drawnBy[c.Seeds[0]] == nil {
				drawnBy[c.Seeds[0]] = map[symmetry.Box]bool{}
			}
			drawnBy[c.Seeds[0]][k.box] = true
		}
	}
	var out []Calibration
	for _, cs := range pooled {
		slices.SortFunc(cs, func(x, y Calibration) int { return int(x.Seeds[0]) - int(y.Seeds[0]) })
		for i := 1; i < len(cs); i++ {
			if cs[i].Seeds[0] == cs[i-1].Seeds[0] {
				return nil, fmt.Errorf("%s and %s: descents of one design and seed in two files", cs[i-1].Files[0], cs[i].Files[0])
			}
		}
		out = append(out, cs...)
		if len(cs) < 2 {
			continue
		}
		out = append(out, pool(cs))
		own := slices.DeleteFunc(slices.Clone(cs), func(c Calibration) bool { return len(drawnBy[c.Seeds[0]]) > 1 })
		if len(own) >= 2 && len(own) < len(cs) {
			out = append(out, pool(own))
		}
	}
	slices.SortStableFunc(out, func(x, y Calibration) int {
		if c := x.Box.Len() - y.Box.Len(); c != 0 {
			return c
		}
		if c := slices.Compare(x.Box.Size[:], y.Box.Size[:]); c != 0 {
			return c
		}
		if c := strings.Compare(designName(x.Design), designName(y.Design)); c != 0 {
			return c
		}
		if c := len(x.Seeds) - len(y.Seeds); c != 0 {
			return c
		}
		return int(x.Seeds[0]) - int(y.Seeds[0])
	})
	return out, nil
}

// pool returns the calibrations cs, of one box and design, pooled into
// one, their seeds in the order of cs.
func pool(cs []Calibration) Calibration {
	all := Calibration{Box: cs[0].Box, Design: cs[0].Design, Exact: cs[0].Exact}
	for _, c := range cs {
		all.Seeds = append(all.Seeds, c.Seeds...)
		all.Files = append(all.Files, c.Files...)
		all.Descents = append(all.Descents, c.Descents...)
		all.Blocks = append(all.Blocks, c.Blocks...)
	}
	return all
}

// cutSeed reads the seed at the end of a calibration file's name,
// NAME-sSEED.jsonl, and returns NAME.jsonl.
func cutSeed(name string) (string, uint64, bool) {
	base, ok := strings.CutSuffix(name, ".jsonl")
	i := strings.LastIndex(base, "-s")
	if !ok || i < 0 {
		return "", 0, false
	}
	seed, err := strconv.ParseUint(base[i+2:], 10, 64)
	if err != nil {
		return "", 0, false
	}
	return base[:i] + ".jsonl", seed, true
}

// defaultDesignFile reads the name of a descents file of the default
// design, estimate-BOX.jsonl: the box, and the default width and
// capacity. It returns false for a name of another form.
func defaultDesignFile(name string) (symmetry.Box, Design, bool, error) {
	name, ok := strings.CutPrefix(name, "estimate-")
	name, ok2 := strings.CutSuffix(name, ".jsonl")
	if !ok || !ok2 || strings.Contains(name, "-") {
		return symmetry.Box{}, Design{}, false, nil
	}
	b, err := boxOf(name)
	if err != nil {
		return symmetry.Box{}, Design{}, false, err
	}
	return b, Design{Width: estimate.DefaultWidth, Capacity: estimate.DefaultCapacity}, true, nil
}

// descentsFile reads the name of a descents file of either form,
// [estimateFile]'s or, for the first files, [defaultDesignFile]'s
// estimate-BOX.jsonl (dflt true): the box and design. It returns false
// for a name of neither form, and an error for one whose BOX is no box.
func descentsFile(name string) (b symmetry.Box, d Design, dflt, ok bool, err error) {
	b, d, ok, err = estimateFile(name)
	if !ok && err == nil {
		b, d, ok, err = defaultDesignFile(name)
		dflt = ok
	}
	return b, d, dflt, ok, err
}

// blocks returns the whole blocks of ds, descents of one seed sorted by
// index: those of indexes kB to (k+1)B-1, B = [CalibrationBlock], each
// held in full.
func blocks(ds []estimate.Descent) [][]estimate.Descent {
	var out [][]estimate.Descent
	for i := 0; i+CalibrationBlock <= len(ds); {
		k := ds[i].Index / CalibrationBlock
		j := i
		for j < len(ds) && ds[j].Index/CalibrationBlock == k {
			j++
		}
		if j-i == CalibrationBlock && ds[i].Index == k*CalibrationBlock {
			out = append(out, ds[i:j])
		}
		i = j
	}
	return out
}

// designName is a design as a descents file's name gives it: wW-cC, then
// -cut, -strata, -budget and -deepestE for a design with them.
func designName(d Design) string {
	s := fmt.Sprintf("w%d-c%d", d.Width, d.Capacity)
	if d.Cut {
		s += "-cut"
	}
	if d.Strata {
		s += "-strata"
	}
	if d.Budget {
		s += "-budget"
	}
	if d.Deepest > 0 {
		s += fmt.Sprintf("-deepest%d", d.Deepest)
	}
	return s
}

// CalibrationHeader names the columns of [WriteCalibrationCSV].
var CalibrationHeader = []string{
	"box", "design", "seeds", "descents", "quantity", "control",
	"estimate", "se", "exact", "z", "z_skew", "rel_var", "slope",
	"blocks", "blocks_covering", "blocks_covering_skew", "blocks_mean_z", "files",
}

// The controls of a calibration's rows: none, the solutions as control
// variate with the slope fitted on the other descents as the estimates
// publish it ([estimate.Controlled]), and with one slope fitted on all
// of them ([estimate.ControlledAt]), to compare.
const (
	controlNone   = "none"
	controlOthers = "slope of the others"
	controlAll    = "slope of all"
)

// WriteCalibrationCSV writes the calibrations as CSV under
// [CalibrationHeader], seven rows a calibration: the snakes and the
// one-solution snakes with each control (none, the slope of the other
// descents as published, one slope of all of them), and the solutions
// without. A row gives the estimate, its standard error, the census's
// exact count, z = (estimate - exact) / se, the relative variance of a
// descent, the slope of the control (empty for none), and how many of
// the calibration's blocks of [CalibrationBlock] descents have a 95%
// interval, estimated as the row is, that holds the exact count, and the
// mean of the blocks' z (empty without blocks). z_skew and
// blocks_covering_skew are z and the blocks covering by the modified t
// that corrects for the descents' skewness ([estimate.Value.SkewZ]).
// Seeds are separated by spaces, files by spaces.
func WriteCalibrationCSV(w io.Writer, cals []Calibration) error {
	cw := csv.NewWriter(w)
	cw.Write(CalibrationHeader)
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
	for _, c := range cals {
		var seeds []string
		for _, s := range c.Seeds {
			seeds = append(seeds, strconv.FormatUint(s, 10))
		}
		for _, q := range calibrationQuantities {
			for _, ctl := range q.controls {
				v, b := calibrated(c.Descents, c.Exact, q.name, ctl)
				exact := q.of(c.Exact)
				covering, coveringSkew, sumZ := 0, 0, 0.0
				for _, blk := range c.Blocks {
					bv, _ := calibrated(blk, c.Exact, q.name, ctl)
					if bv.Covers(float64(exact)) {
						covering++
					}
					if bv.SkewCovers(float64(exact)) {
						coveringSkew++
					}
					sumZ += calibrationZ(bv, float64(exact))
				}
				meanZ := ""
				if len(c.Blocks) > 0 {
					meanZ = num(sumZ / float64(len(c.Blocks)))
				}
				slope := ""
				if ctl != controlNone {
					slope = num(b)
				}
				rec := []string{
					c.Box.String(), designName(c.Design), strings.Join(seeds, " "), strconv.Itoa(len(c.Descents)),
					q.name, ctl, num(v.Mean), num(v.Err), strconv.FormatInt(exact, 10),
					num(calibrationZ(v, float64(exact))), num(v.SkewZ(float64(exact))), num(v.RelVar()), slope,
					strconv.Itoa(len(c.Blocks)), strconv.Itoa(covering), strconv.Itoa(coveringSkew), meanZ, strings.Join(c.Files, " "),
				}
				if err := cw.Write(rec); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// calibrationQuantities are the counts a calibration sets against the
// census, each with the controls it is estimated with.
var calibrationQuantities = []struct {
	name     string
	of       func(solver.Count) int64
	controls []string
}{
	{"snakes", func(c solver.Count) int64 { return c.Snakes }, []string{controlNone, controlOthers, controlAll}},
	{"one_solution_snakes", func(c solver.Count) int64 { return c.OneSolution }, []string{controlNone, controlOthers, controlAll}},
	{"solutions", func(c solver.Count) int64 { return c.Solutions }, []string{controlNone}},
}

// calibrated returns the estimate of quantity q from ds with control
// ctl, the exact solutions as control variate, and the slope of the
// control over all of ds (0 for none).
func calibrated(ds []estimate.Descent, exact solver.Count, q, ctl string) (estimate.Value, float64) {
	known := float64(exact.Solutions)
	bs, bo := estimate.Slopes(ds)
	var r estimate.Result
	switch ctl {
	case controlNone:
		r, bs, bo = estimate.Summarize(ds), 0, 0
	case controlOthers:
		r = estimate.Controlled(ds, known)
	default:
		r = estimate.ControlledAt(ds, known, bs, bo)
	}
	switch q {
	case "snakes":
		return r.Snakes, bs
	case "one_solution_snakes":
		return r.OneSolution, bo
	}
	return r.Solutions, 0
}

// calibrationZ is (v - exact) / its standard error, NaN without one.
func calibrationZ(v estimate.Value, exact float64) float64 {
	if !(v.Err > 0) || math.IsInf(v.Err, 0) {
		return math.NaN()
	}
	return (v.Mean - exact) / v.Err
}
