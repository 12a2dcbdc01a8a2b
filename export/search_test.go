package export_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// search writes part p of box b's catalogue as JSONL, with workers
// goroutines.
func search(t *testing.T, b symmetry.Box, p export.Part, workers int) (string, export.Written) {
	t.Helper()
	sections, _, err := p.Sections(b)
	if err != nil {
		t.Fatalf("%+v.Sections(%v): %v", p, b, err)
	}
	var buf bytes.Buffer
	w, err := export.Search(context.Background(), &buf, b, sections, solver.Options{Workers: workers}, export.Options{Format: export.FormatJSONL})
	if err != nil {
		t.Fatalf("Search(%v, %+v): %v", b, p, err)
	}
	return buf.String(), w
}

// TestPartsTile: the shards of a box, and the prefixes 00 and 01, hold
// between them the lines of the whole catalogue, each once (the prefixes
// in order; the shards, balanced by work, in any), and their counts add
// up to the whole's; the bytes do not depend on the number of workers.
func TestPartsTile(t *testing.T) {
	t.Parallel()
	b := symmetry.MustParseBox("2x3x3")
	whole, total := search(t, b, export.Part{}, 1)
	if again, _ := search(t, b, export.Part{}, 4); again != whole {
		t.Errorf("the 2x3x3 catalogue differs between 1 and 4 workers")
	}
	header, body, _ := strings.Cut(whole, "\n")
	for _, parts := range [][]export.Part{
		{{Shard: 1, Shards: 3}, {Shard: 2, Shards: 3}, {Shard: 3, Shards: 3}},
		{{Prefix: "00"}, {Prefix: "01"}},
	} {
		var joined strings.Builder
		var sum export.Written
		for _, p := range parts {
			text, w := search(t, b, p, 2)
			h, rest, _ := strings.Cut(text, "\n")
			if h != header {
				t.Errorf("part %+v starts %q, want %q", p, h, header)
			}
			joined.WriteString(rest)
			sum.Snakes += w.Snakes
			sum.Solutions += w.Solutions
		}
		got, want := joined.String(), body
		if parts[0].Shards > 0 {
			got, want = sortLines(got), sortLines(want)
		}
		if got != want {
			t.Errorf("the parts %+v joined differ from the whole catalogue", parts)
		}
		if sum.Snakes != total.Snakes || sum.Solutions != total.Solutions || total.Snakes == 0 {
			t.Errorf("the parts %+v count %d snakes, %d solutions; the whole %d, %d", parts, sum.Snakes, sum.Solutions, total.Snakes, total.Solutions)
		}
	}
}

// TestPartErrors: a part that is no part of the box says what is wrong.
func TestPartErrors(t *testing.T) {
	t.Parallel()
	b := symmetry.MustParseBox("2x2x2")
	for _, tc := range []struct {
		p    export.Part
		want string
	}{
		{export.Part{Prefix: "0", Shard: 1, Shards: 2}, "cannot be used together"},
		{export.Part{Shard: 3, Shards: 2}, "1 <= I <= N"},
		{export.Part{Shard: 1, Shards: 1 << 40}, "the 2x2x2 box is cut into at most"},
		{export.Part{Prefix: "012"}, "2"},
		{export.Part{Prefix: "000000000"}, ""},
	} {
		_, _, err := tc.p.Sections(b)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v.Sections(2x2x2) = %v, want an error with %q", tc.p, err, tc.want)
		}
	}
}

func sortLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	slices.Sort(lines)
	return strings.Join(lines, "")
}
