// Command build builds snakecube's static site (package internal/site)
// into a folder: make site runs it.
//
// Usage:
//
//	go run ./internal/site/build [-o DIR]
//
// It compiles the engine with the go command, so it runs within the
// snakecube module. -o is the folder, site by default, made anew.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/snakecube/snakecube/internal/site"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("o", "site", "the folder to build the site in")
	if err := fs.Parse(args); err != nil {
		return err
	}
	files, err := site.Build(ctx, *dir, site.Options{Log: stderr})
	if err != nil {
		return err
	}
	var size, gz int64
	for _, f := range files {
		size += f.Size
		gz += f.Gzip
	}
	fmt.Fprintf(stdout, "%s: %d files, %d bytes, %d gzipped; serve it with: python3 -m http.server -d %s\n", *dir, len(files), size, gz, *dir)
	return nil
}
