package catalog

import (
	"io"
	"os"

	"github.com/snakecube/snakecube/internal/fileerr"
)

// OpenFile opens the catalogue file name for reading. Only a regular
// file can be a catalogue: a named pipe, a device, a socket or a folder
// is refused with what it is, before it is opened, since opening a pipe
// waits for a writer, however long; a pipe's catalogue is read from
// standard input instead (see [fileerr.OpenRegular]).
func OpenFile(name string) (*os.File, error) {
	return fileerr.OpenRegular(name, "catalogue file; give a file, or - and the catalogue on standard input")
}

// OpenArg opens the catalogue a command's argument names, "-" meaning
// stdin, and returns the name to report and how to close it.
func OpenArg(stdin io.Reader, arg string) (string, io.Reader, func(), error) {
	if arg == "-" {
		return "standard input", stdin, func() {}, nil
	}
	f, err := OpenFile(arg)
	if err != nil {
		return "", nil, nil, err
	}
	return arg, f, func() { f.Close() }, nil
}
