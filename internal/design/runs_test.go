package design

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
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

// TestWrapList cuts lists of runs into lines: each at most the width,
// none starting with a comma, all of them together the list.
func TestWrapList(t *testing.T) {
	for _, list := range []string{
		"3,2,2,2,2,2,2,2,2,2,2,3,2,2,2,2,2,2,2,4,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,4,2,2,2,2,2,2,3,2,2,2,2,2,2,2",
		"2,2,3,3,2,2,2,3,2,2,2,2,2,4,2,2,2,2,2,2,3,3,3,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,3,2,2,2,2,2,2",
	} {
		for width := 8; width <= 80; width++ {
			lines := wrap(list, width)
			for _, l := range lines {
				if len(l) > width || strings.HasPrefix(l, ",") || l == "" {
					t.Errorf("wrap(%q, %d) = %q: a line too long, empty or starting with a comma", list, width, lines)
					break
				}
			}
			if strings.Join(lines, "") != list {
				t.Errorf("wrap(%q, %d) = %q, which is not the list", list, width, lines)
			}
		}
	}
}

// TestNoSolutionSheet makes the sheet of a snake that does not fold: no
// solution, and no rating, which would search its whole trees.
func TestNoSolutionSheet(t *testing.T) {
	q, _ := solver.ParseSeq("001010110111010111101010100")
	b, _ := symmetry.Cube(3)
	s, err := NewSheet(context.Background(), b, q, nil, 1)
	if err != nil || s.Total != 0 || s.Rating.Foldable() || s.Rating.Ends[0].Attempt != 0 {
		t.Errorf("NewSheet of %v: %d solutions, a rating %+v (%v), want none", q, s.Total, s.Rating, err)
	}
}

// TestWrapWords: text with spaces wraps at a space or after a comma.
func TestWrapWords(t *testing.T) {
	if got := wrap("a bc, de", 5); strings.Join(got, "|") != "a bc,|de" {
		t.Errorf("wrap of words = %q", got)
	}
}
