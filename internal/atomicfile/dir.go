package atomicfile

import (
	"fmt"
	"os"
)

// ReplaceDir puts the folder at tmp, written whole, in place of the folder
// at dir, which it removes, or creates dir. On Linux a dir that exists is
// swapped with tmp in one step, so that a crash leaves the old folder or
// the new one at dir, never neither; elsewhere the old one is removed
// first.
func ReplaceDir(tmp, dir string) error {
	if st, err := os.Lstat(dir); err == nil && st.IsDir() && swapDirs(tmp, dir) {
		if err := os.RemoveAll(tmp); err != nil {
			return fmt.Errorf("remove the folder %s replaced: %w", dir, err)
		}
		return nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}
