package export

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"

	"golang.org/x/sync/errgroup"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Format is the layout of a catalogue file.
type Format int

const (
	// FormatJSON is one JSON object, keys to solution lists.
	FormatJSON Format = iota
	// FormatJSONL is one JSON object per line: {"snake":KEY,"solutions":[...]}.
	FormatJSONL
)

// ParseFormat reads "json" or "jsonl".
func ParseFormat(s string) (Format, error) {
	switch s {
	case "json":
		return FormatJSON, nil
	case "jsonl":
		return FormatJSONL, nil
	}
	return 0, fmt.Errorf("unknown format %q, want json or jsonl", s)
}

// String returns the format's name.
func (f Format) String() string {
	if f == FormatJSONL {
		return "jsonl"
	}
	return "json"
}

// Options tune a [Writer]. The zero value writes FormatJSON.
type Options struct {
	Format Format
	// Workers is the number of goroutines [Encode] encodes with; 0 means
	// runtime.GOMAXPROCS(0). The bytes written do not depend on it.
	Workers int
	// Unordered accepts snakes in any order, named by their sequence as
	// given rather than by their key, as solve writes the snakes typed.
	Unordered bool
}

// ErrOrder reports snakes written out of ascending key order.
var ErrOrder = errors.New("snakes out of key order")

// Writer streams a catalogue: [Writer.Write] each snake in ascending key
// order, then [Writer.Close].
type Writer struct {
	w    *bufio.Writer
	box  symmetry.Box
	opts Options
	enc  encoder
	last solver.Seq
	n    int
	err  error
}

// bufSize is the output buffer: large writes keep system calls rare when a
// catalogue of many megabytes goes to a file or a pipe.
const bufSize = 1 << 16

// NewWriter returns a Writer of box b's catalogue to w.
func NewWriter(w io.Writer, b symmetry.Box, opts Options) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, bufSize), box: b, opts: opts, enc: newEncoder(b)}
}

// Write adds a snake and its solutions.
func (w *Writer) Write(s solver.Snake) error {
	if w.err != nil {
		return w.err
	}
	if err := w.check([]solver.Snake{s}); err != nil {
		return err
	}
	w.writeRaw(w.enc.snake(nil, s, w.opts.Format, w.n == 0), s.Key, 1)
	return w.err
}

// check makes sure snakes may follow what was written: keys of the box's
// length, ascending.
func (w *Writer) check(snakes []solver.Snake) error {
	last, n := w.last, w.n
	for _, s := range snakes {
		if s.Key.Len != w.box.Len() {
			w.err = fmt.Errorf("snake %v: %d cubelets, want %d for the %v box", s.Key, s.Key.Len, w.box.Len(), w.box)
			return w.err
		}
		if n > 0 && !w.opts.Unordered && s.Key.Compare(last) <= 0 {
			w.err = fmt.Errorf("snake %v after %v: %w", s.Key, last, ErrOrder)
			return w.err
		}
		last, n = s.Key, n+1
	}
	return nil
}

// writeRaw writes the encoding of count snakes, the last of which has key k.
func (w *Writer) writeRaw(p []byte, k solver.Seq, count int) {
	if w.n == 0 && w.opts.Format == FormatJSON {
		_, w.err = w.w.WriteString("{\n")
	}
	if w.err == nil {
		_, w.err = w.w.Write(p)
	}
	w.last = k
	w.n += count
}

// Close ends the catalogue and flushes it. It does not close the underlying
// writer.
func (w *Writer) Close() error {
	if w.err != nil {
		return w.err
	}
	if w.opts.Format == FormatJSON {
		if w.n == 0 {
			w.w.WriteString("{")
		}
		w.w.WriteString("\n}\n")
	}
	w.err = w.w.Flush()
	if w.err == nil {
		w.err = errors.New("export: writer closed")
		return nil
	}
	return w.err
}

// chunkSnakes is how many snakes one encoding task takes: about 100 KB of
// 3x3x3 output, big enough that scheduling costs nothing, small enough that
// few chunks wait in memory.
const chunkSnakes = 512

// Encode writes a whole catalogue through w, encoding chunks of snakes on
// several goroutines and writing them in order.
func (w *Writer) Encode(ctx context.Context, snakes []solver.Snake) error {
	if w.err != nil {
		return w.err
	}
	if err := w.check(snakes); err != nil {
		return err
	}
	workers := w.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type chunk struct {
		first bool
		from  int
		out   chan []byte
	}
	queue := make(chan chunk, 2*workers)
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers + 1)
	empty := w.n == 0
	eg.Go(func() error {
		defer close(queue)
		for from := 0; from < len(snakes); from += chunkSnakes {
			c := chunk{first: empty && from == 0, from: from, out: make(chan []byte, 1)}
			select {
			case queue <- c:
			case <-ctx.Done():
				return ctx.Err()
			}
			eg.Go(func() error {
				enc := newEncoder(w.box)
				var p []byte
				for k, s := range snakes[c.from:min(c.from+chunkSnakes, len(snakes))] {
					p = enc.snake(p, s, w.opts.Format, c.first && k == 0)
				}
				c.out <- p
				return nil
			})
		}
		return nil
	})
	for c := range queue {
		var p []byte
		select {
		case p = <-c.out:
		case <-ctx.Done():
			continue
		}
		if w.err == nil {
			end := min(c.from+chunkSnakes, len(snakes))
			w.writeRaw(p, snakes[end-1].Key, end-c.from)
		}
	}
	if err := eg.Wait(); err != nil {
		return err
	}
	return w.err
}

// Encode writes catalogue c to dst and closes the catalogue.
func Encode(ctx context.Context, dst io.Writer, c *solver.Catalogue, opts Options) error {
	w := NewWriter(dst, c.Box, opts)
	if err := w.Encode(ctx, c.Snakes); err != nil {
		return err
	}
	return w.Close()
}

// encoder appends the JSON of snakes of one box. It owns scratch space, so
// each goroutine needs its own.
type encoder struct {
	box   symmetry.Box
	cells []int8 // cubelet number by cell index
	num   [symmetry.MaxCells + 1]string
}

func newEncoder(b symmetry.Box) encoder {
	e := encoder{box: b, cells: make([]int8, b.Len())}
	for i := range e.num {
		e.num[i] = strconv.Itoa(i)
	}
	return e
}

// snake appends one snake: `"KEY":[...]` for FormatJSON, preceded by ",\n"
// unless first; a line {"snake":"KEY","solutions":[...]} for FormatJSONL.
func (e *encoder) snake(p []byte, s solver.Snake, f Format, first bool) []byte {
	if f == FormatJSONL {
		p = append(p, `{"snake":"`...)
		p = append(p, s.Key.String()...)
		p = append(p, `","solutions":`...)
	} else {
		if !first {
			p = append(p, ",\n"...)
		}
		p = append(p, '"')
		p = append(p, s.Key.String()...)
		p = append(p, `":`...)
	}
	p = append(p, '[')
	for k, d := range s.Solutions {
		if k > 0 {
			p = append(p, ',')
		}
		p = e.solution(p, d)
	}
	p = append(p, ']')
	if f == FormatJSONL {
		p = append(p, "}\n"...)
	}
	return p
}

// solution appends {"startPos":[..],"direction":[..],"path":[[[..]]]}.
func (e *encoder) solution(p []byte, dirs []symmetry.Dir) []byte {
	b := e.box
	start, _ := b.Start(dirs)
	p = append(p, `{"startPos":[`...)
	for a, v := range start {
		if a > 0 {
			p = append(p, ',')
		}
		p = append(p, e.num[v]...)
	}
	p = append(p, `],"direction":[`...)
	cell := start
	e.cells[b.Index(cell)] = 1
	for i, d := range dirs {
		if i > 0 {
			p = append(p, ',')
		}
		if d.Neg() {
			p = append(p, '-')
		}
		p = append(p, byte('1'+d.Axis()))
		cell = b.Step(cell, d)
		e.cells[b.Index(cell)] = int8(i + 2)
	}
	p = append(p, `],"path":[`...)
	for x := range b.Size[0] {
		if x > 0 {
			p = append(p, ',')
		}
		p = append(p, '[')
		for y := range b.Size[1] {
			if y > 0 {
				p = append(p, ',')
			}
			p = append(p, '[')
			for z := range b.Size[2] {
				if z > 0 {
					p = append(p, ',')
				}
				p = append(p, e.num[e.cells[b.Index([3]int{x, y, z})]]...)
			}
			p = append(p, ']')
		}
		p = append(p, ']')
	}
	return append(p, "]}"...)
}
