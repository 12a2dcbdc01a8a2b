package browsertest_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/browsertest"
)

func dataURL(html string) string { return "data:text/html," + url.PathEscape(html) }

// TestPage drives a small page: an evaluated value, a screenshot of what
// it draws, and an error it throws.
func TestPage(t *testing.T) {
	b := browsertest.Start(t)
	p := b.NewPage(t, 320, 200)

	p.Navigate(t, dataURL(`<body style="margin:0;background:#fff"><div style="margin:50px 80px;width:160px;height:100px;background:#c00"></div><script>document.title = "ok"</script>`))
	var title string
	p.Eval(t, `document.title`, &title)
	if title != "ok" {
		t.Errorf("document.title = %q, want ok", title)
	}
	var sum int
	p.Eval(t, `Promise.resolve(40 + 2)`, &sum)
	if sum != 42 {
		t.Errorf("a promise of 42 evaluates to %d", sum)
	}
	pic, err := browsertest.Inspect(p.Screenshot(t))
	if err != nil {
		t.Fatal(err)
	}
	if pic.Width != 320 || pic.Height != 200 {
		t.Errorf("screenshot is %dx%d, want the viewport's 320x200", pic.Width, pic.Height)
	}
	if pic.Drawn < 0.2 || pic.Drawn > 0.3 || pic.Colours < 2 {
		t.Errorf("a quarter of the page red: screenshot has %d colours, %.3f drawn", pic.Colours, pic.Drawn)
	}
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("a clean page reports errors: %q", errs)
	}

	p.Navigate(t, dataURL(`<script>setTimeout(() => { throw new Error("boom") }, 0); console.error("said so")</script>`))
	// A timer set later with no shorter a delay runs after the one that
	// throws (the HTML standard's timer order): no clock is read.
	p.Eval(t, `new Promise(r => setTimeout(() => r(true), 0))`, nil)
	errs := strings.Join(p.Errors(), "\n")
	if !strings.Contains(errs, "boom") || !strings.Contains(errs, "said so") {
		t.Errorf("a throwing page reports %q, want the exception and the console error", errs)
	}
	if err := p.Evaluate(`null.x`, nil); err == nil {
		t.Errorf("an expression that throws evaluates without error")
	}
	if reqs := p.Requests(); len(reqs) != 2 || !strings.HasPrefix(reqs[0], "data:") {
		t.Errorf("requests = %q, want the two data: pages", reqs)
	}
}

// TestInspect checks the counts on pictures made here.
func TestInspect(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 10, 10))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	encode := func() []byte {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	pic, err := browsertest.Inspect(encode())
	if err != nil || pic.Colours != 1 || pic.Drawn != 0 {
		t.Errorf("a white picture: %+v, %v; want 1 colour, nothing drawn", pic, err)
	}
	for x := range 5 {
		img.Set(x+3, 4, color.RGBA{0, 0, 255, 255})
	}
	img.Set(0, 9, color.RGBA{0, 0, 0, 255})
	pic, err = browsertest.Inspect(encode())
	if err != nil || pic.Colours != 3 || pic.Drawn != 0.06 {
		t.Errorf("6 pixels drawn in 2 colours: %+v, %v", pic, err)
	}
	if _, err := browsertest.Inspect([]byte("no png")); err == nil {
		t.Errorf("Inspect accepts what is no PNG")
	}
}
