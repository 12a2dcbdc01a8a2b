package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReplaceDir puts a folder in place of one that does not exist, then
// of one that does: the target holds the new files alone, and the folder
// it came from is gone.
func TestReplaceDir(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "site")
	for round, files := range [][]string{{"a", "b"}, {"c"}} {
		tmp, err := os.MkdirTemp(root, ".site-*")
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(tmp, f), []byte(f), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := ReplaceDir(tmp, dir); err != nil {
			t.Fatalf("round %d: %v", round+1, err)
		}
		var got []string
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			got = append(got, e.Name())
		}
		if len(got) != len(files) || got[0] != files[0] {
			t.Errorf("round %d: %s holds %v, want %v", round+1, dir, got, files)
		}
		if _, err := os.Lstat(tmp); !os.IsNotExist(err) {
			t.Errorf("round %d: %s is still there: %v", round+1, tmp, err)
		}
	}
}
