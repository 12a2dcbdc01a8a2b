package batch

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/input"
)

const classic = "001110110111010111101010100"

// TestReadTyped reads lines as standard input gives them: blank lines and
// comments skipped, each snake named by its line, told whether another
// snake's line was already read past it, and a line longer than any
// snake a usage error that names it.
func TestReadTyped(t *testing.T) {
	in := "# a comment\n\n" + classic + "\r\n  \n" + classic + "\n" + strings.Repeat("0", input.MaxText+1) + "\n"
	lines := make(chan typed)
	go readTyped(context.Background(), strings.NewReader(in), lines)
	var got []string
	for l := range lines {
		if l.err != nil {
			var u cli.UsageError
			if !errors.As(l.err, &u) {
				t.Errorf("readTyped: %v, want a usage error", l.err)
			}
			got = append(got, l.err.Error())
			continue
		}
		got = append(got, fmt.Sprintf("%s %s %v", l.where, l.text, l.more))
	}
	want := []string{
		"line 3 " + classic + " true",
		"line 5 " + classic + " true",
		fmt.Sprintf("line 6: longer than %d bytes, which no snake is", input.MaxText),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("readTyped:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSnakeAhead(t *testing.T) {
	for _, c := range []struct {
		ahead string
		want  bool
	}{
		{"", false},
		{"\n\n# comment\n   \n", false},
		{"# comment\n001", true},
		{"0", true},
	} {
		if got := snakeAhead([]byte(c.ahead)); got != c.want {
			t.Errorf("snakeAhead(%q) = %v, want %v", c.ahead, got, c.want)
		}
	}
}

// TestInFlight gives a snake searched alone every core, and one searched
// beside others, or with others waiting, its share.
func TestInFlight(t *testing.T) {
	var r inFlight
	n, done := r.start(8, 4, false)
	if n != 8 {
		t.Errorf("a snake alone, none waiting: %d goroutines, want 8", n)
	}
	m, done2 := r.start(8, 4, false)
	if m != 2 {
		t.Errorf("a second snake beside the first: %d goroutines, want 2", m)
	}
	done()
	done2()
	if n, _ := r.start(8, 4, true); n != 2 {
		t.Errorf("a snake alone with others waiting: %d goroutines, want 2", n)
	}
}

// TestEach runs over snakes given as arguments and as lines: results come
// in the order given, a bad argument stops the run before any work, and
// a bad line stops it after the results of the lines before it.
func TestEach(t *testing.T) {
	ctx := context.Background()
	o := Options{Workers: 2}
	length := func(ctx context.Context, it Item, workers int) (int, error) { return it.Snake.Seq.Len, nil }
	var got []string
	emit := func(it Item, n int) error {
		got = append(got, fmt.Sprintf("%s %d", it.Where, n))
		return nil
	}
	flush := func() error { return nil }
	n, err := Each(ctx, nil, []string{classic, "00000000"}, o, nil, length, emit, flush)
	if err != nil || n != 2 || strings.Join(got, ",") != "snake 1 27,snake 2 8" {
		t.Errorf("Each on arguments: %d, %v, %q", n, err, got)
	}
	got = nil
	worked := 0
	n, err = Each(ctx, nil, []string{classic, "x"}, o, nil, func(ctx context.Context, it Item, workers int) (int, error) {
		worked++
		return 0, nil
	}, emit, flush)
	var u cli.UsageError
	if !errors.As(err, &u) || !strings.HasPrefix(err.Error(), "snake 2: ") || n != 0 || worked != 0 {
		t.Errorf("Each with a bad second argument: %d emitted, %d worked, %v; want a usage error for snake 2 before any work", n, worked, err)
	}
	got = nil
	n, err = Each(ctx, strings.NewReader(classic+"\n\n00000000\nx\n"+classic+"\n"), nil, o, nil, length, emit, flush)
	if !errors.As(err, &u) || !strings.HasPrefix(err.Error(), "line 4: ") || n != 2 || strings.Join(got, ",") != "line 1 27,line 3 8" {
		t.Errorf("Each on lines with a bad fourth: %d, %v, %q", n, err, got)
	}
}
