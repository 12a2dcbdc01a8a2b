package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/snakecube/snakecube/internal/cli"
)

// lockedBuffer is a bytes.Buffer written by one goroutine and read by
// another.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestSolveTyped types snakes into solve as at a terminal: each answer
// comes out while the input is still open, before the next line is
// typed; a line that is no snake is told on standard error and the next
// one answered; and the end of input reports the bad line as a usage
// error.
func TestSolveTyped(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr lockedBuffer
	e := cli.Env{Stdin: inR, Stdout: cli.NewCheckedWriter(outW, cancel), Stderr: &stderr}
	done := make(chan error, 1)
	go func() {
		done <- solveTyped(ctx, e, solveFlags{format: "text", count: true, most: 1000, workers: 1})
		outW.Close()
	}()
	answers := make(chan string)
	go func() {
		defer close(answers)
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			answers <- sc.Text()
		}
	}()
	answer := func(typed string) string {
		t.Helper()
		if _, err := fmt.Fprintln(inW, typed); err != nil {
			t.Fatal(err)
		}
		select {
		case a := <-answers:
			return a
		case <-time.After(time.Minute):
			t.Fatalf("no answer to %q while the input is open: solve waits for the end of input", typed)
			return ""
		}
	}
	if got, want := answer("001110110111010111101010100"), "001110110111010111101010100 1"; got != want {
		t.Errorf("the classic snake: %q, want %q", got, want)
	}
	if _, err := fmt.Fprintln(inW, "# a comment\n\nnot a snake"); err != nil {
		t.Fatal(err)
	}
	if got, want := answer("ESCCCSCCSCCCSCSCCCCSCSCSCSE"), "001110110111010111101010100 1"; got != want {
		t.Errorf("the classic snake in E/S/C, after a bad line: %q, want %q", got, want)
	}
	if s := stderr.String(); !strings.Contains(s, "snakecube: line 4: ") {
		t.Errorf("standard error does not tell line 4, the bad one:\n%s", s)
	}
	inW.Close()
	err := <-done
	var u cli.UsageError
	if !errors.As(err, &u) || !strings.Contains(err.Error(), "1 of the lines typed could not be read") {
		t.Errorf("at the end of input: %v, want a usage error for the bad line", err)
	}
	if a, more := <-answers; more {
		t.Errorf("after the end of input, more output: %q", a)
	}
}
