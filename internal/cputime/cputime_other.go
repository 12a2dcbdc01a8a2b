//go:build !unix

package cputime

func micros() (int64, bool) { return 0, false }
