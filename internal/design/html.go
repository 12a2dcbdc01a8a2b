package design

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"html"
	"io"
	"strconv"

	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/solver"
)

// WriteHTML writes the maker's sheet as one self-contained HTML page, to
// read on a screen of any width or to print: a section a puzzle, each
// printed on a page of its own, then the solutions' step sheet (package
// fold) after a page break; printed, the step sheet's pages are A4
// without margins, as it asks, and the puzzles' sections keep margins of
// their own. It holds no script and loads nothing.
func WriteHTML(ctx context.Context, w io.Writer, sheets []Sheet) error {
	bw := bufio.NewWriter(w)
	title := "snakecube · maker's sheet"
	if len(sheets) == 1 {
		title += fmt.Sprintf(" · %v · %v", sheets[0].Seq, sheets[0].Box)
	}
	fmt.Fprintf(bw, htmlHead, html.EscapeString(title))
	for k, s := range sheets {
		if err := ctx.Err(); err != nil {
			return err
		}
		writePuzzleHTML(bw, s, k, len(sheets))
	}
	var sheet bytes.Buffer
	if err := fold.WriteSheet(ctx, &sheet, foldSnakes(sheets)); err != nil {
		return err
	}
	fmt.Fprintf(bw, `<section class="answer" id="answer">
<h2>The solution%s</h2>
<p>Keep this part apart from the puzzle: it tells the answer. Each picture adds the cubelets of one step.</p>
<div class="sheet">
`, map[bool]string{true: "", false: "s"}[len(sheets) == 1 && len(sheets[0].Solutions) == 1])
	bw.Write(sheet.Bytes())
	fmt.Fprintf(bw, "</div>\n</section>\n</body>\n</html>\n")
	return bw.Flush()
}

// writePuzzleHTML writes puzzle k of n as a section.
func writePuzzleHTML(w io.Writer, s Sheet, k, n int) {
	title, sub, about := s.Lines()
	fmt.Fprintf(w, "<section class=\"puzzle\" id=\"puzzle-%d\">\n", k+1)
	if n > 1 {
		fmt.Fprintf(w, "<p class=\"head\">the puzzle · %d of %d</p>\n", k+1, n)
	} else {
		fmt.Fprintf(w, "<p class=\"head\">the puzzle</p>\n")
	}
	fmt.Fprintf(w, "<h1>%s</h1>\n<p class=\"sub\">%s</p>\n", html.EscapeString(title), html.EscapeString(sub))
	for _, p := range about {
		fmt.Fprintf(w, "<p>%s</p>\n", html.EscapeString(p))
	}
	fmt.Fprintf(w, "<dl>\n<dt>sequence</dt><dd>%v</dd>\n<dt>cubelets</dt><dd>%s</dd>\n<dt>runs</dt><dd>%s</dd>\n</dl>\n",
		s.Seq, Letters(s.Seq), RunList(s.Seq))
	fmt.Fprintf(w, "<h2>The chain, cubelet by cubelet</h2>\n<ol class=\"chain\">\n")
	for i := range s.Seq.Len {
		fmt.Fprintf(w, `<li data-kind="%c"><span>%d</span>`, KindOf(s.Seq, i), i+1)
		writeTileSVG(w, s.Seq, i)
		fmt.Fprintf(w, "<b>%c</b></li>\n", KindOf(s.Seq, i))
	}
	fmt.Fprintf(w, "</ol>\n<ul class=\"legend\">\n")
	for _, kd := range []Kind{Straight, Corner, End} {
		q, i := kd.Sample()
		fmt.Fprintf(w, "<li>")
		writeTileSVG(w, q, i)
		fmt.Fprintf(w, "<b>%c</b> %s</li>\n", kd, html.EscapeString(kindWords[kd]))
	}
	fmt.Fprintf(w, "</ul>\n")
	for _, p := range buildWords {
		fmt.Fprintf(w, "<p>%s</p>\n", html.EscapeString(p))
	}
	f, c := flatIn(s.Seq, textW, flatH, maxSide)
	fw, fh := c*float64(f.cols), c*float64(f.rows)
	fmt.Fprintf(w, "<h2>The %d runs, laid out flat</h2>\n", len(Runs(s.Seq)))
	if len(f.parts) > 1 {
		fmt.Fprintf(w, "<p>%s</p>\n", html.EscapeString(flatWords(f)))
	}
	fmt.Fprintf(w, `<svg class="layout" viewBox="0 0 %.2f %.2f" style="max-width:%.0fmm" role="img" aria-label="the chain laid out flat">`+"\n", fw, fh, fw)
	writeFlat(w, f, 0, 0, c)
	fmt.Fprintf(w, "</svg>\n")
	fmt.Fprintf(w, "<p class=\"foot\">The solution follows on pages of its own: print it apart to keep the answer from the puzzle. The difficulty is defined in snakecube's docs/CONVENTIONS.md.</p>\n</section>\n")
}

// flatH is the height, in millimetres, that the HTML page gives the chain
// laid out flat, printed: the rest of a page.
const flatH = 75.0

// writeTileSVG writes a cubelet's tile as a small SVG of its own.
func writeTileSVG(w io.Writer, q solver.Seq, i int) {
	fmt.Fprintf(w, `<svg class="tile" viewBox="-0.5 -0.5 11 11" role="img" aria-label="cubelet %s">`, strconv.Itoa(i+1))
	writeTile(w, q, i, 0, 0, 10)
	fmt.Fprintf(w, "</svg>")
}

// htmlHead is the page's head and style, up to the first section: the
// title twice.
const htmlHead = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s</title>
<style>
body{margin:16px 20px;background:#fff;color:#222;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif}
section{max-width:186mm;margin:0 auto 32px}
.head{color:#666;font-size:13px;margin:0}
h1{font-size:22px;margin:4px 0}
h2{font-size:17px;margin:18px 0 6px}
.sub{color:#444;margin:0 0 10px}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:10px 0}
dt{font-weight:600}
dd{margin:0;font-family:ui-monospace,Menlo,Consolas,"DejaVu Sans Mono",monospace;overflow-wrap:anywhere}
.chain{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:6px 2px}
.chain li{width:40px;text-align:center;font-size:11px;color:#444}
.chain li span{display:block}
.chain li b{display:block;color:#222}
.tile{width:30px;height:30px;display:block;margin:1px auto}
.legend{list-style:none;padding:0;margin:10px 0}
.legend li{display:flex;align-items:center;gap:8px;margin:4px 0}
.legend .tile{margin:0;flex:none}
.layout{display:block;width:100%%;height:auto;margin:6px auto}
.foot{color:#555;font-size:13px}
.sheet svg{width:100%%;height:auto;max-width:210mm;display:block}
@media (max-width:480px){body{margin:12px}dd{font-size:13px}}
@media print{
body{margin:0;font-size:10pt;line-height:1.35}
h1{font-size:16pt}
h2{font-size:12pt;margin:10px 0 4px}
section.puzzle{break-after:page;break-inside:avoid;padding:10mm 12mm 0;max-width:none;margin:0}
.chain li{width:30px;font-size:7pt}
.tile{width:22px;height:22px}
.legend li{margin:2px 0}
.layout{width:auto;max-width:100%%;max-height:75mm}
.answer{break-before:page;max-width:none;margin:0}
.answer>h2,.answer>p{display:none}
.sheet svg{max-width:none}
}
</style>
</head>
<body>
`
