package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("half")
	f.Abort()
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("after Abort the target holds %q, want the old content", b)
	}
	f, _ = Create(path)
	f.WriteString("new")
	if err := f.Commit(); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	f.Abort() // after Commit: nothing
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("after Commit the target holds %q, want new", b)
	}
	if err := f.Commit(); err == nil {
		t.Error("a second Commit succeeded")
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("committed file mode %v, want 0644", st.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only the target", len(entries))
	}
	if _, err := Create(filepath.Join(dir, "no", "such", "dir.json")); err == nil {
		t.Error("Create in a missing folder succeeded")
	}
}
