package main

import (
	"context"
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkEnumerate is the whole main job, 3x3x3 catalogue to a file.
func BenchmarkEnumerate(b *testing.B) {
	out := filepath.Join(b.TempDir(), "solutions.json")
	b.ReportAllocs()
	for b.Loop() {
		if err := run(context.Background(), []string{"enumerate", "-quiet", "-o", out}, nil, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
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
