//go:build unix

package atomicfile

import (
	"os"

	"golang.org/x/sys/unix"
)

// lock takes an exclusive lock on f, released when f is closed, or fails
// at once when another open file holds one.
func lock(f *os.File) error {
	return unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
}
