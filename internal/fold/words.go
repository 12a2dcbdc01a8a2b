package fold

import "fmt"

// Thousands writes n with commas between groups of three digits.
func Thousands(n int) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
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
