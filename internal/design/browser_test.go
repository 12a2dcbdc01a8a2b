package design

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/browsertest"
	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/symmetry"
)

// sheets makes the maker's sheets of two 3x3x3 puzzles, of a 2x2x3
// snake with two solutions and, but with -short, of a 4x4x4 puzzle.
func sheets(t *testing.T) []Sheet {
	t.Helper()
	var out []Sheet
	for _, o := range []Options{
		{Box: symmetry.MustParseBox("3"), N: 2, Seed: 4, Solutions: 1, Rate: true},
		{Box: symmetry.MustParseBox("2x2x3"), N: 1, Seed: 1, Solutions: 2, Rate: true},
	} {
		var made []Snake
		if _, err := Run(context.Background(), o, func(s Snake) error { made = append(made, s); return nil }); err != nil {
			t.Fatal(err)
		}
		calls := 0
		s, err := Sheets(context.Background(), o.Box, made, 1, func(done, total int) {
			calls++
			if done != calls || total != len(made) {
				t.Errorf("Sheets: progress %d of %d at call %d, for %d snakes", done, total, calls, len(made))
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if calls != len(made) {
			t.Errorf("Sheets: progress called %d times for %d snakes", calls, len(made))
		}
		out = append(out, s...)
	}
	if !testing.Short() {
		// A 4x4x4 puzzle, whose chain and runs take the most room; its
		// rating, which would take a minute, is made up.
		b := symmetry.MustParseBox("4")
		var made []Snake
		if _, err := Run(context.Background(), Options{Box: b, N: 1, Seed: 1, Solutions: 1}, func(s Snake) error { made = append(made, s); return nil }); err != nil {
			t.Fatal(err)
		}
		sc, err := rate.ScaleOf(context.Background(), b, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		end := rate.Effort{Expected: 3e9, StdErr: 4e7, Attempt: 40, Chance: 40 / 3e9, Attempts: rate.DefaultAttempts, Foldings: 48}
		r := rate.Felt{Box: b, Seq: made[0].Key, Feeling: rate.Feeling{Ends: [2]rate.Effort{end, end}}, Scale: sc}
		s, err := NewSheet(context.Background(), b, made[0].Key, &r, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// pdfPages counts the pages of a PDF.
func pdfPages(pdf []byte) int { return len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1)) }

// save keeps a screenshot to look at and checks that it is not blank.
func save(t *testing.T, png []byte, name string) {
	t.Helper()
	browsertest.Keep(t, png, ""+name)
}

// clean checks that a page ran no script in error and asked for nothing
// but itself.
func clean(t *testing.T, p *browsertest.Page, name string) {
	t.Helper()
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("%s: errors\n%s", name, strings.Join(errs, "\n"))
	}
	for _, u := range p.Requests() {
		if !strings.HasPrefix(u, "file://") && !strings.HasPrefix(u, "data:") {
			t.Errorf("%s: the page requested %s", name, u)
		}
	}
}

// TestBrowserSheet opens the maker's sheet, as SVG and as HTML, in a
// headless Chromium at a desktop's and a phone's size: it shows, with no
// error and nothing loaded; the HTML page fits a phone's width; printed,
// each puzzle takes a page and the solutions' step sheet its own pages,
// the SVG one A4 page per 297 mm.
func TestBrowserSheet(t *testing.T) {
	b := browsertest.Start(t)
	sh := sheets(t)
	dir := t.TempDir()

	var svg bytes.Buffer
	if err := WriteSheet(context.Background(), &svg, sh); err != nil {
		t.Fatal(err)
	}
	answer := fold.SheetPages(foldSnakes(sh))
	path := filepath.Join(dir, "sheet.svg")
	if err := os.WriteFile(path, svg.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	p := b.NewPage(t, 794, 1123) // A4 at 96 pixels an inch
	p.Navigate(t, "file://"+path)
	top := p.Screenshot(t)
	save(t, top, "maker-svg")
	if dir := os.Getenv("SNAKECUBE_SCREENSHOTS"); dir != "" {
		// The README's picture: SNAKECUBE_SCREENSHOTS=$PWD/docs go test
		// -run BrowserSheet ./internal/design (review-*.png are ignored).
		small, err := browsertest.Shrink(top, 900)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "maker.png"), small, 0o666); err != nil {
			t.Error(err)
		}
	}
	height := regexp.MustCompile(`height="([0-9.]+)mm"`).FindSubmatch(svg.Bytes())
	pages := pdfPages(p.PDF(t))
	if want := len(sh) + answer; height == nil || string(height[1]) != fmt.Sprint(297*want) || pages != want {
		t.Errorf("the SVG sheet is %s mm high and prints on %d pages, want %d A4 pages: a puzzle a page, then %d of solutions", height[1], pages, want, answer)
	}
	clean(t, p, "the SVG sheet")

	var page bytes.Buffer
	if err := WriteHTML(context.Background(), &page, sh); err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(dir, "sheet.html")
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, size := range browsertest.Screens {
		p := b.Open(t, size)
		p.Navigate(t, "file://"+path)
		save(t, p.Screenshot(t), "maker-html-"+size.Name)
		var wide int
		p.Eval(t, `document.documentElement.scrollWidth - window.innerWidth`, &wide)
		if wide > 0 {
			t.Errorf("the HTML sheet on a %s is %d pixels wider than the screen", size.Name, wide)
		}
		p.Eval(t, `document.getElementById("answer").scrollIntoView()`, nil)
		save(t, p.Screenshot(t), "maker-html-"+size.Name+"-answer")
		if !size.Phone {
			pages := pdfPages(p.PDF(t))
			if want := len(sh) + answer; pages != want {
				t.Errorf("the HTML sheet prints on %d pages, want %d: a puzzle a page, then %d of solutions", pages, want, answer)
			}
		}
		clean(t, p, "the HTML sheet on a "+size.Name)
	}
}
