// Command snakecube-serve is snakecube's serve command: a local web page
// and JSON API over catalogues of snakes. It is a program of its own so
// that the web server's packages (net/http, crypto/tls, html/template),
// which double a process's start-up, are linked into this command only;
// "snakecube serve" runs it, found beside snakecube or on the PATH.
//
// Usage:
//
//	snakecube serve [-addr HOST:PORT] [-size AxBxC]... [-timeout D] CATALOGUE...
//
// Exit status: 0 on success, 1 on failure, 2 for a usage error, 130 when
// interrupted.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"runtime/debug"
	"time"

	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/serve"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/symmetry"
)

const serveUsage = `Usage:
  snakecube serve [-addr HOST:PORT] [-size AxBxC]... [-timeout D] CATALOGUE...

Serves a web page and a JSON API over catalogues, JSON, JSONL or Parquet,
until interrupted: filter, sort and page the snakes, see how many have
each number of solutions, open a snake's solutions, solve any snake typed
in. Each catalogue is indexed once, a few bytes a snake, and a snake's
solutions are read from its file when asked for. It listens on this
machine only unless -addr says otherwise. The API is in the README.

Flags:
  -addr HOST:PORT  where to listen (default 127.0.0.1:8080); port 0 takes
                   any free port
  -size AxBxC      the box of the catalogues that do not tell it (snakecube
                   writes it in every file); repeat it for several boxes
  -timeout D       how long a snake typed in is searched at most
                   (default 10s); a snake with more than 10,000 solutions
                   is answered that it has too many, whatever the time

Examples:
  $ snakecube serve solutions.json
  $ snakecube serve -size 3x3x4 -addr 127.0.0.1:0 solutions.json 334.jsonl
`

// boxesFlag is a -size flag that may be repeated.
type boxesFlag []symmetry.Box

func (f *boxesFlag) String() string { return fmt.Sprint(*f) }

func (f *boxesFlag) Set(s string) error {
	b, err := symmetry.ParseBox(s)
	if err != nil {
		return err
	}
	for _, o := range *f {
		if o.Len() == b.Len() {
			return fmt.Errorf("%v and %v have both %d cells: a catalogue's keys could not tell which is its box", o, b, b.Len())
		}
	}
	*f = append(*f, b)
	return nil
}

func main() { cli.Main(run) }

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return cli.Run(ctx, func(ctx context.Context, e cli.Env) error { return runServe(ctx, e, args) }, stdin, stdout, stderr)
}

func runServe(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "")
	var boxes boxesFlag
	fs.Var(&boxes, "size", "")
	timeout := fs.Duration("timeout", serve.DefaultSolveTimeout, "")
	rest, err := cli.ParseFlags(fs, e, serveUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if len(rest) == 0 {
		return cli.BadUsage(e, serveUsage, "serve takes one CATALOGUE or more")
	}
	if *timeout <= 0 {
		return cli.BadUsage(e, serveUsage, "-timeout %v: want a positive duration", *timeout)
	}
	start := time.Now()
	cats, err := serve.OpenAll(ctx, rest, catalog.Options{Boxes: boxes})
	var p *catalog.Problem
	switch {
	case errors.Is(err, catalog.ErrNoBox):
		return cli.UsageError{Err: fmt.Errorf("%w; give the box with -size", err)}
	case errors.As(err, &p):
		e.Warnf("%v", err)
		e.Warnf("hint: snakecube verify lists every problem of a catalogue")
		return cli.ErrReported
	case err != nil:
		return err
	}
	debug.FreeOSMemory() // what indexing left behind
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	for _, c := range cats {
		e.Warnf("%s: %s, %s, %s", c.File, c.Name, stats.Plural(c.Len(), "snake"), stats.Plural(c.Stats().Solutions, "solution"))
	}
	e.Warnf("indexed in %v; serving on http://%s/", cli.Elapsed(time.Since(start)), ln.Addr())
	return serve.New(cats, serve.Options{SolveTimeout: *timeout}).Serve(ctx, ln)
}
