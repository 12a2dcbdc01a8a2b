package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/internal/cli"
)

// TestServe runs the command over two catalogues, asks each for its
// figures, and interrupts it: exit status 130.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, size := range []string{"2", "2x2x3"} {
		p := filepath.Join(dir, size+".jsonl")
		if err := os.WriteFile(p, catalogtest.File(t, size, export.FormatJSONL), 0o666); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"-size", "2x2x3", "-addr", "127.0.0.1:0"}, files...), nil, io.Discard, pw)
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
	for name, want := range map[string]int{"2x2x2": 1, "2x2x3": 17} {
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

// TestBeside builds snakecube and snakecube-serve into one folder, as make
// build and go install do, and runs "snakecube serve -h" through them; and
// checks that snakecube links no web server.
func TestBeside(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both programs")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the programs are named .exe")
	}
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "../snakecube", ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(dir, "snakecube"), "serve", "-h").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "snakecube serve [-addr HOST:PORT]") {
		t.Errorf("snakecube serve -h: %v\n%s", err, out)
	}
	deps, err := exec.Command("go", "list", "-deps", "../snakecube").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(deps)) {
		if p == "net/http" || p == "net" || p == "html/template" {
			t.Errorf("snakecube links %s, which belongs in snakecube-serve", p)
		}
	}
}

// TestREADME checks the README's blocks of "snakecube serve": what serve
// prints for them, exactly.
func TestREADME(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```\n\\$ snakecube serve ([^\n]*)\n(.*?)```").FindAllSubmatch(readme, -1)
	if len(blocks) == 0 {
		t.Fatal("the README shows no usage of serve")
	}
	for _, b := range blocks {
		var out bytes.Buffer
		if err := run(context.Background(), strings.Fields(string(b[1])), nil, &out, &out); err != nil {
			t.Errorf("snakecube serve %s: %v", b[1], err)
		}
		if out.String() != string(b[2]) {
			t.Errorf("the README shows for snakecube serve %s:\n%s\nbut it prints:\n%s", b[1], b[2], &out)
		}
	}
}
