//go:build unix

package cputime

import "syscall"

// micros returns the process's user and system time in microseconds.
func micros() (int64, bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0, false
	}
	return u.Utime.Nano()/1e3 + u.Stime.Nano()/1e3, true
}
