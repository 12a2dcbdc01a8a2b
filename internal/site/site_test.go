package site_test

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/snakecube/snakecube/internal/site"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// built is the site, built once for the tests of this binary: compiling
// the engine takes seconds.
var built struct {
	once  sync.Once
	dir   string
	files []site.File
	err   error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(filepath.Dir(built.dir))
	}
	os.Exit(code)
}

// siteDir returns the folder of the site, built as make site builds it.
func siteDir(t testing.TB) (string, []site.File) {
	t.Helper()
	built.once.Do(func() {
		tmp, err := os.MkdirTemp("", "snakecube-site-test-")
		if err != nil {
			built.err = err
			return
		}
		built.dir = filepath.Join(tmp, "site")
		built.files, built.err = site.Build(context.Background(), built.dir, site.Options{})
	})
	if built.err != nil {
		t.Fatalf("Build: %v", built.err)
	}
	return built.dir, built.files
}

// serveDir serves the folder as a plain static host does: each file at
// its path, index.html at /, with no redirect.
func serveDir(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		switch {
		case strings.HasSuffix(name, ".webmanifest"):
			w.Header().Set("Content-Type", "application/manifest+json")
		case strings.HasSuffix(name, ".gz"):
			w.Header().Set("Content-Type", "application/gzip")
		}
		http.ServeContent(w, r, name, st.ModTime(), f)
	})
}

// serveSite serves the site on loopback for the test.
func serveSite(t testing.TB) *httptest.Server {
	dir, _ := siteDir(t)
	srv := httptest.NewServer(serveDir(dir))
	t.Cleanup(srv.Close)
	return srv
}

// counts keeps what countOf counted: a 4x4x4 snake takes seconds under
// the race detector, and every screen counts it.
var counts sync.Map // size and sequence -> uint64

// countOf counts the solutions of sequence seq in the box, as solve
// -count does.
func countOf(t testing.TB, size, seq string) uint64 {
	t.Helper()
	if n, ok := counts.Load(size + " " + seq); ok {
		return n.(uint64)
	}
	q, err := solver.ParseSeq(seq)
	if err != nil {
		t.Fatal(err)
	}
	c, err := solver.CountSolutions(context.Background(), symmetry.MustParseBox(size), q, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	counts.Store(size+" "+seq, c.Solutions)
	return c.Solutions
}

// decodeIndex reads a catalogue index as the package doc describes it.
func decodeIndex(t *testing.T, p []byte) (symmetry.Box, map[string]int) {
	t.Helper()
	if len(p) < 7 || string(p[:4]) != "SCI1" {
		t.Fatalf("the index starts %q, want SCI1", p[:min(len(p), 4)])
	}
	b, err := symmetry.NewBox(int(p[4]), int(p[5]), int(p[6]))
	if err != nil {
		t.Fatal(err)
	}
	p = p[7:]
	next := func() uint64 {
		v, n := binary.Uvarint(p)
		if n <= 0 {
			t.Fatalf("the index ends in the middle of a number")
		}
		p = p[n:]
		return v
	}
	snakes := map[string]int{}
	var num uint64
	var seqs []string
	for range next() {
		num += next()
		seq := []byte(strings.Repeat("0", b.Len()))
		for i := b.Len() - 2; i >= 1; i-- {
			seq[i] = '0' + byte(num>>(b.Len()-2-i)&1)
		}
		seqs = append(seqs, string(seq))
	}
	for _, seq := range seqs {
		snakes[seq] = int(next())
	}
	if len(p) != 0 {
		t.Errorf("the index has %d bytes after its last snake", len(p))
	}
	return b, snakes
}

// TestBuild checks the site's files: each one there, the index and the
// figures of the 3x3x3 catalogue as published, the service worker
// listing every file, and nothing taken from the network.
func TestBuild(t *testing.T) {
	dir, files := siteDir(t)
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	want := []string{"app.js", "catalogue-3x3x3.bin", "catalogue-3x3x3.json", "catalogue.css", "catalogue.js", "engine.wasm.gz", "icon-192.png", "icon-512.png", "icon.svg",
		"index.html", "manifest.webmanifest", "player.js", "style.css", "sw.js", "wasm_exec.js", "worker.js"}
	if !slices.Equal(names, want) {
		t.Errorf("Build wrote %q, want %q", names, want)
	}
	read := func(name string) []byte {
		p, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	b, snakes := decodeIndex(t, read("catalogue-3x3x3.bin"))
	sols := 0
	for _, n := range snakes {
		sols += n
	}
	classic, err := solver.ParseSeq(site.Classic)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != "3x3x3" || len(snakes) != 11487 || sols != 51704 || snakes["011111101010101111111111110"] != 142 || snakes[classic.Key().String()] != 1 {
		t.Errorf("the index holds %d snakes of the %v box, %d solutions, %d of the most, %d of the classic; want 11,487, 51,704, 142 and 1",
			len(snakes), b, sols, snakes["011111101010101111111111110"], snakes[classic.Key().String()])
	}
	var fig struct {
		Box               string
		Snakes, Solutions int
		Palindromes       int
		OneSolution       int `json:"oneSolutionSnakes"`
		Most              struct{ Solutions int }
	}
	if err := json.Unmarshal(read("catalogue-3x3x3.json"), &fig); err != nil {
		t.Fatal(err)
	}
	if fig.Box != "3x3x3" || fig.Snakes != 11487 || fig.Solutions != 51704 || fig.Palindromes != 77 || fig.OneSolution != 3658 || fig.Most.Solutions != 142 {
		t.Errorf("the figures read %+v", fig)
	}

	var manifest struct {
		StartURL string `json:"start_url"`
		Icons    []struct{ Src string }
	}
	if err := json.Unmarshal(read("manifest.webmanifest"), &manifest); err != nil {
		t.Errorf("manifest.webmanifest: %v", err)
	}
	if manifest.StartURL != "./" || len(manifest.Icons) == 0 {
		t.Errorf("the manifest starts at %q, with icons %v", manifest.StartURL, manifest.Icons)
	}
	for _, ic := range manifest.Icons {
		if !slices.Contains(names, ic.Src) {
			t.Errorf("the manifest's icon %s is not a file of the site", ic.Src)
		}
	}

	sw := string(read("sw.js"))
	m := regexp.MustCompile(`var CACHE = "snakecube-[0-9a-f]{16}", FILES = (\[[^\]]*\]);`).FindStringSubmatch(sw)
	if m == nil {
		t.Fatalf("sw.js names no cache and files:\n%.400s", sw)
	}
	var cached []string
	if err := json.Unmarshal([]byte(m[1]), &cached); err != nil {
		t.Fatal(err)
	}
	if wantCached := append([]string{"./"}, slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == "sw.js" })...); !slices.Equal(cached, wantCached) {
		t.Errorf("sw.js caches %q, want %q", cached, wantCached)
	}

	// Nothing loaded from the network: no address to load.
	away := regexp.MustCompile(`(?i)(?:(?:src|href)\s*=\s*["']?|(?:fetch|importScripts|url|register|Worker)\(\s*["']?)(?:https?:)?//`)
	for _, name := range names {
		if strings.HasSuffix(name, ".gz") || strings.HasSuffix(name, ".bin") {
			continue
		}
		for _, m := range away.FindAllString(string(read(name)), -1) {
			t.Errorf("%s loads from another host: %s...", name, m)
		}
	}
}
