package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/solver"
)

// terminal reports whether w is a terminal, so that progress is drawn.
func terminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// writeCount prints a census, one "name value" line each, for people and
// scripts alike.
func writeCount(w io.Writer, what string, c solver.Count) {
	fmt.Fprintf(w, "# %s: solutions counted once up to the box's rotations and reflections and up to reversal\n", what)
	census.WriteCounts(w, c)
}

// writeOutput runs write on standard output when path is "-", otherwise on
// a temporary file that replaces path only once complete. It returns the
// name to report.
func writeOutput(e cli.Env, path string, write func(io.Writer) error) (string, error) {
	if path == "-" {
		return "standard output", write(e.Stdout)
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return "", err
	}
	defer f.Abort()
	if err := write(f); err != nil {
		return "", err
	}
	return path, f.Commit()
}

// progress returns a solver progress callback drawing a bar on w.
func progress(w io.Writer, what string) func(done, total int) {
	var once sync.Once
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		once.Do(func() {
			bar = progressbar.NewOptions(total,
				progressbar.OptionSetWriter(w),
				progressbar.OptionSetDescription(what),
				progressbar.OptionShowCount(),
				progressbar.OptionSetElapsedTime(true),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(100*time.Millisecond),
			)
		})
		bar.Add(1)
	}
}

// sameFile reports whether writing the output file out would overwrite
// the input named in, "-" meaning standard input: the same file, whatever
// the paths, links included.
func sameFile(e cli.Env, in, out string) bool {
	if out == "-" {
		return false
	}
	o, err := os.Stat(out)
	if err != nil {
		return false
	}
	var i os.FileInfo
	if in == "-" {
		if f, ok := e.Stdin.(*os.File); ok {
			i, err = f.Stat()
		} else {
			return false
		}
	} else {
		i, err = os.Stat(in)
	}
	return err == nil && os.SameFile(i, o)
}

// openInput opens the file named by a command's argument, "-" meaning
// standard input, and returns the name to report and how to close it.
func openInput(e cli.Env, arg string) (string, io.Reader, func(), error) {
	if arg == "-" {
		return "standard input", e.Stdin, func() {}, nil
	}
	f, err := catalog.OpenFile(arg)
	if err != nil {
		return "", nil, nil, err
	}
	return arg, f, func() { f.Close() }, nil
}
