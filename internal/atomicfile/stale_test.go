package atomicfile

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestRemoveStale leaves, beside a target, the temporary files of killed
// runs and others: Create removes only the temporary files of its target
// that are old and that no writer holds.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	old := time.Now().Add(-2 * staleAge)
	put := func(name string, when time.Time) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
	}
	put(".out.json.tmp-123456", old)    // a killed run's: removed
	put(".out.json.tmp-99", time.Now()) // recent: a run may be starting
	put(".out.json.tmp-12x", old)       // not the pattern
	put(".other.json.tmp-123", old)     // another target's
	put("out.json.tmp-123", old)        // not the pattern
	put(".out.json.tmp-", old)          // no digits
	if err := os.Symlink(".out.json.tmp-99", filepath.Join(dir, ".out.json.tmp-7")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	// A live writer's file, as old as a killed one's but locked.
	live, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Abort()
	if err := os.Chtimes(live.Name(), old, old); err != nil {
		t.Fatal(err)
	}

	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	var names []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{".other.json.tmp-123", ".out.json.tmp-", ".out.json.tmp-12x", ".out.json.tmp-7", ".out.json.tmp-99",
		filepath.Base(live.Name()), "out.json", "out.json.tmp-123"}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("after Create beside stale files, the folder holds\n%q\nwant\n%q", names, want)
	}
	// A writer killed leaves its file behind, unlocked: the next run
	// removes it.
	live.File.Close()
	g, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	g.Abort()
	if _, err := os.Stat(live.Name()); !os.IsNotExist(err) {
		t.Errorf("the temporary file of a writer gone is still there: %v", err)
	}
}
