// Package words writes numbers for people to read: 1,234,567 with its
// thousands set apart, and "1 solution" or "413 solutions". Every message,
// page and table of snakecube writes its numbers through it, so that they
// read alike everywhere.
package words

import "strconv"

// Thousands writes n with commas between groups of three digits.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}

// Plural writes "1 solution" or "413 solutions": n and the noun, plural
// unless n is 1.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return Thousands(n) + " " + noun + "s"
}
