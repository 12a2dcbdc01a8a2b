package solver

import (
	"context"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// TestNearSnakes: the shop snake with its last turn misplaced is found
// again one cubelet away, and every snake listed folds as often as a
// search of it says, in cubelet order.
func TestNearSnakes(t *testing.T) {
	b, _ := symmetry.Cube(3)
	shop, _ := ParseSeq("001110110111010111101010100")
	typo := shop
	typo.Bits ^= 1 << 25
	near, err := NearSnakes(context.Background(), b, typo, 2)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for k, n := range near {
		if k > 0 && n.Cubelet <= near[k-1].Cubelet {
			t.Errorf("NearSnakes: cubelet %d after %d", n.Cubelet, near[k-1].Cubelet)
		}
		if n.Snake.Bits^typo.Bits != 1<<n.Cubelet {
			t.Errorf("NearSnakes: %v is not %v with cubelet %d changed", n.Snake, typo, n.Cubelet)
		}
		s, err := Solve(context.Background(), b, n.Snake, Options{Workers: 1})
		if err != nil || len(s.Snake.Solutions) != n.Solutions || n.Solutions == 0 {
			t.Errorf("NearSnakes: %v with %d solutions, a search finds %d (%v)", n.Snake, n.Solutions, len(s.Snake.Solutions), err)
		}
		found = found || (n.Snake == shop && n.Cubelet == 25)
	}
	if !found {
		t.Errorf("NearSnakes(%v) = %v, want the shop snake %v among them", typo, near, shop)
	}
}
