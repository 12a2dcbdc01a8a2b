package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"runtime/debug"
	"time"

	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/serve"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/symmetry"
)

const serveUsage = `Usage:
  snakecube serve [-addr HOST:PORT] [-size AxBxC]... [-timeout D] [-rate] CATALOGUE...

Serves a web page and a JSON API over catalogues, JSON, JSONL or Parquet,
until interrupted: filter, sort and page the snakes, see how many have
each number of solutions, open a snake's solutions, solve any snake typed
in. Each catalogue is indexed once, a few bytes a snake, and a snake's
solutions are read from its file when asked for. It listens on this
machine only unless -addr says otherwise. With -rate every snake is
rated first, how hard it is for a person to fold, as snakecube rate
does, on its box's scale: the page and the API filter snakes by level
and sort them by difficulty, and a snake opened shows both ends, the
easier first. The 3x3x3 catalogue takes some 30 seconds of a core.

The JSON API, every parameter optional but snake; catalogue=NAME chooses
among several catalogues for /api/snakes, /api/snakes/KEY and /api/stats
(NAME as /api/catalogues lists them: the box, "3x3x3", then "3x3x3-2"
for a second catalogue of the same box):
  GET /api/catalogues                 the catalogues served
  GET /api/snakes                     a page of snakes: solutions=N,
      min_solutions=N, max_solutions=N, straights=N, palindrome=BOOL,
      prefix=BITS, sort=[-]key|solutions|straights, limit=N, offset=N;
      with -rate level=N, min_level=N, max_level=N, sort=[-]difficulty
  GET /api/snakes/KEY                 a snake's solutions, as a JSONL line
  GET /api/stats                      the catalogue's figures
  GET /api/solve?snake=TEXT           any snake solved, with size=AxBxC
                                      and notation=NAME as solve takes them

Flags:
  -addr HOST:PORT  where to listen (default 127.0.0.1:8080); port 0 takes
                   any free port
  -size AxBxC      the box of the catalogues that do not tell it (snakecube
                   writes it in every file); repeat it for several boxes
  -timeout D       how long a snake typed in is searched at most, up to 24h
                   (default 10s); a snake with more than 10,000 solutions
                   is answered that it has too many, whatever the time
  -rate            rate every snake first, to filter and sort by difficulty

Examples:
  $ snakecube serve solutions.json
  $ snakecube serve -size 3x3x4 -addr 127.0.0.1:0 solutions.json 334.jsonl
  $ snakecube serve -rate solutions.json
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

func runServe(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "")
	var boxes boxesFlag
	fs.Var(&boxes, "size", "")
	timeout := fs.Duration("timeout", serve.DefaultSolveTimeout, "")
	rateAll := fs.Bool("rate", false, "")
	rest, err := cli.ParseFlags(fs, e, serveUsage, args)
	if err != nil {
		return cli.HelpOK(err)
	}
	if len(rest) == 0 {
		return cli.BadUsage(e, serveUsage, "serve takes one CATALOGUE or more")
	}
	if *timeout <= 0 || *timeout > serve.MaxSolveTimeout {
		return cli.BadUsage(e, serveUsage, "-timeout %v: want a positive duration up to %v", *timeout, serve.MaxSolveTimeout)
	}
	// A mistyped -addr is told before the catalogues are indexed, which
	// may take minutes; a host that is not found, or a port taken, when
	// it listens.
	if _, port, err := net.SplitHostPort(*addr); err != nil {
		return cli.BadUsage(e, serveUsage, "-addr %s: %v", *addr, err)
	} else if _, err := net.LookupPort("tcp", port); err != nil {
		return cli.BadUsage(e, serveUsage, "-addr %s: port %q: want 0 to 65535 or a service name", *addr, port)
	}
	start := time.Now()
	cats, err := serve.OpenAll(ctx, rest, catalog.Options{Boxes: boxes})
	if err := readFailed(e, "", "snakecube verify lists every problem of a catalogue", err); err != nil {
		return err
	}
	if *rateAll {
		var bar func(string) func(done, total int)
		if cli.Terminal(e.Stderr) {
			bar = func(name string) func(done, total int) { return cli.Progress(e.Stderr, "rating "+name) }
		}
		if err := serve.RateAll(ctx, cats, bar); err != nil {
			return err
		}
	}
	debug.FreeOSMemory() // what indexing left behind
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		serve.CloseAll(cats)
		return fmt.Errorf("-addr %s: %w", *addr, err)
	}
	for _, c := range cats {
		e.Warnf("%s: %s, %s, %s", c.File, c.Name, words.Plural(c.Len(), "snake"), words.Plural(c.Stats().Solutions, "solution"))
	}
	done := "indexed"
	if *rateAll {
		done = "indexed and rated"
	}
	e.Warnf("%s in %v; serving on http://%s/", done, cli.Elapsed(time.Since(start)), ln.Addr())
	return serve.New(cats, serve.Options{SolveTimeout: *timeout}).Serve(ctx, ln)
}
