package fold

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/snakecube/snakecube/internal/words"
)

//go:embed player.js
var playerJS string

// Script returns the step player's JavaScript, the code that both the
// standalone page and a server's pages run. It defines the global
// SnakePlayer (see the package doc) and loads nothing.
func Script() []byte { return []byte(playerJS) }

// Data is what the step player shows, as JSON: the box, and each snake's
// key and solutions in the catalogue's schema.
type Data struct {
	Box    [3]int      `json:"box"`
	Snakes []DataSnake `json:"snakes"`
}

// DataSnake is a snake as the player takes it. Box, when set, overrides
// the Data's box for this snake.
type DataSnake struct {
	Key       string         `json:"key"`
	Box       *[3]int        `json:"box,omitempty"`
	Solutions []DataSolution `json:"solutions"`
	// Total is the snake's number of solutions, when Solutions holds
	// only the first of them.
	Total uint64 `json:"total,omitempty"`
	// Differ says where solutions that share most of the folding differ
	// ([Differences]); "" when none do.
	Differ string `json:"differ,omitempty"`
}

// DataSolution is a folding: the cell of cubelet 1 and the moves from it,
// as codes 1, -1, 2, -2, 3, -3 for +x, -x, +y, -y, +z, -z.
type DataSolution struct {
	StartPos  [3]int `json:"startPos"`
	Direction []int  `json:"direction"`
}

// NewData returns the player's data for the snakes. The Data's box is the
// first snake's; a snake of another box names its own.
func NewData(snakes []Snake) Data {
	d := Data{Snakes: make([]DataSnake, len(snakes))}
	if len(snakes) > 0 {
		d.Box = snakes[0].Box.Size
	}
	for i, s := range snakes {
		ds := DataSnake{Key: s.Seq.String(), Solutions: make([]DataSolution, len(s.Solutions)), Differ: s.Differences()}
		if s.cut() {
			ds.Total = s.Total
		}
		if s.Box.Size != d.Box {
			ds.Box = &s.Box.Size
		}
		for k, dirs := range s.Solutions {
			start, _ := s.Box.Start(dirs)
			codes := make([]int, len(dirs))
			for j, m := range dirs {
				codes[j] = m.Code()
			}
			ds.Solutions[k] = DataSolution{StartPos: start, Direction: codes}
		}
		d.Snakes[i] = ds
	}
	return d
}

// pageTitle names a page after its snake, or after how many it holds.
func pageTitle(snakes []Snake) string {
	switch len(snakes) {
	case 0:
		return "snakecube"
	case 1:
		return fmt.Sprintf("snakecube · %v · %v", snakes[0].Seq, snakes[0].Box)
	}
	return fmt.Sprintf("snakecube · %d snakes", len(snakes))
}

// WritePage writes one self-contained HTML page that shows every solution
// of the snakes in the step player: the script, its data and the page's
// style are all inline, so the page works offline from any folder.
//
// It stops with the context's error if ctx is done before it writes.
func WritePage(ctx context.Context, w io.Writer, snakes []Snake) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := json.Marshal(NewData(snakes)) // escapes <, > and &: safe inside a script element
	if err != nil {
		return err
	}
	if strings.Contains(strings.ToLower(playerJS), "</script") {
		return fmt.Errorf("fold: the player script holds a closing script tag")
	}
	var note string
	for _, s := range snakes {
		if s.cut() {
			note += fmt.Sprintf("<p>Snake %v has %s; the first %d are shown here.</p>\n", s.Seq, words.Plural(int(s.Total), "solution"), len(s.Solutions))
		}
		if len(s.Notes) > 0 {
			note += fmt.Sprintf("<div class=\"notes\"><b>Snake %v</b>", s.Seq)
			for _, l := range s.Notes {
				note += "<br>" + html.EscapeString(l)
			}
			note += "</div>\n"
		}
	}
	_, err = fmt.Fprintf(w, pageHTML, html.EscapeString(pageTitle(snakes)), html.EscapeString(pageTitle(snakes)), note, playerJS, data)
	return err
}

// pageHTML is the standalone page: the title twice, notes, the script,
// the data.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s</title>
<style>
body{margin:16px 20px;background:#fff}
h1{font:600 18px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif;margin:0 0 12px;color:#333}
.notes{font:14px/1.5 ui-monospace,Menlo,Consolas,"DejaVu Sans Mono",monospace;white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 12px;color:#333}
p{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif;margin:0 0 10px;color:#444}
</style>
</head>
<body>
<h1>%s</h1>
%s<div id="player"></div>
<script>
%s
</script>
<script id="snake-data" type="application/json">%s</script>
<script>
window.snakePlayer = SnakePlayer.mount(document.getElementById("player"), JSON.parse(document.getElementById("snake-data").textContent));
document.getElementById("player").focus(); // the arrow keys step at once
</script>
</body>
</html>
`
