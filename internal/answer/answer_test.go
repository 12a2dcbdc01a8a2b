package answer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/batch"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestHeld checks the bounds on the solutions solve keeps at once:
// a sheet or page refuses, naming the snake, the one whose solutions take
// those it holds past MaxShown, and the snakes searched side by side
// shrink as -max grows, so that up to 2k+1 of them keep at most maxHeld.
func TestHeld(t *testing.T) {
	ctx := context.Background()
	for _, format := range []string{"svg", "html"} {
		f := Options{Format: format, Most: MaxShown, Workers: 1}
		var stdout, stderr bytes.Buffer
		o := NewWriter(&stdout, func(format string, args ...any) { fmt.Fprintf(&stderr, format+"\n", args...) }, f)
		for k, text := range []string{"001110110111010111101010100", "011111101010101111111111110"} {
			it := batch.Item{Text: text, Where: fmt.Sprintf("snake %d", k+1)}
			if err := it.Read(ctx, batch.Options{Workers: 1}); err != nil {
				t.Fatal(err)
			}
			// Half the bound and one: the second snake goes past it.
			n := MaxShown/2 + 1
			a := Answer{s: &solver.Solved{Snake: solver.Snake{Seq: it.Snake.Seq, Solutions: make([][]symmetry.Dir, n)}}, n: uint64(n)}
			err := o.Write(ctx, it, a)
			var ue cli.UsageError
			switch {
			case k == 0 && err != nil:
				t.Fatalf("-format %s, the first snake of %d solutions: %v", format, n, err)
			case k == 1 && !errors.As(err, &ue):
				t.Fatalf("-format %s, a second snake of %d solutions: %v, want a usage error", format, n, err)
			case k == 1:
				if want := fmt.Sprintf("snake 2: more than %d solutions in all", MaxShown); !strings.HasPrefix(err.Error(), want) {
					t.Errorf("-format %s: %q, want it to start %q", format, err, want)
				}
			}
		}
	}
	for _, c := range []struct {
		f    Options
		want int
	}{
		{Options{Most: MaxShown, Workers: 64}, 1},
		{Options{Most: MaxShown / 2, Workers: 64}, 2},
		{Options{Most: 1000, Workers: 64}, 64},
		{Options{Most: 1000, Workers: 1024}, 1024},
		{Options{Most: 10_000, Workers: 1024}, 149},
		{Options{Most: MaxShown, Count: true, Workers: 8}, 8},
	} {
		k := c.f.Streams()
		if k != c.want {
			t.Errorf("%+v: %d snakes side by side, want %d", c.f, k, c.want)
		}
		if !c.f.Count && (2*k+1)*c.f.Most > maxHeld && k > 1 {
			t.Errorf("%+v: %d snakes side by side keep up to %d solutions, over %d", c.f, k, (2*k+1)*c.f.Most, maxHeld)
		}
	}
}
