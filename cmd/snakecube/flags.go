package main

import (
	"flag"
	"fmt"
	"math"
	"runtime"
	"strconv"

	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// boxFlag is a -size flag.
type boxFlag struct{ box symmetry.Box }

func (f *boxFlag) String() string { return f.box.String() }

func (f *boxFlag) Set(s string) error {
	b, err := symmetry.ParseBox(s)
	if err != nil {
		return err
	}
	f.box = b
	return nil
}

func defaultBox() *boxFlag {
	b, _ := symmetry.Cube(3)
	return &boxFlag{box: b}
}

// workersFlag is a -j flag: how many goroutines search at once, 1 to
// solver.MaxWorkers, as each holds its own search in memory.
type workersFlag int

func (w *workersFlag) String() string { return strconv.Itoa(int(*w)) }

func (w *workersFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > solver.MaxWorkers {
		return fmt.Errorf("want 1 to %d", solver.MaxWorkers)
	}
	*w = workersFlag(n)
	return nil
}

// workersVar defines a -j flag on fs, all cores by default.
func workersVar(fs *flag.FlagSet) *workersFlag {
	w := workersFlag(min(runtime.NumCPU(), solver.MaxWorkers))
	fs.Var(&w, "j", "")
	return &w
}

// knownSolutions reports whether n, the value of a -solutions flag on fs
// (a box's exact number of solutions, from snakecube paths), is good: a
// positive number when given; absent, it is 0, none known.
func knownSolutions(fs *flag.FlagSet, n float64) bool {
	return !cli.Given(fs, "solutions") || n > 0 && n <= math.MaxFloat64
}
