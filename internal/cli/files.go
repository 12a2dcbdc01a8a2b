package cli

import (
	"io"
	"os"

	"golang.org/x/term"

	"github.com/snakecube/snakecube/internal/atomicfile"
)

// Terminal reports whether w is a terminal, so that progress is drawn.
func Terminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Progress returns a progress callback drawing a bar on w, which any
// goroutine may call: a [Bar] that nothing clears.
func Progress(w io.Writer, what string) func(done, total int) {
	return NewBar(w, what).Step
}

// WriteOutput runs write on standard output when path is "-", otherwise
// on a temporary file that replaces path only once complete. It returns
// the name to report.
func (e Env) WriteOutput(path string, write func(io.Writer) error) (string, error) {
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

// SameFile reports whether writing the output file out would overwrite
// the input named in, "-" meaning standard input: the same file, whatever
// the paths, links included.
func (e Env) SameFile(in, out string) bool {
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
