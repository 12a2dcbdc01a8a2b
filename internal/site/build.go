package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/internal/serve"
	"github.com/snakecube/snakecube/internal/site/engine"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/symmetry"
)

//go:embed static
var static embed.FS

// Options tune [Build]. The zero value is ready to use.
type Options struct {
	// Go is the go command that compiles the engine; "" means the one on
	// the PATH.
	Go string
	// Log, when set, is told each step and each file written.
	Log io.Writer
}

// File is one file of the site and its size, as written and gzipped.
type File struct {
	Name       string
	Size, Gzip int64
}

// enginePkg is the engine's bridge, the package compiled to WebAssembly.
const enginePkg = "github.com/snakecube/snakecube/internal/site/wasm"

// engineFile is the engine's file: gzipped twice, but named as one gzip
// file, as a host's types know it; the worker inflates as many layers
// as it finds.
const engineFile = "engine.wasm.gz"

// Build writes the site into folder dir: the folder is made anew, and an
// earlier site in it replaced; a folder that holds anything else is
// refused. It compiles the engine with the go command (so it must run
// within the snakecube module, as make site does) and returns the files
// written, in name order.
func Build(ctx context.Context, dir string, o Options) ([]File, error) {
	if err := replaceable(dir); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(dir)), ".site-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	b := &builder{ctx: ctx, dir: tmp, o: o, files: map[string][]byte{}}
	if err := b.build(); err != nil {
		return nil, err
	}
	if err := atomicfile.ReplaceDir(tmp, dir); err != nil {
		return nil, err
	}
	return b.list()
}

// replaceable refuses a folder that holds files but is no site.
func replaceable(dir string) error {
	names, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return err
	case len(names) == 0:
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, engineFile)); err != nil {
		return fmt.Errorf("%s holds files but no site built before: give a new or empty folder", dir)
	}
	return nil
}

type builder struct {
	ctx   context.Context
	dir   string
	o     Options
	files map[string][]byte
}

func (b *builder) logf(format string, args ...any) {
	if b.o.Log != nil {
		fmt.Fprintf(b.o.Log, format+"\n", args...)
	}
}

// write writes a file of the site.
func (b *builder) write(name string, p []byte) error {
	b.files[name] = p
	b.logf("  %-22s %9d bytes", name, len(p))
	return os.WriteFile(filepath.Join(b.dir, name), p, 0o644)
}

func (b *builder) build() error {
	gocmd, err := b.goCommand()
	if err != nil {
		return err
	}
	b.logf("compiling the engine (%s, GOOS=js GOARCH=wasm)", enginePkg)
	wasm, err := b.compile(gocmd)
	if err != nil {
		return err
	}
	// Gzipped twice, which is smaller than once: deflate finds repeats
	// within 32 KB, and the engine's code repeats itself further apart;
	// gzipped once, it is a quarter of its size, and so are the distances
	// between those repeats, which a second pass then finds.
	if err := b.write(engineFile, gzipped(gzipped(wasm))); err != nil {
		return err
	}
	for _, n := range iconSizes {
		if err := b.write(fmt.Sprintf("icon-%d.png", n), iconPNG(n)); err != nil {
			return err
		}
	}
	support, err := b.wasmExec(gocmd)
	if err != nil {
		return err
	}
	if err := b.write("wasm_exec.js", support); err != nil {
		return err
	}
	for _, name := range []string{"app.js", "worker.js", "style.css", "icon.svg", "manifest.webmanifest"} {
		p, err := static.ReadFile("static/" + name)
		if err != nil {
			return err
		}
		if err := b.write(name, p); err != nil {
			return err
		}
	}
	if err := b.write("player.js", fold.Script()); err != nil {
		return err
	}
	if err := b.write("catalogue.js", serve.Script()); err != nil {
		return err
	}
	if err := b.write("catalogue.css", serve.Style()); err != nil {
		return err
	}
	b.logf("counting the 3x3x3 catalogue")
	cube, err := symmetry.NewBox(3, 3, 3)
	if err != nil {
		return err
	}
	idx, st, err := Index(b.ctx, cube)
	if err != nil {
		return err
	}
	if err := b.write("catalogue-3x3x3.bin", idx); err != nil {
		return err
	}
	if err := b.write("catalogue-3x3x3.json", st); err != nil {
		return err
	}
	page, err := b.page()
	if err != nil {
		return err
	}
	if err := b.write("index.html", page); err != nil {
		return err
	}
	sw, err := b.serviceWorker()
	if err != nil {
		return err
	}
	return b.write("sw.js", sw)
}

// goCommand returns the go command to run.
func (b *builder) goCommand() (string, error) {
	if b.o.Go != "" {
		return b.o.Go, nil
	}
	p, err := exec.LookPath("go")
	if err != nil {
		return "", errors.New("no go command on the PATH: the engine is compiled with it")
	}
	return p, nil
}

// compile compiles the engine to WebAssembly and returns it. -s -w drop
// the symbol table and DWARF, which only debuggers read. -l, no inlining
// but in the solver, whose search loops inlining is for, makes the
// engine bigger but smaller gzipped, which is what a visitor loads, and
// leaves the search as fast. -buildvcs=false keeps the checkout's commit
// and uncommitted files out of the engine, so that its bytes, and the
// service worker's cache name made from them, follow the sources alone.
func (b *builder) compile(gocmd string) ([]byte, error) {
	out := filepath.Join(b.dir, "engine.wasm")
	cmd := exec.CommandContext(b.ctx, gocmd, "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w",
		"-gcflags=all=-l", "-gcflags=github.com/snakecube/snakecube/solver=", "-o", out, enginePkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("compile the engine: %v\n%s", err, stderr.Bytes())
	}
	defer os.Remove(out)
	return os.ReadFile(out)
}

// wasmExec returns the Go distribution's wasm_exec.js, the one of the
// toolchain that compiled the engine: the two must match.
func (b *builder) wasmExec(gocmd string) ([]byte, error) {
	p, err := exec.CommandContext(b.ctx, gocmd, "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	root := strings.TrimSpace(string(p))
	for _, rel := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if p, err := os.ReadFile(filepath.Join(root, rel)); err == nil {
			return p, nil
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js in %s/lib/wasm or %s/misc/wasm", root, root)
}

// gzipped returns p gzipped at the best compression, without a name or
// a time in its header, so that a build is the same byte for byte.
func gzipped(p []byte) []byte {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(p)
	w.Close()
	return buf.Bytes()
}

// example is a link the page offers: a snake, and its box and notation
// when they are not the ones found.
type example struct{ Name, Snake, Size, Notation string }

// Link returns the example's link, the fragment of the page's address.
func (e example) Link() template.URL {
	u := "#snake=" + fragment(e.Snake)
	if e.Size != "" {
		u += "&size=" + fragment(e.Size)
	}
	if e.Notation != "" {
		u += "&notation=" + fragment(e.Notation)
	}
	return template.URL(u)
}

// fragment escapes a value of a link's fragment as the page does: as
// JavaScript's encodeURIComponent, but for ',', '/' and '+', which read
// better as they are.
func fragment(v string) string {
	var b strings.Builder
	for _, c := range []byte(v) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte("-_.!~*'(),/+", c) >= 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// examples are the page's links to try: the classic snake, the 4x4x4 shop
// snake in the F/T notation, a snake of a flat box, one of no solution.
var examples = []example{
	{Name: "the classic 3x3x3 snake", Snake: Classic},
	{Name: "a 4x4x4 snake", Snake: "F,F,T,T,F,T,T,T,F,F,T,T,F,T,T,F,T,T,F,T,T,T,T,T,T,T,T,T,F,T,F,T,T,T,T,T,T,F,T,F,F,T,T,T,T,F,F,T,T,F,T,T,T,T,T,T,T,T,T,T,F,F,T"},
	{Name: "a 2x3x4 box", Snake: "2,2,3,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2", Size: "2x3x4"},
	{Name: "a flat 1x4x4 box", Snake: "0001001001010110", Size: "1x4x4"},
	{Name: "a snake one cubelet off", Snake: "ESCSCSCCSCCCSCSCCCCSCSCSCSE"},
}

// Classic is the classic 3x3x3 shop snake, and the notations' examples
// its texts in each, as snakecube's conventions list them.
const Classic = "001110110111010111101010100"

var notationExamples = map[notation.Notation]string{
	notation.Cubelets: Classic,
	notation.After:    "S,T,S,T,S,T,S,T,T,T,T,S,T,S,T,T,T,S,T,T,S,T,T,T,S,S",
	notation.Before:   "F,F,T,T,T,F,T,T,F,T,T,T,F,T,F,T,T,T,T,F,T,F,T,F,T,F",
	notation.ESC:      "ESCCCSCCSCCCSCSCCCCSCSCSCSE",
	notation.Slash:    "bwb/w/b/wb/w/bw/b/w/bw/bw/b/w/b/wb/wb/wb/wb",
	notation.Lengths:  "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3",
	notation.Moves:    "2,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2,2",
	notation.Once:     "3,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2,2",
	notation.Folding:  "+x +x +y -x +z +z +y -z -z +x +z -y -y -x -x +y -z +y +z +z -y -y +x +x +y +y",
	notation.Shape:    "+x +x +y -x +z +z +y -z -z +x +z -y -y -x -x +y -z +y +z +z -y -y +x +x +y +y",
}

// notationRow is a notation as the page lists it, with the classic
// snake in it and the link that solves it so.
type notationRow struct {
	Name, Describe, Example string
	Link                    template.URL
}

func notations() []notationRow {
	var rows []notationRow
	for n := notation.Cubelets; n <= notation.Shape; n++ {
		e := example{Snake: notationExamples[n], Notation: n.String()}
		rows = append(rows, notationRow{n.String(), n.Describe(), e.Snake, e.Link()})
	}
	return rows
}

var pageTemplate = template.Must(template.ParseFS(static, "static/index.html"))

// page renders index.html.
func (b *builder) page() ([]byte, error) {
	var buf bytes.Buffer
	err := pageTemplate.Execute(&buf, struct {
		Notations  []notationRow
		Examples   []example
		Convention string
		SheetMost  int
	}{notations(), examples, strings.ToUpper(stats.Convention[:1]) + stats.Convention[1:] + ".", engine.SheetMost})
	return buf.Bytes(), err
}

// serviceWorker returns sw.js, its cache named after a hash of every other
// file, and listing them all, the page's address "./" first.
func (b *builder) serviceWorker() ([]byte, error) {
	p, err := static.ReadFile("static/sw.js")
	if err != nil {
		return nil, err
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range b.files {
			if !yield(n) {
				return
			}
		}
	})
	h := sha256.New()
	for _, n := range names {
		fmt.Fprintf(h, "%s %d\n", n, len(b.files[n]))
		h.Write(b.files[n])
	}
	cache, _ := json.Marshal("snakecube-" + hex.EncodeToString(h.Sum(nil))[:16])
	files, _ := json.Marshal(append([]string{"./"}, names...))
	const placeholder = "var CACHE = 'snakecube', FILES = [];"
	if !bytes.Contains(p, []byte(placeholder)) {
		return nil, errors.New("static/sw.js: no line " + placeholder)
	}
	return bytes.Replace(p, []byte(placeholder), fmt.Appendf(nil, "var CACHE = %s, FILES = %s;", cache, files), 1), nil
}

// list returns the files written, with their sizes.
func (b *builder) list() ([]File, error) {
	var out []File
	for n, p := range b.files {
		out = append(out, File{Name: n, Size: int64(len(p)), Gzip: int64(len(gzipped(p)))})
	}
	slices.SortFunc(out, func(a, c File) int { return strings.Compare(a.Name, c.Name) })
	return out, nil
}
