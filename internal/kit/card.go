package kit

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/words"
)

// The card, in millimetres: A6 landscape, a postcard.
const (
	cardW, cardH = 148.0, 105.0
	cardMargin   = 8.0
)

// The woods, as the sheets draw them.
var cardWoods = [2]string{"#eccda0", "#a67044"}

// WriteCard writes the solution card, for whoever solves the puzzle: an
// A6 SVG with the puzzle's id, the first solution's box layer by layer
// with each cell's cubelet numbered, and its hand-level steps. It holds
// no script and loads nothing.
func (k *Kit) WriteCard(w io.Writer) error {
	bw := bufio.NewWriter(w)
	s := k.Sheet
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`+"\n", cardW, cardH, cardW, cardH)
	fmt.Fprintf(bw, "<title>snakecube solution card: puzzle %s</title>\n", html.EscapeString(k.ID()))
	fmt.Fprintf(bw, `<rect width="%g" height="%g" fill="#fff"/>`+"\n", cardW, cardH)
	x, y := cardMargin, cardMargin+3
	cardText(bw, x, y, 2.6, ` fill="#555"`, "snakecube · solution card")
	cardText(bw, cardW-cardMargin, y, 2.6, ` fill="#555" text-anchor="end"`, "keep it hidden until you give up")
	y += 8
	cardText(bw, x, y, 5.5, ` font-weight="bold"`, "How your snake cube folds")
	y += 5.5
	sub := fmt.Sprintf("%v box · %d cubelets · solution 1 of %s", s.Box, s.Seq.Len, words.Thousands(int(s.Total)))
	if s.Rating.Foldable() {
		sub += fmt.Sprintf(" · difficulty %d of %d", s.Rating.Level(), rate.Levels)
	}
	cardText(bw, x, y, 3, ` fill="#333"`, sub)
	y += 4.5
	// The id in lines of at most 52 characters of monospace, 81 mm,
	// at spaces, or within a long key.
	id := "puzzle " + k.ID()
	for len(id) > 0 {
		n := min(len(id), 52)
		if i := strings.LastIndexByte(id[:n], ' '); n < len(id) && i > 0 {
			n = i
		}
		cardText(bw, x, y, 2.6, ` fill="#333" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace"`, id[:n])
		id = strings.TrimLeft(id[n:], " ")
		y += 3.4
	}
	y += 2.6

	// The layers, left; the steps, right.
	split := cardW * 0.46
	cardText(bw, x, y, 2.8, ` font-weight="bold"`, "Layer by layer, bottom first")
	cardText(bw, x, y+3.5, 2.3, ` fill="#444"`, "seen from above, the back row on top")
	k.writeLayers(bw, x, y+6, split-x-4, cardH-cardMargin-y-6)
	sx := split
	cardText(bw, sx, y, 2.8, ` font-weight="bold"`, "Step by step, from cubelet 1")
	cardText(bw, sx, y+3.5, 2.3, ` fill="#444"`, "cubelet, how it turns, cubelets on to the next")
	writeCardSteps(bw, k.steps(), s.Seq.Len, sx, y+8, cardW-cardMargin-sx, cardH-cardMargin-y-8)
	fmt.Fprintln(bw, "</svg>")
	return bw.Flush()
}

func cardText(w io.Writer, x, y, size float64, attrs, s string) {
	fmt.Fprintf(w, `<text x="%.2f" y="%.2f" font-size="%.2f"%s>%s</text>`+"\n", x, y, size, attrs, html.EscapeString(s))
}

// writeLayers draws the first solution's box layer by layer, bottom
// first, in the rectangle at (x, y) of width w and height h: each layer
// a grid seen from above, back row on top, each cell coloured and
// numbered as its cubelet.
func (k *Kit) writeLayers(bw io.Writer, x, y, w, h float64) {
	b := k.Sheet.Box
	number := make([]int, b.Len())
	for i, p := range k.cells {
		number[b.Index(p)] = i
	}
	nx, ny, nz := b.Size[0], b.Size[1], b.Size[2]
	const gap, label = 3.0, 3.2
	best, per := 0.0, 1
	for m := 1; m <= nz; m++ {
		rows := (nz + m - 1) / m
		c := min((w-gap*float64(m-1))/float64(m*nx), (h-float64(rows)*label-gap*float64(rows-1))/float64(rows*ny), 9)
		if c > best {
			best, per = c, m
		}
	}
	c := best
	for z := range nz {
		lx := x + float64(z%per)*(float64(nx)*c+gap)
		ly := y + float64(z/per)*(float64(ny)*c+label+gap)
		name := fmt.Sprintf("layer %d", z+1)
		switch z {
		case 0:
			name += ", bottom"
		case nz - 1:
			name += ", top"
		}
		cardText(bw, lx, ly+2.4, 2.2, ` fill="#444"`, name)
		for yy := range ny {
			for xx := range nx {
				i := number[b.Index([3]int{xx, yy, z})]
				px, py := lx+float64(xx)*c, ly+label+float64(ny-1-yy)*c
				fmt.Fprintf(bw, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s" stroke="#3a2a1a" stroke-width="0.2"/>`+"\n", px, py, c, c, cardWoods[k.Colour(i)])
				fill := "#222"
				if k.Colour(i) == Dark {
					fill = "#fff"
				}
				cardText(bw, px+c/2, py+c*0.66, c*0.42, ` text-anchor="middle" fill="`+fill+`"`, strconv.Itoa(i+1))
			}
		}
	}
}

// writeCardSteps writes the steps in columns in the rectangle at (x, y)
// of width w and height h, as many columns as keep the type readable.
func writeCardSteps(bw io.Writer, steps []fold.Step, n int, x, y, w, h float64) {
	lines := make([]string, len(steps))
	long := 1
	for k, s := range steps {
		end := ""
		if s.Next() == n {
			end = ", the end"
		}
		lines[k] = fmt.Sprintf("%d: %v, %d to %d%s", s.Cubelet, s.Twist, s.Run, s.Next(), end)
		long = max(long, len(lines[k]))
	}
	cols := 1
	for cols < 4 && float64((len(lines)+cols-1)/cols)*3.2 > h {
		cols++
	}
	rows := (len(lines) + cols - 1) / cols
	lh := min(3.6, h/float64(max(1, rows)))
	colW := w / float64(cols)
	size := math.Min(lh*0.8, colW/(float64(long)*0.58))
	for k, l := range lines {
		cardText(bw, x+float64(k/rows)*colW, y+float64(k%rows)*lh+size, size, ` fill="#222"`, l)
	}
}
