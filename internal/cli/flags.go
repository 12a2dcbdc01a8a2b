package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// ParseFlags parses a command's flags, which may come before, between or
// after its arguments (up to "--"), and returns the arguments. -h prints
// the command's help text to stdout and returns flag.ErrHelp, which the
// caller turns into success with [HelpOK]; any other mistake prints the
// text's usage lines to stderr ([UsageLines]) and is a usage error.
func ParseFlags(fs *flag.FlagSet, e Env, text string, args []string) ([]string, error) {
	return ParseFlagsArgs(fs, e, text, args, nil)
}

// ParseFlagsArgs is ParseFlags for a command whose arguments may start
// with "-": an argument for which isArg is true is an argument even where
// a flag could stand, unless it is the value of the flag before it.
func ParseFlagsArgs(fs *flag.FlagSet, e Env, text string, args []string, isArg func(string) bool) ([]string, error) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var pos []string
	for {
		j := len(args)
		for i, a := range args {
			if isArg != nil && isArg(a) && !flagValue(fs, args, i) {
				j = i
				break
			}
		}
		err := fs.Parse(args[:j])
		switch {
		case errors.Is(err, flag.ErrHelp):
			fmt.Fprint(e.Stdout, text)
			return nil, flag.ErrHelp
		case err != nil:
			fmt.Fprint(e.Stderr, UsageLines(text))
			return nil, UsageError{err}
		}
		rest := append(fs.Args(), args[j:]...)
		if len(rest) == 0 {
			return pos, nil
		}
		if n := j - len(fs.Args()); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
}

// flagValue reports whether args[i] is the value of a flag in args[i-1]
// that takes one.
func flagValue(fs *flag.FlagSet, args []string, i int) bool {
	if i == 0 || !strings.HasPrefix(args[i-1], "-") || strings.Contains(args[i-1], "=") {
		return false
	}
	f := fs.Lookup(strings.TrimLeft(args[i-1], "-"))
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// Given reports whether any of the flags named was given on the command
// line, so that a value given explicitly is checked against its range
// while an absent flag takes its default, even where the two are equal.
func Given(fs *flag.FlagSet, names ...string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		for _, n := range names {
			set = set || f.Name == n
		}
	})
	return set
}

// BadUsage prints the usage lines of a command's help text to stderr
// ([UsageLines]) and returns a usage error.
func BadUsage(e Env, text, format string, args ...any) error {
	fmt.Fprint(e.Stderr, UsageLines(text))
	return UsageError{fmt.Errorf(format, args...)}
}

// UsageLines returns what a usage error prints of a command's help text:
// its block of usage lines, from "Usage:" to the first blank line, and a
// line that says how to see the rest, "Run 'snakecube census -h' for
// more." (the command as the first usage line starts), so that the error
// printed after it stays in sight rather than below a page of help. A
// text without such a block is returned whole.
func UsageLines(text string) string {
	i := strings.Index(text, "Usage:\n")
	if i < 0 || i > 0 && text[i-1] != '\n' {
		return text
	}
	block, _, _ := strings.Cut(text[i:], "\n\n")
	block = strings.TrimSuffix(block, "\n") + "\n"
	_, first, _ := strings.Cut(block, "\n")
	var cmd []string
	for _, w := range strings.Fields(first) {
		if strings.ContainsAny(w[:1], "-[<") || strings.ToUpper(w) == w {
			break
		}
		cmd = append(cmd, w)
	}
	if len(cmd) == 0 {
		return text
	}
	return block + "Run '" + strings.Join(cmd, " ") + " -h' for more.\n"
}

// HelpOK turns flag.ErrHelp into success.
func HelpOK(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// BoxVar defines a -size flag on fs, a box as AxBxC or N for the N-cube,
// and returns where its value goes: def until the flag is given (the zero
// Box for none).
func BoxVar(fs *flag.FlagSet, def symmetry.Box) *symmetry.Box {
	b := def
	fs.Func("size", "", func(s string) (err error) {
		b, err = symmetry.ParseBox(s)
		return err
	})
	return &b
}

// WorkersVar defines a -j flag on fs, how many goroutines search at once:
// 1 to solver.MaxWorkers, as each holds its own search in memory, and all
// cores by default.
func WorkersVar(fs *flag.FlagSet) *int {
	n := min(runtime.NumCPU(), solver.MaxWorkers)
	fs.Func("j", "", func(s string) error {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 || v > solver.MaxWorkers {
			return fmt.Errorf("want 1 to %d", solver.MaxWorkers)
		}
		n = v
		return nil
	})
	return &n
}

// KnownSolutions reports whether n, the value of a -solutions flag on fs
// (a box's exact number of solutions, from snakecube paths), is good: a
// positive number when given; absent, it is 0, none known.
func KnownSolutions(fs *flag.FlagSet, n float64) bool {
	return !Given(fs, "solutions") || n > 0 && n <= math.MaxFloat64
}
