package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

const enumerateUsage = `Usage:
  snakecube enumerate [-size N|AxBxC] [-o FILE] [-j N] [-quiet]

Finds every snake that folds into the box and all its solutions, and writes
the catalogue as JSON: keys ascending, solutions in canonical form.
Solutions are counted once up to the box's rotations and reflections and
up to reading the snake from its other end.

Flags:
  -size N|AxBxC  the box (default 3, the 3x3x3 cube)
  -o FILE        write the catalogue to FILE, "-" for standard output
                 (default solutions.json)
  -j N           search with N goroutines (default: all cores)
  -quiet         no progress bar and no summary

Examples:
  $ snakecube enumerate
  $ snakecube enumerate -size 2x2x3 -o - | head
`

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

func runEnumerate(ctx context.Context, e env, args []string) error {
	fs := flag.NewFlagSet("enumerate", flag.ContinueOnError)
	box := defaultBox()
	fs.Var(box, "size", "")
	out := fs.String("o", "solutions.json", "")
	workers := fs.Int("j", runtime.NumCPU(), "")
	quiet := fs.Bool("quiet", false, "")
	rest, err := parseFlags(fs, e, enumerateUsage, args)
	if err != nil {
		return helpOK(err)
	}
	if len(rest) > 0 {
		return badUsage(e, enumerateUsage, "enumerate takes no arguments, got %q", rest[0])
	}
	if *workers < 1 {
		return badUsage(e, enumerateUsage, "-j %d: want at least 1", *workers)
	}
	start := time.Now()
	opts := solver.Options{Workers: *workers}
	if !*quiet && terminal(e.stderr) {
		opts.Progress = progress(e.stderr, box.box.String())
	}
	cat, err := solver.Enumerate(ctx, box.box, opts)
	if err != nil {
		return fmt.Errorf("enumerate %v: %w", box.box, err)
	}
	name, err := writeOutput(e, *out, func(w io.Writer) error {
		return export.Encode(ctx, w, cat, export.Options{Workers: *workers})
	})
	if err != nil {
		return err
	}
	if !*quiet {
		e.warnf("%v: %s, %s (up to symmetry and reversal), %s nodes, %v; wrote %s",
			box.box, count(len(cat.Snakes), "snake"), count(cat.Solutions(), "solution"), thousands(int(cat.Nodes)),
			time.Since(start).Round(time.Millisecond), name)
	}
	return nil
}

// writeOutput runs write on standard output when path is "-", otherwise on
// a temporary file that replaces path only once complete. It returns the
// name to report.
func writeOutput(e env, path string, write func(io.Writer) error) (string, error) {
	if path == "-" {
		return "standard output", write(e.stdout)
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return "", err
	}
	defer f.Abort()
	if err := write(f); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return path, f.Commit()
}

// progress returns a solver progress callback drawing a bar on w.
func progress(w io.Writer, what string) func(done, total int) {
	var once sync.Once
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		once.Do(func() {
			bar = progressbar.NewOptions(total,
				progressbar.OptionSetWriter(w),
				progressbar.OptionSetDescription(what),
				progressbar.OptionShowCount(),
				progressbar.OptionSetElapsedTime(true),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(100*time.Millisecond),
			)
		})
		bar.Add(1)
	}
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// count writes "1 snake" or "11,487 snakes".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return thousands(n) + " " + noun + "s"
}
