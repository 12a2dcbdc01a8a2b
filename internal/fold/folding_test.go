package fold_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/browsertest"
	"github.com/snakecube/snakecube/internal/fold"
)

// inView is a script that lists the folding view's parts that lie, even
// in part, outside the viewport: the picture, the step in words and the
// next button.
const inView = `(() => { const out = [];
	for (const s of [".sp-canvas", "[data-step-now]", "[data-next]"]) {
		const r = document.querySelector(s).getBoundingClientRect();
		if (r.width <= 0 || r.height <= 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
			out.push(s + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(",") + " in " + innerWidth + "x" + innerHeight);
		}
	}
	return out })()`

// TestFoldingView steps through every step of the classic snake with the
// next button, on a phone held upright and sideways and on a desktop,
// and checks at each step that the picture, the step in words and the
// next button all show, and that the words are the step's own. It then
// steps back with the keys and a tap on the picture, and checks that the
// screen is kept awake and the steps spoken when asked.
func TestFoldingView(t *testing.T) {
	b := browsertest.Start(t)
	s := solved(t, "3", classic)
	page := filepath.Join(t.TempDir(), "page.html")
	var buf bytes.Buffer
	if err := fold.WritePage(context.Background(), &buf, []fold.Snake{s}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, x := range fold.Steps(s.Solutions[0]) {
		want = append(want, x.String())
	}
	out := os.Getenv("SNAKECUBE_SCREENSHOTS")
	for _, size := range []struct {
		name  string
		w, h  int
		phone bool
	}{{"375x812", 375, 812, true}, {"812x375", 812, 375, true}, {"1280x800", 1280, 800, false}} {
		t.Run(size.name, func(t *testing.T) {
			p := b.NewPage(t, size.w, size.h)
			if size.phone {
				p = b.NewPhone(t, size.w, size.h, 2)
			}
			p.Navigate(t, "file://"+page)
			// A wake lock and a voice that the test can see asked for.
			p.Eval(t, `(() => { window.asked = {locks: 0, said: []};
				Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request: () => { asked.locks++;
					const l = new EventTarget(); l.release = () => l.dispatchEvent(new Event("release")); window.lock = l; return Promise.resolve(l) }}});
				speechSynthesis.speak = u => asked.said.push(u.text); speechSynthesis.cancel = () => {};
				document.querySelector("[data-next]").scrollIntoView({block: "end"}); return true })()`, nil)
			var got []string
			for k := 0; ; k++ {
				var disabled bool
				p.Eval(t, `document.querySelector("[data-next]").disabled`, &disabled)
				if disabled {
					break
				}
				if k > len(want) {
					t.Fatalf("the next button still works after %d steps", k)
				}
				p.Click(t, "[data-next]")
				var now string
				var bad []string
				p.Eval(t, `document.querySelector("[data-step-now]").dataset.stepNow`, &now)
				p.Eval(t, inView, &bad)
				got = append(got, now)
				for _, b := range bad {
					t.Errorf("step %d: %s", k+1, b)
				}
				if out != "" && (k == 0 || k == 6 || k == len(want)-1) {
					p.Eval(t, `document.activeElement && document.activeElement.blur(), true`, nil)
					if err := os.WriteFile(filepath.Join(out, fmt.Sprintf("folding-%s-step%d.png", size.name, k+1)), p.Screenshot(t), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("the steps shown one by one\n%q\nwant fold.Steps\n%q", got, want)
			}
			var st struct{ Cubelet, Count int }
			key := func(k string, shift bool) {
				p.Eval(t, fmt.Sprintf(`document.body.dispatchEvent(new KeyboardEvent("keydown", {key: %q, shiftKey: %v, bubbles: true, cancelable: true})), true`, k, shift), nil)
			}
			state := func() { p.Eval(t, `snakePlayer.state()`, &st) }
			state()
			if st.Cubelet != st.Count {
				t.Errorf("after every step, cubelet %d of %d shown", st.Cubelet, st.Count)
			}
			key("ArrowLeft", false)
			state()
			last := fold.Steps(s.Solutions[0])
			if prev := last[len(last)-2]; st.Cubelet != prev.Cubelet+prev.Run {
				t.Errorf("the left arrow at the end shows cubelet %d, want %d, the end of the step before", st.Cubelet, prev.Cubelet+prev.Run)
			}
			key(" ", true)
			key(" ", false)
			var back int
			p.Eval(t, `snakePlayer.state().cubelet`, &back)
			if back != st.Cubelet {
				t.Errorf("shift+space then space: cubelet %d, want %d again", back, st.Cubelet)
			}
			x, y, w, h := p.Rect(t, ".sp-canvas")
			if size.phone {
				p.Touch(t, x+w/2, y+h/2, x+w/2, y+h/2)
			} else {
				p.Drag(t, x+w/2, y+h/2, x+w/2, y+h/2)
			}
			state()
			if st.Cubelet != st.Count {
				t.Errorf("a tap on the picture shows cubelet %d, want the last step's end, %d", st.Cubelet, st.Count)
			}
			var asked struct {
				Locks int
				Said  []string
				Awake string
			}
			p.Eval(t, `({Locks: asked.locks, Said: asked.said, Awake: document.getElementById("player").dataset.awake})`, &asked)
			if asked.Locks != 1 || asked.Awake != "true" || len(asked.Said) != 0 {
				t.Errorf("the screen lock asked for %d times (awake %q), %d steps said unasked", asked.Locks, asked.Awake, len(asked.Said))
			}
			// The page hidden and shown again: the lock, released by the
			// browser, is asked for again.
			p.Eval(t, `(() => { window.lock.release(); document.dispatchEvent(new Event("visibilitychange")); return true })()`, nil)
			p.Eval(t, `new Promise(r => setTimeout(() => r(asked.locks), 0))`, &asked.Locks)
			if asked.Locks != 2 {
				t.Errorf("after the page showed again, the lock asked for %d times, want 2", asked.Locks)
			}
			p.Click(t, ".sp-speak")
			p.Click(t, "[data-back]")
			p.Eval(t, `asked.said`, &asked.Said)
			if len(asked.Said) != 2 || !strings.HasPrefix(asked.Said[1], fmt.Sprintf("Step %d.", len(want)-1)) {
				t.Errorf("with speech on, one step back said %q, want the step then step %d", asked.Said, len(want)-1)
			}
			if errs := p.Errors(); len(errs) > 0 {
				t.Errorf("script errors:\n%s", strings.Join(errs, "\n"))
			}
		})
	}
}
