package fileerr

import (
	"fmt"
	"io/fs"
	"os"
)

// OpenRegular opens the file name for reading, a file of the kind what
// names ("catalogue file", "census file"). Only a regular file is one: a
// named pipe, a device, a socket or a folder is refused with what it is,
// "NAME: a named pipe, not a census file", before it is opened, since
// opening a pipe waits for a writer, however long, and reading a device
// may never end. The file is opened so that a pipe put in its place
// meanwhile does not block, and checked again.
func OpenRegular(name, what string) (*os.File, error) {
	if fi, err := os.Stat(name); err != nil {
		return nil, Open(name, err)
	} else if err := Regular(name, fi, what); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, Open(name, err)
	}
	fi, err := f.Stat()
	if err == nil {
		err = Regular(name, fi, what)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Regular returns an error unless fi, of the file name, is a regular
// file's, worded as [OpenRegular]'s.
func Regular(name string, fi fs.FileInfo, what string) error {
	var is string
	switch m := fi.Mode(); {
	case m.IsRegular():
		return nil
	case m.IsDir():
		is = "a folder"
	case m&fs.ModeNamedPipe != 0:
		is = "a named pipe"
	case m&fs.ModeSocket != 0:
		is = "a socket"
	case m&fs.ModeDevice != 0:
		is = "a device"
	default:
		is = "no regular file"
	}
	return fmt.Errorf("%s: %s, not a %s", name, is, what)
}
