package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// snakeSolution is the type the published Go enumerator,
// oscar6echo/snake-cube-go, writes its solutions.json from, a
// map[string][]SnakeSolution, and so the type a program reading that
// file back unmarshals into.
type snakeSolution struct {
	StartPos  [3]int    `json:"startPos"`
	Direction []int     `json:"direction"`
	Path      [][][]int `json:"path"`
}

// TestPublishedLoader: the 3x3x3 solutions.json, box in every file and
// all, unmarshals into the published enumerator's own type, with no
// member that type does not know, and holds every snake and solution of
// the catalogue as that program would have them: the key, the start
// cell, the moves and a 3x3x3 path array.
func TestPublishedLoader(t *testing.T) {
	b := symmetry.MustParseBox("3")
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(catalogtest.File(t, "3", export.FormatJSON)))
	dec.DisallowUnknownFields()
	var got map[string][]snakeSolution
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("the 3x3x3 catalogue as map[string][]SnakeSolution: %v", err)
	}
	if len(got) != len(c.Snakes) {
		t.Fatalf("the published loader reads %d snakes, the catalogue has %d", len(got), len(c.Snakes))
	}
	for _, s := range c.Snakes {
		sols, ok := got[s.Seq.String()]
		if !ok || len(sols) != len(s.Solutions) {
			t.Fatalf("snake %v: the published loader reads %d solutions, the catalogue has %d", s.Seq, len(sols), len(s.Solutions))
		}
		for k, d := range s.Solutions {
			start, _ := b.Start(d)
			moves := make([]int, len(d))
			for i, m := range d {
				moves[i] = m.Code()
			}
			p := sols[k].Path
			shaped := len(p) == 3 && !slices.ContainsFunc(p, func(plane [][]int) bool {
				return len(plane) != 3 || slices.ContainsFunc(plane, func(row []int) bool { return len(row) != 3 })
			})
			if sols[k].StartPos != start || !slices.Equal(sols[k].Direction, moves) || !shaped {
				t.Fatalf("snake %v solution %d: the published loader reads %+v, want start %v, moves %v", s.Seq, k+1, sols[k], start, moves)
			}
		}
	}
}
