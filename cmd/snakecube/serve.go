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
	if err := cli.ReadFailed(e, "", "snakecube verify lists every problem of a catalogue", err); err != nil {
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
