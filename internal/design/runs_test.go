package design

import (
	"fmt"
	"strings"
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

// TestWrapRuns: the runs of a 64-cubelet snake, a list without spaces
// longer than a line, wrap after commas: no line starts with one, each
// line is at most the width, and the lines put together are the list.
func TestWrapRuns(t *testing.T) {
	q, err := solver.ParseSeq(strings.Repeat("0", 10) + strings.Repeat("1", 53) + "0") // runs 10,2,2,...
	if err != nil {
		t.Fatal(err)
	}
	list := RunList(q)
	lines := wrap(list, 80)
	if len(lines) < 2 {
		t.Fatalf("wrap(%q, 80) = %q, want several lines", list, lines)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, ",") || len(l) > 80 {
			t.Errorf("wrap(%q, 80): line %q starts with a comma or is longer than 80", list, l)
		}
	}
	if got := strings.Join(lines, ""); got != list {
		t.Errorf("wrap(%q, 80) joined = %q", list, got)
	}
	if got := wrap("a bc, de", 5); strings.Join(got, "|") != "a bc,|de" {
		t.Errorf("wrap of words = %q", got)
	}
}
