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
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Sheet is a puzzle as its maker's sheet shows it: the snake, its rating
// and its first solutions.
type Sheet struct {
	Box symmetry.Box
	// Seq is the snake; cubelet 1 is its first character.
	Seq    solver.Seq
	Rating rate.Felt
	// Solutions are the first of the snake's solutions, as solver.Solve
	// returns them for Seq; Total is how many it has.
	Solutions [][]symmetry.Dir
	Total     uint64
	// Build, when set, is what a maker's kit adds: the puzzle's id on
	// its page, and a page of its own after it (see package kit).
	Build *Build
}

// SheetSolutions is how many solutions a maker's sheet shows of a snake,
// as solve -format svg does; it says how many there are.
const SheetSolutions = 10

// NewSheet returns the maker's sheet of snake q of box b: its first
// solutions, found on workers goroutines, and its rating, r when not
// nil, else rated here.
func NewSheet(ctx context.Context, b symmetry.Box, q solver.Seq, r *rate.Felt, workers int) (Sheet, error) {
	sv, err := solver.Solve(ctx, b, q, solver.Options{Workers: workers, Most: SheetSolutions})
	if err != nil {
		return Sheet{}, fmt.Errorf("snake %v: %w", q, err)
	}
	s := Sheet{Box: b, Seq: q, Solutions: sv.Snake.Solutions, Total: sv.Total}
	if r == nil && s.Total == 0 {
		// A snake with no solution is not rated: its sheet says it does
		// not fold, and a rating of a big box takes long.
		return s, nil
	}
	if r == nil {
		rt, err := rate.Person(ctx, b, q, rate.PersonOptions{Workers: workers})
		if err != nil {
			return s, fmt.Errorf("snake %v: %w", q, err)
		}
		r = &rt
	}
	s.Rating = *r
	s.Rating.Solutions = s.Total
	return s, nil
}

// Sheets returns the maker's sheets of the snakes made, in order;
// progress, when set, is called after each, with the sheets made and
// their number.
func Sheets(ctx context.Context, b symmetry.Box, made []Snake, workers int, progress func(done, total int)) ([]Sheet, error) {
	sheets := make([]Sheet, len(made))
	for k, s := range made {
		var err error
		if sheets[k], err = NewSheet(ctx, b, s.Key, s.Rating, workers); err != nil {
			return nil, err
		}
		if progress != nil {
			progress(k+1, len(made))
		}
	}
	return sheets, nil
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
	puzzlePages := 0
	for _, s := range sheets {
		puzzlePages += s.pages()
	}
	pages := puzzlePages + fold.SheetPages(answers)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`+"\n",
		pageW, pageH*float64(pages), pageW, pageH*float64(pages))
	fmt.Fprintf(bw, "<title>snakecube maker's sheet</title>\n")
	fmt.Fprintf(bw, `<rect width="%g" height="%g" fill="#fff"/>`+"\n", pageW, pageH*float64(puzzlePages))
	page := 0
	for k, s := range sheets {
		if err := ctx.Err(); err != nil {
			return err
		}
		writePuzzlePage(bw, s, k, page, pages, len(sheets), puzzlePages)
		if s.Build != nil {
			writeBuildPage(bw, s, page+1, pages)
		}
		page += s.pages()
	}
	if err := fold.WriteSheetPages(ctx, bw, answers, puzzlePages, pages); err != nil {
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

// wrap cuts s into lines of at most n characters, at spaces or after
// commas.
func wrap(s string, n int) []string {
	var lines []string
	for len(s) > n {
		i := strings.LastIndexByte(s[:n+1], ' ')
		if j := strings.LastIndexByte(s[:n], ','); j+1 > i {
			i = j + 1 // a list without spaces, as the runs: after a comma
		}
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
	sub = fmt.Sprintf("%d cubelets · %s", q.Len, words.Plural(int(s.Total), "solution"))
	if s.Total == 1 {
		sub += " (a unique answer)"
	}
	if !r.Foldable() {
		return title, sub + " · it does not fold", nil
	}
	sub += fmt.Sprintf(" · difficulty %d of %d", r.Level(), rate.Levels)
	easy, hard := r.Easier(), 1-r.Easier()
	about = append(about,
		fmt.Sprintf("Difficulty: a person who folds from cubelet %d, the easier end, putting each cubelet in a cell drawn at random among those that leave no cell cut off and starting over at a dead end, places %s cubelets on average before the puzzle is solved (%s from cubelet %d).",
			r.From(easy), amount(r.Ends[easy].Expected), amount(r.Ends[hard].Expected), r.From(hard)),
		levelWords(r),
	)
	return title, sub, about
}

// levelWords says what a rating's level means.
func levelWords(r rate.Felt) string {
	l, d, sc := r.Level(), r.Difficulty(), r.Scale
	switch {
	case d > sc.Hardest.Difficulty:
		return fmt.Sprintf("Level %d of %d: harder than every one of %s.", l, rate.Levels, sc.Words())
	case d < sc.Easiest.Difficulty:
		return fmt.Sprintf("Level %d of %d: easier than every one of %s.", l, rate.Levels, sc.Words())
	}
	return fmt.Sprintf("Level %d of %d: among %s, in the %s tenth from the easiest.", l, rate.Levels, sc.Words(), ordinal(l))
}

func ordinal(n int) string {
	return [...]string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}[n]
}

// amount writes a number of placements: whole, thousands separated.
func amount(x float64) string { return rate.Whole(math.Round(x)) }

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

// pages returns how many pages the sheet takes before the solutions:
// the puzzle's, and a kit's.
func (s Sheet) pages() int {
	if s.Build != nil {
		return 2
	}
	return 1
}

// writePuzzlePage writes page p of pages: puzzle k of n, the solutions
// starting after page first.
func writePuzzlePage(w io.Writer, s Sheet, k, p, pages, n, first int) {
	top := float64(p) * pageH
	if p > 0 {
		fmt.Fprintf(w, `<line x1="0" y1="%g" x2="%g" y2="%g" stroke="#ddd" stroke-width="0.2"/>`+"\n", top, pageW, top)
	}
	head := "snakecube maker's sheet · the puzzle"
	if n > 1 {
		head += fmt.Sprintf(" · %d of %d", k+1, n)
	}
	text(w, margin, top+margin+2, 2.8, ` fill="#555"`, head)
	text(w, pageW-margin, top+margin+2, 2.8, ` fill="#555" text-anchor="end"`, fmt.Sprintf("page %d of %d", p+1, pages))
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
	lines := [][2]string{
		{"sequence", s.Seq.String()},
		{"cubelets", Letters(s.Seq)},
		{"runs", RunList(s.Seq)},
	}
	if s.Build != nil {
		lines = append(lines, [2]string{"puzzle id", s.Build.ID})
	}
	for _, l := range lines {
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
		q, i := kd.Sample()
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
	text(w, margin, y, 3.8, ` font-weight="bold"`, fmt.Sprintf("The %d runs, laid out flat", len(Runs(s.Seq))))
	bottom := top + pageH - margin - 14
	f, c := flatIn(s.Seq, textW, bottom-y-6, maxSide)
	if len(f.parts) > 1 {
		y += 4.5
		text(w, margin, y, 2.8, ` fill="#222"`, flatWords(f))
	}
	y += 1.5
	writeFlat(w, f, margin+(textW-c*float64(f.cols))/2, y, c)
	foot := wrap(fmt.Sprintf("The solution is on page %d and after, apart: print it on its own to keep the answer from the puzzle. The difficulty is defined in snakecube's docs/CONVENTIONS.md.", first+1), 120)
	for j, l := range foot {
		text(w, margin, top+pageH-margin-2-3.5*float64(len(foot)-1-j), 2.6, ` fill="#555"`, l)
	}
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

// A flat is the chain laid out flat: the runs in staircases, each corner
// turning the other way from the one before, right then down, so that it
// never crosses itself; a long chain is cut at corners into staircases
// side by side, the corner that ends one starting the next, so that its
// cubelets are drawn larger.
type flat struct {
	// parts holds each staircase's cubelets, from and to, inclusive.
	parts [][2]int
	// cells holds, for each staircase, its cubelets' cells, (0, 0) the
	// first; at is where each staircase's left edge is, in cells.
	cells [][][2]int
	at    []int
	// cols and rows are the size of the whole, in cells.
	cols, rows int
}

// maxParts is the most staircases a flat is cut into.
const maxParts = 6

// flatOf lays q out flat in k staircases, cut at the corners that end
// about a k-th of the runs each.
func flatOf(q solver.Seq, k int) flat {
	var corners []int
	for i := 1; i < q.Len-1; i++ {
		if q.Turn(i) {
			corners = append(corners, i)
		}
	}
	k = max(1, min(k, len(corners)+1))
	var f flat
	from := 0
	for j := 1; j <= k; j++ {
		to := q.Len - 1
		if j < k {
			to = corners[j*(len(corners)+1)/k-1]
		}
		f.parts = append(f.parts, [2]int{from, to})
		from = to
	}
	x := 0
	for _, p := range f.parts {
		cells := make([][2]int, p[1]-p[0]+1)
		dx, dy := 1, 0
		w, h := 1, 1
		for i := p[0] + 1; i <= p[1]; i++ {
			c := cells[i-1-p[0]]
			cells[i-p[0]] = [2]int{c[0] + dx, c[1] + dy}
			w, h = max(w, c[0]+dx+1), max(h, c[1]+dy+1)
			if q.Turn(i) {
				dx, dy = dy, dx
			}
		}
		if x > 0 {
			x++ // a cell's gap between staircases
		}
		f.cells = append(f.cells, cells)
		f.at = append(f.at, x)
		x += w
		f.rows = max(f.rows, h)
	}
	f.cols = x
	return f
}

// flatIn returns the flat of q in the fewest staircases that draw its
// cubelets largest in a rectangle width by height, and their side: at
// most maxSide.
func flatIn(q solver.Seq, width, height, maxSide float64) (flat, float64) {
	var best flat
	side := -1.0
	for k := 1; k <= maxParts; k++ {
		f := flatOf(q, k)
		c := min(width/float64(f.cols), height/float64(f.rows), maxSide)
		if c > side*1.25 { // a cut more is worth cubelets a quarter bigger
			best, side = f, c
		}
	}
	return best, side
}

// maxSide is the side of a cubelet laid out flat, at most: 9 mm.
const maxSide = 9.0

// flatWords says how a flat of several staircases reads.
func flatWords(f flat) string {
	return fmt.Sprintf("In %d staircases, left to right: the corner that ends one starts the next, drawn in both.", len(f.parts))
}

// writeFlat draws flat f with its top left corner at (x, y), cubelets of
// side c.
func writeFlat(w io.Writer, f flat, x, y, c float64) {
	for k, p := range f.parts {
		at := func(i int) (float64, float64) {
			cell := f.cells[k][i-p[0]]
			return x + float64(f.at[k]+cell[0])*c, y + float64(cell[1])*c
		}
		for i := p[0]; i <= p[1]; i++ {
			px, py := at(i)
			fmt.Fprintf(w, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s" stroke="%s" stroke-width="0.2"/>`+"\n", px, py, c, c, wood(i), ink)
		}
		var d strings.Builder
		for i := p[0]; i <= p[1]; i++ {
			px, py := at(i)
			op := "L"
			if i == p[0] {
				op = "M"
			}
			fmt.Fprintf(&d, "%s%.2f %.2f", op, px+c/2, py+c/2)
		}
		fmt.Fprintf(w, `<path d="%s" fill="none" stroke="%s" stroke-width="%.2f" stroke-linejoin="round" opacity="0.8"/>`+"\n", d.String(), elastic, c*0.08)
		for i := p[0]; i <= p[1]; i++ {
			px, py := at(i)
			fill := "#222"
			if i%2 == 1 {
				fill = "#fff"
			}
			fmt.Fprintf(w, `<text x="%.2f" y="%.2f" font-size="%.2f" text-anchor="middle" fill="%s">%d</text>`+"\n", px+c/2, py+c*0.4, c*0.36, fill, i+1)
		}
	}
}

// RateSheet rates snake q of box b for a person on workers goroutines,
// as rate does: with its solutions counted, and with sheet set, its
// maker's sheet made too.
func RateSheet(ctx context.Context, b symmetry.Box, q solver.Seq, workers int, sheet bool) (rate.Felt, Sheet, error) {
	r, err := rate.Person(ctx, b, q, rate.PersonOptions{Workers: workers, Count: !sheet})
	if err != nil || !sheet {
		return r, Sheet{}, err
	}
	s, err := NewSheet(ctx, b, q, &r, workers)
	r.Solutions = s.Total
	return r, s, err
}
