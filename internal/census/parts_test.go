package census

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/snakecube/snakecube/internal/cputime"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// partOf returns the parts line of prefix q of box b: its count, or with
// split the mark that it is counted in parts.
func partOf(t testing.TB, b symmetry.Box, q string, split bool) partLine {
	t.Helper()
	p, err := solver.ParsePrefix(q, b)
	if err != nil {
		t.Fatal(err)
	}
	var c solver.Count
	if !split {
		if c, err = solver.CountSection(context.Background(), b, p, solver.Options{Workers: 1}); err != nil {
			t.Fatal(err)
		}
	}
	return partLine{Split: split, Record: NewRecord(b, p.Len, solver.SectionIndex(b, p), p, c)}
}

func partsOf(ls ...partLine) []byte {
	var b bytes.Buffer
	for _, l := range ls {
		b.Write(l.line())
	}
	return b.Bytes()
}

// sameCounts reports whether got and want count the same sections alike,
// whatever their nodes, seconds, processor seconds and order.
func sameCounts(t *testing.T, got, want []Record) {
	t.Helper()
	bySection := map[int]Record{}
	for _, r := range got {
		bySection[r.Section] = r
	}
	if len(bySection) != len(want) {
		t.Fatalf("%d sections, want %d", len(bySection), len(want))
	}
	for _, w := range want {
		g := bySection[w.Section]
		g.Nodes, g.Seconds, w.Nodes, w.Seconds, g.CPU, w.CPU = 0, 0, 0, 0, 0, 0
		if g != w {
			t.Errorf("section %d: %+v, want %+v", w.Section, g, w)
		}
	}
}

// TestCountParts counts a census whose parts file cuts section 5 into
// parts four cubelets deeper, one of them into parts again, with one part
// counted already, and another marked to be cut but counted whole, as a
// run that got to count it after its mark leaves it; and which holds
// every part of section 9 but not its line: each section's line is the
// one of a count whole but for nodes and seconds, the sections not cut
// are counted whole, and the parts file is removed once all are in. The
// parts counted before say they took a processor second each: a cut
// section's line holds its parts' processor seconds, those of before
// and those of the run, and the run's lines add up to no more than the
// process spent.
func TestCountParts(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "c.jsonl")
	want := records(t, solver.NumSections(box234, depth234))
	p5, p9 := want[5].Prefix, want[9].Prefix
	lines := []partLine{partOf(t, box234, p5, true), partOf(t, box234, p5+"0110", true), partOf(t, box234, p5+"0110"+"1010", false)}
	lines = append(lines, partOf(t, box234, p5+"0111", false), partOf(t, box234, p5+"0111", true))
	lines = append(lines, partOf(t, box234, p9, true))
	for _, s := range solver.Sections(box234, solver.SectionAt(box234, depth234, 9), depth234+splitBy) {
		lines = append(lines, partOf(t, box234, s.String(), false))
	}
	before := map[int]float64{} // the processor seconds of the parts counted before
	for i, l := range lines {
		if !l.Split {
			lines[i].CPU = 1
			before[slices.IndexFunc(want, func(r Record) bool { return strings.HasPrefix(l.Prefix, r.Prefix) })]++
		}
	}
	write(t, PartsFile(path), partsOf(lines...))
	cpu0, measured := cputime.Process()

	f, err := Open(ctx, path, box234, depth234)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	sections, parts := 0, 0
	done := func(s, p int) {
		mu.Lock()
		defer mu.Unlock()
		sections, parts = max(sections, s), max(parts, p)
	}
	if err := f.Count(ctx, Selection{from: 0, to: len(want)}, 3, done); err != nil {
		t.Fatal(err)
	}
	cpu1, _ := cputime.Process()
	// Section 5's 16 parts, one counted before, one cut into 16 with one
	// counted before.
	if sections != len(want) || parts != 14+15 {
		t.Errorf("Count said %d sections and %d parts, want %d and %d", sections, parts, len(want), 14+15)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	got, _, err := ReadFile(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	sameCounts(t, got, want)
	var run float64 // the processor seconds of the run's own counts
	for _, r := range got {
		if r.Section != 5 && r.Section != 9 && r.Nodes != want[r.Section].Nodes {
			t.Errorf("section %d: %d nodes, want %d, those of its count whole", r.Section, r.Nodes, want[r.Section].Nodes)
		}
		own := r.CPU - before[r.Section]
		if own < 0 || r.Section == 9 && own != 0 {
			t.Errorf("section %d: %v processor seconds, with %v of its parts counted before", r.Section, r.CPU, before[r.Section])
		}
		run += own
	}
	if len(before) != 2 || before[5] != 2 {
		t.Fatalf("parts counted before: %v, want 2 of section 5 and those of 9", before)
	}
	if measured && (run <= 0 || run > cpu1-cpu0) {
		t.Errorf("the run's lines say %v processor seconds, the process spent %v", run, cpu1-cpu0)
	}
	if _, err := os.Stat(PartsFile(path)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the parts file is still there once every section is counted: %v", err)
	}
}

// TestPartsKeptAfterFailure counts section 9 from its parts, every one
// in the parts file, into a census file whose writes fail: the append of
// its line fails, and the parts file is kept, not removed as it is once
// the line is written.
func TestPartsKeptAfterFailure(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "c.jsonl")
	p9 := solver.SectionAt(box234, depth234, 9)
	lines := []partLine{partOf(t, box234, p9.String(), true)}
	for _, s := range solver.Sections(box234, p9, depth234+splitBy) {
		lines = append(lines, partOf(t, box234, s.String(), false))
	}
	parts := partsOf(lines...)
	write(t, PartsFile(path), parts)
	f, err := Open(ctx, path, box234, depth234)
	if err != nil {
		t.Fatal(err)
	}
	f.j.Close() // every write to the census file fails from now on
	if err := f.Count(ctx, Selection{from: 9, to: 10}, 1, nil); err == nil {
		t.Fatal("Count into a closed file: no error")
	}
	f.Close()
	if got, err := os.ReadFile(PartsFile(path)); err != nil || !bytes.Equal(got, parts) {
		t.Errorf("the parts file after a failed append: %d bytes, %v; want the %d bytes it held", len(got), err, len(parts))
	}
}

// markAtOnce makes f mark each unit as its search starts, and then call
// then, which may stop the run there: the event a test stops a run at,
// where a census marks a unit only once searched for a minute.
func markAtOnce(f *File, then func()) {
	f.markLater = func(mark func()) func() bool {
		mark()
		then()
		return func() bool { return false } // it ran
	}
}

// TestCountStopped stops a census of 2x3x5 again and again, each run in
// the first section or part it starts after counting one, each marked to
// be cut as it starts, until runs have been stopped, left marks and
// counted parts of a section not yet whole; the runs cut the sections
// finer until they count them, and the census is the one counted at once.
func TestCountStopped(t *testing.T) {
	b, _ := symmetry.NewBox(2, 3, 5)
	const depth = 2
	path := filepath.Join(t.TempDir(), "c.jsonl")
	want := recordsOf(t, b, depth, solver.NumSections(b, depth))
	stops, marks, underway := 0, 0, 0
	for run := 1; ; run++ {
		if run > 50 {
			t.Fatalf("not counted after %d runs", run-1)
		}
		f, err := Open(context.Background(), path, b, depth)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		var counted atomic.Bool
		workers, stop := 1, stops == 0 || marks == 0 || underway == 0
		if stop {
			markAtOnce(f, func() {
				if counted.Load() {
					cancel() // in the unit just marked, before its search
				}
			})
		} else {
			workers = 2 // the rest at once, as a census runs
		}
		err = f.Count(ctx, Selection{from: 0, to: len(want)}, workers, func(int, int) { counted.Store(true) })
		cancel()
		if cerr := f.Close(); cerr != nil {
			t.Fatal(cerr)
		}
		if err == nil {
			break
		}
		if !stop || !errors.Is(err, context.Canceled) {
			t.Fatal(err)
		}
		stops++
		// What a report of the census under way counts of the parts.
		recs, _, err := ReadFile(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		cs := censusOf(recs, solver.NumSections(b, depth))
		cs.Box, cs.Depth = b, depth
		n, c, err := PartsUnderway(context.Background(), cs, []string{path})
		if lines := partsCounted(t, path, recs); err != nil || n != len(lines) || c.Nodes != nodesOf(lines) {
			t.Fatalf("PartsUnderway = %d parts, %d nodes, %v; want %d parts, %d nodes", n, c.Nodes, err, len(lines), nodesOf(lines))
		}
		underway = max(underway, n)
		marks = marksIn(path)
	}
	if stops == 0 || marks == 0 || underway == 0 {
		t.Fatalf("%d runs stopped, %d marks, at most %d parts under way: the test stopped no search", stops, marks, underway)
	}
	countedWhole(t, path, want)
	t.Logf("%d runs stopped, %d marks, at most %d parts under way", stops, marks, underway)
}

// countedWhole checks that the census at path, its runs done, counts the
// sections of want alike, and that its parts file is gone.
func countedWhole(t *testing.T, path string, want []Record) {
	t.Helper()
	got, _, err := ReadFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	sameCounts(t, got, want)
	if _, err := os.Stat(PartsFile(path)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the parts file is still there once every section is counted: %v", err)
	}
}

// marksIn returns how many marks the parts file beside path holds.
func marksIn(path string) int {
	data, _ := os.ReadFile(PartsFile(path))
	return bytes.Count(data, []byte(`"split":true`))
}

// TestOpenPartsRefuses opens parts files that no run wrote: each is
// refused, with a message that says why, and left as it was.
func TestOpenPartsRefuses(t *testing.T) {
	ctx := context.Background()
	p5 := solver.SectionAt(box234, depth234, 5).String()
	mark := partOf(t, box234, p5, true)
	part := partOf(t, box234, p5+"0110", false)
	other, _ := symmetry.NewBox(2, 2, 6)
	counted := mark
	counted.Nodes = 5
	for _, tc := range []struct {
		name string
		data []byte
		says string
	}{
		{"a part without a mark", partsOf(part), "is no part that the marks of section 5 cut it into"},
		{"a part too deep", partsOf(mark, partOf(t, box234, p5+"01101", false)), "is no part that the marks"},
		{"a part twice", partsOf(mark, part, part), "line 3: " + p5 + "0110 is there twice"},
		{"a part under a part counted whole", partsOf(mark, part, partOf(t, box234, p5+"0110", true), partOf(t, box234, p5+"01101010", false)), p5 + "01101010 lies in part " + p5 + "0110, counted whole"},
		{"an edited count", append(partsOf(mark), bytes.Replace(partsOf(part), []byte(`"nodes":`), []byte(`"nodes":1`), 1)...), "line 2: checksum"},
		{"a part of another box", partsOf(partOf(t, other, "0000000", false)), "a part of 2x2x6 at depth 7"},
		{"a mark above the census", partsOf(partOf(t, box234, "0000", true)), "at depth 4, in the parts of a census of 2x3x4 at depth 6"},
		{"a mark with counts", partsOf(counted), "section 5: the mark of a split with counts"},
		{"a census line", fileOf(records(t, 1)), "at depth 6, in the parts of a census of 2x3x4 at depth 6"},
	} {
		path := filepath.Join(t.TempDir(), "c.jsonl")
		write(t, PartsFile(path), tc.data)
		f, err := Open(ctx, path, box234, depth234)
		if err == nil {
			f.Close()
		}
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: Open = %v, want an error saying %q", tc.name, err, tc.says)
		}
		if b, _ := os.ReadFile(PartsFile(path)); !bytes.Equal(b, tc.data) {
			t.Errorf("%s: Open changed the parts file to %q", tc.name, b)
		}
	}
}

// partsCounted returns the parts counted in the parts file beside path,
// of sections that recs lack, read as a plain JSON file.
func partsCounted(t *testing.T, path string, recs []Record) []partLine {
	t.Helper()
	data, err := os.ReadFile(PartsFile(path))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []partLine
	for _, text := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var l partLine
		if err := json.Unmarshal(text, &l); err != nil {
			t.Fatal(err)
		}
		if l.Split || slices.ContainsFunc(recs, func(r Record) bool { return strings.HasPrefix(l.Prefix, r.Prefix) }) {
			continue
		}
		out = append(out, l)
	}
	return out
}

func nodesOf(ls []partLine) uint64 {
	var n uint64
	for _, l := range ls {
		n += l.Nodes
	}
	return n
}

// FuzzOpenParts opens a census of 2x3x4 beside a parts file of any bytes:
// Open never panics, and a parts file it takes leads Count to the census
// counted whole, but for nodes and seconds.
func FuzzOpenParts(f *testing.F) {
	want := records(f, solver.NumSections(box234, depth234))
	p5 := want[5].Prefix
	mark := func(q string) []byte { return partOf(f, box234, q, true).line() }
	part := func(q string) []byte { return partOf(f, box234, q, false).line() }
	f.Add(mark(p5))
	f.Add(slices.Concat(mark(p5), part(p5+"0110"), mark(p5+"0111"), part(p5+"01111010")))
	f.Add(slices.Concat(mark(p5), part(p5+"0110"), []byte(`{"split":tr`)))
	f.Add([]byte("{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx := context.Background()
		path := filepath.Join(t.TempDir(), "c.jsonl")
		write(t, PartsFile(path), data)
		c, err := Open(ctx, path, box234, depth234)
		if err != nil {
			return
		}
		err = c.Count(ctx, Selection{from: 0, to: len(want)}, 2, nil)
		if cerr := c.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatalf("Count after Open took the parts file: %v", err)
		}
		got, _, err := ReadFile(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		sameCounts(t, got, want)
	})
}

// TestCountKilled kills a census of 2x3x5 outright (SIGKILL), again and
// again, each run in the first section or part it starts after counting
// one, marked to be cut as it starts: a kill leaves no time to write
// anything, yet the marks written as the searches went on let the runs
// cut the sections finer until they count them, and the census is the
// one counted at once. The runs are this test binary, run again as a
// census, which kills itself; the last is let be.
func TestCountKilled(t *testing.T) {
	b, _ := symmetry.NewBox(2, 3, 5)
	const depth = 2
	if path := os.Getenv("SNAKECUBE_TEST_CENSUS_KILLED"); path != "" {
		f, err := Open(context.Background(), path, b, depth)
		if err != nil {
			t.Fatal(err)
		}
		var counted atomic.Bool
		workers := 2
		if os.Getenv("SNAKECUBE_TEST_CENSUS_KILL") != "" {
			workers = 1
			markAtOnce(f, func() {
				if counted.Load() {
					p, err := os.FindProcess(os.Getpid())
					if err == nil {
						err = p.Kill()
					}
					if err != nil {
						fmt.Fprintf(os.Stderr, "the census could not kill itself: %v\n", err)
						os.Exit(3)
					}
					select {} // until the kill lands
				}
			})
		}
		err = f.Count(context.Background(), Selection{from: 0, to: solver.NumSections(b, depth)}, workers, func(int, int) { counted.Store(true) })
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	if testing.Short() {
		t.Skip("runs the census again and again as a process of its own")
	}
	want := recordsOf(t, b, depth, solver.NumSections(b, depth))
	path := filepath.Join(t.TempDir(), "c.jsonl")
	kills, marks := 0, 0
	for run := 1; ; run++ {
		if run > 50 {
			t.Fatalf("not counted after %d runs", run-1)
		}
		kill := kills < 2 || marks == 0
		cmd := exec.Command(os.Args[0], "-test.run=^TestCountKilled$", "-test.count=1")
		cmd.Env = append(os.Environ(), "SNAKECUBE_TEST_CENSUS_KILLED="+path)
		if kill {
			cmd.Env = append(cmd.Env, "SNAKECUBE_TEST_CENSUS_KILL=1")
		}
		out, err := cmd.CombinedOutput()
		if err == nil {
			break
		}
		var exit *exec.ExitError
		if !kill || !errors.As(err, &exit) || exit.ExitCode() != -1 {
			t.Fatalf("run %d: %v\n%s", run, err, out)
		}
		kills++
		marks = max(marks, marksIn(path))
	}
	if kills == 0 || marks == 0 {
		t.Fatalf("%d runs killed, at most %d marks: the test killed no run in a search it had marked", kills, marks)
	}
	countedWhole(t, path, want)
	t.Logf("%d runs killed, at most %d marks", kills, marks)
}
