package verify

import (
	"bytes"
	"context"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/symmetry"
)

// FuzzVerify checks that Verify never panics on arbitrary bytes, that it
// counts the problems it reports, and that a file it finds clean and
// complete for the 2x2x2 box is the whole catalogue: one snake, three
// solutions.
func FuzzVerify(f *testing.F) {
	for _, format := range []export.Format{export.FormatJSON, export.FormatJSONL} {
		good := catalogtest.File(f, "2x2x2", format)
		f.Add(good)
		f.Add(good[:len(good)/2])
		f.Add(bytes.Replace(good, []byte("[1,2,-1,3,1,-2,-1]"), []byte("[1,2,-1,3,1,-2,-3]"), 1))
		f.Add(bytes.Replace(good, []byte("[[[1,8],[4,5]],"), []byte("[[[1,8],[4]],"), 1))
		f.Add(bytes.Replace(good, []byte(`[0,0,0]`), []byte(`[0,0,9223372036854775807]`), 1))
	}
	f.Add([]byte(`{"0":[]}`))
	f.Add([]byte(`{"01111110":[{}],"01111110":[{"startPos":[-1]}]}`))
	f.Add([]byte(`{"snake":"01111110","solutions":[{"startPos":[0,0,0],"direction":[1e3]}]}`))
	f.Add([]byte(`{"` + string(bytes.Repeat([]byte("0"), 64)) + `":[{"path":[[[]]]}]}`))
	two := symmetry.MustParseBox("2")
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opts := range []Options{{}, {Box: two, Complete: true, Workers: 1}} {
			n := 0
			sum, err := Verify(context.Background(), bytes.NewReader(data), opts, func(p *catalog.Problem) {
				n++
				if p.Error() == "" {
					t.Errorf("a problem with no text")
				}
			})
			if sum.Problems != n {
				t.Fatalf("Verify(%q) counts %d problems but reported %d", data, sum.Problems, n)
			}
			if err != nil && err.Error() == "" {
				t.Fatalf("Verify(%q) failed with no text", data)
			}
			if opts.Complete && err == nil && n == 0 && (sum.Snakes != 1 || sum.Solutions != 3) {
				t.Fatalf("Verify(%q) found %d snakes and %d solutions complete, want 1 and 3", data, sum.Snakes, sum.Solutions)
			}
		}
	})
}
