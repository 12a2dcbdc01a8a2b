package catalog

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
)

// Converted is what [Convert] read and wrote.
type Converted struct {
	Format            export.Format // the format read
	Snakes, Solutions int
}

// Convert reads the catalogue in r, in any format, checking it as a
// [Reader] does, and writes it to w with the catalogue writer and
// options wopts: in another format, or as a table of snakes. Every snake
// is written with its solutions in canonical form, ascending, a solution
// listed twice once. It stops at the first problem of a snake, a
// [*Problem]. An empty catalogue whose box is neither given nor stated
// is an error wrapping [ErrNoBox], since every format but JSON states
// the box.
func Convert(ctx context.Context, w io.Writer, r io.Reader, opts Options, wopts export.Options) (Converted, error) {
	var c Converted
	rd := NewReader(r, opts)
	s, err := rd.Next()
	c.Format = rd.Format()
	if err != nil && !errors.Is(err, io.EOF) {
		return c, err
	}
	if rd.Box().Len() == 0 {
		return c, fmt.Errorf("%w: an empty catalogue that states no box", ErrNoBox)
	}
	ew := export.NewWriter(w, rd.Box(), wopts)
	for n := 0; err == nil; n++ {
		// An entry takes microseconds: looking at the context every
		// 256 keeps a stop prompt and costs nothing.
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return c, err
			}
		}
		if p := s.Err(); p != nil {
			return c, p
		}
		sn := solver.Snake{Seq: s.Key, Solutions: s.Forms()}
		if err := ew.Write(sn); err != nil {
			return c, err
		}
		c.Snakes++
		c.Solutions += len(sn.Solutions)
		s, err = rd.Next()
	}
	if !errors.Is(err, io.EOF) {
		return c, err
	}
	return c, ew.Close()
}
