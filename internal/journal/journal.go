// Package journal keeps the files that long runs append to, a JSON line
// a result (census sections, estimate descents), so that a run stopped
// anywhere resumes where it was.
//
// A run appends each line in one write and syncs it, so a run that stops
// midway leaves whole lines and at most one torn last line, without its
// newline. [Open] drops that torn line when whole lines come before it,
// so the run makes that result again; otherwise it refuses the file,
// which is then no file a run stopped writing. Open also locks the file
// (flock), so that two runs cannot append to one file, and refuses
// anything but a regular file.
package journal

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/snakecube/snakecube/internal/fileerr"
)

// ErrLocked reports a file that another run holds.
var ErrLocked = errors.New("locked by another run")

// Kind names what a file holds, for the messages ("census",
// "descents"), and bounds its lines.
type Kind struct {
	Name string
	// MaxLine bounds a line: a longer one is no line of this kind, and
	// reading stops there, whatever the file holds.
	MaxLine int
}

// Scanned is what [Scan] read.
type Scanned struct {
	Lines int   // the whole lines that were not blank
	Whole int64 // the bytes of the whole lines
	Torn  int64 // the bytes of a torn last line after them
}

// Scan reads the whole lines of r, calling line with each that is not
// blank and its number from 1, and stops at line's first error, wrapped
// with name and the line number. A last line without its newline is torn:
// Scan reports it when whole lines come before it, and refuses r
// otherwise. Reading stops when ctx is done.
func Scan(ctx context.Context, r io.Reader, name string, k Kind, line func(n int, text []byte) error) (Scanned, error) {
	br := bufio.NewReaderSize(r, k.MaxLine)
	var s Scanned
	for n := 1; ; n++ {
		if n%1024 == 0 && ctx.Err() != nil {
			return s, ctx.Err()
		}
		text, err := br.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			return s, fmt.Errorf("%s: line %d: longer than %d bytes, which no %s line is", name, n, k.MaxLine, k.Name)
		case errors.Is(err, io.EOF) && len(text) == 0:
			return s, nil
		case errors.Is(err, io.EOF) && s.Lines == 0:
			// Dropping the line would truncate a file that may be no
			// journal at all, only misnamed. A crash in a run's first
			// append leaves this too, and then the file holds nothing.
			return s, fmt.Errorf("%s: line %d: no newline at its end, and no %s record before it: not a %s file that a run stopped writing, unless a crash cut its first line short (then remove the file: it holds no record)", name, n, k.Name, k.Name)
		case errors.Is(err, io.EOF):
			s.Torn = int64(len(text))
			return s, nil
		case err != nil:
			return s, fmt.Errorf("%s: %w", name, err)
		}
		s.Whole += int64(len(text))
		if len(bytes.TrimSpace(text)) == 0 {
			continue
		}
		if err := line(n, text); err != nil {
			return s, fmt.Errorf("%s: line %d: %w", name, n, err)
		}
		s.Lines++
	}
}

// File is a file open for a run to append to. It is locked while open.
type File struct {
	f    *os.File
	path string
	torn int64

	mu  sync.Mutex
	err error // the first failed append: the file's end is unknown since
}

// Open opens the file at path for a run, creating it if need be: it locks
// it, reads its whole lines through line (see [Scan]), calls check, if
// not nil, to judge them together, and then drops a torn last line after
// them, truncating the file to them. A file refused is left as it was.
func Open(ctx context.Context, path string, k Kind, line func(n int, text []byte) error, check func() error) (*File, error) {
	if st, err := os.Stat(path); err == nil {
		if err := fileerr.Regular(path, st, k.Name+" file"); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fileerr.Create(path, err)
	}
	jf := &File{f: f, path: path}
	if err := jf.resume(ctx, k, line, check); err != nil {
		f.Close()
		return nil, err
	}
	return jf, nil
}

func (f *File) resume(ctx context.Context, k Kind, line func(n int, text []byte) error, check func() error) error {
	if st, err := f.f.Stat(); err != nil {
		return fileerr.Open(f.path, err)
	} else if err := fileerr.Regular(f.path, st, k.Name+" file"); err != nil {
		return err
	}
	if err := Lock(f.f); err != nil {
		return fmt.Errorf("%s: %w: one file takes one run at a time", f.path, err)
	}
	s, err := Scan(ctx, f.f, f.path, k, line)
	if err != nil {
		return err
	}
	if check != nil {
		if err := check(); err != nil {
			return err
		}
	}
	if s.Torn > 0 {
		if err := f.f.Truncate(s.Whole); err != nil {
			return fmt.Errorf("%s: drop the torn last line: %w", f.path, err)
		}
		f.torn = s.Torn
	}
	return nil
}

// Name returns the file's path.
func (f *File) Name() string { return f.path }

// Torn returns the length of the torn last line that Open dropped, 0 when
// there was none.
func (f *File) Torn() int64 { return f.torn }

// Append writes line, which ends with its newline, in one write, and
// syncs it to disk, so that a crash leaves whole lines and at most one
// torn last line. ok, if not nil, is called under the file's lock before
// the write and may refuse it. It may be called from several goroutines.
// After a failed append, every later one fails.
func (f *File) Append(line []byte, ok func() error) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	if ok != nil {
		if err := ok(); err != nil {
			return err
		}
	}
	if _, err := f.f.Write(line); err != nil {
		f.err = err
		return err
	}
	if err := f.f.Sync(); err != nil {
		f.err = fmt.Errorf("sync %s: %w", f.path, err)
		return f.err
	}
	return nil
}

// Err returns the error of the first failed append, nil if none failed:
// after one, the file's end is not known, and what it may hold must not
// be taken as written.
func (f *File) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// Close closes the file, which releases its lock.
func (f *File) Close() error {
	return f.f.Close()
}

// Decode decodes line, one JSON value, into v, refusing a field that v
// does not have and anything after the value.
func Decode(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}
