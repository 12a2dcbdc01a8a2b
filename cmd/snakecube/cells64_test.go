package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestCells64 runs the engine on sections of random snakes of the boxes
// of 64 cells, a section in each format, and checks what it writes: JSON
// that the standard library parses, and catalogues that verify passes.
func TestCells64(t *testing.T) {
	t.Parallel()
	for _, size := range []string{"4x4x4", "2x4x8", "2x2x16"} {
		t.Run(size, func(t *testing.T) {
			if testing.Short() && size != "2x2x16" {
				// A section of 4x4x4 or 2x4x8 takes seconds, minutes under
				// the race detector; export's tests cover the encoder on
				// every shape in -short too.
				t.Skip("seconds of search: not in -short")
			}
			t.Parallel()
			b := symmetry.MustParseBox(size)
			rng := rand.New(rand.NewPCG(3, uint64(b.Len())))
			dir := t.TempDir()
			for _, f := range []string{"json", "jsonl"} {
				path := catalogtest.Walk(rng, b, 20000)
				q := solver.SeqOf(catalogtest.Moves(b, path))
				key := min(q.String(), q.Reverse().String())
				prefix := key[:b.Len()-6]
				out := filepath.Join(dir, "e."+f)
				runOK(t, "enumerate", "-quiet", "-j", "1", "-size", size, "-format", f, "-prefix", prefix, "-o", out)
				data, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if !validJSON(data, f == "jsonl") {
					t.Fatalf("enumerate -size %s -format %s -prefix %s: invalid JSON", size, f, prefix)
				}
				runOK(t, "verify", "-size", size, out)
			}
		})
	}
}

// validJSON reports whether data is one JSON value, or with lines a JSON
// value on each line.
func validJSON(data []byte, lines bool) bool {
	if !lines {
		return json.Valid(data)
	}
	for l := range bytes.Lines(data) {
		if !json.Valid(l) {
			return false
		}
	}
	return len(data) > 0
}
