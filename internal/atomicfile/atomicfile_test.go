package atomicfile

import (
	"os"
	"path/filepath"
	"slices"
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

// TestCommitOverOthers commits through a symbolic link, which stays while
// the file it points to is replaced, and refuses a folder, leaving nothing
// behind.
func TestCommitOverOthers(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	if err := os.WriteFile(real, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	f, err := Create(link)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new")
	if err := f.Commit(); err != nil {
		t.Fatalf("Commit through a link: %v", err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("after Commit through a link: %v, %v; want the link still", st, err)
	}
	if b, _ := os.ReadFile(real); string(b) != "new" {
		t.Errorf("the link's target holds %q, want new", b)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(sub); err == nil {
		t.Error("Create over a folder succeeded")
	}
	if st, err := os.Stat(sub); err != nil || !st.IsDir() {
		t.Errorf("after a Create over it, the folder is %v, %v", st, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("folder holds %d entries, want real.json, link.json and sub", len(entries))
	}
}

// TestAbortAll takes two files being written away from their writers, as
// Main does when an interrupted command does not return in time: their
// temporary files go, their commits fail, the old target stays, and a
// file committed before is left alone.
func TestAbortAll(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.json")
	if err := os.WriteFile(old, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	done, err := Create(filepath.Join(dir, "done.json"))
	if err != nil {
		t.Fatal(err)
	}
	done.WriteString("done")
	if err := done.Commit(); err != nil {
		t.Fatal(err)
	}
	a, err := Create(old)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Create(filepath.Join(dir, "new.json"))
	if err != nil {
		t.Fatal(err)
	}
	a.WriteString("half")
	b.WriteString("half")
	AbortAll()
	for _, f := range []*File{a, b} {
		if err := f.Commit(); err == nil {
			t.Errorf("Commit of %s after AbortAll succeeded", f.path)
		}
		f.Abort() // nothing left to do
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 2 || names[0] != "done.json" || names[1] != "old.json" {
		t.Errorf("after AbortAll the folder holds %q, want done.json and old.json only", names)
	}
	if p, _ := os.ReadFile(old); string(p) != "old" {
		t.Errorf("the target holds %q, want the old content", p)
	}
}

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
		if !slices.Equal(got, files) {
			t.Errorf("round %d: %s holds %v, want %v", round+1, dir, got, files)
		}
		if _, err := os.Lstat(tmp); !os.IsNotExist(err) {
			t.Errorf("round %d: %s is still there: %v", round+1, tmp, err)
		}
	}
}
