package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// boxFlag is a -size flag.
type boxFlag struct{ box symmetry.Box }

func (f *boxFlag) String() string { return f.box.String() }

func (f *boxFlag) Set(s string) error {
	b, err := symmetry.ParseBox(s)
	if err != nil {
		return err
	}
	f.box = b
	return nil
}

func defaultBox() *boxFlag {
	b, _ := symmetry.Cube(3)
	return &boxFlag{box: b}
}

// workersFlag is a -j flag: how many goroutines search at once, 1 to
// solver.MaxWorkers, as each holds its own search in memory.
type workersFlag int

func (w *workersFlag) String() string { return strconv.Itoa(int(*w)) }

func (w *workersFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > solver.MaxWorkers {
		return fmt.Errorf("want 1 to %d", solver.MaxWorkers)
	}
	*w = workersFlag(n)
	return nil
}

// workersVar defines a -j flag on fs, all cores by default.
func workersVar(fs *flag.FlagSet) *workersFlag {
	w := workersFlag(min(runtime.NumCPU(), solver.MaxWorkers))
	fs.Var(&w, "j", "")
	return &w
}

// parseShard reads I/N, 1 <= I <= N.
func parseShard(s string) (i, n int, err error) {
	a, c, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("-shard %q: want I/N with 1 <= I <= N", s)
	}
	return i, n, nil
}

// parseFlags parses a command's flags, which may come before, between or
// after its arguments (up to "--"), and returns the arguments. -h prints
// usage to stdout and returns flag.ErrHelp, which the caller turns into
// success; any other mistake prints the usage to stderr and is a usage
// error.
func parseFlags(fs *flag.FlagSet, e env, text string, args []string) ([]string, error) {
	return parseFlagsArgs(fs, e, text, args, nil)
}

// parseFlagsArgs is parseFlags for a command whose arguments may start
// with "-": an argument for which isArg is true is an argument even where
// a flag could stand, unless it is the value of the flag before it.
func parseFlagsArgs(fs *flag.FlagSet, e env, text string, args []string, isArg func(string) bool) ([]string, error) {
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
			fmt.Fprint(e.stdout, text)
			return nil, flag.ErrHelp
		case err != nil:
			fmt.Fprint(e.stderr, text)
			return nil, usageError{err}
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

// badUsage prints the usage to stderr and returns a usage error.
func badUsage(e env, text, format string, args ...any) error {
	fmt.Fprint(e.stderr, text)
	return usageError{fmt.Errorf(format, args...)}
}

// helpOK turns flag.ErrHelp into success.
func helpOK(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}
