package catalog

import (
	"fmt"
	"io/fs"
	"os"

	"github.com/snakecube/snakecube/internal/fileerr"
)

// OpenFile opens the catalogue file name for reading. Only a regular
// file can be a catalogue: a named pipe, a device, a socket or a
// folder is refused with what it is, before it is opened, since opening
// a pipe waits for a writer, however long; a pipe's catalogue is read
// from standard input instead. The file is opened so that a pipe put in
// its place meanwhile does not block, and checked again.
func OpenFile(name string) (*os.File, error) {
	if fi, err := os.Stat(name); err != nil {
		return nil, fileerr.Open(name, err)
	} else if err := regular(name, fi); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, fileerr.Open(name, err)
	}
	fi, err := f.Stat()
	if err == nil {
		err = regular(name, fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// regular reports an error unless fi is a regular file's.
func regular(name string, fi fs.FileInfo) error {
	var what string
	switch m := fi.Mode(); {
	case m.IsRegular():
		return nil
	case m.IsDir():
		what = "a folder"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	default:
		what = "no regular file"
	}
	return fmt.Errorf("%s: %s, not a catalogue file; give a file, or - and the catalogue on standard input", name, what)
}
