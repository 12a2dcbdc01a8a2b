//go:build !unix

package catalog

const openFlags = 0
