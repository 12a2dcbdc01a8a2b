//go:build !linux

package atomicfile

import "os"

// replace puts the file at tmp in place of the file at path.
func replace(tmp, path string) error { return os.Rename(tmp, path) }

// swapDirs cannot swap two folders in one step here.
func swapDirs(tmp, dir string) bool { return false }
