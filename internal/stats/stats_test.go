package stats

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

func compute(t testing.TB, data []byte, opts Options) *Stats {
	t.Helper()
	s, err := Compute(context.Background(), bytes.NewReader(data), opts)
	if err != nil {
		t.Fatalf("Compute: %v", err)
	}
	return s
}

var (
	stats3Once sync.Once
	stats3     *Stats
)

// figures3 returns the figures of the 3x3x3 catalogue, computed once.
func figures3(t testing.TB) *Stats {
	stats3Once.Do(func() { stats3 = compute(t, catalogtest.File(t, "3", export.FormatJSON), Options{}) })
	if stats3 == nil {
		t.FailNow()
	}
	return stats3
}

// TestFigures3 finds the published 3x3x3 figures of docs/CONVENTIONS.md.
func TestFigures3(t *testing.T) {
	t.Parallel()
	s := figures3(t)
	for _, f := range []struct {
		name      string
		got, want int
	}{
		{"snakes", s.Snakes, 11487},
		{"solutions", s.Solutions, 51704},
		{"duplicates", s.Duplicates, 0},
		{"palindromes", s.Palindromes, 77},
		{"palindrome solutions", s.PalindromeSolutions, 413},
		{"one-solution snakes", s.OneSolution(), 3658},
		{"most solutions", s.Most, 142},
		{"fewest straights", s.MinStraights, 2},
		{"most straights", s.MaxStraights, 11},
	} {
		if f.got != f.want {
			t.Errorf("3x3x3: %s = %d, want %d", f.name, f.got, f.want)
		}
	}
	if len(s.MostSnakes) != 1 || s.MostSnakes[0].String() != "011111101010101111111111110" {
		t.Errorf("3x3x3: the snakes with most solutions are %v", s.MostSnakes)
	}
	if len(s.Top) != TopN || s.Top[0].Key != s.MostSnakes[0] || s.Top[0].Solutions != 142 {
		t.Errorf("3x3x3: Top = %v", s.Top)
	}
	for i := 1; i < len(s.Top); i++ {
		a, b := s.Top[i-1], s.Top[i]
		if a.Solutions < b.Solutions || a.Solutions == b.Solutions && a.Key.Compare(b.Key) >= 0 {
			t.Errorf("3x3x3: Top[%d] = %v comes before Top[%d] = %v", i-1, a, i, b)
		}
	}
	// Colour parity: paths start and end on the 14 even cells, corners
	// and face centres, and each solution is counted once.
	ends := 0
	for a := range Class(NumClasses) {
		for b := range Class(NumClasses) {
			ends += s.Ends[a][b]
			if (a == Edge || a == Centre || b == Edge || b == Centre) && s.Ends[a][b] > 0 {
				t.Errorf("3x3x3: %d solutions from a %v to a %v cell", s.Ends[a][b], a, b)
			}
		}
	}
	if ends != s.Solutions {
		t.Errorf("3x3x3: Ends count %d solutions, want %d", ends, s.Solutions)
	}
	// The tables add up to the totals.
	snakes, sols, pal := 0, 0, 0
	for k, row := range s.ByStraights {
		for n, c := range row {
			snakes += c
			sols += n * c
			pal += cell(s.PalindromesByStraights, k, n)
			if c > 0 && (k < s.MinStraights || k > s.MaxStraights) {
				t.Errorf("3x3x3: %d snakes with %d straights, outside %d to %d", c, k, s.MinStraights, s.MaxStraights)
			}
		}
	}
	if snakes != s.Snakes || sols != s.Solutions || pal != s.Palindromes {
		t.Errorf("3x3x3: ByStraights holds %d snakes, %d solutions, %d palindromes", snakes, sols, pal)
	}
}

// TestFigures2: one snake, three solutions, all in corners.
func TestFigures2(t *testing.T) {
	t.Parallel()
	for _, f := range []export.Format{export.FormatJSON, export.FormatJSONL} {
		s := compute(t, catalogtest.File(t, "2", f), Options{})
		want := &Stats{
			Box: symmetry.MustParseBox("2"), Snakes: 1, Solutions: 3, Palindromes: 1, PalindromeSolutions: 3,
			Most: 3, MostSnakes: []solver.Seq{{Bits: 0b01111110, Len: 8}},
			Histogram: []int{0, 0, 0, 1}, ByStraights: [][]int{{0, 0, 0, 1}}, PalindromesByStraights: [][]int{{0, 0, 0, 1}},
			Top: []Snake{{Key: solver.Seq{Bits: 0b01111110, Len: 8}, Solutions: 3}},
		}
		want.Ends[Corner][Corner] = 3
		if !reflect.DeepEqual(s, want) {
			t.Errorf("Compute(2x2x2.%v) = %+v, want %+v", f, s, want)
		}
	}
}

func TestClassOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		size string
		want [NumClasses]int
	}{
		{"2x2x2", [NumClasses]int{8, 0, 0, 0}},
		{"3x3x3", [NumClasses]int{8, 12, 6, 1}},
		{"4x4x4", [NumClasses]int{8, 24, 24, 8}},
		{"2x2x3", [NumClasses]int{8, 4, 0, 0}},
		{"1x4x4", [NumClasses]int{4, 8, 4, 0}},
		{"3x3x4", [NumClasses]int{8, 16, 10, 2}},
	} {
		b := symmetry.MustParseBox(tc.size)
		var got [NumClasses]int
		for i := range b.Len() {
			got[ClassOf(b, b.Coord(i))]++
		}
		if got != tc.want {
			t.Errorf("%v: cells by class %v, want %v", b, got, tc.want)
		}
	}
}

// image writes the solution s of box b moved by g, read backwards when
// back, as another program might state it.
func image(b symmetry.Box, s export.Solution, g symmetry.Transform, back bool) export.Solution {
	dirs := make([]symmetry.Dir, len(s.Direction))
	for i, c := range s.Direction {
		dirs[i], _ = symmetry.DirOfCode(c)
	}
	start := [3]int(s.StartPos)
	if back {
		cells, _ := b.Cells(start, dirs)
		start, dirs = cells[len(cells)-1], symmetry.Reverse(nil, dirs)
	}
	start = g.Cell(b, start)
	out := export.Solution{StartPos: start[:], Path: make([][][]int, b.Size[0])}
	for x := range out.Path {
		out.Path[x] = make([][]int, b.Size[1])
		for y := range out.Path[x] {
			out.Path[x][y] = make([]int, b.Size[2])
		}
	}
	p := start
	out.Path[p[0]][p[1]][p[2]] = 1
	for i, d := range dirs {
		d = g.Dir(d)
		out.Direction = append(out.Direction, d.Code())
		p = b.Step(p, d)
		out.Path[p[0]][p[1]][p[2]] = i + 2
	}
	return out
}

// rewrite decodes the first limit entries of a catalogue, changes each
// with f, and encodes them again.
func rewrite(t testing.TB, data []byte, limit int, f func(e *export.Entry)) []byte {
	t.Helper()
	r := export.NewReader(bytes.NewReader(data))
	var buf bytes.Buffer
	buf.WriteString("{\n")
	for n := 0; n < limit; n++ {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		f(&e)
		if n > 0 {
			buf.WriteString(",\n")
		}
		k, _ := json.Marshal(e.Key)
		v, _ := json.Marshal(e.Solutions)
		buf.Write(k)
		buf.WriteByte(':')
		buf.Write(v)
	}
	buf.WriteString("\n}\n")
	return buf.Bytes()
}

// TestForeignReadings: the figures do not depend on which image of a
// solution a file states, nor on the end it reads it from; a solution
// listed twice counts once.
func TestForeignReadings(t *testing.T) {
	t.Parallel()
	for _, size := range []string{"2x2x3", "2x3x3", "3x3x3"} {
		b := symmetry.MustParseBox(size)
		// A part of the 3x3x3 file: the whole costs seconds under -race.
		data := rewrite(t, catalogtest.File(t, size, export.FormatJSON), 600, func(*export.Entry) {})
		want := compute(t, data, Options{Box: b})
		g := b.Group()
		rng := rand.New(rand.NewPCG(3, 4))
		foreign := rewrite(t, data, 600, func(e *export.Entry) {
			for k, s := range e.Solutions {
				e.Solutions[k] = image(b, s, g[rng.IntN(len(g))], rng.IntN(2) == 0)
			}
		})
		if got := compute(t, foreign, Options{Box: b}); !reflect.DeepEqual(got, want) {
			t.Errorf("%v: figures of the file in other readings differ:\n%+v\nwant\n%+v", b, got, want)
		}
		twice := rewrite(t, data, 600, func(e *export.Entry) {
			e.Solutions = append(e.Solutions, image(b, e.Solutions[0], g[len(g)-1], true))
		})
		got := compute(t, twice, Options{Box: b})
		if got.Duplicates != want.Snakes {
			t.Errorf("%v: %d duplicates, want one per snake, %d", b, got.Duplicates, want.Snakes)
		}
		got.Duplicates = 0
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%v: figures of the file with a solution twice per snake differ", b)
		}
	}
}

// TestWorkers: the figures are the same on any number of workers, a
// solution listed twice counted once on each, and a problem stops the
// reading at the same snake with the same words.
func TestWorkers(t *testing.T) {
	t.Parallel()
	b := symmetry.MustParseBox("3")
	g := b.Group()
	twice := rewrite(t, catalogtest.File(t, "3", export.FormatJSON), 1500, func(e *export.Entry) {
		e.Solutions = append(e.Solutions, image(b, e.Solutions[0], g[len(g)-1], true))
	})
	// A wrong solution past the first batches.
	at := 0
	for range 3000 {
		at += bytes.Index(twice[at:], []byte(`"direction":[`)) + 1
	}
	bad := slices.Concat(twice[:at-1], []byte(`"direction":[-`), twice[at-1+len(`"direction":[`):])
	want := compute(t, twice, Options{Workers: 1})
	_, wantErr := Compute(context.Background(), bytes.NewReader(bad), Options{Workers: 1})
	if want.Duplicates != want.Snakes || wantErr == nil {
		t.Fatalf("one worker: %d duplicates of %d snakes, error %v; want one a snake and an error", want.Duplicates, want.Snakes, wantErr)
	}
	for _, workers := range []int{2, 3, 5} {
		if got := compute(t, twice, Options{Workers: workers}); !reflect.DeepEqual(got, want) {
			t.Errorf("%d workers: figures\n%+v\nwant, as on one\n%+v", workers, got, want)
		}
		if _, err := Compute(context.Background(), bytes.NewReader(bad), Options{Workers: workers}); fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Errorf("%d workers: %v, want %v", workers, err, wantErr)
		}
	}
}

// TestErrors: what Compute refuses, and how it says so.
func TestErrors(t *testing.T) {
	t.Parallel()
	good := string(catalogtest.File(t, "2", export.FormatJSON))
	for _, tc := range []struct {
		name, in string
		opts     Options
		want     string
	}{
		{"bad direction", strings.Replace(good, "[1,2,-1,3,1,-2,-1]", "[1,2,-1,3,1,-2,-3]", 1), Options{},
			"01111110 solution 1: direction: move 7 (-z) returns to cell [1 0 0] at cubelet 8"},
		{"bad path", strings.Replace(good, "[[[1,8],[4,5]],[[2,7],[3,6]]]", "[[[1,8],[4,5]],[[2,7],[6,3]]]", 1), Options{},
			"01111110 solution 1: path[1][1][0] is 6, want 3"},
		{"not a snake of the box", good, Options{Box: symmetry.MustParseBox("2x2x3")},
			"01111110: not a snake of the 2x2x3 box: 8 cubelets, want 12 for the 2x2x3 box"},
		{"not a key", `{"01000000":[]}`, Options{}, "01000000: not a key: its reverse, 00000010, is smaller"},
		{"no solution", `{"01111110":[]}`, Options{}, "01111110: lists no solution"},
		{"order", strings.TrimRight(good, "}\n") + `,"01101110":[]}`, Options{}, "01101110: follows 01111110: keys must ascend"},
		{"repeated", strings.TrimRight(good, "}\n") + `,"01111110":[]}`, Options{}, "01111110: listed again: keys must be unique"},
		{"no box", `{"011110":[]}`, Options{}, "the box is not known"},
		{"truncated", good[:100], Options{}, "line 2, column 99 (byte 100): unexpected EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compute(context.Background(), strings.NewReader(tc.in), tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Compute = %v, want an error saying %q", err, tc.want)
			}
			var p *catalog.Problem
			var se *export.SyntaxError
			if !errors.As(err, &p) && !errors.As(err, &se) && !errors.Is(err, catalog.ErrNoBox) {
				t.Errorf("Compute = %T, want a *catalog.Problem, an *export.SyntaxError or ErrNoBox", err)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compute(ctx, strings.NewReader(good), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Compute with a cancelled context = %v", err)
	}
	s, err := Compute(context.Background(), strings.NewReader("{}"), Options{})
	if err != nil || s.Snakes != 0 || s.MinStraights != 0 || len(s.Bins()) != 0 {
		t.Errorf("Compute({}) = %+v, %v", s, err)
	}
}

func TestBins(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		most      int
		histogram []int
		want      string
	}{
		{0, nil, ""},
		{1, []int{0, 5}, "1"},
		{3, []int{0, 0, 0, 1}, "1 2 3-4"},
		{142, nil, "1 2 3-4 5-8 9-16 17-32 33-64 65-128 129-256"},
		{128, []int{2}, "0 1 2 3-4 5-8 9-16 17-32 33-64 65-128"},
	} {
		s := &Stats{Most: tc.most, Histogram: tc.histogram}
		var got []string
		for _, b := range s.Bins() {
			got = append(got, b.String())
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("Bins with Most %d = %v, want %s", tc.most, got, tc.want)
		}
	}
}

// TestOutputs reads back what the json and csv formats write, and checks
// that the SVG is well-formed XML without scripts.
func TestOutputs(t *testing.T) {
	t.Parallel()
	s := figures3(t)
	var buf bytes.Buffer
	if err := s.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var j jsonStats
	if err := json.Unmarshal(buf.Bytes(), &j); err != nil {
		t.Fatalf("WriteJSON wrote what does not decode: %v", err)
	}
	if !reflect.DeepEqual(j, s.json()) || j.Snakes != 11487 || j.Convention != Convention {
		t.Errorf("WriteJSON does not read back the same figures")
	}

	buf.Reset()
	if err := s.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("WriteCSV wrote what does not parse: %v", err)
	}
	sums := map[string]int{}
	summary := map[string]string{}
	for _, r := range recs[1:] {
		if r[0] == "summary" {
			summary[r[1]] = r[3]
			continue
		}
		v, err := strconv.Atoi(r[3])
		if err != nil {
			t.Fatalf("WriteCSV: %v has no number", r)
		}
		sums[r[0]] += v
	}
	if strings.Join(recs[0], ",") != "table,row,column,value" || summary["snakes"] != "11487" || summary["convention"] != Convention ||
		sums["histogram"] != 11487 || sums["by_straights"] != 11487 || sums["palindromes_by_straights"] != 77 || sums["ends"] != 51704 {
		t.Errorf("WriteCSV: header %v, summary %v, sums %v", recs[0], summary, sums)
	}

	buf.Reset()
	if err := s.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	elems := map[string]int{}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("WriteSVG wrote bad XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			elems[se.Name.Local]++
		}
	}
	if elems["script"] > 0 || elems["svg"] != 1 || elems["rect"] < 100 {
		t.Errorf("WriteSVG: elements %v", elems)
	}
	if !bytes.Contains(buf.Bytes(), []byte("up to reading the snake")) {
		t.Error("WriteSVG does not state the convention")
	}
}

// TestSVGManySolutions: a histogram too long for a bar per number of
// solutions is drawn in groups, with no bar narrower than a pixel.
func TestSVGManySolutions(t *testing.T) {
	t.Parallel()
	s := &Stats{Box: symmetry.MustParseBox("4"), Snakes: 5002, Solutions: 5000*1 + 4999 + 9173, Most: 9173, MinStraights: 3, MaxStraights: 3}
	s.Histogram = make([]int, 9174)
	s.Histogram[1], s.Histogram[4999], s.Histogram[9173] = 5000, 1, 1
	s.ByStraights = [][]int{3: s.Histogram}
	var buf bytes.Buffer
	if err := s.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(buf.Bytes(), []byte("in groups of 39")) || !bytes.Contains(buf.Bytes(), []byte("<title>4993 to 5031 solutions: 1 snake</title>")) {
		t.Error("WriteSVG does not say how it groups the bars")
	}
	d := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	bars := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("WriteSVG wrote bad XML: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "rect" {
			continue
		}
		attr := map[string]string{}
		for _, a := range se.Attr {
			attr[a.Name.Local] = a.Value
		}
		if attr["class"] != "bar" {
			continue
		}
		bars++
		if w, err := strconv.ParseFloat(attr["width"], 64); err != nil || w < 1 {
			t.Errorf("WriteSVG drew a bar %s wide", attr["width"])
		}
	}
	if bars != 3 {
		t.Errorf("WriteSVG drew %d bars, want 3", bars)
	}
}

// TestSkimmed: the figures a Counter counts from a skim of 3x3x3 are those
// Compute reads, but for the ends and duplicates, which JSON leaves out.
func TestSkimmed(t *testing.T) {
	t.Parallel()
	full := figures3(t)
	sk := catalog.NewSkimmer(bytes.NewReader(catalogtest.File(t, "3", export.FormatJSONL)), catalog.Options{})
	var tl *Counter
	for {
		e, err := sk.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if tl == nil {
			tl = NewCounter(sk.Box())
		}
		tl.Skimmed(e)
	}
	got := *tl.Stats()
	if !got.Skimmed {
		t.Error("a Counter of a skim: Skimmed is false")
	}
	want := *full
	want.Ends, want.Skimmed = [NumClasses][NumClasses]int{}, true
	if !reflect.DeepEqual(got, want) {
		t.Errorf("figures of a skim:\n%+v\nwant\n%+v", got, want)
	}
	var j map[string]any
	var buf bytes.Buffer
	if err := got.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(buf.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	_, hasEnds := j["ends"]
	_, hasDups := j["duplicates"]
	if hasEnds || hasDups || j["skimmed"] != true || j["snakes"] != float64(11487) {
		t.Errorf("JSON of a skim: ends %v, duplicates %v, skimmed %v, snakes %v; want no ends, no duplicates, skimmed true, 11487 snakes",
			hasEnds, hasDups, j["skimmed"], j["snakes"])
	}
	for _, w := range []func(io.Writer) error{got.WriteText, got.WriteCSV} {
		buf.Reset()
		if err := w(&buf); err != nil {
			t.Fatal(err)
		}
		if s := buf.String(); strings.Contains(s, "start and end") || strings.Contains(s, "\nends,") || strings.Contains(s, "duplicates") {
			t.Errorf("text or CSV of a skim shows ends or duplicates:\n%.300s", s)
		}
	}
}
