// Command compare times snakecube against the C reference, ref.c, side by
// side: for each job and thread count it runs the two programs in pairs,
// alternately one first and the other, and prints the median of the
// per-pair ratios of their whole-process times, ours over C. Times taken
// at different moments are not compared: the machines are shared and
// noisy, and a pair's two runs see about the same noise.
//
// Usage:
//
//	go run ./internal/cmd/compare -src ../shared/ref/ref.c -ours ./snakecube [-pairs N] [-j 1,2] [-run REGEXP]
//
// It builds ref.c with gcc -O3 -march=native -pthread into a temporary
// folder, and exits with a message and status 0 when gcc or ref.c is
// missing, so that make compare skips cleanly. make compare runs it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The 4x4x4 snakes of the comparison: a shop snake, and two snakes whose
// search trees from their two ends differ (the third is the second read
// backwards). Each is also solved typed backwards.
var snakes = []string{
	"0011011100110110110111111111010111111010011110011011111111110010",
	"0001100111110111111011001101010011011111111110011001100100100100",
	"0010010010011001100111111111101100101011001101111110111110011000",
}

// job is one thing both programs do: their arguments for a thread count,
// in which "OUT" stands for a file name of the run's own.
type job struct {
	name      string
	ours, ref func(threads string) []string
}

func jobs() []job {
	var js []job
	for k, s := range snakes {
		for _, q := range []string{s, reverse(s)} {
			name := fmt.Sprintf("solve snake %d", k+1)
			if q != s {
				name += " reversed"
			}
			js = append(js, job{name,
				func(t string) []string { return []string{"solve", "-j", t, q} },
				func(t string) []string { return []string{"-m", "snake", "-b", "4x4x4", "-t", t, "-q", "-s", q} }})
		}
	}
	for _, b := range []string{"3x3x3", "2x4x4", "3x3x4"} {
		js = append(js, job{b + " count",
			func(t string) []string { return []string{"enumerate", "-size", b, "-count", "-j", t} },
			func(t string) []string { return []string{"-b", b, "-t", t, "-q"} }})
		if b == "3x3x3" {
			js = append(js, job{b + " catalogue",
				func(t string) []string { return []string{"enumerate", "-quiet", "-j", t, "-o", "OUT"} },
				func(t string) []string { return []string{"-t", t, "-j", "OUT"} }})
		}
	}
	return js
}

func reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

func main() {
	src := flag.String("src", "../shared/ref/ref.c", "the C reference's source")
	ours := flag.String("ours", "./snakecube", "the snakecube binary")
	pairs := flag.Int("pairs", 11, "pairs of runs per job and thread count (four times as many for jobs under 0.1 s, fewer for jobs over a second)")
	threads := flag.String("j", "1,2", "thread counts")
	run := flag.String("run", "", "only the jobs whose names match this regular expression")
	flag.BoolVar(&cpuTime, "cpu", false, "compare processor time, user and system, instead of wall-clock time")
	flag.Parse()
	if err := compare(*src, *ours, *pairs, strings.Split(*threads, ","), *run); err != nil {
		fmt.Fprintf(os.Stderr, "compare: %v\n", err)
		os.Exit(1)
	}
}

// cpuTime makes timed measure processor time: steadier on a busy
// machine, but blind to how well the threads share the work.
var cpuTime bool

// errSkip is a missing compiler or source: nothing to compare.
var errSkip = errors.New("skipped")

func compare(src, ours string, pairs int, threads []string, run string) error {
	match, err := regexp.Compile(run)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "compare")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ref, err := build(src, dir)
	if errors.Is(err, errSkip) {
		fmt.Println(err)
		return nil
	}
	if err != nil {
		return err
	}
	what := "Whole-process times"
	if cpuTime {
		what = "Processor times, user and system,"
	}
	fmt.Println(what + ", paired runs, alternately ours first and C first; ratio: the median of the pairs' ratios, ours over C.")
	fmt.Println()
	if match.MatchString("start-up") {
		if err := startup(ours, dir, 4*pairs); err != nil {
			return err
		}
	}
	fmt.Println("| job | threads | snakecube | C | ratio | ratios, min to max |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, j := range jobs() {
		if !match.MatchString(j.name) {
			continue
		}
		for _, t := range threads {
			r, err := measure(j, t, ours, ref, dir, pairs)
			if err != nil {
				return fmt.Errorf("%s, %s threads: %w", j.name, t, err)
			}
			fmt.Printf("| %s | %s | %s | %s | %.2f | %.2f to %.2f |\n", j.name, t,
				seconds(median(r.ours)), seconds(median(r.ref)), median(r.ratios), slices.Min(r.ratios), slices.Max(r.ratios))
		}
	}
	return nil
}

// startup times snakecube -h against an empty Go program built here with
// the same toolchain, in pairs, and prints the median of the per-pair
// differences: what our start-up costs beyond any Go program's.
func startup(ours, dir string, pairs int) error {
	src := filepath.Join(dir, "empty")
	if err := os.Mkdir(src, 0o755); err != nil {
		return err
	}
	files := map[string]string{"go.mod": "module empty\n", "main.go": "package main\n\nfunc main() {}\n"}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	empty := filepath.Join(src, "empty")
	cmd := exec.Command("go", "build", "-o", empty, ".")
	cmd.Dir, cmd.Stderr = src, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building an empty Go program: %w", err)
	}
	var r result
	for k := range pairs + 1 {
		x, err := timed(ours, []string{"-h"}, dir)
		if err != nil {
			return err
		}
		y, err := timed(empty, nil, dir)
		if err != nil {
			return err
		}
		if k > 0 { // the first pair warms the caches
			r.ours, r.ref, r.ratios = append(r.ours, x), append(r.ref, y), append(r.ratios, x-y)
		}
	}
	fmt.Printf("Start-up: snakecube -h %s, an empty Go program %s; the median of %d pairs' differences %s.\n\n",
		seconds(median(r.ours)), seconds(median(r.ref)), pairs, seconds(median(r.ratios)))
	return nil
}

// build compiles the reference in dir and returns the binary's path.
func build(src, dir string) (string, error) {
	if _, err := exec.LookPath("gcc"); err != nil {
		return "", fmt.Errorf("make compare: no gcc to build the C reference: %w", errSkip)
	}
	if _, err := os.Stat(src); err != nil {
		return "", fmt.Errorf("make compare: no C reference at %s (set REF=path/to/ref.c): %w", src, errSkip)
	}
	bin := filepath.Join(dir, "ref")
	cmd := exec.Command("gcc", "-O3", "-march=native", "-pthread", "-o", bin, src, "-lm")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("gcc %s: %w", src, err)
	}
	return bin, nil
}

// result is the times of a job's runs, in seconds, and the pairs' ratios.
type result struct {
	ours, ref, ratios []float64
}

// measure runs job j with t threads: one run of each program to warm the
// caches, then the pairs, fewer when a run takes over a second, four
// times as many when it takes under a tenth: a few milliseconds' ratios
// spread over a fifth either way on a shared machine, and eleven pairs
// left their median a few hundredths off from one run to the next.
func measure(j job, t, ours, ref, dir string, pairs int) (result, error) {
	var r result
	a, err := timed(ours, j.ours(t), dir)
	if err != nil {
		return r, err
	}
	if _, err := timed(ref, j.ref(t), dir); err != nil {
		return r, err
	}
	switch {
	case a > 10:
		pairs = min(pairs, 3)
	case a > 1:
		pairs = min(pairs, 5)
	case a < 0.1:
		pairs *= 4
	}
	for k := range pairs {
		var x, y float64
		if k%2 == 0 {
			x, err = timed(ours, j.ours(t), dir)
			if err == nil {
				y, err = timed(ref, j.ref(t), dir)
			}
		} else {
			y, err = timed(ref, j.ref(t), dir)
			if err == nil {
				x, err = timed(ours, j.ours(t), dir)
			}
		}
		if err != nil {
			return r, err
		}
		r.ours, r.ref, r.ratios = append(r.ours, x), append(r.ref, y), append(r.ratios, x/y)
	}
	return r, nil
}

// timed runs bin with args, "OUT" replaced by a fresh file in dir, and
// returns its whole-process time in seconds. Output is discarded.
func timed(bin string, args []string, dir string) (float64, error) {
	out := filepath.Join(dir, "out.json")
	if err := os.Remove(out); err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, err
	}
	args = slices.Clone(args)
	for k, a := range args {
		if a == "OUT" {
			args[k] = out
		}
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout = io.Discard
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start).Seconds()
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w: %s", bin, strings.Join(args, " "), err, stderr.String())
	}
	if cpuTime {
		d = (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	}
	return d, nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// seconds writes a time to three significant digits.
func seconds(s float64) string {
	if s < 1 {
		return strconv.FormatFloat(s*1000, 'g', 3, 64) + " ms"
	}
	return strconv.FormatFloat(s, 'g', 3, 64) + " s"
}
