//go:build unix

package atomicfile

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestCommitToPipe writes to a named pipe, standing for /dev/null or
// /dev/stdout: straight into it, which stays a pipe, where a rename would
// have put a regular file in its place.
func TestCommitToPipe(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	got := make(chan string)
	go func() {
		r, err := os.Open(pipe)
		if err != nil {
			got <- err.Error()
			return
		}
		defer r.Close()
		b, _ := io.ReadAll(r)
		got <- string(b)
	}()
	f, err := Create(pipe)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("through")
	if err := f.Commit(); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	if st, err := os.Lstat(pipe); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("after Commit the pipe is %v, %v; want a pipe still", st, err)
	}
	if s := <-got; s != "through" {
		t.Errorf("the pipe's reader got %q, want through", s)
	}
	if entries, _ := os.ReadDir(filepath.Dir(pipe)); len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only the pipe", len(entries))
	}
}
