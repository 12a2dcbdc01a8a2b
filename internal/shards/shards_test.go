package shards

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// parts writes the n shards of box b's catalogue, one catalogue each, in
// format f.
func parts(t *testing.T, b symmetry.Box, n int, f export.Format) [][]byte {
	t.Helper()
	var out [][]byte
	for _, sections := range solver.Shards(b, n) {
		c := &solver.Catalogue{Box: b}
		for _, p := range sections {
			err := solver.Stream(context.Background(), b, []solver.Seq{p}, solver.Options{}, func(s *solver.Catalogue) (struct{}, error) {
				var buf bytes.Buffer
				if err := export.Encode(context.Background(), &buf, s, export.Options{Format: export.FormatJSONL}); err != nil {
					return struct{}{}, err
				}
				cat, err := readAll(buf.Bytes(), b)
				c.Snakes = append(c.Snakes, cat...)
				return struct{}{}, err
			}, func(struct{}) error { return nil })
			if err != nil {
				t.Fatal(err)
			}
		}
		var buf bytes.Buffer
		if err := export.Encode(context.Background(), &buf, c, export.Options{Format: f}); err != nil {
			t.Fatal(err)
		}
		out = append(out, buf.Bytes())
	}
	return out
}

// readAll reads a catalogue back into snakes that outlive the reader.
func readAll(data []byte, b symmetry.Box) ([]solver.Snake, error) {
	r := catalog.NewReader(bytes.NewReader(data), catalog.Options{Box: b})
	var out []solver.Snake
	for {
		s, err := r.Next()
		if err != nil {
			if err.Error() == "EOF" {
				return out, nil
			}
			return nil, err
		}
		out = append(out, solver.Snake{Seq: s.Key, Solutions: s.Forms()})
	}
}

func merge(t *testing.T, b symmetry.Box, ps [][]byte, f export.Format) ([]byte, error) {
	t.Helper()
	in := make([]Part, len(ps))
	for k, p := range ps {
		in[k] = Part{Name: "part" + string(rune('1'+k)), R: bytes.NewReader(p)}
	}
	var buf bytes.Buffer
	err := Merge(context.Background(), &buf, in, Options{Box: b, Format: &f})
	return buf.Bytes(), err
}

// TestMerge: the shards of a box, in any order, merge into the bytes of a
// single run; a part missing, a part twice and a damaged part are refused.
func TestMerge(t *testing.T) {
	b := symmetry.MustParseBox("2x2x3")
	whole := catalogtest.File(t, "2x2x3", export.FormatJSON)
	ps := parts(t, b, 3, export.FormatJSONL)
	got, err := merge(t, b, [][]byte{ps[2], ps[0], ps[1]}, export.FormatJSON)
	if err != nil || !bytes.Equal(got, whole) {
		t.Fatalf("Merge(3 shards of %v) = %d bytes, %v; want the %d bytes of a single run", b, len(got), err, len(whole))
	}
	for _, tc := range []struct {
		name string
		ps   [][]byte
		want string
	}{
		{"missing", [][]byte{ps[0], ps[1]}, "missing part: no part holds the snakes of shard 3/3;"},
		{"twice", [][]byte{ps[0], ps[1], ps[1]}, "overlapping parts"},
		{"damaged", [][]byte{ps[0], ps[1], bytes.Replace(ps[2], []byte(`"direction":[1,`), []byte(`"direction":[3,`), 1)}, "direction"},
	} {
		if _, err := merge(t, b, tc.ps, export.FormatJSON); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Merge(%s) = %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
	// The parts state their box: none need be given.
	if got, err := merge(t, symmetry.Box{}, ps, export.FormatJSON); err != nil || !bytes.Equal(got, whole) {
		t.Errorf("Merge(2x2x3 shards without a box) = %d bytes, %v; want the %d bytes of a single run", len(got), err, len(whole))
	}
	if _, err := merge(t, symmetry.MustParseBox("1x3x4"), ps, export.FormatJSON); !errors.Is(err, catalog.ErrOtherBox) {
		t.Errorf("Merge(2x2x3 shards as 1x3x4) = %v, want catalog.ErrOtherBox", err)
	}
	// Parts in Parquet merge as the others do.
	pq := parts(t, b, 3, export.FormatParquet)
	if got, err := merge(t, symmetry.Box{}, [][]byte{pq[1], ps[0], pq[2]}, export.FormatJSON); err != nil || !bytes.Equal(got, whole) {
		t.Errorf("Merge(2x2x3 shards in Parquet and JSONL) = %d bytes, %v; want the %d bytes of a single run", len(got), err, len(whole))
	}
	// Without a box stated, a key's length that is no cube's tells none.
	noBox := []byte(`{"001011011100":[]}`)
	if _, err := merge(t, symmetry.Box{}, [][]byte{noBox}, export.FormatJSON); !errors.Is(err, ErrNoBox) {
		t.Errorf("Merge(a part that tells no box) = %v, want ErrNoBox", err)
	}
}

// TestMergeMissing: parts do not record their shard, so a part missing is
// told from the snakes: one part alone, the first and last of three, the
// first two of three are refused naming the shards missing; a whole
// catalogue alone is refused too.
func TestMergeMissing(t *testing.T) {
	b := symmetry.MustParseBox("2x3x4")
	whole := catalogtest.File(t, "2x3x4", export.FormatJSONL)
	// The three shards, cut from the whole catalogue's lines: the header,
	// then the lines of the shard's sections.
	ps := make([][]byte, 3)
	for i, sections := range solver.Shards(b, 3) {
		lines := bytes.SplitAfter(whole, []byte("\n"))
		ps[i] = bytes.Clone(lines[0])
		for _, l := range lines[1:] {
			for _, p := range sections {
				if bytes.HasPrefix(l, []byte(`{"snake":"`+p.String())) {
					ps[i] = append(ps[i], l...)
				}
			}
		}
	}
	if got, err := merge(t, b, ps, export.FormatJSONL); err != nil || !bytes.Equal(got, whole) {
		t.Fatalf("Merge(3 shards of %v) = %d bytes, %v; want the %d bytes of a single run", b, len(got), err, len(whole))
	}
	for _, tc := range []struct {
		name string
		ps   [][]byte
		want string
	}{
		{"1/3 alone", [][]byte{ps[0]}, "no part holds the snakes of shards 2/3 and 3/3; the parts hold shard 1/3 (part1) of a run of 3"},
		{"3/3 alone", [][]byte{ps[2]}, "no part holds the snakes of shards 1/3 and 2/3; the parts hold shard 3/3 (part1) of a run of 3"},
		{"1/3 and 3/3", [][]byte{ps[0], ps[2]}, "no part holds the snakes of shard 2/3; the parts hold shards 1/3 (part1) and 3/3 (part2) of a run of 3"},
		{"3/3 and 2/3", [][]byte{ps[2], ps[1]}, "no part holds the snakes of shard 1/3; the parts hold shards 2/3 (part2) and 3/3 (part1) of a run of 3"},
		{"whole alone", [][]byte{whole}, "part1 alone: one part cannot be told from a whole catalogue"},
	} {
		if _, err := merge(t, b, tc.ps, export.FormatJSON); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Merge(%s) = %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}
