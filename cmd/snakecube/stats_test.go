package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// runOK runs the command line args and returns its standard output.
func runOK(t *testing.T, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), args, nil, &stdout, &stderr); err != nil {
		t.Fatalf("snakecube %v: %v\n%s", args, err, stderr.Bytes())
	}
	return stdout.Bytes()
}

// golden compares got with the file at path; go test ./cmd/snakecube
// -update rewrites it.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s; got:\n%s", path, got)
	}
}

// TestStatsGolden compares the stats of whole catalogues, in every format
// and as a picture, with testdata/stats. A catalogue gives the same
// figures in either file format (checked on 2x2x2 alone: under -race each
// reading of the 3x3x3 catalogue takes seconds).
func TestStatsGolden(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []string{"2x2x2", "3x3x3"} {
		t.Run(size, func(t *testing.T) {
			cat, catl := filepath.Join(dir, size+".json"), filepath.Join(dir, size+".jsonl")
			runOK(t, "enumerate", "-size", size, "-o", cat, "-quiet")
			if size == "2x2x2" {
				runOK(t, "enumerate", "-size", size, "-o", catl, "-format", "jsonl", "-quiet")
			}
			var text []byte
			for _, f := range []struct{ format, ext string }{{"text", "txt"}, {"json", "json"}, {"csv", "csv"}} {
				got := runOK(t, "stats", "-format", f.format, cat)
				golden(t, filepath.Join("testdata", "stats", size+"."+f.ext), got)
				if f.format == "text" {
					text = got
				}
				if size != "2x2x2" {
					continue
				}
				if again := runOK(t, "stats", "-format", f.format, catl); !bytes.Equal(again, got) {
					t.Errorf("stats -format %s of %s.jsonl differs from that of %s.json", f.format, size, size)
				}
			}
			svg := filepath.Join(dir, size+".svg")
			if got := runOK(t, "stats", "-svg", svg, cat); !bytes.Equal(got, text) {
				t.Errorf("stats -svg FILE printed other figures than stats")
			}
			got, err := os.ReadFile(svg)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", "stats", size+".svg"), got)
		})
	}
}
