package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/snakecube/snakecube/internal/answer"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/input"
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
		done <- answer.Typed(ctx, e, input.Options{}, answer.Options{Format: "text", Count: true, Most: 1000, Workers: 1})
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

// TestStreamed pipes snakes into solve and rate, read from a pipe and not
// typed at a terminal: each answer must come out while standard input is
// still open, before the next snake is written, in every output format
// that writes a snake at a time, on one goroutine and on several; and
// once the input ends, the whole output is what the same snakes give as
// arguments, valid JSON where it is JSON.
func TestStreamed(t *testing.T) {
	const classic, rod = "001110110111010111101010100", "000000000000000000000000000"
	tests := []struct {
		args []string
		want []string // a pattern each snake's answer holds
	}{
		{[]string{"solve", "-count"}, []string{"^" + classic + " 1$", "^" + rod + " 0$"}},
		{[]string{"solve"}, []string{"snake " + classic + " .*: 1 solution", "snake " + rod + " .*: 0 solutions"}},
		{[]string{"solve", "-format", "json"}, []string{`^"` + classic + `":`, `^"` + rod + `":`}},
		{[]string{"rate", "-format", "json"}, []string{`"snake":"` + classic + `"`, `"snake":"` + rod + `"`}},
		{[]string{"rate"}, []string{"snake " + classic + " ", "snake " + rod + " "}},
	}
	for _, tt := range tests {
		for _, j := range []string{"1", "2"} {
			args := append(append([]string{}, tt.args...), "-j", j)
			name := strings.Join(args, " ")
			inR, inW := io.Pipe()
			var out, stderr lockedBuffer
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			done := make(chan error, 1)
			go func() { done <- run(ctx, args, inR, &out, &stderr) }()
			for k, snake := range []string{classic, rod} {
				if _, err := fmt.Fprintln(inW, snake); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				for !regexp.MustCompile("(?m)" + tt.want[k]).MatchString(out.String()) {
					select {
					case err := <-done:
						t.Fatalf("%s ended with %v before standard input was closed; output:\n%s", name, err, out.String())
					case <-ctx.Done():
						t.Fatalf("%s: no answer to snake %d while standard input is open: it waits for the end of input; output:\n%s", name, k+1, out.String())
					case <-time.After(10 * time.Millisecond):
					}
				}
			}
			inW.Close()
			if err := <-done; err != nil {
				t.Fatalf("%s: %v\n%s", name, err, stderr.String())
			}
			cancel()
			var given bytes.Buffer
			if err := run(context.Background(), append(args, classic, rod), strings.NewReader(""), &given, io.Discard); err != nil {
				t.Fatalf("%s with the snakes as arguments: %v", name, err)
			}
			if out.String() != given.String() {
				t.Errorf("%s: from standard input\n%s\nas arguments\n%s", name, out.String(), given.String())
			}
			switch {
			case slices.Contains(args, "json") && args[0] == "solve":
				if !json.Valid([]byte(out.String())) {
					t.Errorf("%s: invalid JSON:\n%s", name, out.String())
				}
			case slices.Contains(args, "json"):
				for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
					if !json.Valid([]byte(l)) {
						t.Errorf("%s: invalid JSON line %q", name, l)
					}
				}
			}
		}
	}
}
