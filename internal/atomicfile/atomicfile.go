// Package atomicfile writes a file so that it is either complete or absent:
// the data goes to a temporary file beside the target, which is renamed
// over the target only when everything was written. A run that fails, is
// interrupted or crashes leaves the target as it was. [ReplaceDir] does
// the same for a folder written whole beside its target.
//
// A target that is a symbolic link is followed: the file it points to is
// replaced, the link stays. A target that is no regular file, such as
// /dev/null, /dev/stdout or a named pipe, is written straight into: it has
// nothing to keep whole, and renaming over it would replace the device.
//
// The file is not synced to disk before the rename, nor, on Linux, left to
// the filesystem to write out at the rename (see replace): a catalogue is
// cheap to compute again, and syncing it would cost a large share of the
// 3x3x3 main job. Only a crash of the whole
// machine soon after a run could then lose a file, or leave it short;
// files that must survive one, such as a census's lines, are synced by
// their writers.
//
// # Temporary files
//
// The temporary file is named after the target: ".NAME.tmp-DIGITS" beside
// NAME. Its writer holds a lock on it (flock) until it ends. A run that is
// killed leaves it behind, so [Create] removes the temporary files of its
// target that no writer holds and that were last written over an hour
// ago: an hour, as well as the lock, so that a file just created, whose
// writer has not locked it yet, or one on a file system without locks, is
// never taken from a live writer.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/snakecube/snakecube/internal/fileerr"
)

// File is an output file being written.
type File struct {
	*os.File
	path   string // the file to replace
	direct bool   // path is written straight into
	done   bool   // guarded by mu
}

// mu guards every File's done and the set of temporary files being
// written, which [AbortAll] removes.
var (
	mu   sync.Mutex
	live = map[*File]struct{}{}
)

// end marks f ended and reports whether it had not been before.
func (f *File) end() bool {
	mu.Lock()
	defer mu.Unlock()
	if f.done {
		return false
	}
	f.done = true
	delete(live, f)
	return true
}

// AbortAll removes the temporary file of every File not yet ended, as
// [File.Abort] would, and ends them: their Commit fails. A process that
// must exit before its commands have returned, cut short by an interrupt,
// calls it so that it leaves no half-written file behind.
func AbortAll() {
	mu.Lock()
	defer mu.Unlock()
	for f := range live {
		f.done = true
		os.Remove(f.Name())
		delete(live, f)
	}
}

// Create starts writing the file at path. The caller must end with
// [File.Commit] or [File.Abort]; Abort after Commit does nothing, so
// `defer f.Abort()` is the usual pattern.
func Create(path string) (*File, error) {
	if st, err := os.Stat(path); err == nil {
		switch {
		case st.IsDir():
			return nil, fmt.Errorf("%s: is a folder", path)
		case !st.Mode().IsRegular():
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return nil, fileerr.Create(path, err)
			}
			return &File{File: f, path: path, direct: true}, nil
		}
		if real, err := filepath.EvalSymlinks(path); err == nil {
			path = real
		}
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	removeStale(dir, base, time.Now().Add(-staleAge))
	tmp, err := os.CreateTemp(dir, tempPrefix(base)+"*")
	if err != nil {
		return nil, fileerr.Create(path, err)
	}
	if err := lock(tmp); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, fmt.Errorf("create %s: lock %s: %w", path, tmp.Name(), err)
	}
	f := &File{File: tmp, path: path}
	mu.Lock()
	live[f] = struct{}{}
	mu.Unlock()
	return f, nil
}

// Commit puts the file in place of the target.
func (f *File) Commit() error {
	if !f.end() {
		return fmt.Errorf("commit %s: already ended", f.path)
	}
	err := f.Close()
	if f.direct {
		if err != nil {
			return fmt.Errorf("write %s: %w", f.path, err)
		}
		return nil
	}
	if err == nil {
		// Temporary files are created 0600; an output file gets the
		// usual permissions.
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = replace(f.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	return nil
}

// Abort removes the temporary file, leaving any existing target untouched.
func (f *File) Abort() {
	if !f.end() {
		return
	}
	f.Close()
	if !f.direct {
		os.Remove(f.Name())
	}
}
