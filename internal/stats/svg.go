package stats

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/snakecube/snakecube/internal/words"
)

// The picture's layout, in SVG user units (pixels at 100%): wide enough
// for the 142 bars of 3x3x3 to stay a few pixels each, and for the
// convention to fit on two lines.
const (
	svgWidth   = 820
	svgLeft    = 80  // left margin, for the y axes' labels
	svgRight   = 30  // right margin
	chartTop   = 120 // top of the bar chart's plot area
	chartH     = 260 // height of the bar chart's plot area
	heatRow    = 26  // height of a row of the heat map
	heatMaxCol = 72  // widest column of the heat map
	maxBars    = 240 // most bars of the histogram: about 3 pixels each
)

// viridis is a perceptually even colour scale, light for few snakes and dark
// for many, legible when printed in grey.
var viridis = [...][3]float64{
	{253, 231, 37}, {94, 201, 98}, {33, 145, 140}, {59, 82, 139}, {68, 1, 84},
}

// colour returns the colour at t, 0 to 1, on the viridis scale.
func colour(t float64) string {
	t = min(max(t, 0), 1) * float64(len(viridis)-1)
	i := min(int(t), len(viridis)-2)
	f := t - float64(i)
	var c [3]int
	for k := range c {
		c[k] = int(math.Round(viridis[i][k]*(1-f) + viridis[i+1][k]*f))
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2])
}

// WriteSVG draws the histogram of solutions per snake as a bar chart on a
// logarithmic scale, and the table of snakes by straights and solutions
// per snake as a heat map, in one self-contained SVG file without
// scripts. Hovering over a bar or a cell shows its figure.
func (s *Stats) WriteSVG(w io.Writer) error {
	bw := bufio.NewWriter(w)
	d := &drawing{s: s, w: bw, plotW: float64(svgWidth - svgLeft - svgRight), bins: s.Bins()}
	d.first, d.last = s.MinStraights, s.MaxStraights
	d.rows = max(d.last-d.first+1, 0)
	if s.Snakes == 0 {
		d.rows = 0
	}
	// Columns too narrow for their ranges written across get them
	// written upwards, in room made above the heat map.
	d.colW = min(heatMaxCol, (d.plotW-70)/float64(max(len(d.bins), 1)))
	d.upright = d.colW < 60
	d.heatTop = chartTop + chartH + 120
	if d.upright {
		d.heatTop += 50
	}
	d.header()
	d.histogram()
	maxCell := d.heatMap()
	d.key(maxCell)
	d.p("</svg>\n")
	return bw.Flush()
}

// drawing is the state of one WriteSVG: the figures, the writer, and the
// layout the parts share.
type drawing struct {
	s                 *Stats
	w                 *bufio.Writer
	plotW, colW       float64
	bins              []Bin
	first, last, rows int
	upright           bool
	heatTop           int
}

func (d *drawing) p(format string, args ...any) { fmt.Fprintf(d.w, format, args...) }

// header opens the picture and writes its title and the convention.
func (d *drawing) header() {
	s, p := d.s, d.p
	height := d.heatTop + d.rows*heatRow + 80
	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">`+"\n", svgWidth, height, svgWidth, height)
	p(`<title>Snakes of the %v box</title>`+"\n", s.Box)
	p(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	p(`<text x="%d" y="30" font-size="18" font-weight="bold">The %v box: %s, %s</text>`+"\n", svgLeft-50, s.Box, words.Plural(s.Snakes, "snake"), words.Plural(s.Solutions, "solution"))
	for i, line := range strings.Split(wrap(upper(Convention)+".", 110), "\n") {
		p(`<text x="%d" y="%d" fill="#333">%s</text>`+"\n", svgLeft-50, 52+16*i, html.EscapeString(line))
	}
}

// histogram draws the bar chart of snakes by number of solutions.
func (d *drawing) histogram() {
	s, p := d.s, d.p
	// The histogram: one bar per number of solutions, 1 to Most, or per
	// group of g consecutive numbers when there are too many for bars a
	// few pixels wide.
	most := max(s.Most, 1)
	g := (most + maxBars - 1) / maxBars
	bars := make([]int, (most+g-1)/g)
	for n := 1; n < len(s.Histogram); n++ {
		bars[(n-1)/g] += s.Histogram[n]
	}
	title := "Snakes by number of solutions (logarithmic scale)"
	if g > 1 {
		title = fmt.Sprintf("Snakes by number of solutions, in groups of %d (logarithmic scale)", g)
	}
	p(`<text x="%d" y="%d" font-size="14" font-weight="bold">%s</text>`+"\n", svgLeft-50, chartTop-22, title)
	peak := 1
	for _, c := range bars {
		peak = max(peak, c)
	}
	decades := max(1, int(math.Ceil(math.Log10(float64(peak)))))
	// The axis starts at half a snake, so that a bar of one snake shows.
	lo, hi := math.Log10(0.5), float64(decades)
	y := func(v float64) float64 { return chartTop + chartH - (math.Log10(v)-lo)/(hi-lo)*chartH }
	for d := 0; d <= decades; d++ {
		v := math.Pow(10, float64(d))
		p(`<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", svgLeft, svgWidth-svgRight, y(v), y(v))
		p(`<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", svgLeft-6, y(v), words.Thousands(int(v)))
	}
	band := d.plotW / float64(len(bars))
	barW := min(band*0.8, 40)
	if band < 4 {
		barW = band - 0.5
	}
	// x is the middle of the bar of n solutions.
	x := func(n int) float64 { return svgLeft + (float64((n-1)/g)+0.5)*band }
	for k, c := range bars {
		if c == 0 {
			continue
		}
		what := words.Plural(k+1, "solution")
		if g > 1 {
			what = fmt.Sprintf("%d to %d solutions", k*g+1, (k+1)*g)
		}
		top := y(float64(c))
		p(`<rect class="bar" x="%.2f" y="%.1f" width="%.2f" height="%.1f" fill="#3b528b"><title>%s: %s</title></rect>`+"\n",
			x(k*g+1)-barW/2, top, barW, chartTop+chartH-top, what, words.Plural(c, "snake"))
	}
	p(`<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="black"/>`+"\n", svgLeft, svgWidth-svgRight, chartTop+chartH, chartTop+chartH)
	step := tickStep(most)
	for n := 1; n <= most; n++ {
		if n != 1 && n%step != 0 {
			continue
		}
		p(`<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="black"/>`+"\n", x(n), x(n), chartTop+chartH, chartTop+chartH+5)
		p(`<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x(n), chartTop+chartH+18, words.Thousands(n))
	}
	p(`<text x="%.0f" y="%d" text-anchor="middle">solutions per snake</text>`+"\n", svgLeft+d.plotW/2, chartTop+chartH+38)
	p(`<text transform="translate(%d %d) rotate(-90)" text-anchor="middle">snakes</text>`+"\n", svgLeft-52, chartTop+chartH/2)

}

// heatMap draws the table of snakes by straights and solutions per snake,
// and returns its largest cell, for the colour key.
func (d *drawing) heatMap() int {
	s, p := d.s, d.p
	// The heat map: snakes by straights (rows) and solutions per snake
	// (columns, in bins), with each row's total at its right.
	p(`<text x="%d" y="%d" font-size="14" font-weight="bold">Snakes by straights and solutions per snake</text>`+"\n", svgLeft-50, chartTop+chartH+80)
	maxCell := 1
	for k := d.first; k <= d.last && d.rows > 0; k++ {
		for _, c := range Binned(s.ByStraights, k, d.bins) {
			maxCell = max(maxCell, c)
		}
	}
	for i, b := range d.bins {
		if d.upright {
			p(`<text transform="translate(%.1f %d) rotate(-90)" dominant-baseline="middle">%s</text>`+"\n", svgLeft+(float64(i)+0.5)*d.colW, d.heatTop-8, b)
		} else {
			p(`<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", svgLeft+(float64(i)+0.5)*d.colW, d.heatTop-8, b)
		}
	}
	totalX := svgLeft + float64(len(d.bins))*d.colW + 50
	p(`<text x="%.1f" y="%d" text-anchor="end">snakes</text>`+"\n", totalX, d.heatTop-8)
	for r := range d.rows {
		k := d.first + r
		cy := d.heatTop + r*heatRow
		p(`<text x="%d" y="%d" text-anchor="end" dominant-baseline="middle">%d</text>`+"\n", svgLeft-8, cy+heatRow/2, k)
		total := 0
		for i, c := range Binned(s.ByStraights, k, d.bins) {
			total += c
			cx := svgLeft + float64(i)*d.colW
			fill, ink := "#f2f2f2", "black"
			if c > 0 {
				t := math.Log(float64(c)) / math.Log(float64(max(maxCell, 2)))
				fill = colour(t)
				if t > 0.55 {
					ink = "white"
				}
			}
			p(`<rect class="cell" x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" stroke="white"><title>%d straights, %s solutions: %s</title></rect>`+"\n",
				cx, cy, d.colW, heatRow, fill, k, d.bins[i], words.Plural(c, "snake"))
			if c > 0 {
				p(`<text x="%.1f" y="%d" text-anchor="middle" dominant-baseline="middle" fill="%s">%s</text>`+"\n", cx+d.colW/2, cy+heatRow/2, ink, words.Thousands(c))
			}
		}
		p(`<text x="%.1f" y="%d" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", totalX, cy+heatRow/2, words.Thousands(total))
	}
	bottom := d.heatTop + d.rows*heatRow
	p(`<text x="%.0f" y="%d" text-anchor="middle">solutions per snake</text>`+"\n", svgLeft+float64(len(d.bins))*d.colW/2, bottom+20)
	p(`<text transform="translate(%d %d) rotate(-90)" text-anchor="middle">straights</text>`+"\n", svgLeft-52, d.heatTop+d.rows*heatRow/2)

	return maxCell
}

// key draws the colour key of the heat map, whose largest cell is maxCell.
func (d *drawing) key(maxCell int) {
	p := d.p
	bottom := d.heatTop + d.rows*heatRow
	// The colour key: five swatches, evenly spaced on the log scale.
	p(`<text x="%d" y="%d">snakes per cell:</text>`+"\n", svgLeft, bottom+58)
	kx, prev := svgLeft+110, 0
	for i := range 5 {
		t := float64(i) / 4
		v := int(math.Round(math.Pow(float64(maxCell), t)))
		if v == prev {
			continue
		}
		prev = v
		p(`<rect x="%d" y="%d" width="24" height="16" fill="%s"/>`+"\n", kx, bottom+46, colour(t))
		p(`<text x="%d" y="%d">%s</text>`+"\n", kx+30, bottom+58, words.Thousands(v))
		kx += 70
	}
}

// tickStep returns a step of 1, 2 or 5 times a power of ten that puts at
// most about 15 ticks on an axis from 1 to n.
func tickStep(n int) int {
	for step := 1; ; step *= 10 {
		for _, m := range []int{1, 2, 5} {
			if n/(step*m) <= 15 {
				return step * m
			}
		}
	}
}
