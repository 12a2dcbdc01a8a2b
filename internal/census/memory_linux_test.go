//go:build linux

package census

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// readMemoryFile names, to the test binary run again by TestReadMemory,
// the census file to read.
const readMemoryFile = "SNAKECUBE_CENSUS_READ_MEMORY"

// TestReadMemory reads census files of 10,000 and of 100,000 lines in a
// process of its own and compares the peak memory of the two: reading
// keeps no record, so the 90,000 lines more cost less than 8 MB, where
// keeping each record (some 300 bytes in memory, and a map entry) costs
// tens of MB. The lines are of 4x4x4 at depth 34, whose 2^33 sections
// the set of those read holds a bit each. The fewest of three runs is
// taken.
func TestReadMemory(t *testing.T) {
	if path := os.Getenv(readMemoryFile); path != "" {
		c, err := ReadFiles(context.Background(), []string{path})
		if err != nil {
			t.Fatal(err)
		}
		status, err := os.ReadFile("/proc/self/status")
		if err != nil {
			t.Fatal(err)
		}
		// VmHWM, the peak resident set of this program since its exec;
		// the rusage of the child the parent waits for counts the
		// parent's pages from before the exec too.
		i := bytes.Index(status, []byte("VmHWM:"))
		if i < 0 {
			t.Fatal("no VmHWM in /proc/self/status")
		}
		fmt.Printf("%d %s\n", c.Sections, bytes.Fields(status[i+len("VmHWM:"):])[0])
		return
	}
	if testing.Short() {
		t.Skip("writes and reads 110,000 census lines: seconds")
	}
	b := symmetry.MustParseBox("4x4x4")
	const depth = 34
	peak := func(n int) int64 {
		path := filepath.Join(t.TempDir(), "c.jsonl")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		for i := range n {
			k := 1<<32 + 3*i // every third section from 2^32
			w.Write(NewRecord(b, depth, k, solver.SectionAt(b, depth, k), solver.Count{Nodes: uint64(1000 + i%977), Seconds: 0.5}).Line())
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
		var rss []int64
		for range 3 {
			cmd := exec.Command(os.Args[0], "-test.run=^TestReadMemory$", "-test.count=1")
			cmd.Env = append(os.Environ(), readMemoryFile+"="+path)
			out, err := cmd.Output()
			var sections int
			var kb int64
			if _, serr := fmt.Sscan(string(out), &sections, &kb); err != nil || serr != nil || sections != n {
				t.Fatalf("reading %d lines: %v\n%s", n, err, out)
			}
			rss = append(rss, kb<<10)
		}
		return slices.Min(rss)
	}
	small, large := peak(10_000), peak(100_000)
	t.Logf("peak memory reading 10,000 lines %d KB, 100,000 lines %d KB", small>>10, large>>10)
	if large-small > 8<<20 {
		t.Errorf("reading 100,000 census lines takes %d KB more at its peak than 10,000: the reader keeps what it read", (large-small)>>10)
	}
}
