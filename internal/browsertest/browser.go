// Package browsertest drives a headless Chromium for tests of what a person
// looks at: pages, pictures, the served app. It speaks the Chrome DevTools
// Protocol over a pipe (--remote-debugging-pipe), so it needs no port, no
// library and no network. Only tests import it.
//
// # Use
//
//	b := browsertest.Start(t)        // skips the test when Chromium is missing
//	p := b.NewPage(t, 1200, 800)     // a tab with that viewport, in CSS pixels
//	p.Navigate(t, "file:///.../page.html")
//	var n int
//	p.Eval(t, `document.querySelectorAll("li").length`, &n)
//	png := p.Screenshot(t)
//	if errs := p.Errors(); len(errs) > 0 { t.Fatal(errs) }
//
// [Browser.NewPhone] opens a tab as a phone shows pages: a mobile
// viewport, device pixels, touch. [Page.Touch] drags a finger over it,
// [Page.Offline] cuts the page off the network and [Page.Reload] reloads
// it, to check what a page does offline.
//
// [Page.Errors] gathers every uncaught script exception, console.error and
// browser log error (a failed load, a refused resource) since the page
// was opened; [Page.Requests] every URL the page asked for, so a test can
// check that nothing came from the network. [Inspect] tells a blank
// screenshot from a drawn one. [Page.PDF] prints a page as a person
// would, to check how it falls on paper.
//
// Chromium is looked for at $SNAKECUBE_CHROMIUM, /usr/bin/chromium and then
// on $PATH as chromium or chromium-browser. It starts headless, without
// sandbox, GPU, QUIC, first-run pages, background networking, component
// updates or sync, on a fresh profile in a temporary folder.
package browsertest

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"
)

// Timeout bounds every command and every wait for the page: a guard
// against a hang, wide enough for a loaded machine under the race
// detector, where a page's engine may take a minute to start.
const Timeout = 2 * time.Minute

// Browser is a running headless Chromium.
type Browser struct {
	cmd  *exec.Cmd
	in   *os.File // commands to the browser (its fd 3)
	out  *os.File // its answers and events (its fd 4)
	done chan struct{}

	mu      sync.Mutex
	nextID  int64
	waiting map[int64]chan reply
	pages   map[string]*Page // by session id
	err     error            // why the connection ended
}

type reply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// message is anything the browser sends: an answer (ID set) or an event.
type message struct {
	ID        int64           `json:"id"`
	Method    string          `json:"method"`
	Params    json.RawMessage `json:"params"`
	SessionID string          `json:"sessionId"`
	reply
}

// Path returns the Chromium binary to start, or "" when there is none:
// SNAKECUBE_CHROMIUM when set ("none" for none, as make test sets it when
// it finds none), else Debian's or one on the PATH.
func Path() string {
	if p := os.Getenv("SNAKECUBE_CHROMIUM"); p == "none" {
		return ""
	} else if p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Start starts a headless Chromium for the test and stops it when the test
// ends. Without Chromium it skips the test, saying how to get one.
func Start(t testing.TB) *Browser {
	t.Helper()
	path := Path()
	if path == "" {
		t.Skip("no Chromium: install it (apt-get install chromium, as .ci/run does) or set SNAKECUBE_CHROMIUM to run the browser tests")
	}
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-extensions", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
		"--force-color-profile=srgb", "--user-data-dir="+t.TempDir(),
		// Chromium ignores a page's navigations past some 200 in 10 s,
		// its own links included: the site's benchmark follows links
		// that fast, and a link ignored never answers.
		"--disable-ipc-flooding-protection",
		"--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{cmdR, outW} // fds 3 and 4
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	cmdR.Close()
	outW.Close()
	b := &Browser{cmd: cmd, in: cmdW, out: outR, done: make(chan struct{}),
		waiting: map[int64]chan reply{}, pages: map[string]*Page{}}
	go b.read()
	t.Cleanup(func() {
		b.close()
		if t.Failed() && stderr.Len() > 0 {
			t.Logf("chromium's standard error:\n%s", tail(stderr.Bytes(), 4000))
		}
	})
	return b
}

func tail(p []byte, n int) []byte {
	if len(p) > n {
		return p[len(p)-n:]
	}
	return p
}

// close asks the browser to quit, and kills it if it does not in time.
func (b *Browser) close() {
	go b.call("", "Browser.close", nil)
	select {
	case <-b.done:
	case <-time.After(5 * time.Second):
	}
	b.in.Close()
	exited := make(chan struct{})
	go func() { b.cmd.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		b.cmd.Process.Kill()
		<-exited
	}
	b.out.Close()
}

// read dispatches what the browser sends until the pipe closes: answers to
// their callers, events to their pages.
func (b *Browser) read() {
	defer close(b.done)
	r := bufio.NewReader(b.out)
	for {
		raw, err := r.ReadBytes(0)
		if err != nil {
			b.fail(fmt.Errorf("browser connection: %w", err))
			return
		}
		var m message
		if err := json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
			b.fail(fmt.Errorf("browser sent %q: %w", tail(raw, 200), err))
			return
		}
		b.mu.Lock()
		if m.ID != 0 {
			if ch := b.waiting[m.ID]; ch != nil {
				delete(b.waiting, m.ID)
				ch <- m.reply
			}
		} else if p := b.pages[m.SessionID]; p != nil {
			p.event(m.Method, m.Params)
		}
		b.mu.Unlock()
	}
}

func (b *Browser) fail(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.err = err
	for id, ch := range b.waiting {
		close(ch)
		delete(b.waiting, id)
	}
}

// call sends a command, to the browser or to a page's session, and waits
// for its result.
func (b *Browser) call(session, method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return nil, b.err
	}
	b.nextID++
	id := b.nextID
	ch := make(chan reply, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	p, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	if _, err := b.in.Write(append(p, 0)); err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	select {
	case r, ok := <-ch:
		switch {
		case !ok:
			return nil, fmt.Errorf("%s: %w", method, b.err)
		case r.Error != nil:
			return nil, fmt.Errorf("%s: %s (%d)", method, r.Error.Message, r.Error.Code)
		}
		return r.Result, nil
	case <-time.After(Timeout):
		b.mu.Lock()
		delete(b.waiting, id)
		b.mu.Unlock()
		return nil, fmt.Errorf("%s: no answer in %v", method, Timeout)
	}
}

// Page is one tab of the browser.
type Page struct {
	b       *Browser
	session string

	// Guarded by b.mu.
	errors   []string
	requests []string
}

// NewPage opens a blank tab whose viewport is width x height CSS pixels, at
// one device pixel each, and listens to its errors and requests.
func (b *Browser) NewPage(t testing.TB, width, height int) *Page {
	t.Helper()
	return b.newPage(t, width, height, "")
}

// NewFirstVisit opens a blank tab as [Browser.NewPage] does, in a browser
// context of its own, as a first visit sees the web: nothing cached, no
// storage, no service worker. The context is disposed of when the test
// ends.
func (b *Browser) NewFirstVisit(t testing.TB, width, height int) *Page {
	t.Helper()
	var bc struct {
		BrowserContextID string `json:"browserContextId"`
	}
	must(t, b.callInto("", "Target.createBrowserContext", map[string]any{}, &bc))
	t.Cleanup(func() {
		b.call("", "Target.disposeBrowserContext", map[string]any{"browserContextId": bc.BrowserContextID})
	})
	return b.newPage(t, width, height, bc.BrowserContextID)
}

func (b *Browser) newPage(t testing.TB, width, height int, browserContext string) *Page {
	t.Helper()
	var target struct{ TargetID string }
	params := map[string]any{"url": "about:blank"}
	if browserContext != "" {
		params["browserContextId"] = browserContext
	}
	must(t, b.callInto("", "Target.createTarget", params, &target))
	var att struct{ SessionID string }
	must(t, b.callInto("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &att))
	p := &Page{b: b, session: att.SessionID}
	b.mu.Lock()
	b.pages[p.session] = p
	b.mu.Unlock()
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"} {
		must(t, p.call(m, nil, nil))
	}
	must(t, p.call("Emulation.setDeviceMetricsOverride", map[string]any{
		"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil))
	return p
}

// Screen is a size a page is tested at: a desktop's or a phone's.
type Screen struct {
	Name          string
	Phone         bool
	Width, Height int
}

// Screens are the sizes every page a person looks at is tested at: a
// desktop's 1280x800 and a phone's 375x812.
var Screens = []Screen{{"desktop", false, 1280, 800}, {"phone", true, 375, 812}}

// Open opens a tab the size of screen s: a phone's as [Browser.NewPhone]
// does, at two device pixels a CSS pixel.
func (b *Browser) Open(t testing.TB, s Screen) *Page {
	t.Helper()
	if s.Phone {
		return b.NewPhone(t, s.Width, s.Height, 2)
	}
	return b.NewPage(t, s.Width, s.Height)
}

// NewPhone opens a blank tab as a phone's browser shows pages: a viewport
// of width x height CSS pixels at scale device pixels each, laid out as
// on a mobile device (the page's meta viewport applies), with touch
// events and no mouse. Screenshots are in device pixels.
func (b *Browser) NewPhone(t testing.TB, width, height int, scale float64) *Page {
	t.Helper()
	p := b.NewPage(t, width, height)
	must(t, p.call("Emulation.setDeviceMetricsOverride", map[string]any{
		"width": width, "height": height, "deviceScaleFactor": scale, "mobile": true}, nil))
	must(t, p.call("Emulation.setTouchEmulationEnabled", map[string]any{"enabled": true, "maxTouchPoints": 5}, nil))
	must(t, p.call("Emulation.setEmitTouchEventsForMouse", map[string]any{"enabled": true, "configuration": "mobile"}, nil))
	return p
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func (b *Browser) callInto(session, method string, params, out any) error {
	res, err := b.call(session, method, params)
	if err != nil || out == nil {
		return err
	}
	return json.Unmarshal(res, out)
}

func (p *Page) call(method string, params, out any) error {
	return p.b.callInto(p.session, method, params, out)
}

// event records what a test checks of a page's events. It runs with b.mu
// held.
func (p *Page) event(method string, params json.RawMessage) {
	switch method {
	case "Runtime.exceptionThrown":
		var e struct {
			ExceptionDetails struct {
				Text       string
				URL        string
				LineNumber int
				Exception  struct{ Description string }
			}
		}
		json.Unmarshal(params, &e)
		d := e.ExceptionDetails
		p.errors = append(p.errors, fmt.Sprintf("exception at %s:%d: %s %s", d.URL, d.LineNumber+1, d.Text, d.Exception.Description))
	case "Runtime.consoleAPICalled":
		var e struct {
			Type string
			Args []struct {
				Value       any
				Description string
			}
		}
		json.Unmarshal(params, &e)
		if e.Type == "error" || e.Type == "assert" {
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, fmt.Sprint(a.Value, a.Description))
			}
			p.errors = append(p.errors, fmt.Sprintf("console.%s: %v", e.Type, parts))
		}
	case "Log.entryAdded":
		var e struct {
			Entry struct{ Level, Source, Text, URL string }
		}
		json.Unmarshal(params, &e)
		if e.Entry.Level == "error" {
			p.errors = append(p.errors, fmt.Sprintf("log (%s): %s %s", e.Entry.Source, e.Entry.Text, e.Entry.URL))
		}
	case "Network.requestWillBeSent":
		var e struct{ Request struct{ URL string } }
		json.Unmarshal(params, &e)
		p.requests = append(p.requests, e.Request.URL)
	}
}

// Navigate opens url in the page and waits until its document has
// loaded.
func (p *Page) Navigate(t testing.TB, url string) {
	t.Helper()
	// The document before is marked, so that a late load event of its own
	// is not taken for the new one's.
	p.Eval(t, `window.__browserOld = true`, nil)
	var res struct{ ErrorText string }
	must(t, p.call("Page.navigate", map[string]any{"url": url}, &res))
	if res.ErrorText != "" {
		t.Fatalf("navigate to %s: %s", url, res.ErrorText)
	}
	p.waitLoaded(t, "navigate to "+url)
}

// waitLoaded waits until a document other than the one marked old has
// loaded.
func (p *Page) waitLoaded(t testing.TB, what string) {
	t.Helper()
	deadline := time.Now().Add(Timeout)
	for {
		var done bool
		err := p.Evaluate(`!window.__browserOld && document.readyState === "complete"`, &done)
		if err == nil && done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not loaded in %v (%v)", what, Timeout, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Eval evaluates a JavaScript expression in the page, waiting for it when
// it is a promise, and decodes its value, as JSON, into out (unless nil).
// An exception fails the test.
func (p *Page) Eval(t testing.TB, expr string, out any) {
	t.Helper()
	if err := p.Evaluate(expr, out); err != nil {
		t.Fatal(err)
	}
}

// Evaluate is [Page.Eval] that returns the error.
func (p *Page) Evaluate(expr string, out any) error {
	var res struct {
		Result struct {
			Value json.RawMessage
		}
		ExceptionDetails *struct {
			Text      string
			Exception struct{ Description string }
		}
	}
	err := p.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &res)
	switch {
	case err != nil:
		return err
	case res.ExceptionDetails != nil:
		return fmt.Errorf("evaluate %q: %s %s", expr, res.ExceptionDetails.Text, res.ExceptionDetails.Exception.Description)
	case out == nil:
		return nil
	case res.Result.Value == nil:
		return fmt.Errorf("evaluate %q: no value", expr)
	}
	return json.Unmarshal(res.Result.Value, out)
}

// Screenshot returns a PNG of the page's viewport, after the page has
// drawn its next two frames.
func (p *Page) Screenshot(t testing.TB) []byte {
	t.Helper()
	p.frames(t)
	var res struct{ Data string }
	must(t, p.call("Page.captureScreenshot", map[string]any{"format": "png"}, &res))
	png, err := base64.StdEncoding.DecodeString(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	return png
}

// Rect returns the bounding rectangle, in CSS pixels of the viewport, of
// the first element that matches a CSS selector.
func (p *Page) Rect(t testing.TB, selector string) (x, y, w, h float64) {
	t.Helper()
	sel, _ := json.Marshal(selector)
	var r struct{ X, Y, W, H float64 }
	p.Eval(t, fmt.Sprintf(`(() => { const r = document.querySelector(%s).getBoundingClientRect(); return {X: r.x, Y: r.y, W: r.width, H: r.height} })()`, sel), &r)
	return r.X, r.Y, r.W, r.H
}

// ScreenshotOf returns a PNG of the first element that matches a CSS
// selector, as it shows in the viewport.
func (p *Page) ScreenshotOf(t testing.TB, selector string) []byte {
	t.Helper()
	p.frames(t)
	x, y, w, h := p.Rect(t, selector)
	var res struct{ Data string }
	must(t, p.call("Page.captureScreenshot", map[string]any{"format": "png",
		"clip": map[string]any{"x": x, "y": y, "width": w, "height": h, "scale": 1}}, &res))
	png, err := base64.StdEncoding.DecodeString(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	return png
}

// PDF prints the page as a browser's print to PDF does, with the page
// size and margins the page's CSS asks for, and returns the PDF.
func (p *Page) PDF(t testing.TB) []byte {
	t.Helper()
	var res struct{ Data string }
	must(t, p.call("Page.printToPDF", map[string]any{"preferCSSPageSize": true, "printBackground": true}, &res))
	pdf, err := base64.StdEncoding.DecodeString(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	return pdf
}

// Click clicks the first element that matches a CSS selector, as a script
// would, with a click event that bubbles: SVG elements, which have no
// click method, take it too. No element matching fails the test.
func (p *Page) Click(t testing.TB, selector string) {
	t.Helper()
	sel, _ := json.Marshal(selector)
	p.Eval(t, fmt.Sprintf(`(function(){var e=document.querySelector(%s);if(!e)throw new Error("no element matches "+%s);`+
		`e.dispatchEvent(new MouseEvent("click",{bubbles:true,cancelable:true,view:window}));return true;})()`, sel, sel), nil)
}

// Drag moves the mouse with its left button held from (x0, y0) to (x1,
// y1), viewport CSS pixels, in a few steps, as a person drags.
func (p *Page) Drag(t testing.TB, x0, y0, x1, y1 float64) {
	t.Helper()
	ev := func(typ string, x, y float64, buttons int) {
		must(t, p.call("Input.dispatchMouseEvent", map[string]any{"type": typ, "x": x, "y": y,
			"button": "left", "buttons": buttons, "clickCount": 1}, nil))
	}
	ev("mousePressed", x0, y0, 1)
	const n = 5
	for i := 1; i <= n; i++ {
		ev("mouseMoved", x0+(x1-x0)*float64(i)/n, y0+(y1-y0)*float64(i)/n, 1)
	}
	ev("mouseReleased", x1, y1, 0)
}

// Touch drags one finger from (x0, y0) to (x1, y1), viewport CSS pixels,
// in a few steps, as a person turns something on a phone.
func (p *Page) Touch(t testing.TB, x0, y0, x1, y1 float64) {
	t.Helper()
	ev := func(typ string, pts []map[string]any) {
		must(t, p.call("Input.dispatchTouchEvent", map[string]any{"type": typ, "touchPoints": pts}, nil))
	}
	at := func(x, y float64) []map[string]any { return []map[string]any{{"x": x, "y": y, "id": 1}} }
	ev("touchStart", at(x0, y0))
	const n = 5
	for i := 1; i <= n; i++ {
		ev("touchMove", at(x0+(x1-x0)*float64(i)/n, y0+(y1-y0)*float64(i)/n))
	}
	ev("touchEnd", []map[string]any{})
}

// Offline cuts the page off the network, or puts it back on: its
// requests then fail as with no network at all, but for those its
// service worker answers from its cache.
func (p *Page) Offline(t testing.TB, offline bool) {
	t.Helper()
	must(t, p.call("Network.emulateNetworkConditions", map[string]any{
		"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}, nil))
}

// Reload reloads the page, as its reload button does, and waits until
// the new document has loaded.
func (p *Page) Reload(t testing.TB) {
	t.Helper()
	p.Eval(t, `window.__browserOld = true`, nil)
	must(t, p.call("Page.reload", map[string]any{}, nil))
	p.waitLoaded(t, "reload")
}

// Front brings the page to the front, as a person looks at it: a page
// behind others draws no frames, and its timers are slowed.
func (p *Page) Front(t testing.TB) {
	t.Helper()
	must(t, p.call("Page.bringToFront", nil, nil))
}

// frames waits for the page to draw its next two frames.
// A page that is not in front draws no frames: it is brought to front
// first.
func (p *Page) frames(t testing.TB) {
	t.Helper()
	must(t, p.call("Page.bringToFront", nil, nil))
	p.Eval(t, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, nil)
}

// Errors returns the script exceptions, console errors and browser log
// errors of the page so far.
func (p *Page) Errors() []string {
	p.b.mu.Lock()
	defer p.b.mu.Unlock()
	return append([]string(nil), p.errors...)
}

// Requests returns every URL the page has requested so far, in order.
func (p *Page) Requests() []string {
	p.b.mu.Lock()
	defer p.b.mu.Unlock()
	return append([]string(nil), p.requests...)
}
