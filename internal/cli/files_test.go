package cli

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteOutput writes to standard output for "-", and to a file only
// once the write is complete: a failed write leaves the file as it was.
func TestWriteOutput(t *testing.T) {
	var stdout bytes.Buffer
	e := Env{Stdout: NewCheckedWriter(&stdout, nil)}
	name, err := e.WriteOutput("-", func(w io.Writer) error { _, err := io.WriteString(w, "hi\n"); return err })
	if name != "standard output" || err != nil || stdout.String() != "hi\n" {
		t.Errorf(`WriteOutput("-") = %q, %v; wrote %q`, name, err, stdout.String())
	}
	path := filepath.Join(t.TempDir(), "out.txt")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("failed")
	if _, err := e.WriteOutput(path, func(w io.Writer) error { io.WriteString(w, "half"); return failed }); !errors.Is(err, failed) {
		t.Errorf("WriteOutput with a failed write: %v, want %v", err, failed)
	}
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Errorf("after a failed write the file holds %q, want it as it was", b)
	}
	if name, err := e.WriteOutput(path, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); name != path || err != nil {
		t.Errorf("WriteOutput(%s) = %q, %v", path, name, err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Errorf("after the write the file holds %q, want %q", b, "new\n")
	}
}

// TestSameFile tells a file from itself under another name, a link
// included, and from another file.
func TestSameFile(t *testing.T) {
	dir := t.TempDir()
	a, b, link := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "link")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(a)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e := Env{Stdin: f}
	for _, c := range []struct {
		in, out string
		want    bool
	}{
		{a, a, true}, {link, a, true}, {filepath.Join(dir, ".", "a"), a, true}, {"-", a, true},
		{a, b, false}, {a, "-", false}, {a, filepath.Join(dir, "missing"), false},
	} {
		if got := e.SameFile(c.in, c.out); got != c.want {
			t.Errorf("SameFile(%s, %s) = %v, want %v", c.in, c.out, got, c.want)
		}
	}
}
