//go:build unix

package catalog

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOpenFile: a named pipe, a folder and a socket are refused by what
// they are, at once; a regular file opens.
func TestOpenFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skip(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for _, tc := range []struct{ name, want string }{
		{pipe, "a named pipe"},
		{dir, "a folder"},
		{sock, "a socket"},
		{"/dev/null", "a device"},
	} {
		f, err := OpenFile(tc.name)
		if err == nil {
			f.Close()
		}
		if err == nil || !strings.Contains(err.Error(), tc.want+", not a catalogue file") {
			t.Errorf("OpenFile(%s) = %v, want an error saying it is %s", tc.name, err, tc.want)
		}
	}
	file := filepath.Join(dir, "c.json")
	if err := os.WriteFile(file, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := OpenFile(file)
	if err != nil {
		t.Fatalf("OpenFile of a regular file: %v", err)
	}
	f.Close()
}
