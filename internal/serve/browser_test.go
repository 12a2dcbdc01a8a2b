package serve

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/browsertest"
	"github.com/snakecube/snakecube/internal/words"
)

// wait is a script that awaits until the expression cond holds, for up
// to two minutes (a guard against a hang that no load reaches), and then
// gives the value of result.
func wait(cond, result string) string {
	return fmt.Sprintf(`(async function(){
		for (var t0 = Date.now(); !(%s) && Date.now() - t0 < 120000; ) await new Promise(function (r) { setTimeout(r, 20); });
		return %s;
	})()`, cond, result)
}

// shot saves a screenshot where SNAKECUBE_SCREENSHOTS says, for a person to
// look at, and checks that it is not blank: a drawn page has many colours
// and much that is not background.
func shot(t *testing.T, p *browsertest.Page, name string) {
	t.Helper()
	data := p.Screenshot(t)
	if dir := os.Getenv("SNAKECUBE_SCREENSHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), data, 0o666); err != nil {
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

// TestBrowser loads the page in a headless Chromium, filters, sorts,
// opens a snake, clicks a bar of the histogram and solves a snake typed
// in: no script error, nothing asked of the network, screenshots drawn.
func TestBrowser(t *testing.T) {
	b := browsertest.Start(t)
	f := newFixture(t, Options{}, "3", "2x3x4")
	p := b.NewPage(t, 1400, 1000)
	p.Navigate(t, f.srv.URL+"/")
	var s string
	p.Eval(t, `window.snakecubeReady.then(function () { return document.getElementById("figures").textContent; })`, &s)
	if want := "3x3x3 box: 11,487 snakes, 51,704 solutions; 3,658 with one solution; 77 palindromes; most solutions 142"; s != want {
		t.Errorf("the figures read %q, want %q", s, want)
	}
	var rows int
	p.Eval(t, `document.querySelectorAll("#snakes tbody tr").length`, &rows)
	if rows != 50 {
		t.Errorf("the table shows %d rows, want 50", rows)
	}

	// Filter: one solution, most straights first.
	p.Eval(t, `(function () { var f = document.getElementById("filters");
		f.elements.solutions.value = "1"; f.elements.sort.value = "-straights"; })()`, nil)
	p.Click(t, "#apply")
	p.Eval(t, wait(`/of 3,658 snakes/.test(document.getElementById("count").textContent)`, `document.getElementById("count").textContent`), &s)
	if s != "1–50 of 3,658 snakes" {
		t.Errorf("after filtering one-solution snakes, the count reads %q", s)
	}
	var first []string
	p.Eval(t, `Array.from(document.querySelector("#snakes tbody tr").cells).map(function (c) { return c.textContent; })`, &first)
	if len(first) != 4 || first[1] != "1" || first[2] != "11" {
		t.Errorf("first row after filtering by one solution, most straights first: %q, want 1 solution and 11 straights", first)
	}
	if len(first) == 4 {
		want := "no"
		r := []byte(first[0])
		slices.Reverse(r)
		if string(r) == first[0] {
			want = "yes"
		}
		if first[3] != want {
			t.Errorf("the palindrome column of snake %s reads %q, want %q", first[0], first[3], want)
		}
	}

	// Open that snake.
	p.Click(t, "#snakes tbody tr")
	p.Eval(t, wait(`document.querySelector("#player .sp-canvas") !== null`,
		`document.getElementById("viewer-title").textContent + " | " + document.querySelector("#viewer-body .snakehead").textContent`), &s)
	if want := "Snake " + first[0] + " | 1 solution in the 3x3x3 box (3x3x3 catalogue)"; s != want {
		t.Errorf("the snake opened reads %q, want %q", s, want)
	}
	p.Eval(t, `location.hash`, &s)
	if want := "#solutions=1&sort=-straights&open=" + first[0]; s != want {
		t.Errorf("the address's fragment is %q, want %q", s, want)
	}
	shot(t, p, "filtered")

	// A bar of the histogram: the snakes with 142 solutions.
	p.Click(t, `#histo rect.hit[data-lo="142"]`)
	p.Eval(t, wait(`document.getElementById("count").textContent === "1–1 of 1 snake"`,
		`document.querySelector("#snakes tbody td").textContent`), &s)
	if s != "011111101010101111111111110" {
		t.Errorf("the bar of 142 solutions lists %q", s)
	}

	// Solve the classic snake, typed in its E/S/C notation.
	p.Eval(t, `document.getElementById("snake-input").value = "ESCCCSCCSCCCSCSCCCCSCSCSCSE"`, nil)
	p.Click(t, `#solve button`)
	p.Eval(t, wait(`/solved now/.test(document.getElementById("viewer-body").textContent)`,
		`document.querySelector("#viewer-body .snakehead").textContent`), &s)
	if s != "1 solution in the 3x3x3 box (solved now)" {
		t.Errorf("the classic snake solved reads %q", s)
	}
	// How hard it is for a person, as the API answers it.
	var felt struct{ Level int }
	f.get(t, "/api/solve?snake=ESCCCSCCSCCCSCSCCCCSCSCSCSE", &felt)
	p.Eval(t, `(function () { var e = document.getElementById("difficulty"); return e ? e.dataset.level + " | " + e.textContent : ""; })()`, &s)
	if want := fmt.Sprintf("%d | Difficulty: level %d of 10, where each level holds a tenth of the 11,487 snakes of the 3x3x3 box", felt.Level, felt.Level); felt.Level < 1 || !strings.HasPrefix(s, want) {
		t.Errorf("the classic snake solved shows its difficulty as %q, want %q...", s, want)
	}
	shot(t, p, "solved")

	// A snake one cubelet off the classic: no solution, and the help.
	p.Eval(t, `document.getElementById("snake-input").value = "001010110111010111101010100"`, nil)
	p.Click(t, `#solve button`)
	p.Eval(t, wait(`document.querySelector("#viewer-body .notes")`,
		`document.querySelector("#viewer-body .notes").textContent`), &s)
	if !strings.Contains(s, "cubelet 4 as a turn, not a straight: 001110110111010111101010100, 1 solution") {
		t.Errorf("a snake of no solution shows %q, without the snake one cubelet away", s)
	}
	shot(t, p, "advice")

	// A snake of a length no catalogue served has: the message names the
	// size field, and with the size given it is solved.
	p.Eval(t, `document.getElementById("snake-input").value = "0110110110"`, nil)
	p.Click(t, `#solve button`)
	p.Eval(t, wait(`document.getElementById("error").textContent !== ""`, `document.getElementById("error").textContent`), &s)
	if !strings.Contains(s, "use the size field, such as 2x3x4, for another box") {
		t.Errorf("a snake of 12 cubelets with no size shows %q", s)
	}
	p.Eval(t, `document.getElementById("size-input").value = "2x2x3"`, nil)
	p.Click(t, `#solve button`)
	p.Eval(t, wait(`/solved now/.test(document.getElementById("viewer-body").textContent)`,
		`document.querySelector("#viewer-body .snakehead").textContent`), &s)
	if !strings.HasSuffix(s, "in the 2x2x3 box (solved now)") {
		t.Errorf("the 2x2x3 snake solved reads %q", s)
	}
	shot(t, p, "sized")
	p.Eval(t, `document.getElementById("size-input").value = ""`, nil)

	// The other catalogue, and a bad filter's message.
	p.Eval(t, `(function () { var c = document.getElementById("catalogue"); c.value = "2x3x4"; c.dispatchEvent(new Event("change")); })()`, nil)
	p.Eval(t, wait(`/^2x3x4 box/.test(document.getElementById("figures").textContent)`, `document.getElementById("count").textContent`), &s)
	p.Eval(t, `(function () { var f = document.getElementById("filters"); f.elements.prefix.value = "0".repeat(25); })()`, nil)
	p.Click(t, "#apply")
	p.Eval(t, wait(`document.getElementById("error").textContent !== ""`, `document.getElementById("error").textContent`), &s)
	if want := `prefix="0000000000000000000000000": prefix of 25 characters, longer than the 2x3x4 box's 24 cubelets`; s != want {
		t.Errorf("a bad prefix shows %q, want %q", s, want)
	}
	shot(t, p, "other")

	if errs := p.Errors(); len(errs) > 0 {
		// The 400s of the sizeless snake and of the bad prefix are
		// logged by the browser as failed loads.
		if len(errs) != 2 || !bytes.Contains([]byte(errs[0]), []byte("400")) || !bytes.Contains([]byte(errs[1]), []byte("400")) {
			t.Errorf("script errors: %q", errs)
		}
	}
	if away := fromOnly(p.Requests(), f.srv.URL); len(away) > 0 {
		t.Errorf("the page asked the network for %q", away)
	}
}

// TestBrowserRated serves a catalogue rated and one not: the page shows
// the filters of level, the sorts and the columns of difficulty for the
// first, on a desktop and on a phone, and hides them for the second.
func TestBrowserRated(t *testing.T) {
	b := browsertest.Start(t)
	f := newFixture(t, Options{}, "2x3x3", "2x2x3")
	if err := f.cats[0].Rate(t.Context(), 0, nil); err != nil {
		t.Fatal(err)
	}
	for _, screen := range browsertest.Screens {
		p, phone := b.Open(t, screen), screen.Phone
		name := "rated"
		if phone {
			name += "-phone"
		}
		p.Navigate(t, f.srv.URL+"/")
		var s string
		p.Eval(t, `window.snakecubeReady.then(function () { return document.getElementById("count").textContent; })`, &s)
		var shown []string
		p.Eval(t, `Array.from(document.querySelectorAll("#snakes thead th")).filter(function (e) { return !e.hidden; }).map(function (e) { var w = e.querySelector(".wide"); return (w || e).textContent; })`, &shown)
		if strings.Join(shown, ",") != "key,solutions,straights,palindrome,level,placements" {
			t.Errorf("%s: the table's columns %q", name, shown)
		}
		// The easiest first, by two clicks on the header of levels: the
		// hardest first, then the easiest.
		_, top, err := f.cats[0].Select(t.Context(), Query{Sort: ByDifficulty, MaxSolutions: 1 << 31, Straights: -1, Palindrome: -1, MaxLevel: 10, Limit: 1})
		if err != nil || len(top) != 1 {
			t.Fatalf("Select: %v", err)
		}
		p.Click(t, `#snakes thead button[data-sort="difficulty"]`)
		p.Eval(t, wait(`location.hash === "#sort=-difficulty" && document.getElementById("count").textContent !== "Loading…"`, `location.hash`), &s)
		p.Click(t, `#snakes thead button[data-sort="difficulty"]`)
		var first []string
		p.Eval(t, wait(fmt.Sprintf(`location.hash === "#sort=difficulty" && document.querySelector("#snakes tbody td").textContent === %q`, top[0].Key),
			`Array.from(document.querySelector("#snakes tbody tr").cells).map(function (c) { return c.textContent; })`), &first)
		if len(first) != 6 || first[0] != top[0].Key || first[4] != fmt.Sprint(top[0].Level) {
			t.Errorf("%s: sorted by difficulty, the first row reads %q, want %s at level %d", name, first, top[0].Key, top[0].Level)
		}
		// The easiest snake opened: its level and both ends, the easier
		// first, as /api/snakes/KEY answers them (TestQueriesRated checks
		// the answer against each snake rated alone).
		p.Click(t, "#snakes tbody tr")
		var d struct {
			Level, Easier string
			Text          string
		}
		p.Eval(t, wait(`document.querySelector("#difficulty") !== null && document.querySelector("#player .sp-canvas") !== null`,
			`(function () { var e = document.getElementById("difficulty"); return {Level: e.dataset.level, Easier: e.dataset.easier, Text: e.textContent}; })()`), &d)
		var ans struct {
			Level, Easier int
			Ends          []float64
		}
		f.get(t, "/api/snakes/"+top[0].Key+"?catalogue="+f.cats[0].Name, &ans)
		ends := fmt.Sprintf("Easier from cubelet %d: ", ans.Easier)
		if len(ans.Ends) == 2 && ans.Ends[0] == ans.Ends[1] {
			ends = "Either end: "
		}
		if d.Level != fmt.Sprint(ans.Level) || d.Easier != fmt.Sprint(ans.Easier) || !strings.Contains(d.Text, ends) ||
			!strings.HasPrefix(d.Text, "Difficulty: level "+d.Level+" of 10, where each level holds a tenth of the "+words.Thousands(f.cats[0].Scale().Snakes)+" snakes of the 2x3x3 box") {
			t.Errorf("%s: the easiest snake opened shows level %s, easier end %s: %q; the API says level %d, easier end %d", name, d.Level, d.Easier, d.Text, ans.Level, ans.Easier)
		}
		p.Eval(t, `document.getElementById("difficulty").scrollIntoView()`, nil)
		shot(t, p, name+"-difficulty")

		// Level 2 at least.
		p.Eval(t, `(function () { var f = document.getElementById("filters"); f.elements.min_level.value = "2"; f.elements.sort.value = "-difficulty"; })()`, nil)
		p.Click(t, "#apply")
		total, _, err := f.cats[0].Select(t.Context(), Query{MinLevel: 2, MaxLevel: 10, MaxSolutions: 1 << 31, Straights: -1, Palindrome: -1})
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("1–%d of %s snakes", min(total, 50), words.Thousands(total))
		p.Eval(t, wait(fmt.Sprintf(`document.getElementById("count").textContent === %q`, want), `document.getElementById("count").textContent`), &s)
		if s != want {
			t.Errorf("%s: snakes of level 2 and more: the count reads %q, want %q", name, s, want)
		}
		shot(t, p, name)
		if phone {
			p.Eval(t, `document.querySelector(".table-card").scrollIntoView()`, nil)
			shot(t, p, name+"-table")
		}

		// A snake of a box no catalogue served holds, its size typed in
		// the field beside it, as on a phone held in one hand.
		p.Eval(t, `document.getElementById("snake-input").value = "0001100111001100"; document.getElementById("size-input").value = "2x2x4"; document.getElementById("solve").scrollIntoView()`, nil)
		p.Click(t, `#solve button`)
		p.Eval(t, wait(`/solved now/.test(document.getElementById("viewer-body").textContent)`,
			`document.querySelector("#viewer-body .snakehead").textContent`), &s)
		if !strings.HasSuffix(s, "in the 2x2x4 box (solved now)") {
			t.Errorf("%s: the 2x2x4 snake solved reads %q", name, s)
		}
		// The size field sits just before the button, on its row: with
		// the snake's field too on a desktop, below it on a phone.
		var sameRow bool
		p.Eval(t, `(function () { var a = document.getElementById("size-input").getBoundingClientRect(), b = document.querySelector("#solve button").getBoundingClientRect(); return Math.abs((a.top + a.bottom) - (b.top + b.bottom)) < 8 && a.right <= b.left && a.width >= 60; })()`, &sameRow)
		if !sameRow {
			t.Errorf("%s: the size field is not beside the Solve button", name)
		}
		p.Eval(t, `document.getElementById("solve").scrollIntoView()`, nil)
		shot(t, p, name+"-sized")

		// The catalogue not rated: no level, no difficulty.
		p.Eval(t, `(function () { var c = document.getElementById("catalogue"); c.value = "2x2x3"; c.dispatchEvent(new Event("change")); })()`, nil)
		p.Eval(t, wait(`/^2x2x3 box/.test(document.getElementById("figures").textContent) && /of/.test(document.getElementById("count").textContent)`,
			`Array.from(document.querySelectorAll(".rated-only")).filter(function (e) { return !e.hidden; }).length + " " + location.hash`), &s)
		if s != "0 #catalogue=2x2x3" {
			t.Errorf("%s: the catalogue not rated: %q, want no element of difficulty shown and nothing but the catalogue in the address", name, s)
		}
		if errs := p.Errors(); len(errs) > 0 {
			t.Errorf("%s: script errors: %q", name, errs)
		}
		if away := fromOnly(p.Requests(), f.srv.URL); len(away) > 0 {
			t.Errorf("%s: the page asked the network for %q", name, away)
		}
	}
}
