package atomicfile

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// replace puts the file at tmp in place of the file at path. Over an
// existing regular file, it swaps the two names in one step (renameat2's
// RENAME_EXCHANGE) and then removes the old file from the temporary name.
//
// A plain rename over an existing file makes ext4 write the new file's
// data out before the rename returns (its auto_da_alloc heuristic), and
// freeing the old file then waits for the pages of the previous run still
// being written, a large share of the 3x3x3 main job. Swapping names
// leaves both to the kernel's usual writeback. Observers of path see the
// whole old file or the whole new one either way.
func replace(tmp, path string) error {
	if st, err := os.Lstat(path); err == nil && st.Mode().IsRegular() {
		if unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, path, unix.RENAME_EXCHANGE) == nil {
			// The old file, now under the temporary name, may be
			// taken for a stale one by another run and removed.
			if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			return nil
		}
	}
	return os.Rename(tmp, path)
}

// swapDirs puts the folder at tmp in place of the folder at dir in one
// step, the old one then under tmp, and reports whether it could.
func swapDirs(tmp, dir string) bool {
	return unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_EXCHANGE) == nil
}
