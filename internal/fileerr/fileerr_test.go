package fileerr_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/snakecube/snakecube/internal/fileerr"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "missing.json")
	_, err := os.Open(name)
	got := fileerr.Open(name, err)
	if want := name + ": no such file or directory"; got.Error() != want {
		t.Errorf("Open: %q, want %q", got, want)
	}
	if !errors.Is(got, fs.ErrNotExist) {
		t.Errorf("Open: %v does not unwrap to fs.ErrNotExist", got)
	}
	_, err = os.Stat(name)
	if got := fileerr.Open("given/name", err); got.Error() != "given/name: no such file or directory" {
		t.Errorf("Open of a stat error: %q", got)
	}
	other := errors.New("not a path error")
	if got := fileerr.Open(name, other); got != other {
		t.Errorf("Open changed %v into %v", other, got)
	}
	if fileerr.Open(name, nil) != nil || fileerr.Create(name, nil) != nil {
		t.Error("nil is no longer nil")
	}
}

func TestCreate(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "no", "such", "out.json")
	_, err := os.CreateTemp(filepath.Dir(name), ".out.json.tmp-*")
	got := fileerr.Create(name, err)
	want := name + ": no folder " + filepath.Join(dir, "no", "such") + " to write it in"
	if got.Error() != want {
		t.Errorf("Create: %q, want %q", got, want)
	}
	if !errors.Is(got, fs.ErrNotExist) {
		t.Errorf("Create: %v does not unwrap to fs.ErrNotExist", got)
	}
	// A file where its folder should be: the system's own words, the
	// file named.
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	name = filepath.Join(file, "out.json")
	_, err = os.CreateTemp(file, ".out.json.tmp-*")
	if got, want := fileerr.Create(name, err).Error(), name+": not a directory"; got != want {
		t.Errorf("Create: %q, want %q", got, want)
	}
}
