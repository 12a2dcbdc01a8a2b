package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/snakecube/snakecube/internal/cli"
)

// servePath is the program that serve runs.
const servePath = "snakecube-serve"

// runServe runs snakecube-serve with serve's arguments, in place of this
// process where the system can, so that its output, signals and exit
// status are its own. The web server lives in a program of its own so
// that net/http and its dependencies, which doubled the start-up of every
// command, are linked into it alone.
func runServe(ctx context.Context, e cli.Env, args []string) error {
	path, err := findServe()
	if err != nil {
		return err
	}
	return execServe(ctx, e, path, args)
}

// findServe looks for snakecube-serve beside this program's executable
// (as make build and go install put it), then on the PATH.
func findServe() (string, error) {
	if self, err := os.Executable(); err == nil {
		if self, err := filepath.EvalSymlinks(self); err == nil {
			p := filepath.Join(filepath.Dir(self), servePath)
			if _, err := exec.LookPath(p); err == nil {
				return p, nil
			}
		}
	}
	// A snakecube-serve found through "." on the PATH is refused, as
	// os/exec refuses it: it would run whatever the current folder holds.
	p, err := exec.LookPath(servePath)
	if err != nil {
		return "", fmt.Errorf("serve runs the program %s, which is neither beside snakecube nor on the PATH: "+
			"make build builds both, and go install github.com/snakecube/snakecube/cmd/...@latest installs both", servePath)
	}
	return p, nil
}
