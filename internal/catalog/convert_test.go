package catalog

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/symmetry"
)

// convert converts data with wopts, failing the test on an error.
func convert(t *testing.T, data []byte, wopts export.Options) []byte {
	t.Helper()
	var out bytes.Buffer
	if _, err := Convert(context.Background(), &out, bytes.NewReader(data), Options{}, wopts); err != nil {
		t.Fatalf("Convert(%v): %v", wopts.Format, err)
	}
	return out.Bytes()
}

// TestConvertRoundTrip: every format goes to every other and back to the
// same bytes, the bytes the writer gives the engine's catalogue, and the
// table of snakes from any format is the writer's.
func TestConvertRoundTrip(t *testing.T) {
	formats := []export.Format{export.FormatJSON, export.FormatJSONL, export.FormatParquet}
	sizes := []string{"2", "1x3x4", "3"}
	if testing.Short() {
		sizes = sizes[:2] // 3x3x3: nine conversions of 51,704 solutions each way
	}
	for _, size := range sizes {
		for _, from := range formats {
			data := catalogtest.File(t, size, from)
			for _, to := range formats {
				there := convert(t, data, export.Options{Format: to})
				if !bytes.Equal(there, catalogtest.File(t, size, to)) {
					t.Errorf("%s: %v -> %v is not what enumerate writes", size, from, to)
				}
				if back := convert(t, there, export.Options{Format: from}); !bytes.Equal(back, data) {
					t.Errorf("%s: %v -> %v -> %v is not the bytes it started from", size, from, to, from)
				}
			}
			csv := convert(t, data, export.Options{Format: export.FormatCSV, Snakes: true})
			if lines := strings.Count(string(csv), "\n"); !strings.HasPrefix(string(csv), "box,key,solutions,straights,palindrome\n") || lines < 2 {
				t.Errorf("%s: the table of snakes from %v: %.80q", size, from, csv)
			}
		}
	}
}

// TestConvertProblems: a catalogue with a problem is not converted, and an
// empty one needs its box.
func TestConvertProblems(t *testing.T) {
	bad := []byte(`{"01111110":[{"startPos":[0,0,0],"direction":[1,1,1,1,1,1,1],"path":[[[1,2],[3,4]],[[5,6],[7,8]]]}]}`)
	var out bytes.Buffer
	_, err := Convert(context.Background(), &out, bytes.NewReader(bad), Options{}, export.Options{Format: export.FormatParquet})
	var p *Problem
	if !errors.As(err, &p) {
		t.Errorf("Convert(a wrong solution) = %v, want a *Problem", err)
	}
	_, err = Convert(context.Background(), &out, strings.NewReader("{}"), Options{}, export.Options{Format: export.FormatJSONL})
	if !errors.Is(err, ErrNoBox) {
		t.Errorf("Convert({}) = %v, want ErrNoBox", err)
	}
	out.Reset()
	_, err = Convert(context.Background(), &out, strings.NewReader("{}"), Options{Box: symmetry.MustParseBox("2x2x3")}, export.Options{Format: export.FormatJSONL})
	if err != nil || out.String() != `{"box":"2x2x3"}`+"\n" {
		t.Errorf("Convert({}, 2x2x3) = %q, %v; want the JSONL header alone", out.String(), err)
	}
}
