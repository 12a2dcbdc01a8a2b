package site_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/snakecube/snakecube/internal/browsertest"
)

// shop4 is the 4x4x4 snake whose solutions are timed, all of them, in the
// page against snakecube solve -j 1.
const shop4 = "0011011100110110110111111111010111111010011110011011111111110010"

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// timeSolve opens the link of a snake in page p and returns the
// milliseconds from the link's being opened to its solutions' being
// shown (the answer on the page and the player's first picture drawn),
// and those of the search in the worker. n makes the link new, so that
// the page solves it again.
func timeSolve(b *testing.B, p *browsertest.Page, frag string, n int) (shown, search float64) {
	b.Helper()
	var r struct{ Shown, Search float64 }
	p.Eval(b, fmt.Sprintf(`new Promise(function (resolve, reject) {
		var res = document.getElementById('result'), t0;
		var mo = new MutationObserver(function () {
			if (!res.hasAttribute('data-solutions')) return;
			mo.disconnect();
			requestAnimationFrame(function () { resolve({Shown: performance.now() - t0, Search: window.snakecube.times.search}); });
		});
		mo.observe(res, {attributes: true, attributeFilter: ['data-solutions']});
		t0 = performance.now();
		location.hash = %q + '&n=' + %d;
		setTimeout(function () { mo.disconnect(); reject(new Error('no answer in 60 s')); }, 60000);
	})`, frag, n), &r)
	return r.Shown, r.Search
}

// BenchmarkSite measures what the site promises: the first load to the
// engine's being ready, the classic snake solved and shown, the 4x4x4
// shop snake's solutions in the page against the native snakecube solve
// -j 1 (paired runs, alternating), and the sizes of the files. make
// site-bench runs it; the figures are quoted in the README.
func BenchmarkSite(b *testing.B) {
	br := browsertest.Start(b)
	srv := serveSite(b)
	dir, files := siteDir(b)

	b.Run("size", func(b *testing.B) {
		var disk, gz float64
		for _, f := range files {
			disk += float64(f.Size)
			gz += float64(f.Gzip)
		}
		p, err := os.ReadFile(filepath.Join(dir, "engine.wasm.gz"))
		if err != nil {
			b.Fatal(err)
		}
		wasm := inflate(b, inflate(b, p))
		for b.Loop() {
		}
		b.ReportMetric(0, "ns/op")
		b.ReportMetric(float64(len(wasm)), "wasm-bytes")
		b.ReportMetric(float64(len(gzip9(wasm))), "wasm-gz-bytes")
		b.ReportMetric(float64(len(p)), "wasm-gzgz-bytes")
		b.ReportMetric(disk, "site-bytes")
		b.ReportMetric(gz, "site-gz-bytes")
	})

	b.Run("load", func(b *testing.B) {
		var first, again, cold, classic []float64
		n := 0
		for b.Loop() {
			p := br.NewFirstVisit(b, 1280, 800)
			p.Front(b)
			p.Navigate(b, srv.URL+"/")
			var ms float64
			p.Eval(b, `window.snakecube.ready.then(function () { return window.snakecube.times.ready; })`, &ms)
			first = append(first, ms)
			// The classic snake, then the 4x4x4 snake, solved first of all,
			// by an engine just compiled.
			shown, _ := timeSolve(b, p, "snake=001110110111010111101010100", n)
			classic = append(classic, shown)
			shown, _ = timeSolve(b, p, "snake="+shop4, n)
			cold = append(cold, shown)
			n++
			// Again, with the service worker's files and the browser's caches.
			p.Eval(b, `navigator.serviceWorker.ready.then(function () { return true; })`, nil)
			p.Reload(b)
			p.Eval(b, `window.snakecube.ready.then(function () { return window.snakecube.times.ready; })`, &ms)
			again = append(again, ms)
		}
		b.ReportMetric(0, "ns/op")
		b.ReportMetric(median(first), "first-ms")
		b.ReportMetric(median(again), "again-ms")
		b.ReportMetric(median(classic), "first-classic-ms")
		b.ReportMetric(median(cold), "then-4x4x4-ms")
	})

	p := br.NewPage(b, 1280, 800)
	p.Front(b)
	p.Navigate(b, srv.URL+"/")
	p.Eval(b, `window.snakecube.ready.then(function () { return true; })`, nil)

	b.Run("classic", func(b *testing.B) {
		var shown, search []float64
		n := 0
		for b.Loop() {
			s, w := timeSolve(b, p, "snake=001110110111010111101010100", n)
			shown, search = append(shown, s), append(search, w)
			n++
		}
		b.ReportMetric(0, "ns/op")
		b.ReportMetric(median(shown), "shown-ms")
		b.ReportMetric(median(search), "search-ms")
		b.Logf("classic: first solve shown in %.0f ms, median %.0f ms", shown[0], median(shown))
	})

	b.Run("4x4x4", func(b *testing.B) {
		bin := filepath.Join(b.TempDir(), "snakecube")
		if out, err := exec.Command("go", "build", "-o", bin, "github.com/snakecube/snakecube/cmd/snakecube").CombinedOutput(); err != nil {
			b.Fatalf("build snakecube: %v\n%s", err, out)
		}
		// native returns the milliseconds of a run of snakecube solve -j 1,
		// on the clock and on the processor: on a machine busy with other
		// work, the clock counts the time it waited for a core.
		native := func() (wall, cpu float64) {
			cmd := exec.Command(bin, "solve", "-j", "1", shop4)
			cmd.Stdout = io.Discard
			start := time.Now()
			if err := cmd.Run(); err != nil {
				b.Fatal(err)
			}
			used := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			return float64(time.Since(start).Microseconds()) / 1000, float64(used.Microseconds()) / 1000
		}
		var shown, search, nat, natCPU, ratio []float64
		n := 0
		for b.Loop() {
			var s, w, c, u float64
			if n%2 == 0 {
				s, w = timeSolve(b, p, "snake="+shop4, n)
				c, u = native()
			} else {
				c, u = native()
				s, w = timeSolve(b, p, "snake="+shop4, n)
			}
			shown, search, nat, natCPU, ratio = append(shown, s), append(search, w), append(nat, c), append(natCPU, u), append(ratio, s/c)
			n++
		}
		b.ReportMetric(0, "ns/op")
		b.ReportMetric(median(shown), "page-ms")
		b.ReportMetric(median(search), "search-ms")
		b.ReportMetric(median(nat), "native-ms")
		b.ReportMetric(median(natCPU), "native-cpu-ms")
		b.ReportMetric(median(ratio), "page/native")
		b.Logf("4x4x4: first solve shown in %.0f ms (native %.0f ms); medians: page %.0f ms, its search %.0f ms, native %.0f ms; fastest: page %.0f ms, native %.0f ms",
			shown[0], nat[0], median(shown), median(search), median(nat), slices.Min(shown), slices.Min(nat))
	})
}

func inflate(b *testing.B, p []byte) []byte {
	r, err := gzip.NewReader(bytes.NewReader(p))
	if err != nil {
		b.Fatal(err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

func gzip9(p []byte) []byte {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(p)
	w.Close()
	return buf.Bytes()
}
