package serve

// A headless Chromium driven over the DevTools protocol on a pipe, the
// least the page's test needs. It mirrors the API of the package
// internal/browser being written for issue 11 (Start, NewPage, Navigate,
// Eval, Screenshot, Click, Errors, Requests): when that package is on
// main, this file goes and the test calls browser.Start.

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

const browserTimeout = 30 * time.Second

type chromium struct {
	cmd     *exec.Cmd
	in      *os.File
	mu      sync.Mutex
	next    int64
	waiting map[int64]chan cdpReply
	page    *tab
	err     error
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

type cdpMessage struct {
	ID        int64           `json:"id"`
	Method    string          `json:"method"`
	Params    json.RawMessage `json:"params"`
	SessionID string          `json:"sessionId"`
	cdpReply
}

// tab is the one page of a chromium.
type tab struct {
	b        *chromium
	session  string
	mu       sync.Mutex
	loaded   chan struct{}
	errors   []string
	requests []string
}

// startBrowser starts a headless Chromium for the test, or skips the test
// when there is none.
func startBrowser(t testing.TB) *chromium {
	t.Helper()
	path := os.Getenv("SNAKECUBE_CHROMIUM")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no Chromium at %s (set SNAKECUBE_CHROMIUM): the page is not tested in a browser", path)
	}
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{cmdR, outW} // its fd 3 and 4
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cmdR.Close()
	outW.Close()
	b := &chromium{cmd: cmd, in: cmdW, waiting: map[int64]chan cdpReply{}}
	go b.read(outR)
	t.Cleanup(func() {
		b.call("", "Browser.close", nil)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		cmdW.Close()
	})
	return b
}

func (b *chromium) read(out *os.File) {
	r := bufio.NewReaderSize(out, 1<<20)
	for {
		msg, err := r.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			b.err = fmt.Errorf("chromium went away: %v", err)
			for id, ch := range b.waiting {
				close(ch)
				delete(b.waiting, id)
			}
			b.mu.Unlock()
			return
		}
		var m cdpMessage
		if json.Unmarshal(msg[:len(msg)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		ch, p := b.waiting[m.ID], b.page
		delete(b.waiting, m.ID)
		b.mu.Unlock()
		switch {
		case m.ID != 0 && ch != nil:
			ch <- m.cdpReply
		case m.Method != "" && p != nil && m.SessionID == p.session:
			p.event(m.Method, m.Params)
		}
	}
}

func (b *chromium) call(session, method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return nil, b.err
	}
	b.next++
	id := b.next
	ch := make(chan cdpReply, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg, _ := json.Marshal(map[string]any{"id": id, "method": method, "params": params, "sessionId": session})
	if _, err := b.in.Write(append(msg, 0)); err != nil {
		return nil, err
	}
	select {
	case r, ok := <-ch:
		if !ok {
			return nil, b.err
		}
		if r.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		return r.Result, nil
	case <-time.After(browserTimeout):
		return nil, fmt.Errorf("%s: no answer in %v", method, browserTimeout)
	}
}

// NewPage opens a tab whose viewport is width x height CSS pixels.
func (b *chromium) NewPage(t testing.TB, width, height int) *tab {
	t.Helper()
	var target struct{ TargetID string }
	var attached struct{ SessionID string }
	res, err := b.call("", "Target.createTarget", map[string]any{"url": "about:blank"})
	if err == nil {
		err = json.Unmarshal(res, &target)
	}
	if err == nil {
		res, err = b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true})
	}
	if err == nil {
		err = json.Unmarshal(res, &attached)
	}
	if err != nil {
		t.Fatal(err)
	}
	p := &tab{b: b, session: attached.SessionID}
	b.mu.Lock()
	b.page = p
	b.mu.Unlock()
	for _, c := range []struct {
		method string
		params any
	}{
		{"Page.enable", nil}, {"Runtime.enable", nil}, {"Log.enable", nil}, {"Network.enable", nil},
		{"Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}},
	} {
		if _, err := b.call(p.session, c.method, c.params); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func (p *tab) event(method string, params json.RawMessage) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch method {
	case "Page.loadEventFired":
		if p.loaded != nil {
			close(p.loaded)
			p.loaded = nil
		}
	case "Runtime.exceptionThrown":
		var e struct {
			ExceptionDetails struct {
				Text      string
				Exception struct{ Description string }
			}
		}
		json.Unmarshal(params, &e)
		p.errors = append(p.errors, "exception: "+e.ExceptionDetails.Text+" "+e.ExceptionDetails.Exception.Description)
	case "Runtime.consoleAPICalled":
		var e struct {
			Type string
			Args []struct{ Value any }
		}
		json.Unmarshal(params, &e)
		if e.Type == "error" || e.Type == "assert" {
			p.errors = append(p.errors, fmt.Sprintf("console.%s: %v", e.Type, e.Args))
		}
	case "Log.entryAdded":
		var e struct {
			Entry struct{ Level, Text, URL string }
		}
		json.Unmarshal(params, &e)
		if e.Entry.Level == "error" {
			p.errors = append(p.errors, "log: "+e.Entry.Text+" "+e.Entry.URL)
		}
	case "Network.requestWillBeSent":
		var e struct{ Request struct{ URL string } }
		json.Unmarshal(params, &e)
		p.requests = append(p.requests, e.Request.URL)
	}
}

// Navigate opens url and waits for its load event.
func (p *tab) Navigate(t testing.TB, url string) {
	t.Helper()
	loaded := make(chan struct{})
	p.mu.Lock()
	p.loaded = loaded
	p.mu.Unlock()
	if _, err := p.b.call(p.session, "Page.navigate", map[string]any{"url": url}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-loaded:
	case <-time.After(browserTimeout):
		t.Fatalf("%s: not loaded in %v", url, browserTimeout)
	}
}

// Eval evaluates a JavaScript expression, awaiting it when it is a
// promise, and decodes its value into out unless out is nil.
func (p *tab) Eval(t testing.TB, expr string, out any) {
	t.Helper()
	res, err := p.b.call(p.session, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true})
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Result           struct{ Value json.RawMessage }
		ExceptionDetails *struct {
			Text      string
			Exception struct{ Description string }
		}
	}
	if err := json.Unmarshal(res, &r); err != nil {
		t.Fatal(err)
	}
	if r.ExceptionDetails != nil {
		t.Fatalf("%s: %s %s", expr, r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	if out != nil {
		if err := json.Unmarshal(r.Result.Value, out); err != nil {
			t.Fatalf("%s: %v in %s", expr, err, r.Result.Value)
		}
	}
}

// Click clicks the first element a CSS selector matches.
func (p *tab) Click(t testing.TB, selector string) {
	t.Helper()
	sel, _ := json.Marshal(selector)
	p.Eval(t, fmt.Sprintf(`(function(){var e=document.querySelector(%s);if(!e)throw new Error("no element "+%s);e.dispatchEvent(new MouseEvent("click",{bubbles:true}));})()`, sel, sel), nil)
}

// Screenshot returns a PNG of the viewport.
func (p *tab) Screenshot(t testing.TB) []byte {
	t.Helper()
	res, err := p.b.call(p.session, "Page.captureScreenshot", map[string]any{"format": "png"})
	if err != nil {
		t.Fatal(err)
	}
	var r struct{ Data string }
	json.Unmarshal(res, &r)
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	return png
}

// Errors returns the script exceptions, console errors and browser log
// errors since the page was opened.
func (p *tab) Errors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errors...)
}

// Requests returns every URL the page asked for.
func (p *tab) Requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.requests...)
}

// fromOnly returns the requests not to origin.
func fromOnly(reqs []string, origin string) []string {
	var out []string
	for _, r := range reqs {
		if !strings.HasPrefix(r, origin+"/") && !strings.HasPrefix(r, "data:") && r != "about:blank" {
			out = append(out, r)
		}
	}
	return out
}
