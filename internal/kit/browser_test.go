package kit

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/browsertest"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// king is a 4x4x4 snake with four solutions.
const king = "0011011100110110110111111111010111111010011110011011111111110010"

// TestBrowser opens the kit's sheet and card in a headless Chromium at a
// desktop's and a phone's size: they show, with no error and nothing
// loaded, and the card fits its page. SNAKECUBE_SCREENSHOTS=DIR keeps the
// screenshots to look at.
func TestBrowser(t *testing.T) {
	b := browsertest.Start(t)
	ctx := context.Background()
	dir := t.TempDir()
	kits := map[string]*Kit{"classic": newKit(t, "3", classic, defaults)}
	if !testing.Short() {
		// The 4x4x4 kit, the fullest sheet and card; its rating, which
		// would take long, is made up.
		bx := symmetry.MustParseBox("4")
		q, _ := solver.ParseSeq(king)
		sc, err := rate.ScaleOf(ctx, bx, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		end := rate.Effort{Expected: 3e9, StdErr: 4e7, Attempt: 40, Chance: 40 / 3e9, Attempts: rate.DefaultAttempts, Foldings: 48}
		r := rate.Felt{Box: bx, Seq: q, Feeling: rate.Feeling{Ends: [2]rate.Effort{end, end}}, Scale: sc}
		k, err := New(ctx, bx, q, &r, Options{Geometry: defaults, Designed: true, Seed: 7, Draw: 123})
		if err != nil {
			t.Fatal(err)
		}
		kits["king"] = k
	}
	for name, k := range kits {
		out := filepath.Join(dir, name)
		if err := k.WriteDir(ctx, out, false); err != nil {
			t.Fatal(err)
		}
		for _, file := range []string{"sheet.svg", "card.svg"} {
			svg, _ := os.ReadFile(filepath.Join(out, file))
			if !strings.Contains(string(svg), k.ID()) {
				t.Errorf("%s %s does not give the puzzle's id %q", name, file, k.ID())
			}
			if strings.Contains(string(svg), "<script") {
				t.Errorf("%s %s holds a script", name, file)
			}
			for _, size := range browsertest.Screens {
				p := b.Open(t, size)
				p.Navigate(t, "file://"+filepath.Join(out, file))
				shot := strings.TrimSuffix(file, ".svg") + "-" + name + "-" + size.Name
				if file == "card.svg" {
					// The card is drawn at its size, A6, in a corner
					// of the screen: it is the card that must not be
					// blank.
					save(t, p.ScreenshotOf(t, "svg"), shot+"-alone")
				} else {
					save(t, p.Screenshot(t), shot)
				}
				if file == "sheet.svg" {
					// The kit's page, the second.
					p.Eval(t, `window.scrollTo(0, 297 * 96 / 25.4); 0`, nil)
					save(t, p.Screenshot(t), shot+"-kit")
				}
				if file == "card.svg" {
					// Everything drawn lies on the card.
					var out int
					p.Eval(t, `(() => { const svg = document.documentElement, vb = svg.viewBox.baseVal; let n = 0;
						for (const e of svg.querySelectorAll("text, rect")) { const r = e.getBBox();
							if (r.x < -0.01 || r.y < -0.01 || r.x + r.width > vb.width + 0.01 || r.y + r.height > vb.height + 0.01) n++ }
						return n })()`, &out)
					if out > 0 {
						t.Errorf("%s card: %d texts or cells reach past the card", name, out)
					}
				}
				if errs := p.Errors(); len(errs) > 0 {
					t.Errorf("%s %s on a %s: errors\n%s", name, file, size.Name, strings.Join(errs, "\n"))
				}
				for _, u := range p.Requests() {
					if !strings.HasPrefix(u, "file://") {
						t.Errorf("%s %s requested %s", name, file, u)
					}
				}
			}
		}
	}
}

// save keeps a screenshot to look at and checks that it is not blank.
func save(t *testing.T, png []byte, name string) {
	t.Helper()
	browsertest.Keep(t, png, "kit-"+name)
}
