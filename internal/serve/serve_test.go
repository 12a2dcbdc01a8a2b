package serve

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// fixture is a server over catalogues written to files, and what a
// catalog.Reader reads of them, to check answers against.
type fixture struct {
	srv  *httptest.Server
	s    *Server
	cats []*Catalogue
}

// files writes the catalogue of each box, in its format, to a temporary
// folder and returns their paths.
func files(t testing.TB, boxes []string, formats []export.Format) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for i, size := range boxes {
		p := filepath.Join(dir, fmt.Sprintf("%s.%v", size, formats[i]))
		if err := os.WriteFile(p, catalogtest.File(t, size, formats[i]), 0o666); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// newFixture serves the catalogues of the boxes named, 3x3x3 as JSON,
// a box named with ".parquet" as Parquet, others, and a box named with
// ".jsonl", as JSONL.
func newFixture(t testing.TB, opts Options, boxes ...string) *fixture {
	t.Helper()
	var formats []export.Format
	var others []symmetry.Box
	for i, size := range boxes {
		f := export.FormatJSONL
		switch {
		case size == "3":
			f = export.FormatJSON
		case strings.HasSuffix(size, ".parquet"):
			f = export.FormatParquet
			boxes[i] = strings.TrimSuffix(size, ".parquet")
		case strings.HasSuffix(size, ".jsonl"):
			boxes[i] = strings.TrimSuffix(size, ".jsonl")
		default:
			others = append(others, symmetry.MustParseBox(size))
		}
		formats = append(formats, f)
	}
	cats, err := OpenAll(context.Background(), files(t, boxes, formats), catalog.Options{Boxes: others})
	if err != nil {
		t.Fatal(err)
	}
	s := New(cats, opts)
	srv := httptest.NewServer(s)
	t.Cleanup(func() {
		srv.Close()
		for _, c := range cats {
			c.Close()
		}
	})
	return &fixture{srv: srv, s: s, cats: cats}
}

// get fetches path and decodes its JSON answer into out, when out is not
// nil; it returns the status.
func (f *fixture) get(t testing.TB, path string, out any) int {
	t.Helper()
	resp, err := f.srv.Client().Get(f.srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		var e struct{ Error string }
		if json.Unmarshal(body, &e) != nil || e.Error == "" {
			t.Errorf("GET %s: status %d without an error message: %.200q", path, resp.StatusCode, body)
		}
	}
	if out != nil && resp.StatusCode == 200 {
		if err := json.Unmarshal(body, out); err != nil {
			t.Fatalf("GET %s: %v in %.200q", path, err, body)
		}
	}
	return resp.StatusCode
}

type page struct {
	Total  int   `json:"total"`
	Snakes []Row `json:"snakes"`
}

// line is a snake as /api/snakes/{key} and /api/solve answer it.
type line struct {
	Snake     string            `json:"snake"`
	Solutions []export.Solution `json:"solutions"`
}

// TestFigures3 finds the figures of docs/CONVENTIONS.md through the API of a
// server over the 3x3x3 catalogue.
func TestFigures3(t *testing.T) {
	f := newFixture(t, Options{}, "3")
	var p page
	f.get(t, "/api/snakes?limit=0", &p)
	if p.Total != 11487 || len(p.Snakes) != 0 {
		t.Errorf("/api/snakes?limit=0: total %d, %d snakes; want 11487 and none", p.Total, len(p.Snakes))
	}
	f.get(t, "/api/snakes?solutions=1&limit=0", &p)
	if p.Total != 3658 {
		t.Errorf("snakes with one solution: %d, want 3658", p.Total)
	}
	f.get(t, "/api/snakes?palindrome=true&limit=1000", &p)
	sum := 0
	for _, s := range p.Snakes {
		sum += s.Solutions
		if !s.Palindrome || !isPalindrome(s.Key) {
			t.Errorf("palindrome=true answers %s, palindrome %v", s.Key, s.Palindrome)
		}
	}
	if p.Total != 77 || len(p.Snakes) != 77 || sum != 413 {
		t.Errorf("palindromes: %d (%d listed) with %d solutions, want 77 with 413", p.Total, len(p.Snakes), sum)
	}
	const most = "011111101010101111111111110"
	f.get(t, "/api/snakes?sort=-solutions&limit=1", &p)
	if len(p.Snakes) != 1 || p.Snakes[0].Key != most || p.Snakes[0].Solutions != 142 {
		t.Errorf("the snake with most solutions: %+v, want %s with 142", p.Snakes, most)
	}
	var st struct {
		Snakes, Solutions, Palindromes, PalindromeSolutions int
		OneSolution                                         int `json:"oneSolutionSnakes"`
	}
	f.get(t, "/api/stats", &st)
	if st.Snakes != 11487 || st.Solutions != 51704 || st.OneSolution != 3658 || st.Palindromes != 77 || st.PalindromeSolutions != 413 {
		t.Errorf("/api/stats: %+v, want 11487 snakes, 51704 solutions, 3658 with one, 77 palindromes with 413", st)
	}
	var l line
	f.get(t, "/api/snakes/"+most, &l)
	checkLine(t, l, most, 142, symmetry.MustParseBox("3"))
	rev := reverse(most)
	f.get(t, "/api/snakes/"+rev, &l) // the snake read from its other end
	checkLine(t, l, most, 142, symmetry.MustParseBox("3"))
	if code := f.get(t, "/api/snakes/0"+strings.Repeat("1", 25)+"0", nil); code != http.StatusNotFound {
		t.Errorf("the snake of all turns, which does not fold: status %d, want 404", code)
	}
}

func isPalindrome(k string) bool { return k == reverse(k) }

func reverse(k string) string {
	b := []byte(k)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

// checkLine checks that l is snake key with n distinct solutions, each a
// folding of it in box b.
func checkLine(t *testing.T, l line, key string, n int, b symmetry.Box) {
	t.Helper()
	q, err := solver.ParseSeq(key)
	if err != nil {
		t.Fatal(err)
	}
	if l.Snake != key || len(l.Solutions) != n {
		t.Errorf("snake %s: answered %s with %d solutions, want %d", key, l.Snake, len(l.Solutions), n)
		return
	}
	c := catalog.NewChecker(b)
	seen := map[string]bool{}
	for i, s := range l.Solutions {
		form, err := c.Solution(make([]symmetry.Dir, b.Len()-1), q, s)
		if err != nil {
			t.Fatalf("snake %s, solution %d: %v", key, i+1, err)
		}
		if k := fmt.Sprint(form.Form); seen[k] {
			t.Errorf("snake %s, solution %d: the same as an earlier one", key, i+1)
		} else {
			seen[k] = true
		}
	}
}

// snapshot is what a catalog.Reader reads of a catalogue: the oracle the
// index's answers are checked against.
func snapshot(t testing.TB, c *Catalogue) []Row {
	t.Helper()
	f, err := os.Open(c.File)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := catalog.NewReader(f, catalog.Options{Box: c.Box})
	var rows []Row
	for {
		s, err := r.Next()
		if errors.Is(err, io.EOF) {
			return rows
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, Row{Key: s.Key.String(), Solutions: len(s.Forms()), Straights: s.Key.Straights(), Palindrome: s.Key.Palindrome()})
	}
}

// answer is what /api/snakes should answer for q, by brute force.
func answer(all []Row, q Query) page {
	var m []Row
	for _, r := range all {
		if uint32(r.Solutions) >= q.MinSolutions && uint32(r.Solutions) <= q.MaxSolutions &&
			(q.Straights < 0 || r.Straights == q.Straights) &&
			(q.Palindrome < 0 || r.Palindrome == (q.Palindrome == 1)) &&
			(r.Level == 0 || r.Level >= q.MinLevel && r.Level <= q.MaxLevel) &&
			strings.HasPrefix(r.Key, q.Prefix.String()) {
			m = append(m, r)
		}
	}
	val := func(r Row) float64 {
		switch q.Sort {
		case BySolutions:
			return float64(r.Solutions)
		case ByStraights:
			return float64(r.Straights)
		case ByDifficulty:
			return r.Difficulty
		}
		return 0
	}
	// By value, then key; Desc reverses the values, and the keys only
	// when sorting by key.
	slices.SortFunc(m, func(a, b Row) int {
		if c := cmp.Compare(val(a), val(b)); c != 0 {
			if q.Desc {
				return -c
			}
			return c
		}
		if q.Sort == ByKey && q.Desc {
			return strings.Compare(b.Key, a.Key)
		}
		return strings.Compare(a.Key, b.Key)
	})
	p := page{Total: len(m), Snakes: []Row{}}
	if q.Offset < len(m) {
		p.Snakes = m[q.Offset:min(len(m), q.Offset+q.Limit)]
	}
	return p
}

// TestQueries: /api/snakes answers what a brute-force filter and sort of
// the catalogue, as a Reader reads it, answers, for many queries, on
// 2x3x4 (JSONL) and 2x2x3.
func TestQueries(t *testing.T) {
	f := newFixture(t, Options{}, "2x3x4", "2x2x3")
	for _, c := range f.cats {
		all := snapshot(t, c)
		if len(all) != c.Len() {
			t.Fatalf("%s: the index has %d snakes, the file %d", c.Name, c.Len(), len(all))
		}
		for _, sort := range []string{"", "key", "-key", "solutions", "-solutions", "straights", "-straights"} {
			for _, filter := range []string{"", "solutions=2", "min_solutions=2&max_solutions=5", "max_solutions=1", "straights=3",
				"palindrome=true", "palindrome=false", "prefix=0011", "prefix=" + all[len(all)/2].Key, "min_solutions=3&palindrome=false&prefix=001"} {
				v, _ := url.ParseQuery(strings.Trim(filter+"&sort="+sort, "&"))
				q, err := parseQuery(v, c.Box)
				if err != nil {
					t.Fatalf("%s: %s, sort %s: %v", c.Name, filter, sort, err)
				}
				q.Offset, q.Limit = 0, len(all)
				want := answer(all, q)
				pages := [][2]int{{3, 5}, {len(want.Snakes) - 2, 5}, {1000000, 3}, {0, 7}, {0, 1000}, {0, 0}}
				if testing.Short() {
					pages = pages[:3]
				}
				for _, pg := range pages {
					raw := fmt.Sprintf("catalogue=%s&%s&sort=%s&offset=%d&limit=%d", c.Name, filter, sort, max(pg[0], 0), pg[1])
					var got page
					f.get(t, "/api/snakes?"+raw, &got)
					w := page{Total: want.Total, Snakes: want.Snakes[min(max(pg[0], 0), len(want.Snakes)):min(max(pg[0], 0)+pg[1], len(want.Snakes))]}
					if !reflect.DeepEqual(got, w) {
						t.Fatalf("/api/snakes?%s = %d, %v; want %d, %v", raw, got.Total, got.Snakes, w.Total, w.Snakes)
					}
				}
			}
		}
	}
}

// Test2x3x4 reads every snake of a 2x3x4 catalogue, JSONL and Parquet,
// written by the engine in the test, through the API, and solves some of
// them again.
func Test2x3x4(t *testing.T) {
	for _, name := range []string{"2x3x4", "2x3x4.parquet"} {
		t.Run(name, func(t *testing.T) { test2x3x4(t, name) })
	}
}

func test2x3x4(t *testing.T, name string) {
	f := newFixture(t, Options{}, name)
	b := symmetry.MustParseBox("2x3x4")
	want, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var p page
	f.get(t, "/api/snakes?catalogue=2x3x4&limit=0", &p)
	if p.Total != len(want.Snakes) {
		t.Fatalf("2x3x4: %d snakes, the engine finds %d", p.Total, len(want.Snakes))
	}
	step := 1
	if testing.Short() {
		step = 13 // a thousand snakes
	}
	for i := 0; i < len(want.Snakes); i += step {
		s := want.Snakes[i]
		var l line
		f.get(t, "/api/snakes/"+s.Seq.String(), &l)
		if len(l.Solutions) != len(s.Solutions) {
			t.Fatalf("2x3x4 snake %v: %d solutions, the engine finds %d", s.Seq, len(l.Solutions), len(s.Solutions))
		}
		for k, sol := range l.Solutions {
			if got, wantDir := sol.Direction, codes(s.Solutions[k]); !reflect.DeepEqual(got, wantDir) {
				t.Fatalf("2x3x4 snake %v solution %d: %v, the engine finds %v", s.Seq, k+1, got, wantDir)
			}
		}
		if i%(97*step) == 0 { // a sample, each solved again; the box from the catalogue's
			var sv line
			f.get(t, "/api/solve?snake="+s.Seq.String(), &sv)
			if !reflect.DeepEqual(sv, l) {
				t.Errorf("/api/solve?snake=%v: %d solutions, not the catalogue's %d", s.Seq, len(sv.Solutions), len(l.Solutions))
			}
		}
	}
}

func codes(dirs []symmetry.Dir) []int {
	out := make([]int, len(dirs))
	for i, d := range dirs {
		out[i] = d.Code()
	}
	return out
}

// TestSolve: a snake in every notation gives the classic snake's one
// solution; the answer names the snake as typed, not its key.
func TestSolve(t *testing.T) {
	f := newFixture(t, Options{}, "2x2x3")
	for _, text := range []string{
		"001110110111010111101010100",
		"ESCCCSCCSCCCSCSCCCCSCSCSCSE",
		"3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3",
		"bwb/w/b/wb/w/bw/b/w/bw/bw/b/w/b/wb/wb/wb/wb",
	} {
		var l line
		if code := f.get(t, "/api/solve?snake="+url.QueryEscape(text), &l); code != 200 {
			t.Errorf("solve %s: status %d", text, code)
			continue
		}
		checkLine(t, l, "001110110111010111101010100", 1, symmetry.MustParseBox("3"))
	}
	var l line
	f.get(t, "/api/solve?snake=001010101111010111011011100", &l) // not its own key
	checkLine(t, l, "001010101111010111011011100", len(l.Solutions), symmetry.MustParseBox("3"))
	f.get(t, "/api/solve?snake=0"+strings.Repeat("1", 25)+"0", &l)
	if len(l.Solutions) != 0 {
		t.Errorf("the snake of all turns: %d solutions, want none", len(l.Solutions))
	}
	// 2x2x3 has 12 cells, no cube's: the served catalogue's box.
	f.get(t, "/api/solve?snake=001101110110", &l)
	checkLine(t, l, "001101110110", 1, symmetry.MustParseBox("2x2x3"))
	f.get(t, "/api/solve?snake=001101110110&size=1x3x4", &l)
	if len(l.Solutions) != 0 {
		t.Errorf("001101110110 in 1x3x4: %d solutions, want none", len(l.Solutions))
	}
	// 64 cubelets, the most: the answer is JSON that encoding/json reads
	// (get fails the test otherwise), cubelet 64 where it lies.
	const s64 = "0100101100101011101001111010011101111101100101011111001001001110"
	if code := f.get(t, "/api/solve?snake="+s64, &l); code != 200 {
		t.Fatalf("solve %s: status %d", s64, code)
	}
	checkLine(t, l, s64, len(l.Solutions), symmetry.MustParseBox("4"))
	if len(l.Solutions) == 0 {
		t.Errorf("solve %s: no solution, want some", s64)
	}
}

// TestSolveHelp: a snake of no solution is answered with the help solve
// prints, an ambiguous text with the reading used, and a run-length list
// one cubelet short with the run that would fold.
func TestSolveHelp(t *testing.T) {
	f := newFixture(t, Options{}, "2x2x3")
	var l struct {
		Snake     string
		Solutions []any
		Box       string
		Notes     []string
		Help      []string
	}
	if code := f.get(t, "/api/solve?snake=001010110111010111101010100", &l); code != 200 || len(l.Solutions) != 0 || l.Box != "3x3x3" ||
		!slices.Contains(l.Help, "  cubelet 4 as a turn, not a straight: 001110110111010111101010100, 1 solution") {
		t.Errorf("a snake one cubelet off the classic: status %d, %+v", code, l)
	}
	l.Notes = nil
	if code := f.get(t, "/api/solve?snake="+url.QueryEscape("F,F,T,T,T,F,T,T,F,T,T,T,F,T,F,T,T,T,T,F,T,F,T,F,T,F"), &l); code != 200 || len(l.Notes) != 1 || !strings.HasPrefix(l.Notes[0], "read as before") {
		t.Errorf("an ambiguous text: status %d, notes %q", code, l.Notes)
	}
	resp, err := f.srv.Client().Get(f.srv.URL + "/api/solve?snake=" + url.QueryEscape("3,2,2,2,2,3,2,2,3,3,2,2,2,3,3,3,3"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 400 || !bytes.Contains(body, []byte("run 4 as 3, not 2: 001110110111010111101010100, 3x3x3 box, 1 solution")) {
		t.Errorf("a list one cubelet short: %d %s", resp.StatusCode, body)
	}
}

// TestMaxSolutions: of a snake with more solutions than an answer holds,
// the first are answered, with their number and a note saying so; one
// with as many is answered whole, with no such note.
func TestMaxSolutions(t *testing.T) {
	type solved struct {
		line
		Total uint64   `json:"total"`
		Notes []string `json:"notes"`
	}
	const snake = "011111101010101111111111110" // 142 solutions
	for _, tc := range []struct {
		most, shown int
		total       uint64
		note        string
	}{
		{141, 141, 142, "This snake has 142 solutions; the first 141 are shown here."},
		{142, 142, 0, ""},
	} {
		f := newFixture(t, Options{MaxSolutions: tc.most}, "2x2x3")
		var l solved
		code := f.get(t, "/api/solve?snake="+snake, &l)
		note := strings.Join(l.Notes, "\n")
		if code != 200 || len(l.Solutions) != tc.shown || l.Total != tc.total || (tc.note == "") != (note == "") || !strings.Contains(note, tc.note) {
			t.Errorf("a snake of 142 solutions, %d at most: status %d, %d solutions, total %d, notes %q; want 200, %d, %d, %q",
				tc.most, code, len(l.Solutions), l.Total, note, tc.shown, tc.total, tc.note)
		}
	}
}

// TestChanged: a catalogue rewritten while served, an entry grown by a
// thousand copies of a solution or cut short, or a solution listed twice
// in place of another, is reported as an error; the read stops at the
// entry's end as indexed.
func TestChanged(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		edit       func(entry string) string
	}{
		{"grown", "the file has changed since it was indexed", func(e string) string {
			sol := e[strings.Index(e, `{"startPos"`) : strings.Index(e, `]]]}`)+4]
			return strings.Replace(e, sol, sol+strings.Repeat(","+sol, 1000), 1)
		}},
		{"cut", "the file has changed since it was indexed", func(e string) string {
			sol := e[strings.Index(e, `{"startPos"`) : strings.Index(e, `]]]}`)+5]
			return strings.Replace(e, sol, "", 1)
		}},
		{"repeated", "solution 2 is solution 1 again", func(e string) string {
			first := e[strings.Index(e, `{"startPos"`) : strings.Index(e, `]]]}`)+4]
			rest := e[strings.Index(e, `]]]}`)+5:]
			second := rest[:strings.Index(rest, `]]]}`)+4]
			return strings.Replace(e, second, first, 1)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, Options{}, "2x3x4")
			file := f.cats[0].File
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			// A snake with two solutions of the same length, so that the
			// one listed twice in place of the other keeps the size.
			var key, entry string
			for l := range strings.Lines(string(data)) {
				if strings.Count(l, "startPos") == 2 {
					entry = l
					key = l[len(`{"snake":"`):strings.Index(l, `",`)]
					break
				}
			}
			if err := os.WriteFile(file, []byte(strings.Replace(string(data), entry, tc.edit(entry), 1)), 0o666); err != nil {
				t.Fatal(err)
			}
			resp, err := f.srv.Client().Get(f.srv.URL + "/api/snakes/" + key)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusInternalServerError || !bytes.Contains(body, []byte(tc.want)) {
				t.Errorf("snake %s of a catalogue %s since indexed: %d %s, want 500 saying %q", key, tc.name, resp.StatusCode, body, tc.want)
			}
		})
	}
}

// TestTimeout: a search that outlives its time answers 503 and says so.
// Every solver is taken while it is asked, so that the search cannot end
// before its time, however fast the machine: the answer hangs on no clock.
func TestTimeout(t *testing.T) {
	f := newFixture(t, Options{SolveTimeout: time.Millisecond}, "2x2x3")
	for range cap(f.s.solvers) {
		f.s.solvers <- struct{}{}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a guard against a hang
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", f.srv.URL+"/api/solve?snake=001110110111010111101010100", nil)
	resp, err := f.srv.Client().Do(req)
	for range cap(f.s.solvers) {
		<-f.s.solvers
	}
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !bytes.Contains(body, []byte("no answer within")) {
		t.Errorf("a search out of time: %d %s, want 503 saying so", resp.StatusCode, body)
	}
}

// TestBadRequests: every bad or huge parameter answers 400 with a message
// that names it, or 404 for a key not in the catalogue, and the server
// goes on answering.
func TestBadRequests(t *testing.T) {
	f := newFixture(t, Options{}, "2x2x3")
	long := strings.Repeat("1", 2000)
	for _, tc := range []struct {
		path string
		code int
		want string
	}{
		{"/api/snakes?limit=1001", 400, "limit"},
		{"/api/snakes?limit=-1", 400, "limit"},
		{"/api/snakes?limit=1e3", 400, "limit"},
		{"/api/snakes?limit=99999999999999999999999999", 400, "limit"},
		{"/api/snakes?offset=-5", 400, "offset"},
		{"/api/snakes?offset=99999999999999999999999999", 400, "offset"},
		{"/api/snakes?solutions=x", 400, "solutions"},
		{"/api/snakes?min_solutions=5000000000", 400, "min_solutions"},
		{"/api/snakes?max_solutions=-1", 400, "max_solutions"},
		{"/api/snakes?straights=65", 400, "straights"},
		{"/api/snakes?palindrome=yes", 400, "palindrome"},
		{"/api/snakes?prefix=0012", 400, "prefix"},
		{"/api/snakes?prefix=0011011101100", 400, "prefix"},
		{"/api/snakes?sort=size", 400, "sort"},
		{"/api/snakes?sort=--key", 400, "sort"},
		{"/api/snakes?catalogue=3x3x3", 400, "catalogue"},
		{"/api/snakes?limit=1&limit=2", 400, "limit"},
		{"/api/snakes?colour=red", 400, "colour"},
		{"/api/snakes?prefix=" + long, 400, "prefix"},
		{"/api/snakes?" + strings.Repeat("a=1&", 2000), 400, "query"},
		{"/api/snakes?%zz", 400, "query"},
		{"/api/snakes/0011", 400, "key"},
		{"/api/snakes/abc", 400, "key"},
		{"/api/snakes/" + long, 400, "key"},
		{"/api/snakes/101101110110", 400, "key"},
		{"/api/snakes/000000000000", 404, "not in"},
		{"/api/snakes/001101110110?limit=1", 400, "limit"},
		{"/api/stats?catalogue=x", 400, "catalogue"},
		{"/api/solve", 400, "snake"},
		{"/api/solve?snake=", 400, "snake"},
		{"/api/solve?snake=0011x", 400, "snake"},
		{"/api/solve?snake=00111", 400, "the size field"},
		{"/api/solve?snake=" + long, 400, "snake"},
		{"/api/solve?snake=3,2,2000000000", 400, "snake"},
		{"/api/solve?snake=0011&notation=morse", 400, "notation"},
		{"/api/solve?snake=0011&size=0x0x0", 400, "size"},
		{"/api/solve?snake=0011&size=5x5x5", 400, "size"},
		{"/api/catalogues?x=1", 400, "x"},
	} {
		resp, err := f.srv.Client().Get(f.srv.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var e struct{ Error string }
		json.Unmarshal(body, &e)
		if resp.StatusCode != tc.code || !strings.Contains(e.Error, tc.want) || len(e.Error) > 400 {
			t.Errorf("GET %.80s: %d %.300q, want %d and a message of %q", tc.path, resp.StatusCode, body, tc.code, tc.want)
		}
	}
	var p page
	if f.get(t, "/api/snakes?limit=1", &p); p.Total == 0 {
		t.Error("after bad requests, the server answers no snake")
	}
}

// TestPage: the page names the catalogues and fetches nothing from
// elsewhere.
func TestPage(t *testing.T) {
	f := newFixture(t, Options{}, "2x2x3", "2x3x4")
	resp, err := f.srv.Client().Get(f.srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page := string(body)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, want := range []string{`<option value="2x2x3">`, `<option value="2x3x4">`, `"name":"2x3x4"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	// The SVG namespace is a name, never fetched; TestBrowser watches what
	// the page asks for.
	page = strings.ReplaceAll(page, "http://www.w3.org/2000/svg", "")
	for _, m := range regexp.MustCompile(`(?i)(src|href|action)\s*=\s*["']?([^"' >]*)|@import|url\(|fetch\(['"]http|//[a-z0-9.-]+\.[a-z]{2,}/`).FindAllStringSubmatch(page, -1) {
		if !strings.HasPrefix(m[2], "data:") || m[1] == "" {
			t.Errorf("the page holds %q: it must load nothing but what it holds", m[0])
		}
	}
	if code := f.get(t, "/nothing", nil); code != http.StatusNotFound {
		t.Errorf("GET /nothing: %d, want 404", code)
	}
}

// TestNames: two catalogues of one box are told apart by their place.
func TestNames(t *testing.T) {
	paths := files(t, []string{"2x2x3", "2x2x3"}, []export.Format{export.FormatJSON, export.FormatJSONL})
	b := symmetry.MustParseBox("2x2x3")
	cats, err := OpenAll(context.Background(), paths, catalog.Options{Boxes: []symmetry.Box{b}})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{srv: httptest.NewServer(New(cats, Options{})), cats: cats}
	defer f.srv.Close()
	var infos []info
	f.get(t, "/api/catalogues", &infos)
	if len(infos) != 2 || infos[0].Name != "2x2x3" || infos[1].Name != "2x2x3-2" || infos[0].Format != "json" || infos[1].Format != "jsonl" {
		t.Errorf("/api/catalogues = %+v, want 2x2x3 (json) and 2x2x3-2 (jsonl)", infos)
	}
	var p1, p2 page
	f.get(t, "/api/snakes?catalogue=2x2x3&sort=-solutions", &p1)
	f.get(t, "/api/snakes?catalogue=2x2x3-2&sort=-solutions", &p2)
	if p1.Total != 17 || !reflect.DeepEqual(p1, p2) {
		t.Errorf("the same catalogue in both formats answers %d snakes and %d, or not the same", p1.Total, p2.Total)
	}
}

// TestQueriesRated rates the 2x3x3 and 2x2x3 catalogues and checks that
// /api/snakes filters them by level and sorts them by difficulty as a
// brute force over the snakes, each rated alone, does; that the page and
// /api/catalogues tell them rated, and /api/stats gives the figures of
// difficulty; and that a catalogue not rated answers such queries 400.
func TestQueriesRated(t *testing.T) {
	f := newFixture(t, Options{}, "2x3x3", "2x2x3", "2x2x2")
	for _, c := range f.cats[:2] {
		calls := 0
		if err := c.Rate(context.Background(), 2, func(done, total int) { calls++ }); err != nil {
			t.Fatal(err)
		}
		if calls == 0 || !c.Rated() {
			t.Errorf("%s: Rate called progress %d times, Rated %v", c.Name, calls, c.Rated())
		}
		all := snapshot(t, c)
		scale, err := rate.ScaleOf(context.Background(), c.Box, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, r := range all {
			q, _ := solver.ParseSeq(r.Key)
			f, err := rate.Feel(context.Background(), c.Box, q, rate.FeelOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			x := &all[k]
			x.Ends = []float64{f.Ends[0].Expected, f.Ends[1].Expected}
			x.Difficulty, x.StdErr, x.Easier = x.Ends[0], f.Ends[0].StdErr, 1
			if x.Ends[1] < x.Ends[0] {
				x.Difficulty, x.StdErr, x.Easier = x.Ends[1], f.Ends[1].StdErr, q.Len
			}
			for x.Level = 1; x.Level < rate.Levels && x.Difficulty > scale.Thresholds[x.Level-1]; x.Level++ {
			}
		}
		// A snake's answer tells its rating too.
		for _, r := range []Row{all[0], all[len(all)/2], all[len(all)-1]} {
			var ans struct {
				Level      int
				Difficulty float64
				StdErr     float64
				Easier     int
				Ends       []float64
			}
			if st := f.get(t, "/api/snakes/"+r.Key+"?catalogue="+c.Name, &ans); st != 200 {
				t.Fatalf("GET /api/snakes/%s: %d", r.Key, st)
			}
			got := r
			got.Level, got.Difficulty, got.StdErr, got.Easier, got.Ends = ans.Level, ans.Difficulty, ans.StdErr, ans.Easier, ans.Ends
			if !reflect.DeepEqual(got, r) {
				t.Errorf("GET /api/snakes/%s rates it %+v, want %+v", r.Key, got, r)
			}
		}
		for _, sort := range []string{"", "difficulty", "-difficulty", "-solutions"} {
			for _, filter := range []string{"", "level=1", "min_level=2&max_level=4", "max_level=1&palindrome=false", "min_level=3&prefix=0011", "level=10"} {
				raw := strings.Trim(filter+"&sort="+sort, "&")
				v, _ := url.ParseQuery(raw)
				q, err := parseQuery(v, c.Box)
				if err != nil {
					t.Fatalf("%s: %s: %v", c.Name, raw, err)
				}
				q.Offset, q.Limit = 0, len(all)
				want := answer(all, q)
				for _, pg := range [][2]int{{0, 1000}, {2, 3}} {
					var got page
					path := fmt.Sprintf("/api/snakes?catalogue=%s&%s&offset=%d&limit=%d", c.Name, raw, pg[0], pg[1])
					if st := f.get(t, path, &got); st != 200 {
						t.Fatalf("GET %s: %d", path, st)
					}
					w := page{Total: want.Total, Snakes: want.Snakes[min(pg[0], len(want.Snakes)):min(pg[0]+pg[1], len(want.Snakes))]}
					if !reflect.DeepEqual(got, w) {
						t.Fatalf("GET %s = %d, %v; want %d, %v", path, got.Total, got.Snakes, w.Total, w.Snakes)
					}
				}
			}
		}
		var st struct {
			Difficulty *struct {
				Rated   int
				Hardest []struct{ Snake string }
			}
		}
		f.get(t, "/api/stats?catalogue="+c.Name, &st)
		if st.Difficulty == nil || st.Difficulty.Rated != len(all) || len(st.Difficulty.Hardest) == 0 {
			t.Errorf("%s: /api/stats: difficulty %+v", c.Name, st.Difficulty)
		}
	}
	var infos []info
	f.get(t, "/api/catalogues", &infos)
	if len(infos) != 3 || !infos[0].Rated || !infos[1].Rated || infos[2].Rated || infos[2].Scale != nil ||
		*infos[0].Scale != (scaleInfo{"2x3x3", len(snapshot(t, f.cats[0])), false}) {
		t.Errorf("/api/catalogues: %+v, want the first two rated", infos)
	}
	for _, q := range []string{"sort=difficulty", "sort=-difficulty", "level=3", "min_level=2", "max_level=9"} {
		if st := f.get(t, "/api/snakes?catalogue=2x2x2&"+q, nil); st != 400 {
			t.Errorf("/api/snakes?%s of a catalogue not rated: %d, want 400", q, st)
		}
	}
	for _, q := range []string{"level=11", "min_level=-1", "sort=level"} {
		if st := f.get(t, "/api/snakes?"+q, nil); st != 400 {
			t.Errorf("/api/snakes?%s: %d, want 400", q, st)
		}
	}
}

// TestDamaged: an entry that the index's skim lets pass but that does not
// read (a start cell that is a string) is reported as a damaged file, at
// its place, when the file is as it was indexed; not as a file changed
// since, which restarting would not mend.
func TestDamaged(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.jsonl")
	data := `{"box":"2x2x2"}` + "\n" + `{"snake":"01111110","solutions":[{"startPos":"x"}]}` + "\n"
	if err := os.WriteFile(file, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
	c, err := Open(context.Background(), file, catalog.Options{Box: symmetry.MustParseBox("2")})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	q, err := solver.ParseSeq("01111110")
	if err != nil {
		t.Fatal(err)
	}
	_, found, err := c.Snake(q)
	if !found || err == nil || !strings.Contains(err.Error(), "the file is damaged there") ||
		!strings.Contains(err.Error(), "line 2, column 46") || strings.Contains(err.Error(), "changed") {
		t.Errorf("Snake(%v) of a file damaged when indexed: %v, %v; want a damaged file, line 2, column 46", q, found, err)
	}
}

// TestSolveDiffer: /api/solve says where the King snake's solutions that
// share most of the folding differ, as package fold says it of the
// solutions it answers; the classic snake, of one solution, says nothing.
func TestSolveDiffer(t *testing.T) {
	f := newFixture(t, Options{}, "2x2x3")
	var l struct {
		line
		Differ *string `json:"differ"`
	}
	const king = "0011011100110110110111111111010111111010011110011011111111110010"
	if code := f.get(t, "/api/solve?snake="+king, &l); code != 200 {
		t.Fatalf("solve the King snake: status %d", code)
	}
	b := symmetry.MustParseBox("4")
	sols := make([][]symmetry.Dir, len(l.Solutions))
	for i, s := range l.Solutions {
		for _, c := range s.Direction {
			d, _ := symmetry.DirOfCode(c)
			sols[i] = append(sols[i], d)
		}
	}
	if want := fold.Differences(b, sols); want == "" || l.Differ == nil || *l.Differ != want {
		t.Errorf("/api/solve of the King snake: differ %v, want %q", l.Differ, want)
	}
	l.Differ = nil
	f.get(t, "/api/solve?snake=001110110111010111101010100", &l)
	if l.Differ != nil {
		t.Errorf("/api/solve of the classic snake: differ %q, want none", *l.Differ)
	}
}

// TestSolveFelt: a snake solved as typed is told how hard it is for a
// person to fold, as rate rates it alone, where its box's scale is at
// hand: the 3x3x3 and 4x4x4 scales held made, and the scale of a box of
// up to 18 cells, made then; a box whose scale would take minutes, and
// a snake of no solution, go without.
func TestSolveFelt(t *testing.T) {
	f := newFixture(t, Options{}, "2x2x3")
	type felt struct {
		Level      int
		Difficulty float64
		StdErr     float64
		Easier     int
		Ends       []float64
		Scale      *struct {
			Box     string
			Snakes  int
			Sampled bool
		}
	}
	for _, x := range []struct{ text, box string }{
		{"001010101111010111011011100", "3"},     // not its own key: ends as typed
		{"001101110110", "2x2x3"},                // the served catalogue's box
		{"0001100111001100&size=2x2x4", "2x2x4"}, // a scale made now
		{"0011011100110110110111111111010111111010011110011011111111110010", "4"},
	} {
		var got felt
		if code := f.get(t, "/api/solve?snake="+x.text, &got); code != 200 {
			t.Fatalf("solve %s: status %d", x.text, code)
		}
		b := symmetry.MustParseBox(x.box)
		q, _ := solver.ParseSeq(strings.SplitN(x.text, "&", 2)[0])
		want, err := rate.Person(t.Context(), b, q, rate.PersonOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		j := want.JSON()
		if got.Level != j.Level || got.Level < 1 || got.Difficulty != *j.Difficulty || got.StdErr != *j.StdErr || got.Easier != j.Easier ||
			len(got.Ends) != 2 || got.Ends[0] != want.Ends[0].Expected || got.Ends[1] != want.Ends[1].Expected ||
			got.Scale == nil || got.Scale.Box != j.Scale.Box || got.Scale.Snakes != j.Scale.Snakes || got.Scale.Sampled != j.Scale.Sampled {
			t.Errorf("solve %s: %+v, scale %+v; rate alone: %+v", x.text, got, got.Scale, j)
		}
	}
	for _, text := range []string{
		"0" + strings.Repeat("1", 25) + "0",           // no solution
		"00010010010101101011111111001000&size=2x4x4", // 32 cells, no scale held
	} {
		var got felt
		if code := f.get(t, "/api/solve?snake="+text, &got); code != 200 || got.Level != 0 || got.Scale != nil {
			t.Errorf("solve %s: status %d, level %d, scale %v; want no rating", text, code, got.Level, got.Scale)
		}
	}
}
