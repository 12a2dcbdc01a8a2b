package design

import (
	"fmt"
	"testing"

	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/solver"
)

// TestRuns writes the classic snake as runs and letters, and reads them
// back with the reader of typed snakes.
func TestRuns(t *testing.T) {
	q, _ := solver.ParseSeq("001110110111010111101010100")
	runs := fmt.Sprint(Runs(q))
	if want := "[3 2 2 3 2 3 2 2 3 3 2 2 2 3 3 3 3]"; runs != want {
		t.Errorf("Runs(%v) = %s, want %s", q, runs, want)
	}
	if l, want := Letters(q), "ESCCCSCCSCCCSCSCCCCSCSCSCSE"; l != want {
		t.Errorf("Letters(%v) = %s, want %s", q, l, want)
	}
	for _, text := range []string{Letters(q), RunList(q)} {
		s, err := input.Read(text, input.Options{})
		if err != nil || s.Seq != q {
			t.Errorf("%s reads as %v (%v), want %v", text, s, err, q)
		}
	}
}
