package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// BenchmarkEnumerate is the whole main job, 3x3x3 catalogue to a file,
// on one goroutine and on two.
func BenchmarkEnumerate(b *testing.B) {
	out := filepath.Join(b.TempDir(), "solutions.json")
	for _, j := range []string{"1", "2"} {
		b.Run("j"+j, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := run(context.Background(), []string{"enumerate", "-quiet", "-j", j, "-o", out}, nil, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEnumerateStdout is the same with the catalogue to a writer that
// discards it.
func BenchmarkEnumerateStdout(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := run(context.Background(), []string{"enumerate", "-quiet", "-o", "-"}, nil, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolveAllKeys solves every 3x3x3 key read from standard input
// with -count, as a script would.
func BenchmarkSolveAllKeys(b *testing.B) {
	box, _ := symmetry.Cube(3)
	c, err := solver.Enumerate(context.Background(), box, solver.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var keys strings.Builder
	for _, s := range c.Snakes {
		keys.WriteString(s.Seq.String() + "\n")
	}
	b.ReportAllocs()
	for b.Loop() {
		err := run(context.Background(), []string{"solve", "-count"}, strings.NewReader(keys.String()), io.Discard, io.Discard)
		if err != nil {
			b.Fatal(err)
		}
	}
}
