//go:build unix

package main

import (
	"context"
	"fmt"
	"os"
	"syscall"

	"github.com/snakecube/snakecube/internal/cli"
)

// execServe replaces this process with the program at path.
func execServe(_ context.Context, _ cli.Env, path string, args []string) error {
	err := syscall.Exec(path, append([]string{path}, args...), os.Environ())
	return fmt.Errorf("%s: %w", path, err)
}
