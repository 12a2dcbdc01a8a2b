package site

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/internal/site/engine"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestExamples checks the page's examples: the notations' examples read
// as the classic snake, and each example link as a snake of the box it
// names, which folds but for the one said to be off.
func TestExamples(t *testing.T) {
	cubes := func(l int) (symmetry.Box, bool) { return symmetry.CubeOf(l) }
	classic, err := solver.ParseSeq(Classic)
	if err != nil {
		t.Fatal(err)
	}
	for n, text := range notationExamples {
		r, err := notation.Read(text, n, cubes)
		q, qerr := solver.ParseSeq(r.Seq)
		if err != nil || qerr != nil || q.Key() != classic.Key() {
			t.Errorf("the %v example %q reads as %q (%v), want the classic snake %s from either end", n, text, r.Seq, err, Classic)
		}
	}
	for _, row := range notations() {
		q := LinkQuery(strings.TrimPrefix(string(row.Link), "#"))
		var s engine.Session
		a, err := s.Solve(context.Background(), q["snake"], q["size"], q["notation"])
		if err != nil || a["error"] != nil || a["total"] != uint64(1) || a["notation"] != row.Name {
			t.Errorf("the %s example's link %s: %v, error %v, %v solutions, read as %v", row.Name, row.Link, err, a["error"], a["total"], a["notation"])
		}
	}
	for _, e := range examples {
		q := LinkQuery(strings.TrimPrefix(string(e.Link()), "#"))
		var s engine.Session
		a, err := s.Solve(context.Background(), q["snake"], q["size"], q["notation"])
		if err != nil || a["error"] != nil {
			t.Errorf("example %q: %v %v", e.Name, err, a["error"])
			continue
		}
		n, off := a["total"].(uint64), strings.Contains(e.Name, "off")
		if (n == 0) != off {
			t.Errorf("example %q has %d solutions", e.Name, n)
		}
		if b := a["box"].(string); !off && !strings.Contains(e.Name, b) {
			t.Errorf("example %q is a snake of the %v box", e.Name, b)
		}
	}
}

// LinkQuery reads a link's fragment as the page does: name=value pairs,
// percent-decoded, a '+' a plus.
func LinkQuery(frag string) map[string]string {
	q := map[string]string{}
	for _, part := range strings.Split(frag, "&") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		if u, err := url.PathUnescape(v); err == nil {
			v = u
		}
		q[k] = v
	}
	return q
}
