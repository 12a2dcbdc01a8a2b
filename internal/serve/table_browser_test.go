package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/browsertest"
)

// fits is a script that says how the table of snakes fits its card: the
// table's width, the width its box shows, and the right edge of its last
// column against the viewport's.
const fits = `(() => { const s = document.querySelector(".table-card .scroll"), t = document.getElementById("snakes"),
	cells = Array.from(t.tHead.rows[0].cells).filter(c => !c.hidden), last = cells[cells.length - 1].getBoundingClientRect();
	return {Table: t.scrollWidth, Box: s.clientWidth, Right: last.right, Inner: innerWidth, Page: document.documentElement.scrollWidth} })()`

// TestBrowserTableFits opens serve's page on a desktop and on a phone, on
// a rated 2x3x4 catalogue (six columns, keys of 24 cubelets): the table
// of snakes fits its card, its last column shown whole, and the page no
// wider than the screen. Then it solves the King snake: the player says
// where its solutions differ, and its folding view stays in sight.
func TestBrowserTableFits(t *testing.T) {
	b := browsertest.Start(t)
	f := newFixture(t, Options{}, "2x3x4")
	if err := f.cats[0].Rate(t.Context(), 0, nil); err != nil {
		t.Fatal(err)
	}
	for _, size := range []struct {
		w, h  int
		phone bool
	}{{1280, 800, false}, {375, 812, true}} {
		name := fmt.Sprintf("%dx%d", size.w, size.h)
		p := b.NewPage(t, size.w, size.h)
		if size.phone {
			p = b.NewPhone(t, size.w, size.h, 2)
		}
		p.Navigate(t, f.srv.URL+"/")
		var w struct {
			Table, Box, Inner, Page int
			Right                   float64
		}
		p.Eval(t, `window.snakecubeReady.then(() => true)`, nil)
		p.Eval(t, fits, &w)
		if w.Table > w.Box || w.Right > float64(w.Inner) || w.Page > w.Inner {
			t.Errorf("%s: the table is %d pixels wide in a box of %d, its last column ends at %.0f of %d, the page is %d wide", name, w.Table, w.Box, w.Right, w.Inner, w.Page)
		}
		p.Eval(t, `document.querySelector(".table-card").scrollIntoView(), true`, nil)
		shot(t, p, "table-"+name)

		// The King snake solved: where its solutions differ, and the
		// folding view's picture, words and Next in sight at each step.
		p.Eval(t, `document.getElementById("snake-input").value = "0011011100110110110111111111010111111010011110011011111111110010"`, nil)
		p.Click(t, `#solve button`)
		var d string
		p.Eval(t, wait(`document.querySelector("#player .sp-differ")`, `document.querySelector("#player .sp-differ").innerText`), &d)
		if !strings.Contains(d, "differ only in cubelets") {
			t.Errorf("%s: the King snake solved, the player says %q of how its solutions differ", name, d)
		}
		p.Eval(t, `document.querySelector("#player [data-next]").scrollIntoView({block: "end"}), true`, nil)
		for k := range 4 {
			p.Click(t, "#player [data-next]")
			var out []string
			p.Eval(t, `(() => { const out = [];
				for (const s of [".sp-canvas", "[data-step-now]", "[data-next]"]) {
					const r = document.querySelector("#player " + s).getBoundingClientRect();
					if (r.height <= 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) out.push(s);
				}
				return out })()`, &out)
			if len(out) > 0 {
				t.Errorf("%s, step %d: %q out of the viewport", name, k+1, out)
			}
		}
		shot(t, p, "folding-"+name)
		if errs := p.Errors(); len(errs) > 0 {
			t.Errorf("%s: script errors: %q", name, errs)
		}
	}
}
