package export

import (
	"bytes"
	"context"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestSearchWaiting writes a catalogue of sections in every format with
// the sections waiting for their turn bounded to a byte, so that none
// starts ahead of the next to write, and unbounded but by count; and with
// the sections searched at once bounded to a byte, so that every section
// with two solutions or more is cut, and again, down to its snakes: the
// bytes are the same, and the same on one worker.
func TestSearchWaiting(t *testing.T) {
	b := symmetry.MustParseBox("2x2x9")
	sections, _, err := Part{Prefix: "01101101"}.Sections(b)
	if err != nil {
		t.Fatal(err)
	}
	write := func(opts Options, workers int, budget, held int64) []byte {
		t.Helper()
		defer func(w, s int64) { waiting, searching = w, s }(waiting, searching)
		waiting, searching = budget, held
		var buf bytes.Buffer
		if _, err := Search(context.Background(), &buf, b, sections, solver.Options{Workers: workers}, opts); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	for _, opts := range []Options{{Format: FormatJSON}, {Format: FormatJSONL}, {Format: FormatParquet}, {Snakes: true, Format: FormatCSV}, {Snakes: true, Format: FormatParquet}} {
		want := write(opts, 1, 1<<62, 1<<62)
		if len(want) < 1000 {
			t.Fatalf("%+v: %d bytes, want a catalogue of some size", opts, len(want))
		}
		for _, workers := range []int{2, 3} {
			for _, budget := range []int64{1, 1 << 62} {
				for _, held := range []int64{1, 1 << 62} {
					if got := write(opts, workers, budget, held); !bytes.Equal(got, want) {
						t.Errorf("%+v on %d workers, %d bytes waiting, %d searched: %d bytes differ from the %d on one worker", opts, workers, budget, held, len(got), len(want))
					}
				}
			}
		}
		if got := write(opts, 1, 1, 1); !bytes.Equal(got, want) {
			t.Errorf("%+v on one worker, a byte searched: %d bytes differ from the %d uncut", opts, len(got), len(want))
		}
	}
}
