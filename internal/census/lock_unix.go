//go:build unix

package census

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// lock takes an exclusive lock on f, released when f is closed, or
// returns ErrLocked when another open file holds one.
func lock(f *os.File) error {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return ErrLocked
	}
	return err
}
