package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/cli/clitest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"snakecube": main})
}

// TestScript runs the command-line scenarios in testdata/script; with
// -update, it rewrites the files a script compares output with (cmp
// stdout FILE) to what the commands print.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		Cmds:                clitest.Cmds,
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup:               withAwait,
	})
}

// withAwait puts testdata/await.sh in a script's folder: the scripts that
// signal a run wait with it for the event the signal needs.
func withAwait(env *testscript.Env) error {
	b, err := os.ReadFile(filepath.Join("testdata", "await.sh"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(env.WorkDir, "await.sh"), b, 0o644)
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
	if code := cli.ExitCode(err, &stderr); code != 130 {
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

// TestResultsScripts runs the scenarios of testdata/results on the
// scripts of the long runs, results/census, checks, estimate, calibration
// and rehearsal's run.sh, and calibration's shared.py, copied into each
// scenario's results folder (and the rehearsal's recipe, docs/CLUSTER.md,
// with deploy/test/recipes.sh, beside it as in the repository).
func TestResultsScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/results",
		Cmds:                clitest.Cmds,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			// The runners, and what the rehearsal's reads of the
			// repository: its recipe and the function that reads it.
			for _, f := range []string{
				"results/census/run.sh", "results/checks/run.sh", "results/estimate/run.sh", "results/calibration/run.sh",
				"results/calibration/shared.py", "results/rehearsal/run.sh", "docs/CLUSTER.md", "deploy/test/recipes.sh",
			} {
				b, err := os.ReadFile(filepath.Join("..", "..", f))
				if err != nil {
					return err
				}
				path := filepath.Join(env.WorkDir, f)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					return err
				}
				if err := os.WriteFile(path, b, 0o755); err != nil {
					return err
				}
			}
			return os.MkdirAll(filepath.Join(env.WorkDir, "results", "paths"), 0o755)
		},
	})
}
