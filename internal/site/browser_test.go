package site_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/snakecube/snakecube/internal/browsertest"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/site"
	"github.com/snakecube/snakecube/internal/site/engine"
	"github.com/snakecube/snakecube/internal/words"
)

// wait is a script that awaits until the expression cond holds, and then
// gives the value of result; or throws, saying so, after two minutes, a
// guard against a hang that no load reaches.
func wait(cond, result string) string {
	return fmt.Sprintf(`(async function(){
		for (var t0 = Date.now(); !(%s) && Date.now() - t0 < 120000; ) await new Promise(function (r) { setTimeout(r, 20); });
		if (!(%s)) throw new Error("still not " + %q);
		return %s;
	})()`, cond, cond, cond, result)
}

// shot saves a screenshot where SNAKECUBE_SCREENSHOTS says, for a person
// to look at, as review-site-NAME.png, and checks that it is not blank.
func shot(t *testing.T, p *browsertest.Page, name string) {
	t.Helper()
	data := p.Screenshot(t)
	if dir := os.Getenv("SNAKECUBE_SCREENSHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "review-site-"+name+".png"), data, 0o666); err != nil {
			t.Error(err)
		}
	}
	pic, err := browsertest.Inspect(data)
	if err != nil {
		t.Fatal(err)
	}
	if pic.Colours < 20 || pic.Drawn < 0.05 {
		t.Errorf("%s: the screenshot looks blank: %d colours, %.0f%% drawn", name, pic.Colours, 100*pic.Drawn)
	}
}

// A link is a puzzle the tests open: its fragment, and the snake and box
// it is, or the error it gets.
type link struct {
	name, frag string
	seq, size  string // the snake as typed, and its box
	err        string // the message of a text that is no snake
	help       string // a line of the help for a snake of no solution, or of the fixes of a text that is none
}

// links are the puzzles every size of screen opens: a cube, a flat box,
// no solution, a typo, and the 4x4x4 shop snake.
func links() []link {
	const ft = "F,F,T,T,F,T,T,T,F,F,T,T,F,T,T,F,T,T,F,T,T,T,T,T,T,T,T,T,F,T,F,T,T,T,T,T,T,F,T,F,F,T,T,T,T,F,F,T,T,F,T,T,T,T,T,T,T,T,T,T,F,F,T"
	typo := "0011101101110101111010101x0"
	_, err := input.Read(typo, input.Options{SizeHint: engine.SizeHint})
	miscounted := "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,2"
	_, short := input.Read(miscounted, input.Options{SizeHint: engine.SizeHint})
	return []link{
		{name: "cube", frag: "snake=ESCCCSCCSCCCSCSCCCCSCSCSCSE", seq: site.Classic, size: "3x3x3"},
		{name: "flat", frag: "snake=0001001001010110&size=1x4x4", seq: "0001001001010110", size: "1x4x4"},
		{name: "none", frag: "snake=001010110111010111101010100", seq: "001010110111010111101010100", size: "3x3x3",
			help: "  cubelet 4 as a turn, not a straight: " + site.Classic + ", 1 solution"},
		{name: "reading", frag: "snake=S,T,S,T,S,T,S,T,T,T,T,S,T,S,T,T,T,S,T,T,S,T,T,T,S,S&notation=before", seq: "010101011110101110110111000", size: "3x3x3",
			help: "read as before it has no solution; as after (a letter per move, the first end left out), 001010101111010111011011100, it has 1 solution"},
		{name: "typo", frag: "snake=" + typo, err: err.Error()},
		{name: "miscounted", frag: "snake=" + miscounted, err: short.Error(), help: "  run 17 as 3, not 2: " + site.Classic + ", 3x3x3 box, 1 solution"},
		{name: "4x4x4", frag: "snake=" + ft, seq: "0011011100110110110111111111010111111010011110011011111111110010", size: "4x4x4"},
	}
}

// answer is what the page shows of a solve.
type answer struct {
	Solutions string // #result's data-solutions
	Error     string // #input-error's data-error
	Title     string
	Sub       string
	Help      string
	Notes     string
	Fixes     string
	Share     string // the link to the puzzle
	Count     int    // the player's cubelets
}

const readAnswer = `(function () {
	var r = document.getElementById('result'), e = document.getElementById('input-error'), p = window.snakecube.player;
	return {Solutions: r.getAttribute('data-solutions') || '', Error: e.getAttribute('data-error') || '',
		Title: document.getElementById('result-title').textContent, Sub: document.getElementById('result-sub').textContent,
		Share: document.getElementById('share').getAttribute('href'),
		Help: document.getElementById('help').textContent, Notes: document.getElementById('notes').textContent,
		Fixes: (document.querySelector('#input-error .fix') || {}).textContent || '',
		Count: p ? p.state().count : 0};
})()`

// done is whether a solve has ended, with solutions or an error.
const done = `(document.querySelector('[data-solutions]') && !window.snakecube.searching()) || document.querySelector('[data-error]')`

// open opens a link and waits for its answer, the help included.
func open(t *testing.T, p *browsertest.Page, base string, l link) answer {
	t.Helper()
	p.Eval(t, fmt.Sprintf(`location.hash = %q`, l.frag), nil)
	var a answer
	p.Eval(t, wait(done, readAnswer), &a)
	return a
}

// check checks a link's answer against the engine's count.
func check(t *testing.T, l link, a answer) {
	t.Helper()
	if l.err != "" {
		if a.Error != l.err || a.Solutions != "" {
			t.Errorf("%s: the page shows error %q and %q solutions, want the error %q", l.name, a.Error, a.Solutions, l.err)
		}
		if l.help != "" && !slices.Contains(strings.Split(a.Fixes, "\n"), l.help) {
			t.Errorf("%s: the page shows fixes %q, without %q", l.name, a.Fixes, l.help)
		}
		return
	}
	want := countOf(t, l.size, l.seq)
	if a.Solutions != fmt.Sprint(want) || a.Error != "" {
		t.Errorf("%s: the page shows %q solutions (error %q), want %d as solve -count counts them", l.name, a.Solutions, a.Error, want)
	}
	if a.Title != "Snake "+l.seq || !strings.HasPrefix(a.Sub, l.size+" box") {
		t.Errorf("%s: the page's title reads %q, %q; want snake %s, %s box", l.name, a.Title, a.Sub, l.seq, l.size)
	}
	if q, want := site.LinkQuery(strings.TrimPrefix(a.Share, "#")), site.LinkQuery(l.frag); !maps.Equal(q, want) {
		t.Errorf("%s: the link to the puzzle is %q, which reads as %q, want %q", l.name, a.Share, q, want)
	}
	if want == 0 && !slices.Contains(strings.Split(a.Help, "\n"), l.help) {
		t.Errorf("%s: no solution, and the help reads %q, without %q", l.name, a.Help, l.help)
	}
	if want > 0 && a.Count != len(l.seq) {
		t.Errorf("%s: the player shows %d cubelets, want %d", l.name, a.Count, len(l.seq))
	}
}

// TestBrowser opens the site in a headless Chromium, on a desktop's
// screen and a phone's, upright and sideways, opens a link of each kind, steps the player,
// takes screenshots, and checks that no script failed.
func TestBrowser(t *testing.T) {
	b := browsertest.Start(t)
	srv := serveSite(t)
	for _, screen := range []struct {
		name          string
		width, height int
		phone         bool
	}{
		{"desktop", 1280, 800, false},
		{"phone", 375, 812, true},
		{"landscape", 812, 375, true}, // a phone held sideways
	} {
		t.Run(screen.name, func(t *testing.T) {
			var p *browsertest.Page
			if screen.phone {
				p = b.NewPhone(t, screen.width, screen.height, 2)
			} else {
				p = b.NewPage(t, screen.width, screen.height)
			}
			p.Navigate(t, srv.URL+"/")
			p.Eval(t, `Promise.all([window.snakecube.ready, window.snakecube.catalogue]).then(function () { return true; })`, nil)
			shot(t, p, screen.name+"-top")
			p.Eval(t, `document.getElementById('catalogue').scrollIntoView(); true`, nil)
			shot(t, p, screen.name+"-catalogue")
			p.Eval(t, `document.getElementById('snakes').scrollIntoView(); true`, nil)
			shot(t, p, screen.name+"-table")
			for _, l := range links() {
				a := open(t, p, srv.URL, l)
				check(t, l, a)
				if screen.phone {
					narrow(t, p, l.name)
				}
				if a.Count > 0 {
					step(t, p, screen.phone, l.name)
					folding(t, p, screen.name+" "+l.name)
				}
				if l.name == "4x4x4" { // solutions 1 and 2 share most of the folding
					var d string
					p.Eval(t, `document.querySelector('#player .sp-differ').innerText`, &d)
					if !strings.Contains(d, "differ only in cubelets") {
						t.Errorf("%s: the player says %q of how the solutions differ", l.name, d)
					}
				}
				if l.name == "cube" {
					sheet(t, p, l)
					if screen.phone {
						readme(t, p)
					}
				}
				if l.name != "flat" {
					p.Eval(t, `document.getElementById(document.querySelector('[data-error]') ? 'solver' : 'result').scrollIntoView(); true`, nil)
					shot(t, p, screen.name+"-"+l.name)
				}
			}
			// The service worker installs, and once it has, it serves the page.
			var sw bool
			p.Eval(t, `navigator.serviceWorker.ready.then(function (r) { return !!r.active; })`, &sw)
			p.Eval(t, wait(`navigator.serviceWorker.controller`, `true`), &sw)
			if errs := p.Errors(); len(errs) > 0 {
				t.Errorf("script errors: %q", errs)
			}
			if away := fromOnly(p.Requests(), srv.URL); len(away) > 0 {
				t.Errorf("the page asked the network for %q", away)
			}
		})
	}
}

// narrow checks that the page fits a phone's screen: no scrolling
// sideways, nor in the catalogue's table.
func narrow(t *testing.T, p *browsertest.Page, name string) {
	t.Helper()
	var wide struct{ Scroll, Inner, Table, Box int }
	p.Eval(t, `(function () { var s = document.querySelector('#catalogue .scroll');
		return {Scroll: document.documentElement.scrollWidth, Inner: window.innerWidth, Table: s.scrollWidth, Box: s.clientWidth}; })()`, &wide)
	if wide.Scroll > wide.Inner {
		t.Errorf("%s on a phone: the page is %d pixels wide, more than the screen's %d", name, wide.Scroll, wide.Inner)
	}
	if wide.Table > wide.Box {
		t.Errorf("%s on a phone: the catalogue's table is %d pixels wide, more than its %d", name, wide.Table, wide.Box)
	}
}

// step steps the player shown, forward with its button and back with the
// arrow key, and turns the box with a drag, of a finger on a phone.
func step(t *testing.T, p *browsertest.Page, phone bool, name string) {
	t.Helper()
	var st struct {
		Cubelet    int
		Yaw, Pitch float64
	}
	state := `window.snakecube.player.state()`
	for range 6 {
		p.Click(t, "#player .sp-forward")
	}
	p.Eval(t, state, &st)
	if st.Cubelet != 7 {
		t.Errorf("%s: after 6 steps forward, the player shows cubelet %d, want 7", name, st.Cubelet)
	}
	p.Eval(t, `document.querySelector('#player .snake-player').dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft', bubbles: true})); true`, nil)
	p.Eval(t, state, &st)
	var end int // the last cubelet of the step shown in words
	p.Eval(t, `+document.querySelector('#player [data-step-now]').dataset.stepNow.match(/to cubelet (\d+)$/)[1]`, &end)
	if st.Cubelet >= 7 || st.Cubelet != end {
		t.Errorf("%s: after a step back from cubelet 7, the player shows cubelet %d, want the end of the step before, %d", name, st.Cubelet, end)
	}
	yaw := st.Yaw
	p.Eval(t, `document.querySelector('#player .sp-canvas').scrollIntoView({block: 'center'}); true`, nil)
	x, y, w, h := p.Rect(t, "#player .sp-canvas")
	cx, cy := x+w/2, y+h/2
	if phone {
		p.Touch(t, cx, cy, cx+80, cy+20)
	} else {
		p.Drag(t, cx, cy, cx+80, cy+20)
	}
	p.Eval(t, state, &st)
	if st.Yaw == yaw {
		t.Errorf("%s: a drag over the picture left the box unturned (yaw %.2f)", name, st.Yaw)
	}
}

// folding steps the player shown with its Next button, as a person
// folding the toy does, up to five steps: at each, the picture, the step
// in words and Next lie in the viewport, and the words are the step's.
func folding(t *testing.T, p *browsertest.Page, name string) {
	t.Helper()
	p.Eval(t, `window.snakecube.player.go(1), document.querySelector('#player [data-next]').scrollIntoView({block: 'end'}), true`, nil)
	for k := range 5 {
		var st struct {
			Out  []string
			Now  string
			Last bool
		}
		p.Click(t, "#player [data-next]")
		p.Eval(t, `(() => { const out = [];
			for (const s of [".sp-canvas", "[data-step-now]", "[data-next]"]) {
				const r = document.querySelector("#player " + s).getBoundingClientRect();
				if (r.height <= 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) out.push(s + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
			}
			const n = document.querySelector("#player [data-next]");
			return {Out: out, Now: document.querySelector("#player [data-step-now]").dataset.stepNow, Last: n.disabled} })()`, &st)
		for _, o := range st.Out {
			t.Errorf("%s, step %d: %s, out of the %s viewport", name, k+1, o, name)
		}
		if st.Now == "" {
			t.Errorf("%s, step %d: no step in words", name, k+1)
		}
		if k == 2 {
			shot(t, p, strings.ReplaceAll(name, " ", "-")+"-folding")
		}
		if st.Last {
			break
		}
	}
}

// readme saves the README's picture of the site on a phone, the classic
// snake solved, as docs/site-phone.png where SNAKECUBE_SCREENSHOTS says:
// run SNAKECUBE_SCREENSHOTS=$PWD/docs go test -run 'TestBrowser$' ./internal/site.
func readme(t *testing.T, p *browsertest.Page) {
	t.Helper()
	dir := os.Getenv("SNAKECUBE_SCREENSHOTS")
	if dir == "" {
		return
	}
	p.Eval(t, `(function () { var s = window.snakecube.player; s.turn(32 * Math.PI / 180, 28 * Math.PI / 180); s.go(14);
		document.getElementById('result').scrollIntoView(); return true; })()`, nil)
	small, err := browsertest.Shrink(p.Screenshot(t), 1010)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "site-phone.png"), small, 0o644); err != nil {
		t.Fatal(err)
	}
}

// sheet asks the page for the step sheet of the snake shown, and checks
// that it is the sheet of its solutions.
func sheet(t *testing.T, p *browsertest.Page, l link) {
	t.Helper()
	p.Click(t, "#draw-sheet")
	var svg string
	p.Eval(t, wait(`!document.getElementById('sheet').hidden`, `fetch(document.getElementById('sheet').href).then(function (r) { return r.text(); })`), &svg)
	want := fmt.Sprintf("solution 1 of %d", countOf(t, l.size, l.seq))
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, "snake "+l.seq) || !strings.Contains(svg, want) {
		t.Errorf("%s: the step sheet starts %.60q, without the snake or %q", l.name, svg, want)
	}
}

// fromOnly returns the requests not to origin.
func fromOnly(reqs []string, origin string) []string {
	var out []string
	for _, r := range reqs {
		if !strings.HasPrefix(r, origin+"/") && !strings.HasPrefix(r, "data:") && !strings.HasPrefix(r, "blob:") && r != "about:blank" {
			out = append(out, r)
		}
	}
	return out
}

// allTurns is a 4x4x4 snake whose search runs for minutes: every inner
// cubelet a turn.
var allTurns = "0" + strings.Repeat("1", 62) + "0"

// TestBrowserStop starts a search that runs for minutes, checks that the
// page shows it at work and stays usable meanwhile, stops it, and solves
// another snake.
func TestBrowserStop(t *testing.T) {
	b := browsertest.Start(t)
	srv := serveSite(t)
	p := b.NewPage(t, 1280, 800)
	p.Navigate(t, srv.URL+"/#snake="+allTurns)
	p.Eval(t, `window.snakecube.ready.then(function () { return true; })`, nil)
	var status string
	p.Eval(t, wait(`/Searching… [1-9]/.test(document.getElementById('status').textContent)`, `document.getElementById('status').textContent`), &status)
	var busy struct {
		Stop      bool
		Solutions bool
		Busy      bool
	}
	p.Eval(t, `({Stop: !document.getElementById('stop').hidden, Solutions: !!document.querySelector('[data-solutions]'),
		Busy: document.getElementById('status').classList.contains('busy')})`, &busy)
	if !busy.Stop || busy.Solutions || !busy.Busy {
		t.Errorf("while searching (%q): stop shown %v, solutions shown %v, at work %v", status, busy.Stop, busy.Solutions, busy.Busy)
	}
	shot(t, p, "searching")
	// The page is free while the worker searches: the catalogue turns a page.
	p.Eval(t, `window.snakecube.catalogue.then(function () { return true; })`, nil)
	p.Click(t, "#next")
	var count string
	p.Eval(t, `document.getElementById('count').textContent`, &count)
	if count != "51–100 of 11,487 snakes" {
		t.Errorf("while searching, the catalogue's next page reads %q", count)
	}
	p.Click(t, "#stop")
	p.Eval(t, `document.getElementById('status').textContent`, &status)
	if !strings.HasPrefix(status, "Stopped after ") {
		t.Errorf("after stop, the status reads %q", status)
	}
	a := open(t, p, srv.URL, links()[0])
	check(t, links()[0], a)
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("script errors: %q", errs)
	}
}

// TestBrowserHelpLinks follows the help's links: the snake one cubelet
// away from a snake of no solution, and the fix of a list one cubelet
// short, each solved.
func TestBrowserHelpLinks(t *testing.T) {
	b := browsertest.Start(t)
	srv := serveSite(t)
	p := b.NewPage(t, 1280, 800)
	p.Navigate(t, srv.URL+"/")
	for _, c := range []struct{ frag, link string }{
		{"snake=001010110111010111101010100", "#help a"},
		{"snake=3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,2", "#input-error .fix a"},
		// The classic snake with a digit left out, read as a letter per
		// move, does not fold: the cubelet to add comes first.
		{"snake=00111011011010111101010100", "#help a"},
		// With a digit too many, or E/S/C a letter short: no snake.
		{"snake=0011101101110101111010101001", "#input-error .fix a"},
		{"snake=ESCCCSCCSCCSCSCCCCSCSCSCSE", "#input-error .fix a"},
	} {
		open(t, p, srv.URL, link{frag: c.frag})
		p.Eval(t, `document.getElementById(document.querySelector('[data-error]') ? 'solver' : 'result').scrollIntoView(); true`, nil)
		shot(t, p, "help-"+strings.NewReplacer("snake=", "", ",", "").Replace(c.frag)[:12])
		p.Click(t, c.link)
		var a answer
		p.Eval(t, wait(`document.querySelector('[data-solutions]') && !window.snakecube.searching()`, readAnswer), &a)
		if a.Solutions != "1" || a.Title != "Snake "+site.Classic {
			t.Errorf("the link %s after %s shows %q with %q solutions, want the classic snake's 1", c.link, c.frag, a.Title, a.Solutions)
		}
	}
	// A text that reads two ways: both readings are links that solve
	// them, and the page names no command-line flag.
	open(t, p, srv.URL, link{frag: "snake=F,F,T,T,T,F,T,T,F,T,T,T,F,T,F,T,T,T,T,F,T,F,T,F,T,F"})
	var readings struct {
		Links []string
		Text  string
	}
	p.Eval(t, `({Links: Array.from(document.querySelectorAll('#notes a[data-snake]')).map(a => a.dataset.snake), Text: document.body.innerText})`, &readings)
	if len(readings.Links) != 2 || readings.Links[0] == readings.Links[1] {
		t.Errorf("a text read two ways: the notes link %q, want both readings", readings.Links)
	}
	if strings.Contains(readings.Text, "-notation") {
		t.Errorf("the page names the flag -notation")
	}
	if len(readings.Links) == 2 {
		p.Click(t, "#notes a:last-of-type")
		var a answer
		p.Eval(t, wait(`document.querySelector('[data-solutions]') && !window.snakecube.searching()`, readAnswer), &a)
		if a.Title != "Snake "+readings.Links[1] {
			t.Errorf("the other reading's link shows %q, want snake %s", a.Title, readings.Links[1])
		}
	}
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("script errors: %q", errs)
	}
}

// TestBrowserHostile opens links whose text is no snake, made to be read
// as HTML or to be long: each gets the message solve gives, as text.
func TestBrowserHostile(t *testing.T) {
	b := browsertest.Start(t)
	srv := serveSite(t)
	p := b.NewPage(t, 1280, 800)
	p.Navigate(t, srv.URL+"/")
	p.Eval(t, `window.snakecube.ready.then(function () { return true; })`, nil)
	for _, text := range []string{
		`<img src=x onerror="window.pwned=1">`,
		`"><script>window.pwned=1</script>`,
		strings.Repeat("<b>0</b>", 10000),
		strings.Repeat("01", 40),
	} {
		_, want := input.Read(text, input.Options{SizeHint: engine.SizeHint})
		frag, _ := json.Marshal("snake=" + escapeFrag(text))
		p.Eval(t, fmt.Sprintf(`location.hash = %s`, frag), nil)
		var got struct {
			Error  string
			Shown  string
			Pwned  bool
			Images int
		}
		p.Eval(t, wait(`document.querySelector('[data-error]')`, `({Error: document.querySelector('[data-error]').getAttribute('data-error'),
			Shown: document.getElementById('input-error').firstChild.textContent, Pwned: !!window.pwned,
			Images: document.querySelectorAll('img, #input-error *:not(div):not(pre)').length})`), &got)
		if got.Error != want.Error() || got.Shown != want.Error() || got.Pwned || got.Images > 0 {
			t.Errorf("text %.40q: the page shows %q (data-error %q), pwned %v, %d elements made of it; want the message %q",
				text, got.Shown, got.Error, got.Pwned, got.Images, want.Error())
		}
	}
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("script errors: %q", errs)
	}
}

// escapeFrag escapes text for a link's fragment as the page writes it.
func escapeFrag(text string) string {
	var b strings.Builder
	for _, c := range []byte(text) {
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.IndexByte(",-_.", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// TestBrowserOffline visits the site once, so that its service worker
// keeps its files, then cuts the network and reloads: the page, the
// engine and the catalogue still load, and a snake is solved.
func TestBrowserOffline(t *testing.T) {
	b := browsertest.Start(t)
	srv := serveSite(t)
	p := b.NewPage(t, 1280, 800)
	p.Navigate(t, srv.URL+"/")
	var ok bool
	p.Eval(t, `navigator.serviceWorker.ready.then(function (r) { return !!r.active; })`, &ok)
	p.Eval(t, wait(`navigator.serviceWorker.controller`, `true`), &ok)
	p.Eval(t, `window.snakecube.ready.then(function () { return true; })`, nil)
	// Offline: the browser's network cut, and the server gone too.
	p.Offline(t, true)
	defer p.Offline(t, false)
	srv.Close()
	p.Reload(t)
	p.Eval(t, `Promise.all([window.snakecube.ready, window.snakecube.catalogue]).then(function () { return !!navigator.serviceWorker.controller; })`, &ok)
	if !ok {
		t.Errorf("offline, the page is not served by its service worker")
	}
	a := open(t, p, srv.URL, links()[0])
	check(t, links()[0], a)
	var net string
	p.Eval(t, `fetch('/not-kept').then(function () { return 'online'; }, function () { return 'offline'; })`, &net)
	if net != "offline" {
		t.Errorf("the network is not cut: a file the site does not keep was fetched")
	}
	for _, e := range p.Errors() {
		if !strings.HasSuffix(e, "/not-kept") {
			t.Errorf("offline: %s", e)
		}
	}
}

// TestBrowserCatalogue browses the 3x3x3 catalogue as TestBrowser of
// package serve browses it from the server: a filter, a sort, a bar of
// the histogram, and a snake opened, which is solved live.
func TestBrowserCatalogue(t *testing.T) {
	b := browsertest.Start(t)
	srv := serveSite(t)
	p := b.NewPage(t, 1280, 800)
	p.Navigate(t, srv.URL+"/")
	var s string
	p.Eval(t, `window.snakecube.catalogue.then(function () { return document.getElementById("figures").textContent; })`, &s)
	if want := "3x3x3 box: 11,487 snakes, 51,704 solutions; 3,658 with one solution; 77 palindromes; most solutions 142"; s != want {
		t.Errorf("the figures read %q, want %q", s, want)
	}
	p.Eval(t, `(function () { var f = document.getElementById("filters");
		f.elements.solutions.value = "1"; f.elements.sort.value = "-straights"; return true; })()`, nil)
	p.Click(t, "#apply")
	p.Eval(t, `document.getElementById("count").textContent`, &s)
	if s != "1–50 of 3,658 snakes" {
		t.Errorf("after filtering one-solution snakes, the count reads %q", s)
	}
	var first []string
	p.Eval(t, `Array.from(document.querySelector("#snakes tbody tr").cells).map(function (c) { return c.textContent; })`, &first)
	if len(first) != 4 || first[1] != "1" || first[2] != "11" {
		t.Errorf("first row after filtering by one solution, most straights first: %q, want 1 solution and 11 straights", first)
	}
	p.Click(t, `#histo rect.hit[data-lo="142"]`)
	p.Eval(t, `document.getElementById("count").textContent + " " + document.querySelector("#snakes tbody td").textContent`, &s)
	if s != "1–1 of 1 snake 011111101010101111111111110" {
		t.Errorf("the bar of 142 solutions lists %q", s)
	}
	p.Eval(t, `(function () { var f = document.getElementById("filters"); f.elements.prefix.value = "2"; return true; })()`, nil)
	p.Click(t, "#apply")
	p.Eval(t, `document.getElementById("filter-error").hidden ? "" : document.getElementById("filter-error").textContent`, &s)
	if s != "prefix=2: want at most 27 characters 0 and 1" {
		t.Errorf("a bad prefix shows %q", s)
	}
	p.Click(t, "#reset")
	p.Click(t, `#histo rect.hit[data-lo="142"]`)
	p.Click(t, "#snakes tbody tr")
	var a answer
	p.Eval(t, wait(done, readAnswer), &a)
	if a.Solutions != "142" || a.Title != "Snake 011111101010101111111111110" {
		t.Errorf("the snake of 142 solutions opened shows %q solutions, %q", a.Solutions, a.Title)
	}
	shot(t, p, "catalogue")
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("script errors: %q", errs)
	}
}

// TestBrowserPython serves the site as the README says any folder can be
// served, with python3 -m http.server, which knows nothing of the site:
// the page loads, the engine starts, a link is solved, and the service
// worker installs. Without python3 it skips.
func TestBrowserPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on the PATH: the site is served by Go's net/http in the other tests")
	}
	dir, _ := siteDir(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(py, "-m", "http.server", "--bind", "127.0.0.1", "--directory", dir, strconv.Itoa(port))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	for i := 0; ; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err == nil {
			c.Close()
			break
		}
		if i == 6000 { // two minutes and more: a guard against a hang
			t.Fatalf("python3 -m http.server does not answer on %s: %v", base, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	b := browsertest.Start(t)
	p := b.NewFirstVisit(t, 1280, 800)
	p.Navigate(t, base+"/")
	p.Eval(t, `window.snakecube.ready.then(function () { return true; })`, nil)
	l := links()[0]
	check(t, l, open(t, p, base, l))
	var ok bool
	p.Eval(t, `navigator.serviceWorker.ready.then(function (r) { return !!r.active; })`, &ok)
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("script errors: %q", errs)
	}
}

// TestBrowserNoEngine serves the site without its engine, as a host that
// lost a file would: the page says what went wrong, and asks for the
// engine again only when asked to solve again, not in a loop.
func TestBrowserNoEngine(t *testing.T) {
	dir, _ := siteDir(t)
	files := serveDir(dir)
	var (
		mu    sync.Mutex
		asked []string // who asked for the engine: the script, by the Referer
	)
	count := func() (int, []string) {
		mu.Lock()
		defer mu.Unlock()
		return len(asked), slices.Clone(asked)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/engine.") {
			mu.Lock()
			asked = append(asked, path.Base(r.Referer()))
			mu.Unlock()
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()
	b := browsertest.Start(t)
	p := b.NewFirstVisit(t, 1280, 800)
	p.Navigate(t, srv.URL+"/#snake="+site.Classic)
	var status string
	p.Eval(t, wait(`/went wrong/.test(document.getElementById('status').textContent)`, `document.getElementById('status').textContent`), &status)
	if want := "Something went wrong: engine.wasm.gz: 404 Not Found"; status != want {
		t.Errorf("without its engine, the page says %q, want %q", status, want)
	}
	// Asked by the page's worker, which has failed (the status says so),
	// and by the service worker, once it has failed to install; no more.
	var kept bool
	p.Eval(t, `window.snakecube.offline`, &kept)
	if kept {
		t.Errorf("without its engine, the service worker installed")
	}
	n, who := count()
	if n > 2 {
		t.Errorf("without its engine, the page asked for it %d times (from %q); want at most twice", n, who)
	}
	var stop bool
	p.Eval(t, `document.getElementById('stop').hidden`, &stop)
	if !stop {
		t.Errorf("without its engine, the page still offers to stop a search")
	}
	// Asked to solve again, it asks once more, and says so again: the
	// solve clears the fault shown at once, and a new one is the answer.
	var cleared bool
	p.Eval(t, `document.getElementById('solve').requestSubmit(), !document.querySelector('#result[data-fault]')`, &cleared)
	if !cleared {
		t.Fatalf("solving again, the page still shows the fault before")
	}
	p.Eval(t, wait(`document.querySelector('#result[data-fault]')`, `document.getElementById('result').getAttribute('data-fault')`), &status)
	if want := "engine.wasm.gz: 404 Not Found"; status != want {
		t.Errorf("solving again without its engine, the page says %q, want %q", status, want)
	}
	if m, who := count(); m != n+1 {
		t.Errorf("solving again without its engine, the page asked for it %d times more (from %q), want once", m-n, who[n:])
	}
}

// TestBrowserDifficulty asks, for a snake solved, how hard it is to fold,
// on a desktop's screen and a phone's: the page shows its level on its
// box's scale and the placements expected from each end, the easier
// first, as the engine rates the snake natively; for a 2x3x3 snake the
// engine makes the box's scale itself, and the 4x4x4 shop snake's
// attempts are played, with a standard error. A box whose scale would
// take minutes gets a sentence instead.
func TestBrowserDifficulty(t *testing.T) {
	b := browsertest.Start(t)
	srv := serveSite(t)
	snakes := []struct{ name, frag, seq, size string }{
		{"classic", "snake=" + site.Classic, site.Classic, "3x3x3"},
		{"from-27", "snake=001011111111011101110111010", "001011111111011101110111010", "3x3x3"}, // easier from its last cubelet
		{"flat", "snake=001011010101111110&size=2x3x3", "001011010101111110", "2x3x3"},
		{"4x4x4", "snake=" + shop4, shop4, "4x4x4"},
	}
	for _, screen := range browsertest.Screens {
		p, phone := b.Open(t, screen), screen.Phone
		name := "difficulty"
		if phone {
			name += "-phone"
		}
		p.Navigate(t, srv.URL+"/")
		p.Eval(t, `window.snakecube.ready.then(function () { return true; })`, nil)
		for _, sn := range snakes {
			if phone && sn.size == "4x4x4" {
				continue // its attempts take seconds: once is enough
			}
			p.Eval(t, fmt.Sprintf(`location.hash = %q`, sn.frag), nil)
			p.Eval(t, wait(done+` && !document.getElementById('rate-line').hidden`, `true`), nil)
			p.Click(t, "#rate")
			var d struct {
				Level, Easier, Text string
			}
			p.Eval(t, wait(`!document.getElementById('difficulty').hidden && !window.snakecube.searching()`,
				`(function () { var e = document.getElementById('difficulty'); return {Level: e.dataset.level, Easier: e.dataset.easier, Text: e.textContent}; })()`), &d)
			want := feltWords(t, sn.size, sn.seq)
			if d.Level != fmt.Sprint(want.level) || d.Easier != fmt.Sprint(want.easier) || !strings.Contains(d.Text, want.text) ||
				!strings.Contains(d.Text, fmt.Sprintf("Difficulty: level %d of 10, where each level holds a tenth of %s", want.level, want.snakes)) {
				t.Errorf("%s, %s: the page shows level %s, easier end %s: %q; want level %d, easier end %d, %q", name, sn.name, d.Level, d.Easier, d.Text, want.level, want.easier, want.text)
			}
			p.Eval(t, `document.getElementById('difficulty').scrollIntoView({block: 'center'}); true`, nil)
			shot(t, p, name+"-"+sn.name)
		}
		// A 3x3x4 snake: its box has no scale made.
		p.Eval(t, `location.hash = "snake=000110011001100110011001100110011000&size=3x3x4"`, nil)
		p.Eval(t, wait(done+` && document.querySelector('[data-solutions]').dataset.solutions !== '0'`, `true`), nil)
		p.Click(t, "#rate")
		var level string
		p.Eval(t, wait(`!document.getElementById('difficulty').hidden && !window.snakecube.searching()`, `document.getElementById('difficulty').dataset.level`), &level)
		if level != "0" {
			t.Errorf("%s: a 3x3x4 snake is rated level %s, want 0, no scale", name, level)
		}
		shot(t, p, name+"-unscaled")
		if errs := p.Errors(); len(errs) > 0 {
			t.Errorf("%s: script errors: %q", name, errs)
		}
	}
}

// feltWords rates snake seq of box size with the engine natively (whose
// TestFeel checks it against package rate) and returns its level, its
// easier end's cubelet, the snakes of its box's scale, and the words the
// page says of its ends.
func feltWords(t *testing.T, size, seq string) (w struct {
	level, easier int
	snakes, text  string
}) {
	t.Helper()
	var s engine.Session
	if _, err := s.Solve(t.Context(), seq, size, ""); err != nil {
		t.Fatal(err)
	}
	a, err := s.Feel(t.Context())
	if err != nil || a["level"] == nil {
		t.Fatalf("%s: Feel = %v, %v", seq, a, err)
	}
	w.level, w.easier = a["level"].(int), a["easier"].(int)
	e, o := a["ends"].([]any)[0].(float64), a["ends"].([]any)[1].(float64)
	n := amount(min(e, o))
	if se := a["stdErr"].(float64); se > 0 {
		n += " ± " + amount(se)
	}
	sc := a["scale"].(map[string]any)
	w.snakes = fmt.Sprintf("the %s snakes of the %s box", words.Thousands(sc["snakes"].(int)), size)
	if sc["sampled"].(bool) {
		w.snakes = fmt.Sprintf("%s snakes of the %s box drawn at random", words.Thousands(sc["snakes"].(int)), size)
	}
	switch {
	case e == o:
		w.text = "Either end: about " + n + " cubelets placed."
	case o < e:
		w.text = fmt.Sprintf("Easier from cubelet %d: about %s cubelets placed.From cubelet 1: about %s cubelets placed.", len(seq), n, amount(e))
	default:
		w.text = fmt.Sprintf("Easier from cubelet 1: about %s cubelets placed.From cubelet %d: about %s cubelets placed.", n, len(seq), amount(o))
	}
	return w
}

// amount writes placements as the page does: whole below a million, else
// to three figures in millions, billions or trillions.
func amount(x float64) string {
	for _, u := range []struct {
		v    float64
		name string
	}{{1e12, "trillion"}, {1e9, "billion"}, {1e6, "million"}} {
		if x >= u.v {
			v := x / u.v // three figures, as JavaScript's toPrecision(3)
			return strconv.FormatFloat(v, 'f', max(0, 2-int(math.Floor(math.Log10(v)))), 64) + " " + u.name
		}
	}
	return words.Thousands(int(math.Round(x)))
}
