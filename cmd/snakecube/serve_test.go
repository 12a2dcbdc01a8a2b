package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/internal/cli"
)

// TestServe runs the command over three catalogues, one in each format,
// with no -size: each tells its box, the 2x2x3 JSON by its path arrays'
// shape. It asks each for its figures, and interrupts it: exit status
// 130.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, c := range []struct {
		size string
		f    export.Format
	}{{"2", export.FormatJSONL}, {"2x2x3", export.FormatJSON}, {"1x3x4", export.FormatParquet}} {
		p := filepath.Join(dir, c.size+".catalogue")
		if err := os.WriteFile(p, catalogtest.File(t, c.size, c.f), 0o666); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"serve", "-addr", "127.0.0.1:0"}, files...), nil, io.Discard, pw)
		pw.Close()
	}()
	sc := bufio.NewScanner(pr)
	var url string
	for url == "" && sc.Scan() {
		if m := regexp.MustCompile(`serving on (http://\S+/)$`).FindStringSubmatch(sc.Text()); m != nil {
			url = m[1]
		}
	}
	go io.Copy(io.Discard, pr)
	if url == "" {
		t.Fatalf("serve printed no address; it ended with %v", <-done)
	}
	for name, want := range map[string]int{"2x2x2": 1, "2x2x3": 17, "1x3x4": 18} {
		resp, err := http.Get(url + "api/stats?catalogue=" + name)
		if err != nil {
			t.Fatal(err)
		}
		var st struct{ Snakes int }
		err = json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		if err != nil || st.Snakes != want {
			t.Errorf("%s: %d snakes, %v; want %d", name, st.Snakes, err, want)
		}
	}
	cancel()
	if code := cli.ExitCode(<-done, io.Discard); code != 130 {
		t.Errorf("serve interrupted: exit status %d, want 130", code)
	}
}
