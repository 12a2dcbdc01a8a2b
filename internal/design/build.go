package design

import (
	"fmt"
	"io"
	"strconv"
)

// Build is what a maker's kit adds to a puzzle's sheet: the puzzle's id,
// and a page that says how to print and put the puzzle together. Package
// kit makes it; the sheet only draws it.
type Build struct {
	// ID is the puzzle's id, shown on its page too.
	ID string
	// Facts are the kit's sizes, a label and its words each, in order.
	Facts [][2]string
	// Pieces counts the cubelets of each kind, straight, corner and end,
	// in each colour, light and dark.
	Pieces [3][2]int
	// Notes are paragraphs: how the pieces print, the clearances, how to
	// put them together.
	Notes []string
	// Plates are the print plates, each its cubelets, counted from 0, in
	// the order they lie: Cols to a row, the first row at the front.
	Plates []Plate
}

// Plate is a print plate of a kit: its name, and its cubelets in rows
// of Cols.
type Plate struct {
	Name     string
	Cols     int
	Cubelets []int
}

// pieceKinds are the rows of Build.Pieces.
var pieceKinds = [3]Kind{Straight, Corner, End}

// writeBuildPage writes page p of pages: the kit of puzzle s.
func writeBuildPage(w io.Writer, s Sheet, p, pages int) {
	b := s.Build
	top := float64(p) * pageH
	fmt.Fprintf(w, `<line x1="0" y1="%g" x2="%g" y2="%g" stroke="#ddd" stroke-width="0.2"/>`+"\n", top, pageW, top)
	text(w, margin, top+margin+2, 2.8, ` fill="#555"`, "snakecube maker's sheet · the kit")
	text(w, pageW-margin, top+margin+2, 2.8, ` fill="#555" text-anchor="end"`, fmt.Sprintf("page %d of %d", p+1, pages))
	y := top + margin + 12
	text(w, margin, y, 6, ` font-weight="bold"`, "The kit: print it and put it together")
	y += 7
	text(w, margin, y, 3.6, ` fill="#333"`, "puzzle "+b.ID)
	y += 8
	for _, f := range b.Facts {
		text(w, margin, y, 2.8, ` font-weight="bold"`, f[0])
		for j, l := range wrap(f[1], 96) {
			if j > 0 {
				y += 4
			}
			text(w, margin+24, y, 2.8, ` fill="#222"`, l)
		}
		y += 4.5
	}

	// The pieces: kinds down, colours across.
	y += 3
	text(w, margin, y, 3.8, ` font-weight="bold"`, "The pieces")
	y += 6
	cols := [4]float64{margin + 40, margin + 60, margin + 80}
	for j, h := range []string{"light", "dark", "in all"} {
		text(w, cols[j], y, 2.8, ` font-weight="bold" text-anchor="end"`, h)
	}
	y += 2
	const ls = 5.0
	var sum [2]int
	for r, kd := range pieceKinds {
		q, i := kd.Sample()
		writeTile(w, q, i, margin, y, ls)
		text(w, margin+ls+3, y+ls*0.7, 2.8, "", kd.Name())
		n := b.Pieces[r]
		for j, v := range []int{n[0], n[1], n[0] + n[1]} {
			text(w, cols[j], y+ls*0.7, 2.8, ` text-anchor="end"`, strconv.Itoa(v))
		}
		sum[0] += n[0]
		sum[1] += n[1]
		y += ls + 1.5
	}
	text(w, margin+ls+3, y+ls*0.7-1, 2.8, ` font-weight="bold"`, "in all")
	for j, v := range []int{sum[0], sum[1], sum[0] + sum[1]} {
		text(w, cols[j], y+ls*0.7-1, 2.8, ` text-anchor="end" font-weight="bold"`, strconv.Itoa(v))
	}
	y += ls + 3
	for _, para := range b.Notes {
		for _, l := range wrap(para, 112) {
			text(w, margin, y, 2.8, ` fill="#222"`, l)
			y += 4
		}
		y += 1.5
	}

	// The plates, cubelet by cubelet.
	y += 3
	text(w, margin, y, 3.8, ` font-weight="bold"`, "The plates, seen from above, the front row at the bottom")
	y += 3
	bottom := top + pageH - margin - 6
	gap := 8.0
	width := (textW - gap*float64(len(b.Plates)-1)) / float64(max(1, len(b.Plates)))
	for k, pl := range b.Plates {
		x0 := margin + float64(k)*(width+gap)
		text(w, x0, y+4, 2.8, "", pl.Name)
		rows := (len(pl.Cubelets) + pl.Cols - 1) / max(1, pl.Cols)
		cell := min(width/float64(max(1, pl.Cols)), (bottom-y-8)/float64(max(1, rows)), 14)
		size := cell * 0.5
		for j, i := range pl.Cubelets {
			c, r := j%pl.Cols, j/pl.Cols
			tx := x0 + float64(c)*cell + (cell-size)/2
			ty := y + 8 + float64(rows-1-r)*cell + (cell-size)/2 + 1
			text(w, tx+size/2, ty-0.8, min(2.3, cell*0.2), ` text-anchor="middle" fill="#444"`, strconv.Itoa(i+1))
			writeTile(w, s.Seq, i, tx, ty, size)
			text(w, tx+size/2, ty+size+min(2.6, cell*0.22), min(2.3, cell*0.2), ` text-anchor="middle" font-weight="bold"`, string(KindOf(s.Seq, i)))
		}
	}
}
