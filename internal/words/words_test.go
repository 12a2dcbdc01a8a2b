package words_test

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/words"
)

// TestThousands checks Thousands against its definition: the digits of
// n, the same once the commas are taken out, in groups of three from the
// right, the first of one to three digits.
func TestThousands(t *testing.T) {
	for _, n := range []int{0, 1, -1, 12, 999, 1000, -1000, 4960608, 999999, 1000000, -123456789, math.MaxInt64, math.MinInt64} {
		s := words.Thousands(n)
		digits := strings.ReplaceAll(s, ",", "")
		if digits != strconv.Itoa(n) {
			t.Errorf("Thousands(%d) = %q: not its digits", n, s)
			continue
		}
		groups := strings.Split(strings.TrimPrefix(s, "-"), ",")
		for i, g := range groups {
			if len(g) > 3 || len(g) == 0 || (i > 0 && len(g) != 3) {
				t.Errorf("Thousands(%d) = %q: group %q", n, s, g)
			}
		}
	}
}

func ExamplePlural() {
	fmt.Println(words.Plural(1, "solution"))
	fmt.Println(words.Plural(51704, "solution"))
	fmt.Println(words.Plural(0, "snake"))
	// Output:
	// 1 solution
	// 51,704 solutions
	// 0 snakes
}
