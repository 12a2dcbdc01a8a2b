//go:build unix

package fileerr

import "syscall"

// openFlags opens without blocking: a named pipe opened so does not wait
// for a writer (and is then refused).
const openFlags = syscall.O_NONBLOCK
