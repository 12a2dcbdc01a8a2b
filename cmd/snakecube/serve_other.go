//go:build !unix

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"

	"github.com/snakecube/snakecube/internal/cli"
)

// execServe runs the program at path, where a process cannot be replaced,
// and exits with its status.
func execServe(ctx context.Context, e cli.Env, path string, args []string) error {
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.Stdin, e.Stdout, e.Stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		os.Exit(ee.ExitCode())
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
