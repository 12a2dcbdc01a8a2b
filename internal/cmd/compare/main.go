// Command compare times snakecube against other programs doing the same
// jobs, side by side: the C reference, ref.c; the snakecube of an earlier
// commit, built here, so that a slowdown is seen before it is released;
// and DuckDB, for the figures stats prints. For each job and thread count
// it runs the two programs in pairs, alternately one first and the
// other, and prints the median of the per-pair ratios of their
// whole-process times, ours over theirs. Times taken at different
// moments are not compared: the machines are shared and noisy, and a
// pair's two runs see about the same noise.
//
// Usage:
//
//	go run ./internal/cmd/compare -src ../shared/ref/ref.c -ours ./snakecube [-old REV] [-duckdb DIR] [-stats-size AxBxC] [-pairs N] [-j 1,2] [-run REGEXP] [-cpu]
//
// It builds ref.c with gcc -O3 -march=native -pthread into a temporary
// folder, and says it skips the C reference when gcc or ref.c is
// missing. With -old, it builds cmd/snakecube of that commit or tag of
// the repository it runs in (git archive into a temporary folder, then
// go build, with the environment's GOAMD64), and pairs the main job, the
// counts, a solve and stats with it too. With -duckdb, the folder of
// internal/analysis's Node package, @duckdb/node-api installed, it pairs
// stats on a JSONL and a Parquet catalogue (of -stats-size, 3x3x3 by
// default) with DuckDB computing the same figures from the same file, and says it skips DuckDB when node or the package
// is missing. make compare runs it.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
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

// job is one thing the programs do: their arguments for a thread count,
// in which "OUT" stands for a file name of the run's own and "CAT" and
// "PARQUET" for the catalogues stats reads. ref is nil where the C
// reference has no such job; old, where the earlier snakecube is not
// compared; duck is the SQL that makes stats's figures in DuckDB, or "".
// A job with threads "all" runs once, on every core.
type job struct {
	name      string
	ours, ref func(threads string) []string
	old       bool
	duck      string
	threads   string
}

func jobs() []job {
	var js []job
	// The start-up, in a job of a millisecond.
	js = append(js, job{name: "2x2x3 count",
		ours: func(t string) []string { return []string{"enumerate", "-quiet", "-size", "2x2x3", "-count", "-j", t} },
		ref:  func(t string) []string { return []string{"-b", "2x2x3", "-t", t, "-q"} }, old: true})
	for k, s := range snakes {
		for _, q := range []string{s, reverse(s)} {
			name := fmt.Sprintf("solve snake %d", k+1)
			if q != s {
				name += " reversed"
			}
			js = append(js, job{name: name,
				ours: func(t string) []string { return []string{"solve", "-j", t, q} },
				ref:  func(t string) []string { return []string{"-m", "snake", "-b", "4x4x4", "-t", t, "-q", "-s", q} },
				old:  k == 0 && q == s})
		}
	}
	for _, b := range []string{"3x3x3", "2x4x4", "3x3x4"} {
		js = append(js, job{name: b + " count",
			ours: func(t string) []string { return []string{"enumerate", "-size", b, "-count", "-j", t} },
			ref:  func(t string) []string { return []string{"-b", b, "-t", t, "-q"} },
			old:  b != "3x3x4"})
		if b == "3x3x3" {
			// The main job, make run's.
			js = append(js, job{name: b + " catalogue",
				ours: func(t string) []string { return []string{"enumerate", "-quiet", "-j", t, "-o", "OUT"} },
				ref:  func(t string) []string { return []string{"-t", t, "-j", "OUT"} },
				old:  true})
		}
	}
	js = append(js, job{name: statsSize + " stats, JSONL", threads: "all",
		ours: func(string) []string { return []string{"stats", "CAT"} }, old: true, duck: statsJSONLSQL})
	js = append(js, job{name: statsSize + " stats, Parquet", threads: "all",
		ours: func(string) []string { return []string{"stats", "PARQUET"} }, duck: statsSQL})
	return js
}

// statsSize is the box of the catalogues stats reads (-stats-size).
var statsSize = "3x3x3"

// statsSQL makes in DuckDB the figures of stats's text: the snakes and
// solutions, a solution listed twice counted once; the snakes with one
// solution; the most solutions and the first snake with them; the
// range of straights; the palindromes and their solutions; how many
// snakes have each number of solutions.
const statsSQL = `CREATE TEMP TABLE s AS
  SELECT key, count(DISTINCT (start_x, start_y, start_z, direction)) AS n,
         any_value(straights) AS straights, bool_or(palindrome) AS palindrome
  FROM read_parquet('PARQUET') GROUP BY key;
` + figuresSQL

// statsJSONLSQL makes the same figures from the JSONL catalogue CAT: a
// snake's solutions listed twice counted once, its straights and whether
// it is a palindrome from its key.
const statsJSONLSQL = `CREATE TEMP TABLE s AS
  SELECT snake AS key, len(list_distinct(solutions)) AS n,
         length(snake) - 2 - (length(snake) - length(replace(snake, '1', ''))) AS straights,
         snake = reverse(snake) AS palindrome
  FROM read_json('CAT', format = 'newline_delimited',
                 columns = {snake: 'VARCHAR', solutions: 'STRUCT("startPos" INTEGER[], direction INTEGER[])[]'})
  WHERE snake IS NOT NULL;
` + figuresSQL

// figuresSQL makes the figures from the table s of the snakes: key, n
// (its solutions), straights and palindrome.
const figuresSQL = `SELECT count(*) AS snakes, sum(n) AS solutions, count(*) FILTER (WHERE n = 1) AS one,
       max(n) AS most, arg_min(key, (-n, key)) AS most_key,
       min(straights) AS fewest_straights, max(straights) AS most_straights,
       count(*) FILTER (WHERE palindrome) AS palindromes,
       coalesce(sum(n) FILTER (WHERE palindrome), 0) AS palindrome_solutions
FROM s;
SELECT n, count(*) AS snakes FROM s GROUP BY n ORDER BY n;`

func reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

func main() {
	var c config
	flag.StringVar(&c.src, "src", "../shared/ref/ref.c", "the C reference's source")
	flag.StringVar(&c.ours, "ours", "./snakecube", "the snakecube binary")
	flag.StringVar(&c.old, "old", "", "a commit or tag of this repository whose snakecube to compare with, built here; none if empty")
	flag.StringVar(&c.duckdb, "duckdb", "", "the folder of the Node package that runs DuckDB (internal/analysis/duckdb); none if empty")
	flag.IntVar(&c.pairs, "pairs", 11, "pairs of runs per job and thread count (four times as many for jobs under 0.1 s, fewer for jobs over a second)")
	threads := flag.String("j", "1,2", "thread counts")
	run := flag.String("run", "", "only the jobs whose names match this regular expression")
	flag.StringVar(&statsSize, "stats-size", statsSize, "the box of the catalogues stats reads, JSONL and Parquet (2x4x4 and 3x3x4 for the bigger ones)")
	flag.BoolVar(&cpuTime, "cpu", false, "compare processor time, user and system, instead of wall-clock time")
	flag.Parse()
	c.threads = strings.Split(*threads, ",")
	if err := compare(c, *run); err != nil {
		fmt.Fprintf(os.Stderr, "compare: %v\n", err)
		os.Exit(1)
	}
}

// cpuTime makes timed measure processor time: steadier on a busy
// machine, but blind to how well the threads share the work.
var cpuTime bool

// errSkip is a missing tool or source: nothing to compare with.
var errSkip = errors.New("skipped")

// config is what the flags say.
type config struct {
	src, ours, old, duckdb string
	pairs                  int
	threads                []string
}

// other is a program ours is paired with: its name in the table and how
// to run it on a job with a thread count, nil where it has no such job.
type other struct {
	name string
	run  func(j job, t string) func() (float64, error)
}

func compare(c config, run string) error {
	match, err := regexp.Compile(run)
	if err != nil {
		return err
	}
	if c.ours, err = filepath.Abs(c.ours); err != nil { // the runs are in dir
		return err
	}
	dir, err := os.MkdirTemp("", "compare")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var others []other
	files := map[string]string{"OUT": filepath.Join(dir, "out.json"), "CAT": filepath.Join(dir, "cat.jsonl"), "PARQUET": filepath.Join(dir, "cat.parquet")}
	ref, err := build(c.src, dir)
	switch {
	case errors.Is(err, errSkip):
		fmt.Println(err)
	case err != nil:
		return err
	default:
		others = append(others, other{"C", func(j job, t string) func() (float64, error) {
			if j.ref == nil || j.threads != "" {
				return nil
			}
			return func() (float64, error) { return timed(ref, j.ref(t), files, dir, nil) }
		}})
	}
	if c.old != "" {
		old, err := buildOld(c.old, dir)
		if errors.Is(err, errSkip) {
			fmt.Println(err)
		} else if err != nil {
			return err
		} else {
			others = append(others, other{"snakecube " + c.old, func(j job, t string) func() (float64, error) {
				if !j.old {
					return nil
				}
				return func() (float64, error) { return timed(old, j.ours(t), files, dir, nil) }
			}})
		}
	}
	if c.duckdb != "" {
		node, script, err := duckdb(c.duckdb)
		if errors.Is(err, errSkip) {
			fmt.Println(err)
		} else if err != nil {
			return err
		} else {
			others = append(others, other{"DuckDB", func(j job, t string) func() (float64, error) {
				if j.duck == "" {
					return nil
				}
				in, err := duckJob(j.duck, files)
				if err == nil {
					err = duckRuns(node, script, dir, in)
				}
				if err != nil {
					return func() (float64, error) { return 0, err }
				}
				return func() (float64, error) { return timed(node, []string{script}, files, dir, in) }
			}})
		}
	}
	what := "Whole-process times"
	if cpuTime {
		what = "Processor times, user and system,"
	}
	fmt.Println(what + ", paired runs, alternately ours first and theirs first; ratio: the median of the pairs' ratios, ours over theirs.")
	fmt.Println()
	if match.MatchString("start-up") {
		if err := startup(c.ours, dir, 4*c.pairs); err != nil {
			return err
		}
	}
	catalogues := false
	fmt.Println("| job | threads | against | snakecube | theirs | ratio | ratios, min to max |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, j := range jobs() {
		if !match.MatchString(j.name) {
			continue
		}
		if j.threads != "" && !catalogues {
			if err := writeCatalogues(c.ours, files); err != nil {
				return err
			}
			catalogues = true
		}
		threads := c.threads
		if j.threads != "" {
			threads = []string{j.threads}
		}
		for _, t := range threads {
			ours := func() (float64, error) { return timed(c.ours, j.ours(t), files, dir, nil) }
			for _, o := range others {
				theirs := o.run(j, t)
				if theirs == nil {
					continue
				}
				r, err := measure(ours, theirs, c.pairs)
				if err != nil {
					return fmt.Errorf("%s, %s threads, against %s: %w", j.name, t, o.name, err)
				}
				fmt.Printf("| %s | %s | %s | %s | %s | %.2f | %.2f to %.2f |\n", j.name, t, o.name,
					seconds(median(r.ours)), seconds(median(r.ref)), median(r.ratios), slices.Min(r.ratios), slices.Max(r.ratios))
			}
		}
	}
	return nil
}

// writeCatalogues writes the catalogue of statsSize that stats reads, as
// JSONL and as Parquet.
func writeCatalogues(ours string, files map[string]string) error {
	for format, name := range map[string]string{"jsonl": files["CAT"], "parquet": files["PARQUET"]} {
		cmd := exec.Command(ours, "enumerate", "-quiet", "-size", statsSize, "-format", format, "-o", name)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("writing the %s catalogue: %w: %s", format, err, out)
		}
	}
	return nil
}

// buildOld builds cmd/snakecube of commit or tag rev of the repository
// compare runs in, from git archive's copy in a folder of dir, and
// returns the binary's path.
func buildOld(rev, dir string) (string, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return "", fmt.Errorf("make compare: no git to build snakecube %s: %w", rev, errSkip)
	}
	src := filepath.Join(dir, "old")
	if err := os.Mkdir(src, 0o755); err != nil {
		return "", err
	}
	archive := exec.Command("git", "archive", "--format=tar", rev)
	var stderr strings.Builder
	archive.Stderr = &stderr
	pipe, err := archive.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := archive.Start(); err != nil {
		return "", err
	}
	untar := exec.Command("tar", "-x", "-C", src)
	untar.Stdin, untar.Stderr = pipe, os.Stderr
	errUntar := untar.Run()
	if err := archive.Wait(); err != nil {
		return "", fmt.Errorf("git archive %s: %w: %s", rev, err, stderr.String())
	}
	if errUntar != nil {
		return "", fmt.Errorf("unpacking snakecube %s: %w", rev, errUntar)
	}
	bin := filepath.Join(dir, "snakecube-old")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/snakecube")
	cmd.Dir, cmd.Stderr = src, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building snakecube %s: %w", rev, err)
	}
	return bin, nil
}

// duckdb returns node and the script that runs SQL in DuckDB, run.mjs of
// the Node package in dir, or errSkip when either is missing.
func duckdb(dir string) (node, script string, err error) {
	node, err = exec.LookPath("node")
	if err != nil {
		return "", "", fmt.Errorf("make compare: no node for DuckDB: %w", errSkip)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@duckdb", "node-api")); err != nil {
		return "", "", fmt.Errorf("make compare: @duckdb/node-api is not installed in %s (npm ci --prefix %s): %w", dir, dir, errSkip)
	}
	script, err = filepath.Abs(filepath.Join(dir, "run.mjs"))
	return node, script, err
}

// duckRuns runs the statements of in once and returns the first error
// DuckDB gave, which run.mjs prints rather than fail.
func duckRuns(node, script, dir string, in []byte) error {
	cmd := exec.Command(node, script)
	cmd.Dir, cmd.Stdin, cmd.Stderr = dir, bytes.NewReader(in), os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("node %s: %w", script, err)
	}
	var rs []struct{ Name, Error string }
	if err := json.Unmarshal(out, &rs); err != nil {
		return fmt.Errorf("node %s printed %.100q: %w", script, out, err)
	}
	for _, r := range rs {
		if r.Error != "" {
			return fmt.Errorf("DuckDB, %s: %s", r.Name, r.Error)
		}
	}
	return nil
}

// duckJob is run.mjs's standard input for the statements of sql, the
// files' names put in.
func duckJob(sql string, files map[string]string) ([]byte, error) {
	type query struct {
		Name string `json:"name"`
		SQL  string `json:"sql"`
	}
	var qs []query
	for k, q := range strings.Split(sql, ";\n") {
		qs = append(qs, query{fmt.Sprint("statement ", k+1), strings.NewReplacer("PARQUET", files["PARQUET"], "CAT", files["CAT"]).Replace(q)})
	}
	return json.Marshal(qs)
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
	out := map[string]string{"OUT": filepath.Join(dir, "out.json")}
	for k := range pairs + 1 {
		x, err := timed(ours, []string{"-h"}, out, dir, nil)
		if err != nil {
			return err
		}
		y, err := timed(empty, nil, out, dir, nil)
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

// measure runs ours and theirs: one run of each to warm the caches,
// then the pairs, fewer when a run takes over a second, four times as
// many when it takes under a tenth: a few milliseconds' ratios spread
// over a fifth either way on a shared machine, and eleven pairs left
// their median a few hundredths off from one run to the next.
func measure(ours, theirs func() (float64, error), pairs int) (result, error) {
	var r result
	a, err := ours()
	if err != nil {
		return r, err
	}
	if _, err := theirs(); err != nil {
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
			x, err = ours()
			if err == nil {
				y, err = theirs()
			}
		} else {
			y, err = theirs()
			if err == nil {
				x, err = ours()
			}
		}
		if err != nil {
			return r, err
		}
		r.ours, r.ref, r.ratios = append(r.ours, x), append(r.ref, y), append(r.ratios, x/y)
	}
	return r, nil
}

// timed runs bin with args, in which the names of files stand for their
// paths, and stdin as its standard input, and returns its whole-process
// time in seconds. The file OUT is removed before the run; output is
// discarded. The child's standard streams are files, not pipes: a pipe
// to this process would time the goroutines that copy it too, a few
// milliseconds that dilute the ratios of the small jobs towards 1.
func timed(bin string, args []string, files map[string]string, dir string, stdin []byte) (float64, error) {
	if err := os.Remove(files["OUT"]); err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, err
	}
	args = slices.Clone(args)
	for k, a := range args {
		if f, ok := files[a]; ok {
			args[k] = f
		}
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir // Stdout nil: the null device
	if stdin != nil {
		in := filepath.Join(dir, "stdin")
		if err := os.WriteFile(in, stdin, 0o644); err != nil {
			return 0, err
		}
		f, err := os.Open(in)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		cmd.Stdin = f
	}
	stderr, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		return 0, err
	}
	defer stderr.Close()
	cmd.Stderr = stderr
	start := time.Now()
	err = cmd.Run()
	d := time.Since(start).Seconds()
	if err != nil {
		said, _ := os.ReadFile(stderr.Name())
		return 0, fmt.Errorf("%s %s: %w: %s", bin, strings.Join(args, " "), err, said)
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
