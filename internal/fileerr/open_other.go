//go:build !unix

package fileerr

const openFlags = 0
