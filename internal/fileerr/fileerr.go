// Package fileerr words the errors of opening files as snakecube's
// messages name things: the file as the person gave it, then what is
// wrong, "NAME: no such file or directory", without the name of the
// system call ("open", "stat") or of a temporary file written beside it.
// A file to be written whose folder is missing says which folder.
//
// The errors it returns wrap the system's, so errors.Is(err,
// fs.ErrNotExist) and the like still hold.
package fileerr

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Open returns err, from opening or looking up the file name to read it,
// as "NAME: what is wrong". An error that is not a file system's path
// error is returned as it is.
func Open(name string, err error) error {
	var pe *fs.PathError
	if err == nil || !errors.As(err, &pe) {
		return err
	}
	return &pathError{fmt.Sprintf("%s: %v", name, pe.Err), pe.Err}
}

// Create returns err, from creating the file name, or a temporary file
// beside it, to write it, as "NAME: what is wrong". When its folder is
// missing it says "NAME: no folder DIR to write it in", since "no such
// file or directory" of a file being created would blame the file.
func Create(name string, err error) error {
	var pe *fs.PathError
	if err == nil || !errors.As(err, &pe) {
		return err
	}
	if errors.Is(pe.Err, fs.ErrNotExist) {
		dir := filepath.Dir(name)
		if _, serr := os.Stat(dir); errors.Is(serr, fs.ErrNotExist) {
			return &pathError{fmt.Sprintf("%s: no folder %s to write it in", name, dir), pe.Err}
		}
	}
	return &pathError{fmt.Sprintf("%s: %v", name, pe.Err), pe.Err}
}

// pathError is an error with its own text that unwraps to the system's.
type pathError struct {
	msg string
	err error
}

func (e *pathError) Error() string { return e.msg }
func (e *pathError) Unwrap() error { return e.err }
