// Package batch runs a command's work on each snake given, as arguments
// or as lines of standard input, in the order given and in bounded memory.
package batch

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/solver/sequencer"
)

// Item is one snake as typed, where it came from ("snake 2", "line 3"),
// and what it reads as.
type Item struct {
	Text, Where string
	Snake       *input.Snake
}

// Options say how the snakes are read and searched.
type Options struct {
	Input input.Options
	// Workers is the number of goroutines in all.
	Workers int
	// Streams is how many snakes are searched side by side; 0 means
	// Workers.
	Streams int
}

func (o Options) streams() int {
	if o.Streams > 0 {
		return o.Streams
	}
	return o.Workers
}

// FromStdin reports whether the snakes are to be read from standard
// input: no argument, or "-".
func FromStdin(args []string) bool {
	return len(args) == 0 || len(args) == 1 && args[0] == "-"
}

// Each reads the snakes given, the arguments or the lines of stdin, as
// they come, and works on each with work on the goroutines of o, in
// bounded memory: work is given the snake and how many goroutines its
// search may take. It calls emit with each result in the order of the
// snakes, and returns how many it emitted. Snakes given as arguments are
// all read, and check, if not nil, sees them all, before any search. A
// snake that cannot be read stops the run there, after the results of
// the snakes before it. A snake takes every core when no other is
// searched and none was waiting to be read when it was; the others one
// core each. flush is called after each snake that none waited behind:
// a program that waits for each answer gets it, and a file piped in is
// written in large pieces.
func Each[T any](ctx context.Context, stdin io.Reader, args []string, o Options, check func([]Item) error,
	work func(ctx context.Context, it Item, workers int) (T, error), emit func(it Item, x T) error, flush func() error,
) (int, error) {
	var given []Item
	if !FromStdin(args) {
		for k, a := range args {
			it := Item{Text: a, Where: fmt.Sprintf("snake %d", k+1)}
			if err := it.Read(ctx, o); err != nil {
				return 0, err
			}
			given = append(given, it)
		}
		if check != nil {
			if err := check(given); err != nil {
				return 0, err
			}
		}
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop() // the reader of standard input, if it waits to send
	type result struct {
		it   Item
		x    T
		more bool  // another snake waited to be read
		err  error // the snake could not be read
	}
	var running inFlight
	n := 0
	streams := o.streams()
	err := sequencer.Stream(ctx, snakes(ctx, stdin, given), streams, func(ctx context.Context, l typed) (result, error) {
		it, err := l.read(ctx, o)
		if err != nil {
			return result{err: err}, nil
		}
		inner, done := running.start(o.Workers, streams, l.more)
		defer done()
		x, err := work(ctx, it, inner)
		if err != nil {
			return result{}, fmt.Errorf("%s: %w", it.Where, err)
		}
		return result{it: it, x: x, more: l.more}, nil
	}, func(_ int, r result) error {
		if r.err != nil {
			return r.err
		}
		n++
		if err := emit(r.it, r.x); err != nil || r.more {
			return err
		}
		return flush()
	})
	if err != nil {
		// The answers before the failure are out, as its cause is told;
		// a failed flush adds nothing to that.
		_ = flush()
	}
	return n, err
}

// Typed works on the snakes typed at a terminal as they come: each line
// is worked on before the next is read, and a line that cannot be read
// is given to bad, which tells it, and the next one awaited, where a file
// of snakes stops at its first bad line. It returns how many lines were
// bad, or the first error of work.
func Typed(ctx context.Context, stdin io.Reader, o Options, bad func(error), work func(Item) error) (int, error) {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	lines := make(chan typed)
	go readTyped(ctx, stdin, lines)
	n := 0
	for {
		var l typed
		var more bool
		select {
		case <-ctx.Done():
			return n, context.Cause(ctx)
		case l, more = <-lines:
		}
		if !more {
			return n, nil
		}
		if l.err != nil {
			return n, l.err
		}
		it := Item{Text: l.text, Where: l.where}
		if err := it.Read(ctx, o); err != nil {
			if !errors.As(err, new(cli.UsageError)) {
				return n, err
			}
			bad(err)
			n++
			continue
		}
		if err := work(it); err != nil {
			return n, err
		}
	}
}

// inFlight counts the snakes being searched, so that a snake searched
// alone, with no other waiting (the only one given, or one typed), takes
// every core, and the streams snakes searched side by side a share of
// them each. What a search finds does not depend on its number of cores.
type inFlight struct{ n atomic.Int64 }

// start counts a search in and returns its number of goroutines, more
// telling whether other snakes wait, and the call that counts it out.
func (r *inFlight) start(workers, streams int, more bool) (int, func()) {
	inner := max(1, workers/streams)
	if r.n.Add(1) == 1 && !more {
		inner = workers
	}
	return inner, func() { r.n.Add(-1) }
}

// typed is a snake as given, a line of standard input or an argument,
// where it came from ("line 3", "snake 2"), or the error that ended the
// reading.
type typed struct {
	text, where string
	err         error
	more        bool  // more snakes were there to read when it was read
	given       *Item // an argument, read already
}

// snakes sends the snakes given as arguments, read already, or when
// there are none, those of stdin, read as it comes, and closes the
// channel at the end, after an error, or when ctx is done.
func snakes(ctx context.Context, stdin io.Reader, given []Item) <-chan typed {
	lines := make(chan typed)
	if given == nil {
		go readTyped(ctx, stdin, lines)
		return lines
	}
	go func() {
		defer close(lines)
		for k := range given {
			select {
			case lines <- typed{given: &given[k], more: k+1 < len(given)}:
			case <-ctx.Done():
				return
			}
		}
	}()
	return lines
}

// read returns the snake of l, or the error that stops a run at it: l's
// own, or why its text is no snake.
func (l typed) read(ctx context.Context, o Options) (Item, error) {
	switch {
	case l.err != nil:
		return Item{}, l.err
	case l.given != nil:
		return *l.given, nil
	}
	it := Item{Text: l.text, Where: l.where}
	return it, it.Read(ctx, o)
}

// isSnakeLine reports whether a line of input holds a snake: it is not
// blank and no comment.
func isSnakeLine(t string) bool {
	t = strings.TrimSpace(t)
	return t != "" && !strings.HasPrefix(t, "#")
}

// snakeAhead reports whether the bytes read past a line hold another
// snake's line, whole or begun: a snake waits to be read.
func snakeAhead(ahead []byte) bool {
	for l := range bytes.Lines(ahead) { // most often the first line tells
		if isSnakeLine(string(l)) {
			return true
		}
	}
	return false
}

// readTyped sends the lines of r that hold a snake, skipping blank lines
// and comments, and closes lines at the end of r, after an error, or
// when ctx is done.
func readTyped(ctx context.Context, r io.Reader, lines chan<- typed) {
	defer close(lines)
	send := func(l typed) bool {
		select {
		case lines <- l:
			return true
		case <-ctx.Done():
			return false
		}
	}
	br := bufio.NewReaderSize(r, input.MaxText+2) // a line and its "\r\n"
	for line := 1; ; line++ {
		text, err := br.ReadSlice('\n')
		t := strings.TrimSuffix(strings.TrimSuffix(string(text), "\n"), "\r")
		switch {
		case errors.Is(err, bufio.ErrBufferFull) || len(t) > input.MaxText:
			send(typed{err: cli.UsageError{Err: fmt.Errorf("line %d: longer than %d bytes, which no snake is", line, input.MaxText)}})
			return
		case err != nil && !errors.Is(err, io.EOF):
			send(typed{err: fmt.Errorf("read standard input: %w", err)})
			return
		}
		if isSnakeLine(t) {
			ahead, _ := br.Peek(br.Buffered())
			if !send(typed{text: t, where: fmt.Sprintf("line %d", line), more: snakeAhead(ahead)}) {
				return
			}
		}
		if err != nil { // io.EOF
			return
		}
	}
}

// Read reads the item's snake; its notes, on how the text was read when
// that is not plain, are for the output to tell. A text that is no snake
// is a usage error that shows where it goes wrong; a run-length list one
// cubelet off is told which single run would make it fold.
func (it *Item) Read(ctx context.Context, o Options) error {
	s, err := input.Read(it.Text, o.Input)
	if err != nil {
		msg := it.Where + ": " + err.Error()
		var ie *input.Error
		if errors.As(err, &ie) {
			if c := ie.Caret(); c != "" {
				msg += "\n  " + strings.ReplaceAll(c, "\n", "\n  ")
			}
		}
		if errors.Is(err, notation.ErrLength) {
			fixes, ferr := input.Miscounted(ctx, it.Text, o.Input, o.Workers)
			if ferr != nil {
				return ferr
			}
			for _, l := range input.FixLines(fixes) {
				msg += "\n  " + l
			}
		}
		return cli.UsageError{Err: errors.New(msg)}
	}
	it.Snake = s
	return nil
}
