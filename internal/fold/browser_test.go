package fold_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/snakecube/snakecube/internal/browsertest"
	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// solvedCache keeps what solved and firstSnake found, for the tests of
// this binary: solving the 4x4x4 snake takes seconds under the race
// detector, and several tests show it.
var solvedCache sync.Map // box and snake, or box alone -> fold.Snake

// solved solves snake s in the box size names.
func solved(t *testing.T, size, s string) fold.Snake {
	t.Helper()
	if v, ok := solvedCache.Load(size + " " + s); ok {
		return v.(fold.Snake)
	}
	b := symmetry.MustParseBox(size)
	q, err := solver.ParseSeq(s)
	if err != nil {
		t.Fatal(err)
	}
	sv, err := solver.Solve(context.Background(), b, q, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := fold.Snake{Box: b, Seq: q, Solutions: sv.Snake.Solutions}
	solvedCache.Store(size+" "+s, f)
	return f
}

// firstSnake returns the snake halfway through a box's catalogue, with
// its solutions.
func firstSnake(t *testing.T, size string) fold.Snake {
	t.Helper()
	if v, ok := solvedCache.Load(size); ok {
		return v.(fold.Snake)
	}
	b := symmetry.MustParseBox(size)
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := c.Snakes[len(c.Snakes)/2]
	f := fold.Snake{Box: b, Seq: s.Seq, Solutions: s.Solutions}
	solvedCache.Store(size, f)
	return f
}

// browserSnakes are the snakes the browser test shows: a 3x3x3, a
// 4x4x4, a 2x3x4, a flat 1x4x4, and a snake without solution.
func browserSnakes(t *testing.T) []fold.Snake {
	return []fold.Snake{
		solved(t, "3", classic),
		solved(t, "4", bitsOfFT(king)),
		firstSnake(t, "2x3x4"),
		firstSnake(t, "1x4x4"),
		solved(t, "3", "010101010101010101010101010"),
	}
}

// orange counts the pixels of a PNG in the player's highlight colours:
// red well above blue, green between.
func orange(t *testing.T, p []byte) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(p))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if cr>>8 > 200 && cb>>8 < 90 && cg>>8 > 60 && cg>>8 < 190 {
				n++
			}
		}
	}
	return n
}

// playerState is what the player writes on its element.
type playerState struct {
	Snake, Solution, Cubelet, Count string
	Cell                            string
}

func readState(t *testing.T, p *browsertest.Page) playerState {
	t.Helper()
	var s playerState
	p.Eval(t, `(() => { const e = document.getElementById("player"); return {Snake: e.dataset.snake, Solution: e.dataset.solution, Cubelet: e.dataset.cubelet, Count: e.dataset.count, Cell: e.dataset.cell} })()`, &s)
	return s
}

// checkRecent: a 4x4x4 snake starts with only its last steps in full; the
// picture changes when all are shown, and the check box follows.
func checkRecent(t *testing.T, p *browsertest.Page) {
	t.Helper()
	var on bool
	p.Eval(t, `(() => { snakePlayer.select(2, 1); snakePlayer.go(40); return snakePlayer.state().recent })()`, &on)
	if !on {
		t.Errorf("a 4x4x4 snake starts with every step shown in full, want only the last ones")
	}
	recent := p.Screenshot(t)
	p.Eval(t, `(() => { document.querySelector(".sp-recent").click(); return snakePlayer.state().recent })()`, &on)
	if on {
		t.Errorf("the check box 'only the last steps' does not turn them off")
	}
	all := p.Screenshot(t)
	if bytes.Equal(recent, all) {
		t.Errorf("the 4x4x4 picture at cubelet 40 is the same with only the last steps as with all")
	}
	p.Eval(t, `(() => { snakePlayer.recent(true); return true })()`, nil)
}

// TestPlayerInBrowser opens the step player page in headless Chromium and
// works it as a person would: each snake chosen in turn, its text steps
// checked against Steps, the player stepped forward and back, dragged,
// played, and the highlighted cubelet checked to follow the solution's
// cells. It fails on any script error and on any request that leaves the
// page's own file.
func TestPlayerInBrowser(t *testing.T) {
	b := browsertest.Start(t)
	snakes := browserSnakes(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	var buf bytes.Buffer
	if err := fold.WritePage(context.Background(), &buf, snakes); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	p := b.NewPage(t, 1200, 820)
	p.Navigate(t, "file://"+page)
	for i, s := range snakes {
		t.Run(s.Box.String(), func(t *testing.T) { checkSnake(t, p, i, s) })
	}
	checkDrag(t, p)
	checkRecent(t, p)
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("script errors:\n%s", strings.Join(errs, "\n"))
	}
	for _, u := range p.Requests() {
		if !strings.HasPrefix(u, "file://") && !strings.HasPrefix(u, "data:") {
			t.Errorf("the page requested %s", u)
		}
	}
	checkSheet(t, b, []fold.Snake{snakes[0], solved(t, "2", "01111110")}) // three pages
	if out := os.Getenv("SNAKECUBE_SCREENSHOTS"); out != "" {
		saveScreens(t, b, p, out, snakes)
	}
}

// checkSnake chooses snake i in the player and checks what it shows.
func checkSnake(t *testing.T, p *browsertest.Page, i int, s fold.Snake) {
	p.Eval(t, fmt.Sprintf(`(() => { const e = document.querySelector(".sp-snake"); e.value = "%d"; e.dispatchEvent(new Event("change")); return true })()`, i), nil)
	st := readState(t, p)
	if st.Snake != fmt.Sprint(i+1) {
		t.Fatalf("chose snake %d, the player shows %s", i+1, st.Snake)
	}
	if len(s.Solutions) == 0 {
		var shown bool
		p.Eval(t, `getComputedStyle(document.querySelector(".sp-none")).display !== "none" && getComputedStyle(document.querySelector(".sp-canvas")).display === "none"`, &shown)
		if !shown || st.Count != "0" {
			t.Errorf("a snake without solution: count %s, message shown %v", st.Count, shown)
		}
		return
	}
	k := len(s.Solutions) - 1 // the last solution, through the number box
	p.Eval(t, fmt.Sprintf(`(() => { const e = document.querySelector(".sp-sol"); e.value = "%d"; e.dispatchEvent(new Event("change")); return true })()`, k+1), nil)
	dirs := s.Solutions[k]
	start, _ := s.Box.Start(dirs)
	cells, _ := s.Box.Cells(start, dirs)
	if st := readState(t, p); st.Solution != fmt.Sprint(k+1) || st.Count != fmt.Sprint(len(cells)) || st.Cubelet != "1" {
		t.Fatalf("solution %d: player shows %+v, want solution %d of %d cubelets at cubelet 1", k+1, st, k+1, len(cells))
	}
	var texts []string
	p.Eval(t, `Array.from(document.querySelectorAll(".sp-steps li")).map(li => li.dataset.step)`, &texts)
	var want []string
	for _, x := range fold.Steps(dirs) {
		want = append(want, x.String())
	}
	if !slices.Equal(texts, want) {
		t.Errorf("solution %d: the page's steps\n%q\nwant fold.Steps\n%q", k+1, texts, want)
	}
	cellOf := func(n int) string { c := cells[n-1]; return fmt.Sprintf("%d,%d,%d", c[0], c[1], c[2]) }
	follow := func(how string, want int) {
		t.Helper()
		st := readState(t, p)
		if st.Cubelet != fmt.Sprint(want) || st.Cell != cellOf(want) {
			t.Errorf("after %s: highlighted cubelet %s in cell %s, want %d in %s", how, st.Cubelet, st.Cell, want, cellOf(want))
		}
	}
	before := p.ScreenshotOf(t, ".sp-canvas")
	for n := 2; n <= 6; n++ {
		p.Click(t, ".sp-forward")
		follow("forward", n)
	}
	p.Click(t, ".sp-back")
	follow("back", 5)
	shot := p.ScreenshotOf(t, ".sp-canvas")
	if bytes.Equal(shot, before) {
		t.Errorf("stepping did not change the picture")
	}
	if orange(t, shot) < 30 {
		t.Errorf("no highlighted cubelet in the picture at cubelet 5")
	}
	p.Eval(t, fmt.Sprintf(`(() => { const e = document.querySelector(".sp-slider"); e.value = "%d"; e.dispatchEvent(new Event("input")); return true })()`, len(cells)-1), nil)
	follow("the slider", len(cells)-1)
	p.Click(t, ".sp-last")
	follow("last", len(cells))
	pic, err := browsertest.Inspect(p.ScreenshotOf(t, ".sp-canvas"))
	if err != nil {
		t.Fatal(err)
	}
	if pic.Colours < 50 || pic.Drawn < 0.08 {
		t.Errorf("all cubelets placed, the picture has %d colours and %.3f of it drawn: blank?", pic.Colours, pic.Drawn)
	}
	p.Click(t, ".sp-first")
	follow("first", 1)
}

// checkSheet opens a step sheet in the browser: it must show, without
// errors and without loading anything.
func checkSheet(t *testing.T, b *browsertest.Browser, snakes []fold.Snake) {
	var buf bytes.Buffer
	if err := fold.WriteSheet(context.Background(), &buf, snakes); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sheet.svg")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	p := b.NewPage(t, 794, 1123) // A4 at 96 pixels an inch
	p.Navigate(t, "file://"+path)
	pic, err := browsertest.Inspect(p.Screenshot(t))
	if err != nil {
		t.Fatal(err)
	}
	if pic.Colours < 50 || pic.Drawn < 0.1 {
		t.Errorf("the sheet's first page has %d colours and %.3f of it drawn: blank?", pic.Colours, pic.Drawn)
	}
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("the sheet: errors\n%s", strings.Join(errs, "\n"))
	}
	// Printed, each 297 mm of the sheet is an A4 page.
	height := regexp.MustCompile(`height="([0-9.]+)mm"`).FindSubmatch(buf.Bytes())
	pdf := p.PDF(t)
	pages := len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1))
	if height == nil || string(height[1]) != fmt.Sprint(297*pages) || !bytes.Contains(pdf, []byte("/MediaBox [0 0 594.95996 841.91998]")) {
		t.Errorf("the sheet, %s mm high, prints on %d pages, A4 %v", height[1], pages, bytes.Contains(pdf, []byte("841.91998")))
	}
	if reqs := p.Requests(); len(reqs) != 1 {
		t.Errorf("the sheet requested %q, want only itself", reqs)
	}
}

// checkDrag turns the box by dragging over the picture, and plays.
func checkDrag(t *testing.T, p *browsertest.Page) {
	p.Eval(t, `snakePlayer.select(1, 1), true`, nil)
	x, y, w, h := p.Rect(t, ".sp-canvas")
	var yaw0, yaw1 float64
	p.Eval(t, `snakePlayer.state().yaw`, &yaw0)
	before := p.ScreenshotOf(t, ".sp-canvas")
	p.Drag(t, x+w/2, y+h/2, x+w/2+120, y+h/2+40)
	p.Eval(t, `snakePlayer.state().yaw`, &yaw1)
	if yaw1 == yaw0 || bytes.Equal(before, p.ScreenshotOf(t, ".sp-canvas")) {
		t.Errorf("dragging did not turn the box: yaw %v, then %v", yaw0, yaw1)
	}
	p.Click(t, ".sp-play")
	var n int
	// Playing steps every 650 ms; it is waited for until it reaches
	// cubelet 3, for up to two minutes, a guard against a hang.
	p.Eval(t, `new Promise(r => { const e = document.getElementById("player"), t0 = Date.now();
		(function poll() { +e.dataset.cubelet >= 3 || Date.now() - t0 > 120000 ? r(+e.dataset.cubelet) : setTimeout(poll, 50) })() })`, &n)
	p.Click(t, ".sp-play")
	if n < 3 {
		t.Errorf("playing for two minutes reached cubelet %d", n)
	}
}

// saveScreens writes screenshots into folder out, for a person to look
// at and for the README's (docs/player.png and docs/sheet.png): run
// SNAKECUBE_SCREENSHOTS=$PWD/docs go test -run Browser ./internal/fold.
func saveScreens(t *testing.T, b *browsertest.Browser, p *browsertest.Page, out string, snakes []fold.Snake) {
	save := func(name string, shot []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(out, name), shrink(t, shot, 0), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name       string
		snake, at  int
		seeThrough bool
	}{
		{"player.png", 1, 12, true},
		{"review-solid.png", 1, 12, false},
		{"review-4x4x4.png", 2, 40, true},
		{"review-4x4x4-solid.png", 2, 40, false},
		{"review-2x3x4.png", 3, 14, true},
		{"review-1x4x4.png", 4, 9, true},
		{"review-none.png", 5, 1, true},
	} {
		p.Eval(t, fmt.Sprintf(`(() => { snakePlayer.select(%d, 1); snakePlayer.turn(32 * Math.PI / 180, 28 * Math.PI / 180); snakePlayer.go(%d);
			const s = document.querySelector(".sp-see"); if (s.checked !== %v) s.click(); return true })()`, c.snake, c.at, c.seeThrough), nil)
		save(c.name, p.Screenshot(t))
	}
	var sheet bytes.Buffer
	if err := fold.WriteSheet(context.Background(), &sheet, snakes[:1]); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sheet.svg")
	if err := os.WriteFile(path, sheet.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	q := b.NewPage(t, 794, 1123)
	q.Navigate(t, "file://"+path)
	if err := os.WriteFile(filepath.Join(out, "sheet.png"), shrink(t, q.Screenshot(t), 640), 0o644); err != nil {
		t.Fatal(err)
	}
}

// shrink makes a screenshot small enough to commit (browsertest.Shrink).
func shrink(t *testing.T, p []byte, height int) []byte {
	t.Helper()
	out, err := browsertest.Shrink(p, height)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
