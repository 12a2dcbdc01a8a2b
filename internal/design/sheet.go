package design

import (
	"bufio"
	"context"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Sheet is a puzzle as its maker's sheet shows it: the snake, its rating
// and its first solutions.
type Sheet struct {
	Box symmetry.Box
	// Seq is the snake; cubelet 1 is its first character.
	Seq    solver.Seq
	Rating rate.Rating
	// Solutions are the first of the snake's solutions, as solver.Solve
	// returns them for Seq; Total is how many it has.
	Solutions [][]symmetry.Dir
	Total     uint64
}

// The page, in millimetres: A4, as the step sheet of package fold.
const (
	pageW, pageH = 210.0, 297.0
	margin       = 12.0
	textW        = pageW - 2*margin
)

// The woods of the chain, light and dark, as package fold draws them, and
// the elastic.
const (
	lightWood = "#eccda0"
	darkWood  = "#a67044"
	elastic   = "#c0392b"
	ink       = "#3a2a1a"
)

func wood(i int) string {
	if i%2 == 0 {
		return lightWood
	}
	return darkWood
}

// WriteSheet writes the maker's sheet of the puzzles: one SVG of A4 pages
// stacked top to bottom, as package fold's step sheet, that asks a
// printing browser for A4 pages without margins. Each puzzle has a page:
// the snake in words and numbers, its difficulty, the chain cubelet by
// cubelet with how the elastic runs through each and the wood it is cut
// from, and its runs, drawn laid out flat. The solutions follow on pages
// of their own, the step sheet of package fold, so that the puzzle and
// its answer print apart. It holds no script and loads nothing.
func WriteSheet(ctx context.Context, w io.Writer, sheets []Sheet) error {
	answers := foldSnakes(sheets)
	pages := len(sheets) + fold.SheetPages(answers)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`+"\n",
		pageW, pageH*float64(pages), pageW, pageH*float64(pages))
	fmt.Fprintf(bw, "<title>snakecube maker's sheet</title>\n")
	fmt.Fprintf(bw, `<rect width="%g" height="%g" fill="#fff"/>`+"\n", pageW, pageH*float64(len(sheets)))
	for k, s := range sheets {
		if err := ctx.Err(); err != nil {
			return err
		}
		writePuzzlePage(bw, s, k, pages, len(sheets))
	}
	if err := fold.WriteSheetPages(ctx, bw, answers, len(sheets), pages); err != nil {
		return err
	}
	fmt.Fprintln(bw, "</svg>")
	return bw.Flush()
}

// foldSnakes returns the puzzles' solutions as the step sheet takes them.
func foldSnakes(sheets []Sheet) []fold.Snake {
	snakes := make([]fold.Snake, len(sheets))
	for k, s := range sheets {
		snakes[k] = fold.Snake{Box: s.Box, Seq: s.Seq, Solutions: s.Solutions, Total: s.Total}
	}
	return snakes
}

// text writes a line of text at (x, y) in the given size and style.
func text(w io.Writer, x, y, size float64, attrs, s string) {
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="%g"%s>%s</text>`+"\n", x, y, size, attrs, html.EscapeString(s))
}

// wrap cuts s into lines of at most n characters, at spaces.
func wrap(s string, n int) []string {
	var lines []string
	for len(s) > n {
		i := strings.LastIndexByte(s[:n+1], ' ')
		if i <= 0 {
			i = n
		}
		lines = append(lines, s[:i])
		s = strings.TrimLeft(s[i:], " ")
	}
	return append(lines, s)
}

// Lines returns what the sheet says of a puzzle in words: its solutions
// and difficulty, for the page's head.
func (s Sheet) Lines() (title, sub string, about []string) {
	q, r := s.Seq, s.Rating
	title = fmt.Sprintf("A snake puzzle for the %v box", s.Box)
	sub = fmt.Sprintf("%d cubelets · %s", q.Len, fold.Plural(int(s.Total), "solution"))
	if s.Total == 1 {
		sub += " (a unique answer)"
	}
	if !r.Foldable() {
		return title, sub + " · it does not fold", nil
	}
	sub += fmt.Sprintf(" · difficulty %d of %d", r.Level(), rate.Levels)
	about = append(about,
		fmt.Sprintf("Difficulty: a person who folds from either end, puts each cubelet in a free cell drawn at random and takes it back at a dead end places %s cubelets on average before the puzzle is solved (%s from cubelet 1, %s from cubelet %d); %.0f%% of them are forced, the chain leaving one free cell.",
			amount(r.Difficulty()), amount(r.Ends[0].Expected), amount(r.Ends[1].Expected), q.Len, 100*r.ForcedShare()),
		levelWords(r.Difficulty()),
	)
	return title, sub, about
}

// levelWords says what a level means.
func levelWords(d float64) string {
	sc := rate.Scale()
	l := rate.Level(d)
	switch {
	case d > sc.Hardest:
		return fmt.Sprintf("Level %d of %d: harder than every one of the %s snakes of the 3x3x3 box.", l, rate.Levels, fold.Thousands(sc.Snakes))
	case d < sc.Easiest:
		return fmt.Sprintf("Level %d of %d: easier than every one of the %s snakes of the 3x3x3 box.", l, rate.Levels, fold.Thousands(sc.Snakes))
	}
	return fmt.Sprintf("Level %d of %d: among the %s snakes of the 3x3x3 box, in the %s tenth from the easiest.", l, rate.Levels, fold.Thousands(sc.Snakes), ordinal(l))
}

func ordinal(n int) string {
	return [...]string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}[n]
}

// amount writes a number of placements: whole, thousands separated.
func amount(x float64) string { return fold.Thousands(int(math.Round(x))) }

// runsList writes the runs separated by commas.
func runsList(q solver.Seq) string {
	var b strings.Builder
	for k, r := range Runs(q) {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(r))
	}
	return b.String()
}

// The words of the sheet's legend: how each kind of cubelet is drilled,
// and how the chain is put together.
var (
	kindWords = map[Kind]string{
		Straight: "straight: drill right through, from a face to the opposite face",
		Corner:   "corner: drill in from two faces that meet at an edge, to meet in the middle",
		End:      "end: drill in from one face to the middle, and knot the elastic there",
	}
	buildWords = []string{
		"Cut the cubelets from two woods, light and dark, and thread them in order on a strong elastic, light first: folded, the puzzle shows a chequer pattern.",
		"Pull the elastic tight before the last knot, so that the chain holds together and each cubelet still turns about the elastic.",
	}
)

// writePuzzlePage writes page k of pages: puzzle k of n.
func writePuzzlePage(w io.Writer, s Sheet, k, pages, n int) {
	top := float64(k) * pageH
	if k > 0 {
		fmt.Fprintf(w, `<line x1="0" y1="%g" x2="%g" y2="%g" stroke="#ddd" stroke-width="0.2"/>`+"\n", top, pageW, top)
	}
	head := "snakecube maker's sheet · the puzzle"
	if n > 1 {
		head += fmt.Sprintf(" · %d of %d", k+1, n)
	}
	text(w, margin, top+margin+2, 2.8, ` fill="#555"`, head)
	text(w, pageW-margin, top+margin+2, 2.8, ` fill="#555" text-anchor="end"`, fmt.Sprintf("page %d of %d", k+1, pages))
	title, sub, about := s.Lines()
	y := top + margin + 12
	text(w, margin, y, 6, ` font-weight="bold"`, title)
	y += 7
	text(w, margin, y, 3.6, ` fill="#333"`, sub)
	y += 7
	for _, p := range about {
		for _, l := range wrap(p, 112) {
			text(w, margin, y, 2.8, ` fill="#222"`, l)
			y += 4
		}
		y += 1
	}
	y += 2
	const mono = ` font-family="DejaVu Sans Mono, Menlo, Consolas, monospace"`
	for _, l := range [][2]string{
		{"sequence", s.Seq.String()},
		{"cubelets", Letters(s.Seq)},
		{"runs", runsList(s.Seq)},
	} {
		text(w, margin, y, 2.8, ` font-weight="bold"`, l[0])
		for j, part := range wrap(l[1], 80) {
			if j > 0 {
				y += 4
			}
			text(w, margin+20, y, 2.8, mono, part)
		}
		y += 4.5
	}

	// The chain, cubelet by cubelet.
	y += 3
	text(w, margin, y, 3.8, ` font-weight="bold"`, "The chain, cubelet by cubelet")
	y += 3
	perRow := 16
	cellW := textW / float64(perRow)
	size := cellW * 0.62
	for i := range s.Seq.Len {
		r, c := i/perRow, i%perRow
		x0 := margin + float64(c)*cellW + (cellW-size)/2
		y0 := y + float64(r)*(size+8) + 3.5
		text(w, x0+size/2, y0-1, 2.3, ` text-anchor="middle" fill="#444"`, strconv.Itoa(i+1))
		writeTile(w, s.Seq, i, x0, y0, size)
		text(w, x0+size/2, y0+size+3, 2.3, ` text-anchor="middle" font-weight="bold"`, string(KindOf(s.Seq, i)))
	}
	rows := (s.Seq.Len + perRow - 1) / perRow
	y += float64(rows)*(size+8) + 4

	// The legend: how to drill and build.
	ls := 5.0
	for j, kd := range []Kind{Straight, Corner, End} {
		q := solver.Seq{Bits: 0b010, Len: 3}
		i := 1
		switch kd {
		case Straight:
			q.Bits = 0
		case End:
			i = 0
		}
		writeTile(w, q, i, margin, y+float64(j)*(ls+1.5), ls)
		text(w, margin+ls+3, y+float64(j)*(ls+1.5)+ls*0.7, 2.8, "", fmt.Sprintf("%c  %s", kd, kindWords[kd]))
	}
	y += 3*(ls+1.5) + 3
	for _, p := range buildWords {
		for _, l := range wrap(p, 112) {
			text(w, margin, y, 2.8, ` fill="#222"`, l)
			y += 4
		}
	}

	// The runs, laid out flat.
	y += 4
	runs := Runs(s.Seq)
	text(w, margin, y, 3.8, ` font-weight="bold"`, fmt.Sprintf("The %d runs, laid out flat", len(runs)))
	y += 1.5
	bottom := top + pageH - margin - 10
	writeLayout(w, s.Seq, margin, y, textW, bottom-y)
	text(w, margin, top+pageH-margin-2, 2.6, ` fill="#555"`,
		fmt.Sprintf("The solution is on page %d, apart: print it on its own to keep the answer from the puzzle. The difficulty is defined in snakecube's docs/CONVENTIONS.md.", n+1))
}

// writeTile draws cubelet i of q as a square of side size at (x, y), seen
// from the side with the chain coming in from the left: the wood it is cut
// from, and the elastic's hole through it, straight across for a
// straight, in from the left and out at the bottom for a corner, from the
// middle to one face for an end, with the knot.
func writeTile(w io.Writer, q solver.Seq, i int, x, y, size float64) {
	fmt.Fprintf(w, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s" stroke="%s" stroke-width="0.25"/>`+"\n", x, y, size, size, wood(i), ink)
	cx, cy := x+size/2, y+size/2
	var d string
	switch KindOf(q, i) {
	case Straight:
		d = fmt.Sprintf("M%.2f %.2fH%.2f", x, cy, x+size)
	case Corner:
		d = fmt.Sprintf("M%.2f %.2fH%.2fV%.2f", x, cy, cx, y+size)
	default:
		if i == 0 {
			d = fmt.Sprintf("M%.2f %.2fH%.2f", cx, cy, x+size)
		} else {
			d = fmt.Sprintf("M%.2f %.2fH%.2f", x, cy, cx)
		}
	}
	fmt.Fprintf(w, `<path d="%s" fill="none" stroke="%s" stroke-width="%.2f" stroke-linecap="butt" stroke-linejoin="round"/>`+"\n", d, elastic, size*0.13)
	if KindOf(q, i) == End {
		fmt.Fprintf(w, `<circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s"/>`+"\n", cx, cy, size*0.14, elastic)
	}
}

// layoutCells returns the cells of q laid out flat, each corner turning
// the other way from the one before: right along x, down along y, right,
// down, a staircase that never crosses itself.
func layoutCells(q solver.Seq) [][2]int {
	cells := make([][2]int, q.Len)
	dx, dy := 1, 0
	for i := 1; i < q.Len; i++ {
		cells[i] = [2]int{cells[i-1][0] + dx, cells[i-1][1] + dy}
		if q.Turn(i) {
			dx, dy = dy, dx
		}
	}
	return cells
}

// writeLayout draws q laid out flat in the rectangle (x, y, w, h), as large
// as fits but for cubelets of at most 9 mm: squares in their woods,
// numbered, the elastic through their middles.
func writeLayout(w io.Writer, q solver.Seq, x, y, width, height float64) {
	cells := layoutCells(q)
	last := cells[len(cells)-1]
	cols, rows := float64(last[0]+1), float64(last[1]+1)
	c := min(width/cols, height/rows, 9)
	ox := x + (width-c*cols)/2
	at := func(p [2]int) (float64, float64) { return ox + float64(p[0])*c, y + float64(p[1])*c }
	for i, p := range cells {
		px, py := at(p)
		fmt.Fprintf(w, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s" stroke="%s" stroke-width="0.2"/>`+"\n", px, py, c, c, wood(i), ink)
	}
	var d strings.Builder
	for i, p := range cells {
		px, py := at(p)
		if i == 0 {
			fmt.Fprintf(&d, "M%.2f %.2f", px+c/2, py+c/2)
		} else {
			fmt.Fprintf(&d, "L%.2f %.2f", px+c/2, py+c/2)
		}
	}
	fmt.Fprintf(w, `<path d="%s" fill="none" stroke="%s" stroke-width="%.2f" stroke-linejoin="round" opacity="0.8"/>`+"\n", d.String(), elastic, c*0.08)
	for i, p := range cells {
		px, py := at(p)
		fill := "#222"
		if i%2 == 1 {
			fill = "#fff"
		}
		fmt.Fprintf(w, `<text x="%.2f" y="%.2f" font-size="%.2f" text-anchor="middle" fill="%s">%d</text>`+"\n", px+c/2, py+c*0.4, c*0.36, fill, i+1)
	}
}
