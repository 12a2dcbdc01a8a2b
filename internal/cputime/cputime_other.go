//go:build !unix

package cputime

func process() (float64, bool) { return 0, false }
