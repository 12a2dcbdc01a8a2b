package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// staleAge is how long a temporary file must have gone unwritten before
// it may be removed: far longer than a writer pauses between writes.
const staleAge = time.Hour

// tempPrefix is how the temporary files of target base begin; os.CreateTemp
// adds random decimal digits.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// isTemp reports whether name is a temporary file of target base.
func isTemp(name, base string) bool {
	digits, ok := strings.CutPrefix(name, tempPrefix(base))
	return ok && digits != "" && len(digits) <= 20 &&
		strings.Trim(digits, "0123456789") == ""
}

// removeStale removes the temporary files of target base in dir that are
// regular files last written before cutoff and that no writer holds, as
// a killed run leaves them. It does its best and reports nothing: a file
// it cannot remove stays, as it would have without it.
func removeStale(dir, base string, cutoff time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, d := range entries {
		if d.Type().IsRegular() && isTemp(d.Name(), base) {
			removeIfStale(filepath.Join(dir, d.Name()), cutoff)
		}
	}
}

// removeIfStale removes the file at path if it is a regular file last
// written before cutoff that it can lock, and it is still the file at
// path once locked.
func removeIfStale(path string, cutoff time.Time) {
	st, err := os.Lstat(path)
	if err != nil || !st.Mode().IsRegular() || !st.ModTime().Before(cutoff) {
		return
	}
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	if lock(f) != nil {
		return // a writer holds it
	}
	if now, err := os.Lstat(path); err == nil && os.SameFile(st, now) && now.ModTime().Before(cutoff) {
		os.Remove(path)
	}
}
