// Command calibrate rates every snake of the 3x3x3 catalogue and writes
// the calibration of package rate's 1 to 10 scale as Go source: go
// generate runs it in internal/rate, and TestScaleTable checks that the
// committed file is what it writes.
//
// Usage:
//
//	go run ./calibrate [-o FILE] [-j N]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"

	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/internal/rate"
)

func main() {
	out := flag.String("o", "scale_table.go", "the file to write")
	workers := flag.Int("j", runtime.NumCPU(), "goroutines")
	flag.Parse()
	c, err := rate.Calibrate(context.Background(), *workers)
	if err == nil {
		err = write(*out, c.Source())
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "calibrate:", err)
		os.Exit(1)
	}
}

// write puts src in the file at path whole or not at all: a failed or
// interrupted run leaves the committed table, and the build, as they were.
func write(path string, src []byte) error {
	f, err := atomicfile.Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(src); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Commit()
}
