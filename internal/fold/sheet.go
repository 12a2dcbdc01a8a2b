package fold

import (
	"bufio"
	"context"
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Snake is one snake and its solutions, as the step sheet and the step
// player show them.
type Snake struct {
	Box symmetry.Box
	// Seq is the snake as given; each solution's turns follow it.
	Seq solver.Seq
	// Solutions are the moves of each folding, from cubelet 1.
	Solutions [][]symmetry.Dir
	// Total is the snake's number of solutions, when Solutions holds
	// only the first of them; 0 means len(Solutions).
	Total uint64
	// Notes are lines a person should read with the solutions, or in
	// their place: how the text was read, why the snake does not fold
	// and what may have been meant. A line may start with spaces.
	Notes []string
}

// cut reports whether s shows only the first of its solutions.
func (s Snake) cut() bool { return s.Total > uint64(len(s.Solutions)) }

// total returns the snake's number of solutions.
func (s Snake) total() uint64 { return max(s.Total, uint64(len(s.Solutions))) }

// The sheet's page, in millimetres: A4 portrait with margins that any
// printer keeps clear.
const (
	pageW, pageH = 210.0, 297.0
	margin       = 12.0
	headerH      = 8.0  // the running header at the top of a page
	footerH      = 12.0 // the legend at the foot of a page
	titleH       = 9.0  // a solution's title line
	captionH     = 8.5  // the two caption lines under a picture
)

// Colours of the pictures: two woods for the chequer, and a bright pair
// for the cubelets a step adds.
var (
	woodColours = [2][3]float64{{236, 205, 160}, {166, 112, 68}}
	newColours  = [2][3]float64{{255, 190, 110}, {232, 110, 30}}
)

func shadeHex(c [3]float64, s float64) string {
	return fmt.Sprintf("#%02x%02x%02x", int(math.Round(c[0]*s)), int(math.Round(c[1]*s)), int(math.Round(c[2]*s)))
}

// item is something the sheet places on a page: a solution's title, or a
// picture of one step.
type item struct {
	page    int
	x, y    float64
	snake   int
	sol     int
	step    int // a picture's, or one of the kinds below
	cont    bool
	columns int
}

// The kinds of item that are no picture: a solution's title, a snake's
// heading over its notes, a note line (sol is its index).
const (
	stepTitle = -1 - iota
	stepSnake
	stepNote
)

// noteH is the height of a note's line.
const noteH = 4.5

// columnsFor returns how many pictures a row of a box's sheet holds:
// fewer for larger boxes, whose numbers must stay legible.
func columnsFor(b symmetry.Box) int {
	if max(b.Size[0], b.Size[1], b.Size[2]) >= 4 {
		return 3
	}
	return 4
}

// layout places every title and picture. A solution starts on a new page
// unless it fits whole on what is left of the current one; a long one
// runs on over pages, a row never split.
func layout(snakes []Snake) (items []item, pages int) {
	page, y := 0, margin+headerH
	bottom := pageH - margin - footerH
	newPage := func() { page, y = page+1, margin+headerH }
	for si, s := range snakes {
		cols := columnsFor(s.Box)
		cellW := (pageW - 2*margin) / float64(cols)
		rowH := cellW*0.82 + captionH
		if len(s.Solutions) == 0 || len(s.Notes) > 0 {
			if need := titleH + float64(len(s.Notes))*noteH; y > margin+headerH && y+need > bottom {
				newPage()
			}
			items = append(items, item{page: page, x: margin, y: y, snake: si, step: stepSnake})
			y += titleH
			for k := range s.Notes {
				if y+noteH > bottom {
					newPage()
				}
				items = append(items, item{page: page, x: margin, y: y, snake: si, sol: k, step: stepNote})
				y += noteH
			}
			y += 3
		}
		for k, d := range s.Solutions {
			n := len(Steps(d))
			rows := (n + cols - 1) / cols
			if y > margin+headerH && y+titleH+float64(rows)*rowH > bottom {
				newPage()
			}
			items = append(items, item{page: page, x: margin, y: y, snake: si, sol: k, step: stepTitle})
			y += titleH
			for r := range rows {
				if y+rowH > bottom {
					newPage()
					items = append(items, item{page: page, x: margin, y: y, snake: si, sol: k, step: stepTitle, cont: true})
					y += titleH
				}
				for c := range cols {
					if st := r*cols + c; st < n {
						items = append(items, item{page: page, x: margin + float64(c)*cellW, y: y, snake: si, sol: k, step: st, columns: cols})
					}
				}
				y += rowH
			}
			y += 3
		}
	}
	return items, page + 1
}

// WriteSheet writes the printable step sheet of the snakes' solutions: one
// SVG of A4 pages stacked top to bottom, each solution a titled grid of
// small pictures, one per hand-level step in reading order, showing the
// cubelets placed so far with the step's own cubelets highlighted, all
// numbered. It holds no script and loads nothing.
//
// A sheet takes a picture a step of every solution given: it stops with
// the context's error, and what was written is no whole sheet, once ctx
// is done.
func WriteSheet(ctx context.Context, w io.Writer, snakes []Snake) error {
	pages := SheetPages(snakes)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`+"\n",
		pageW, pageH*float64(pages), pageW, pageH*float64(pages))
	fmt.Fprintf(bw, "<title>snakecube step sheet</title>\n")
	if err := WriteSheetPages(ctx, bw, snakes, 0, pages); err != nil {
		return err
	}
	fmt.Fprintln(bw, "</svg>")
	return bw.Flush()
}

// SheetPages returns how many A4 pages [WriteSheet] takes for the snakes.
func SheetPages(snakes []Snake) int {
	items, pages := layout(snakes)
	if len(items) == 0 {
		return 1
	}
	return pages
}

// WriteSheetPages writes the pages of the step sheet of the snakes as
// the elements of an SVG document of A4 pages that holds pages of its
// own too, in millimetres: the sheet's first page is the document's page
// first (from 0), drawn 297 mm lower per page, and the pages are
// numbered as of a document of total pages. [WriteSheet] is the document
// of the sheet alone.
func WriteSheetPages(ctx context.Context, w io.Writer, snakes []Snake, first, total int) error {
	items, _ := layout(snakes)
	pages := SheetPages(snakes)
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, sheetStyle)
	top := float64(first) * pageH
	if top > 0 {
		fmt.Fprintf(bw, `<rect y="%g" width="%g" height="%g" fill="#fff"/>`+"\n", top, pageW, pageH*float64(pages))
	} else {
		fmt.Fprintf(bw, `<rect width="%g" height="%g" fill="#fff"/>`+"\n", pageW, pageH*float64(pages))
	}
	for p := range pages {
		writePageFrame(bw, first+p, total, len(items) == 0)
	}
	for k, it := range items {
		if k%64 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		s := snakes[it.snake]
		oy := top + float64(it.page)*pageH
		switch it.step {
		case stepSnake:
			head := fmt.Sprintf("snake %v · %v box · %s", s.Seq, s.Box, words.Plural(int(s.total()), "solution"))
			if s.total() == 0 {
				head = fmt.Sprintf("snake %v · %v box · no solution", s.Seq, s.Box)
			}
			fmt.Fprintf(bw, `<text x="%.1f" y="%.1f" font-size="3.6" font-weight="bold">%s</text>`+"\n", it.x, oy+it.y+5.5, html.EscapeString(head))
			continue
		case stepNote:
			fmt.Fprintf(bw, `<text x="%.1f" y="%.1f" font-size="2.7" fill="#333" xml:space="preserve">%s</text>`+"\n", it.x, oy+it.y+3.5, html.EscapeString(s.Notes[it.sol]))
			continue
		}
		if it.step < 0 {
			title := fmt.Sprintf("solution %d of %s", it.sol+1, words.Thousands(int(s.total())))
			if s.cut() {
				title += fmt.Sprintf(" (the first %d drawn)", len(s.Solutions))
			}
			if it.cont {
				title += " (continued)"
			}
			// The snake on the right, smaller: 64 cubelets and the title
			// fit the width of the page.
			fmt.Fprintf(bw, `<text x="%.1f" y="%.1f" font-size="3.6" font-weight="bold">%s</text>`+"\n", it.x, oy+it.y+5.5, html.EscapeString(title))
			fmt.Fprintf(bw, `<text x="%.1f" y="%.1f" font-size="2.5" fill="#333" text-anchor="end" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace">%s</text>`+"\n",
				pageW-margin, oy+it.y+5.5, html.EscapeString(fmt.Sprintf("snake %v · %v box", s.Seq, s.Box)))
			continue
		}
		cellW := (pageW - 2*margin) / float64(it.columns)
		writePicture(bw, s.Box, s.Solutions[it.sol], it.step, it.x, oy+it.y, cellW)
	}
	return bw.Flush()
}

// writePageFrame writes a page's header, footer legend and, between
// pages, a thin line where to cut.
func writePageFrame(w io.Writer, p, pages int, empty bool) {
	oy := float64(p) * pageH
	if p > 0 {
		fmt.Fprintf(w, `<line x1="0" y1="%g" x2="%g" y2="%g" stroke="#ddd" stroke-width="0.2"/>`+"\n", oy, pageW, oy)
	}
	fmt.Fprintf(w, `<text x="%g" y="%.1f" font-size="2.8" fill="#555">snakecube step sheet</text>`+"\n", margin, oy+margin+2)
	fmt.Fprintf(w, `<text x="%g" y="%.1f" font-size="2.8" fill="#555" text-anchor="end">page %d of %d</text>`+"\n", pageW-margin, oy+margin+2, p+1, pages)
	if empty {
		fmt.Fprintf(w, `<text x="%g" y="%.1f" font-size="4">No solution to show.</text>`+"\n", margin, oy+margin+headerH+6)
	}
	legend := [...]string{
		"Each picture adds the cubelets of one step, in orange; numbers count the cubelets from 1 along the chain. x runs to the right, y away from you, z up.",
		"The first turn is a bend; each later turn is told against the turn before: U turns the same way (the chain curls back), zigzag the opposite way,",
		"twist left or right a quarter turn out of their plane, seen looking along the chain from the turn before with the run that led into it pointing up.",
	}
	for k, l := range legend {
		fmt.Fprintf(w, `<text x="%g" y="%.1f" font-size="2.3" fill="#444">%s</text>`+"\n", margin, oy+pageH-margin-footerH+4+float64(k)*3.2, html.EscapeString(l))
	}
}

// frame maps a view of a box onto a rectangle of the page, the box's
// picture centred in it and as large as fits.
type frame struct {
	v             view
	scale, ox, oy float64
}

func newFrame(b symmetry.Box, x, y, w, h float64) frame {
	v := newView(viewYaw, viewPitch)
	x0, y0, x1, y1 := v.bounds(b)
	scale := min(w/(x1-x0), h/(y1-y0))
	return frame{v: v, scale: scale,
		ox: x + (w-scale*(x1-x0))/2 - scale*x0,
		oy: y + (h-scale*(y1-y0))/2 - scale*y0}
}

// at returns the page coordinates of view point (px, py).
func (f frame) at(px, py float64) (float64, float64) {
	return f.ox + f.scale*px, f.oy + f.scale*py
}

func (f frame) pt(px, py float64) string {
	x, y := f.at(px, py)
	return fmt.Sprintf("%.1f,%.1f", x, y)
}

// writePicture draws step st of a folding in the cell of width cellW at
// (x, y): the picture, then its two caption lines.
func writePicture(w io.Writer, b symmetry.Box, dirs []symmetry.Dir, st int, x, y, cellW float64) {
	s := Steps(dirs)[st]
	start, _ := b.Start(dirs)
	cells, _ := b.Cells(start, dirs)
	firstNew := s.Cubelet // the index of the first cubelet the step adds
	if st == 0 {
		firstNew = 0
	}
	fr := newFrame(b, x+2, y+1, cellW-4, cellW*0.82-2)
	fmt.Fprintf(w, `<g class="p" font-size="%.2f">`+"\n", fr.scale*0.4)
	corners := boxCorners(b)
	var edges strings.Builder
	for _, e := range boxEdges {
		ax, ay := fr.v.project(corners[e[0]])
		bx, by := fr.v.project(corners[e[1]])
		fmt.Fprintf(&edges, "M%sL%s", fr.pt(ax, ay), fr.pt(bx, by))
	}
	fmt.Fprintf(w, `<path class="b" d="%s"/>`+"\n", edges.String())
	writeCubes(w, fr, b, cells[:s.Next()], firstNew)
	line2 := fmt.Sprintf("%d to cubelet %d", s.Run, s.Next())
	if s.Next() == len(dirs)+1 {
		line2 += ", the end"
	}
	ty := y + cellW*0.82 + 2.5
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="3"><tspan font-weight="bold">%d.</tspan> cubelet %d: %s</text>`+"\n", x+cellW/2, ty, st+1, s.Cubelet, s.Twist)
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="2.6" fill="#444">%s</text>`+"\n", x+cellW/2, ty+3.4, line2)
	fmt.Fprintf(w, "</g>\n")
}

// writeCubes draws the cubelets in cells, farthest first, those from index
// firstNew on highlighted, each numbered on the face that faces the viewer
// most squarely. The highlighted ones are outlined again over everything,
// and numbered again where a nearer cubelet hides their number: a new
// cubelet behind older ones still shows where it goes.
func writeCubes(w io.Writer, fr frame, b symmetry.Box, cells [][3]int, firstNew int) {
	const half = 0.47 // a hair under half a cell: the cubelets' edges stay apart
	order := fr.v.depthOrder(b, cells)
	labels := make([][2]float64, len(cells))
	for _, i := range order {
		col := woodColours[i%2]
		if i >= firstNew {
			col = newColours[i%2]
		}
		var best face
		for _, f := range fr.v.cubeFaces(centre(b, cells[i]), half) {
			p := f.pts
			fmt.Fprintf(w, `<polygon points="%s %s %s %s" fill="%s"/>`+"\n",
				fr.pt(p[0][0], p[0][1]), fr.pt(p[1][0], p[1][1]), fr.pt(p[2][0], p[2][1]), fr.pt(p[3][0], p[3][1]),
				shadeHex(col, f.shade))
			if f.facing > best.facing {
				best = f
			}
		}
		for _, q := range best.pts {
			labels[i][0], labels[i][1] = labels[i][0]+q[0]/4, labels[i][1]+q[1]/4
		}
		writeNumber(w, fr, labels[i], i, false)
	}
	for k, i := range order {
		if i < firstNew {
			continue
		}
		var pts []string
		for _, q := range fr.v.outline(centre(b, cells[i]), half) {
			pts = append(pts, fr.pt(q[0], q[1]))
		}
		fmt.Fprintf(w, `<polygon class="o" points="%s"/>`+"\n", strings.Join(pts, " "))
		for _, j := range order[k+1:] {
			if inside(labels[i], fr.v.outline(centre(b, cells[j]), half)) {
				writeNumber(w, fr, labels[i], i, true)
				break
			}
		}
	}
}

// writeNumber writes the number of cubelet i at view point at: in the
// ink of its wood, or, for a hidden one, in orange on a white halo.
func writeNumber(w io.Writer, fr frame, at [2]float64, i int, hidden bool) {
	x, y := fr.at(at[0], at[1])
	class := "k"
	switch {
	case hidden:
		class = "h"
	case i%2 == 1:
		class = "w"
	}
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f" class="%s">%d</text>`+"\n", x, y+fr.scale*0.14, class, i+1)
}

// sheetStyle styles the pictures once rather than in every element: a
// sheet of many solutions holds tens of thousands of faces. It also asks
// a browser printing the sheet for A4 pages without margins, so that each
// 297 mm of the sheet is one printed page.
const sheetStyle = `<style>
@page{size:210mm 297mm;margin:0}
.p polygon{stroke:#3a2a1a;stroke-width:.15}
.p text{text-anchor:middle}
.p .o{fill:none;stroke:#d9480f;stroke-width:.35;stroke-dasharray:.9 .6}
.p .b{fill:none;stroke:#bbb;stroke-width:.25}
.p .k{fill:#222}
.p .w{fill:#fff}
.p .h{fill:#d9480f;font-weight:bold;stroke:#fff;stroke-width:.5;paint-order:stroke}
</style>`
