package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// failing fails every write after the first n bytes.
type failing struct{ n int }

func (f *failing) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n := f.n
		f.n = 0
		return n, errors.New("no space left on device")
	}
	f.n -= len(p)
	return len(p), nil
}

// TestRunFailedWrite: the first failed write to standard output cancels
// the command's context and is the error the command ends with, even when
// the command itself ignored it.
func TestRunFailedWrite(t *testing.T) {
	var cause error
	err := Run(context.Background(), func(ctx context.Context, e Env) error {
		fmt.Fprint(e.Stdout, "12345")
		fmt.Fprint(e.Stdout, "678")
		cause = context.Cause(ctx)
		return ctx.Err()
	}, nil, &failing{n: 6}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "standard output: no space left") {
		t.Errorf("Run ended with %v, want the failed write", err)
	}
	if cause == nil {
		t.Error("the failed write did not cancel the command's context")
	}
	var stderr bytes.Buffer
	if code := ExitCode(err, &stderr); code != 1 || !strings.HasPrefix(stderr.String(), "snakecube: standard output:") {
		t.Errorf("exit status %d, %q; want 1 and the message", code, stderr.String())
	}
}

// TestRunFailedWriteReported: a command that told its own problems and
// ends with ErrReported still has its failed output told, not hidden
// behind them; any other error of its own is its end.
func TestRunFailedWriteReported(t *testing.T) {
	for _, c := range []struct {
		err        error
		wantOutput bool
	}{{ErrReported, true}, {errors.New("bad snake"), false}} {
		err := Run(context.Background(), func(ctx context.Context, e Env) error {
			fmt.Fprint(e.Stdout, "12345678")
			return c.err
		}, nil, &failing{n: 6}, io.Discard)
		if got := err != nil && strings.Contains(err.Error(), "standard output: no space left"); got != c.wantOutput || err == nil {
			t.Errorf("a command ending with %v after a failed write: Run ended with %v", c.err, err)
		}
	}
}

func TestExitCode(t *testing.T) {
	for _, c := range []struct {
		err  error
		code int
		says string
	}{
		{nil, 0, ""},
		{UsageError{Err: errors.New("-j 0: want 1 to 64")}, 2, "snakecube: -j 0: want 1 to 64\n"},
		{fmt.Errorf("search: %w", context.Canceled), 130, "snakecube: interrupted\n"},
		{ErrReported, 1, ""},
		{errors.New("cat.json: no such file"), 1, "snakecube: cat.json: no such file\n"},
	} {
		var w bytes.Buffer
		if code := ExitCode(c.err, &w); code != c.code || w.String() != c.says {
			t.Errorf("ExitCode(%v) = %d, %q; want %d, %q", c.err, code, w.String(), c.code, c.says)
		}
	}
}

// TestParseFlags: flags before, between and after arguments; "--" ends
// them; -h prints the usage on standard output; a bad flag prints it on
// standard error and is a usage error.
func TestParseFlags(t *testing.T) {
	parse := func(args ...string) ([]string, bool, string, string, error) {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		v := fs.Bool("v", false, "")
		fs.String("o", "", "")
		var out, errOut bytes.Buffer
		rest, err := ParseFlags(fs, Env{Stdout: NewCheckedWriter(&out, nil), Stderr: &errOut}, "USAGE\n", args)
		return rest, *v, out.String(), errOut.String(), err
	}
	rest, v, _, _, err := parse("a", "-v", "b", "-o", "c", "d", "--", "-e")
	if err != nil || !v || !slices.Equal(rest, []string{"a", "b", "d", "-e"}) {
		t.Errorf("got %q, -v %v, %v", rest, v, err)
	}
	if _, _, out, _, err := parse("a", "-h"); !errors.Is(err, flag.ErrHelp) || HelpOK(err) != nil || out != "USAGE\n" {
		t.Errorf("-h: %v, stdout %q", err, out)
	}
	var u UsageError
	if _, _, _, errOut, err := parse("-x"); !errors.As(err, &u) || errOut != "USAGE\n" {
		t.Errorf("-x: %v, stderr %q", err, errOut)
	}
}

// TestUsageLines: a usage error prints the usage block of the help text
// and the command whose -h says more; a text without that block whole.
func TestUsageLines(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{
			"Usage:\n  snakecube census -size N [-j N]\n  snakecube census merge FILE...\n\nCounts.\n\nExamples:\n  $ snakecube census\n",
			"Usage:\n  snakecube census -size N [-j N]\n  snakecube census merge FILE...\nRun 'snakecube census -h' for more.\n",
		},
		{
			"snakecube does things.\n\nUsage:\n  snakecube <command> [flags]\n\nCommands:\n",
			"Usage:\n  snakecube <command> [flags]\nRun 'snakecube -h' for more.\n",
		},
		{
			"Usage:\n  snakecube verify FILE\n",
			"Usage:\n  snakecube verify FILE\nRun 'snakecube verify -h' for more.\n",
		},
		{"USAGE\n", "USAGE\n"},
		{"See Usage:\n  x\n", "See Usage:\n  x\n"},
		{"Usage:\n  -x FILE\n\nmore\n", "Usage:\n  -x FILE\n\nmore\n"},
		{"", ""},
	} {
		if got := UsageLines(tc.text); got != tc.want {
			t.Errorf("UsageLines(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestGiven: a flag given with its default value is given; one left out
// is not, whatever its value.
func TestGiven(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.Int("n", 0, "")
	fs.Int("m", 5, "")
	fs.String("o", "", "")
	if _, err := ParseFlags(fs, Env{Stdout: NewCheckedWriter(io.Discard, nil), Stderr: io.Discard}, "", []string{"-n", "0", "-o="}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		names []string
		want  bool
	}{
		{[]string{"n"}, true},
		{[]string{"o"}, true},
		{[]string{"m"}, false},
		{[]string{"m", "o"}, true},
		{[]string{"x"}, false},
		{nil, false},
	} {
		if got := Given(fs, tc.names...); got != tc.want {
			t.Errorf("Given(%q) = %v, want %v", tc.names, got, tc.want)
		}
	}
}
