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

	"github.com/snakecube/snakecube/internal/batch"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
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

// TestSolveHeld checks the bounds on the solutions solve keeps at once:
// a sheet or page refuses, naming the snake, the one whose solutions take
// those it holds past maxShown, and the snakes searched side by side
// shrink as -max grows, so that up to 2k+1 of them keep at most maxHeld.
func TestSolveHeld(t *testing.T) {
	ctx := context.Background()
	for _, format := range []string{"svg", "html"} {
		f := solveFlags{format: format, most: maxShown, workers: 1}
		var stdout, stderr bytes.Buffer
		o := newSolveOutput(cli.Env{Stdout: cli.NewCheckedWriter(&stdout, func(error) {}), Stderr: &stderr}, f)
		for k, text := range []string{"001110110111010111101010100", "011111101010101111111111110"} {
			it := batch.Item{Text: text, Where: fmt.Sprintf("snake %d", k+1)}
			if err := it.Read(ctx, f.batch()); err != nil {
				t.Fatal(err)
			}
			// Half the bound and one: the second snake goes past it.
			n := maxShown/2 + 1
			a := answer{s: &solver.Solved{Snake: solver.Snake{Seq: it.Snake.Seq, Solutions: make([][]symmetry.Dir, n)}}, n: uint64(n)}
			err := o.write(ctx, it, a)
			var ue cli.UsageError
			switch {
			case k == 0 && err != nil:
				t.Fatalf("-format %s, the first snake of %d solutions: %v", format, n, err)
			case k == 1 && !errors.As(err, &ue):
				t.Fatalf("-format %s, a second snake of %d solutions: %v, want a usage error", format, n, err)
			case k == 1:
				if want := fmt.Sprintf("snake 2: more than %d solutions in all", maxShown); !strings.HasPrefix(err.Error(), want) {
					t.Errorf("-format %s: %q, want it to start %q", format, err, want)
				}
			}
		}
	}
	for _, c := range []struct {
		f    solveFlags
		want int
	}{
		{solveFlags{most: maxShown, workers: 64}, 1},
		{solveFlags{most: maxShown / 2, workers: 64}, 2},
		{solveFlags{most: 1000, workers: 64}, 64},
		{solveFlags{most: 1000, workers: 1024}, 1024},
		{solveFlags{most: 10_000, workers: 1024}, 149},
		{solveFlags{most: maxShown, count: true, workers: 8}, 8},
	} {
		k := c.f.streams()
		if k != c.want {
			t.Errorf("%+v: %d snakes side by side, want %d", c.f, k, c.want)
		}
		if !c.f.count && (2*k+1)*c.f.most > maxHeld && k > 1 {
			t.Errorf("%+v: %d snakes side by side keep up to %d solutions, over %d", c.f, k, (2*k+1)*c.f.most, maxHeld)
		}
	}
}
