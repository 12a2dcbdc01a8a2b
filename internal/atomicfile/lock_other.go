//go:build !unix

package atomicfile

import "os"

// lock does nothing where flock is not to be had: a temporary file is then
// stale by its age alone.
func lock(*os.File) error { return nil }
