package serve

import (
	"fmt"
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
// wider than the screen.
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
		if errs := p.Errors(); len(errs) > 0 {
			t.Errorf("%s: script errors: %q", name, errs)
		}
	}
}
