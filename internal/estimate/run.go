package estimate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/snakecube/snakecube/internal/cputime"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Take returns descents 0 to k-1 of d: those already in the descents file
// at path, when path is not "", and the others drawn now and appended to
// it as they complete, so that a run stopped anywhere resumes, each with
// the processor seconds spent since the one before (Count.CPU). It
// returns how many were drawn now.
func (d *Design) Take(ctx context.Context, k int, path string) ([]Descent, int, error) {
	done := map[int]Descent{}
	var f *File
	if path != "" {
		var err error
		if f, err = d.OpenFile(ctx, path); err != nil {
			return nil, 0, err
		}
		defer f.Close()
		done = f.Done
	}
	var todo []int
	for i := range k {
		if _, ok := done[i]; !ok {
			todo = append(todo, i)
		}
	}
	m := cputime.Start()
	err := d.Run(ctx, todo, func(x Descent) error {
		x.Count.CPU = m.Take()
		if f != nil {
			if err := f.Append(x); err != nil {
				return err // not held: Stopped counts the file's descents
			}
		}
		done[x.Index] = x
		return nil
	})
	if err != nil {
		if path != "" {
			err = &Stopped{Path: path, Held: len(done), Err: err}
		}
		return nil, 0, err
	}
	ds := make([]Descent, k)
	for i := range ds {
		ds[i] = done[i]
	}
	return ds, len(todo), nil
}

// Stopped is the error of a Take with a descents file that did not
// finish: the file keeps the descents drawn, and the same Take resumes.
type Stopped struct {
	Path string // the descents file
	Held int    // how many descents it holds
	Err  error  // why it stopped
}

func (s *Stopped) Error() string {
	return fmt.Sprintf("%v (descents in %s: %d; run again to resume)", s.Err, s.Path, s.Held)
}

func (s *Stopped) Unwrap() error { return s.Err }

// Kept says what the file holds, for a person: "3 descents are in FILE".
func (s *Stopped) Kept() string {
	switch s.Held {
	case 0:
		return "no descent is in " + s.Path + " yet"
	case 1:
		return "1 descent is in " + s.Path
	}
	return words.Plural(s.Held, "descent") + " are in " + s.Path
}

// Unless told how many, Tree probes in rounds until the relative standard
// error of the paths is below TargetErr, or MaxProbes are spent
// (docs/SPEED.md has the times).
const (
	ProbeRound = 1_000_000
	MaxProbes  = 80_000_000
	TargetErr  = 0.01
)

// Tree estimates box b's whole search by Knuth's random probes: probes of
// them drawn by seed, or when probes is 0, rounds of ProbeRound until the
// paths' relative standard error is under TargetErr. Round k draws on its
// own seed, derived from seed, so that rounds are independent and the
// whole depends only on seed.
func Tree(ctx context.Context, b symmetry.Box, probes int, seed uint64, opts solver.Options) (solver.Estimate, error) {
	if probes > 0 {
		return solver.EstimateTree(ctx, b, probes, seed, opts)
	}
	var est solver.Estimate
	for n := ProbeRound; n <= MaxProbes; n += ProbeRound {
		r, err := solver.EstimateTree(ctx, b, ProbeRound, seed+uint64(n/ProbeRound-1)*0x9e3779b9, opts)
		if err != nil {
			return est, err
		}
		est = est.Join(r)
		if est.Err.Paths <= TargetErr*est.Mean.Paths {
			break
		}
	}
	return est, nil
}

// NodeRate measures how many nodes of box b's search a core visits in a
// second of processor time: [solver.SearchFor] for about d of wall clock,
// over the processor seconds this process spent meanwhile (the wall
// clock's where the system does not say them), so that other work on the
// machine does not slow the figure. Nothing else of this process should
// run meanwhile.
func NodeRate(ctx context.Context, b symmetry.Box, d time.Duration) float64 {
	meter, start := cputime.Start(), time.Now()
	nodes := solver.SearchFor(ctx, b, d)
	return perSecond(nodes, meter.Take(), time.Since(start).Seconds())
}

// perSecond is nodes over cpu processor seconds, or over wall seconds of
// wall clock when the processor time is not known (0 or less); 0 when
// neither is.
func perSecond(nodes uint64, cpu, wall float64) float64 {
	if cpu <= 0 {
		cpu = wall
	}
	if cpu <= 0 {
		return 0
	}
	return float64(nodes) / cpu
}

// WriteTree prints a tree estimate of box b, each figure with its standard
// error, and the core-hours of the whole search at rate nodes a processor
// second (no core-hours when rate is 0, not measured), in one write, so
// that a failed write is the error it returns.
func WriteTree(out io.Writer, b symmetry.Box, est solver.Estimate, seed uint64, rate float64) error {
	var w bytes.Buffer
	o := float64(b.Orbit())
	line := func(name string, v, se float64) {
		rel := 0.0
		if v != 0 {
			rel = 100 * se / v
		}
		fmt.Fprintf(&w, "%-28s %12.6g ± %.3g (%.2f%%)\n", name, v, se, rel)
	}
	fmt.Fprintf(&w, "# %v: Knuth's estimate from %d random probes, seed %d; ± one standard error\n", b, est.Probes, seed)
	line("directed Hamiltonian paths", o*est.Mean.Paths, o*est.Err.Paths)
	line("solutions", est.Mean.Solutions, est.Err.Solutions)
	line("search nodes", est.Mean.Nodes, est.Err.Nodes)
	if rate > 0 {
		fmt.Fprintf(&w, "%-28s %12.4g per processor second, measured\n", "node rate", rate)
		hours := est.Mean.Nodes / rate / 3600
		line("full search, core-hours", hours, est.Err.Nodes/rate/3600)
		fmt.Fprintf(&w, "%-28s %12.4g\n", "full search, core-years", hours/(24*365.25))
	} else {
		fmt.Fprintf(&w, "%-28s %12s\n", "node rate", "not measured: neither processor time nor the clock moved")
	}
	_, err := out.Write(w.Bytes())
	return err
}

// Report sums up the descents ds of design d and prints their estimates
// on w, in one write, as [WriteSnakes] does, the estimates controlled by
// the solutions known when they are (known > 0). It returns the summary
// and whether the run can be trusted.
func Report(w io.Writer, d *Design, ds []Descent, known float64, source string, target float64) (Result, bool, error) {
	res := Summarize(ds)
	var ctl Result
	if known > 0 {
		ctl = Controlled(ds, known)
	}
	var out bytes.Buffer
	trusted := WriteSnakes(&out, d, res, ctl, known, source, target)
	_, err := w.Write(out.Bytes())
	return res, trusted, err
}

// WriteSnakes prints the estimates r of descents of design d and, when
// the solutions are known (known > 0, from source), the snakes' estimates
// ctl that take them as control variate, and whether the solutions'
// interval covers them, corrected for the descents' skewness
// ([Value.SkewInterval95]); it reports whether the run can be trusted by
// that test. Given a target relative standard error (0 for none), it prints
// too how many descents in all would take the snakes' and one-solution
// snakes' printed estimates to it ([Result.DescentsFor]), as
// descents_for_target.
func WriteSnakes(w io.Writer, d *Design, r, ctl Result, known float64, source string, target float64) bool {
	strata := ""
	if s := d.opts.Strata; s != nil {
		strata = fmt.Sprintf(" below the %d prefixes of %d cubelets drawn from strata", len(s.Strata), s.Depth)
	}
	sections := fmt.Sprintf("sections of %d cubelets", d.Depth())
	if o := d.opts; o.Budget > 0 {
		sections = fmt.Sprintf("the first section of %d to %d cubelets whose search the weighing puts at %.3g nodes or fewer", o.Depth, o.Deepest, o.Budget)
	}
	fmt.Fprintf(w, "# %v: %d descents of the key-prefix tree to %s, choices weighed by populations of %d%s, seed %d; ± one standard error\n",
		d.b, r.Descents, sections, d.Width(), strata, d.seed)
	fmt.Fprintf(w, "# solutions counted once up to the box's rotations and reflections and up to reversal\n")
	rel := func(v Value) string {
		return fmt.Sprintf("%.4g ± %.2g (%.2f%%)", v.Mean, v.Err, 100*v.Err/v.Mean)
	}
	printed := r
	if known > 0 {
		fmt.Fprintf(w, "# snakes and one-solution snakes with the known solutions as control variate; without it: snakes %s, one_solution_snakes %s\n",
			rel(r.Snakes), rel(r.OneSolution))
		printed = ctl
	}
	fmt.Fprintf(w, "%-20s %s\n", "snakes", rel(printed.Snakes))
	fmt.Fprintf(w, "%-20s %s\n", "one_solution_snakes", rel(printed.OneSolution))
	fmt.Fprintf(w, "%-20s %s\n", "solutions", rel(r.Solutions))
	if target > 0 {
		if n, ok := printed.DescentsFor(target); ok {
			fmt.Fprintf(w, "%-20s %d (both at %g%%)\n", "descents_for_target", n, 100*target)
		} else {
			fmt.Fprintf(w, "%-20s not steady yet\n", "descents_for_target")
		}
	}
	spread := fmt.Sprintf("snakes %.3g, one-solution snakes %.3g", r.Snakes.RelVar(), r.OneSolution.RelVar())
	if known > 0 {
		spread += fmt.Sprintf("; with the control %.3g and %.3g", ctl.Snakes.RelVar(), ctl.OneSolution.RelVar())
	}
	fmt.Fprintf(w, "# relative variance of a descent: %s\n", spread)
	if r.Descents > TopDescents && r.TopShare > 0 { // none when the descents agree exactly
		fmt.Fprintf(w, "# the heaviest descent makes %.2g%% of the snakes estimate; the %d farthest from the mean make %.3g%% of the squared deviations its error comes from (%.2g%% were they alike)\n",
			100*r.MaxShare, TopDescents, 100*r.TopShare, 100*float64(TopDescents)/float64(r.Descents))
	}
	if known <= 0 {
		return true
	}
	lo, hi := r.Solutions.SkewInterval95()
	tlo, thi := r.Solutions.Interval95()
	interval := fmt.Sprintf("the 95%% interval [%.4g, %.4g], corrected for the descents' skewness %.3g (Student's t: [%.4g, %.4g])",
		lo, hi, r.Solutions.Skew, tlo, thi)
	if r.Solutions.SkewCovers(known) {
		fmt.Fprintf(w, "# known solutions %.0f (%s): inside %s\n", known, source, interval)
		return true
	}
	fmt.Fprintf(w, "# known solutions %.0f (%s): OUTSIDE %s: this run is not to be trusted\n", known, source, interval)
	return false
}
