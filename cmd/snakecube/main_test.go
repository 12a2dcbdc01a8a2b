package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"snakecube": main})
}

// TestScript runs the command-line scenarios in testdata/script.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// exits N CMD ARGS... runs CMD and checks that it exits with N.
			"exits": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 2 {
					ts.Fatalf("usage: exits N command [args...]")
				}
				want, err := strconv.Atoi(args[0])
				ts.Check(err)
				err = ts.Exec(args[1], args[2:]...)
				got := 0
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					got = ee.ExitCode()
				} else if err != nil {
					ts.Fatalf("%v", err)
				}
				if (got == want) == neg {
					ts.Fatalf("%s exited with %d, want %d", args[1], got, want)
				}
			},
		},
	})
}

// TestInterrupt cancels an enumeration: exit status 130, and neither the
// output file nor a temporary file is left behind, while an existing output
// file is kept as it was.
func TestInterrupt(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "cat.json")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stderr bytes.Buffer
	err := run(ctx, []string{"enumerate", "-size", "3x3x4", "-o", out}, nil, &stderr, &stderr)
	if code := exitCode(err, &stderr); code != 130 {
		t.Errorf("interrupted enumerate exited %d (%v), want 130", code, err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("interrupted enumerate left %v", files)
	}
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(ctx, []string{"enumerate", "-size", "3x3x4", "-o", out}, nil, &stderr, &stderr)
	if b, _ := os.ReadFile(out); string(b) != "old" {
		t.Errorf("interrupted enumerate changed the existing output to %q", b)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("interrupted enumerate left %v", files)
	}
}
