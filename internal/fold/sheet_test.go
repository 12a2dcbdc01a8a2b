package fold_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/symmetry"
)

// svgPicture is what the test reads of one step's picture.
type svgPicture struct {
	numbers []int    // the cubelet numbers written in it
	caption []string // its caption lines
}

// readSheet decodes a sheet strictly as XML and returns its pictures, the
// page height it declares and the y coordinates of everything drawn.
func readSheet(t *testing.T, p []byte) (pics []svgPicture, height float64, ys []float64) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(p))
	d.Strict = true
	var in *svgPicture
	var text strings.Builder
	num := regexp.MustCompile(`-?[0-9.]+`)
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the sheet is no well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if e.Name.Local == "script" || e.Name.Local == "foreignObject" || e.Name.Local == "image" {
				t.Errorf("the sheet holds a <%s>", e.Name.Local)
			}
			for _, a := range e.Attr {
				if strings.HasPrefix(a.Name.Local, "on") || a.Name.Local == "href" {
					t.Errorf("the sheet has a %s attribute", a.Name.Local)
				}
				switch {
				case e.Name.Local == "svg" && a.Name.Local == "viewBox":
					f := strings.Fields(a.Value)
					height, _ = strconv.ParseFloat(f[3], 64)
				case a.Name.Local == "y": // not the lines between pages
					v, _ := strconv.ParseFloat(a.Value, 64)
					ys = append(ys, v)
				case a.Name.Local == "points":
					for k, m := range num.FindAllString(a.Value, -1) {
						if k%2 == 1 {
							v, _ := strconv.ParseFloat(m, 64)
							ys = append(ys, v)
						}
					}
				}
			}
			switch e.Name.Local {
			case "g":
				pics = append(pics, svgPicture{})
				in = &pics[len(pics)-1]
			case "text":
				text.Reset()
			}
		case xml.CharData:
			text.Write(e)
		case xml.EndElement:
			switch {
			case e.Name.Local == "g":
				in = nil
			case e.Name.Local == "text" && in != nil:
				if n, err := strconv.Atoi(text.String()); err == nil {
					in.numbers = append(in.numbers, n)
				} else {
					in.caption = append(in.caption, text.String())
				}
			}
		}
	}
	return pics, height, ys
}

// TestSheet checks a step sheet of several snakes and boxes: well-formed,
// without script; a picture per step in reading order, captioned with its
// step and numbering every cubelet placed so far; A4 pages that nothing
// drawn crosses.
func TestSheet(t *testing.T) {
	snakes := []fold.Snake{
		solved(t, "3", classic),
		solved(t, "2", "01111110"),
		solved(t, "4", bitsOfFT(king)),
		firstSnake(t, "1x4x4"),
	}
	var buf bytes.Buffer
	if err := fold.WriteSheet(context.Background(), &buf, snakes); err != nil {
		t.Fatal(err)
	}
	pics, height, ys := readSheet(t, buf.Bytes())
	k := 0
	pages := 0
	for _, s := range snakes {
		for _, d := range s.Solutions {
			for i, st := range fold.Steps(d) {
				if k >= len(pics) {
					t.Fatalf("the sheet has %d pictures, too few", len(pics))
				}
				p := pics[k]
				k++
				want := fmt.Sprintf("%d. cubelet %d: %v", i+1, st.Cubelet, st.Twist)
				if len(p.caption) != 2 || p.caption[0] != want || !strings.HasPrefix(p.caption[1], fmt.Sprintf("%d to cubelet %d", st.Run, st.Next())) {
					t.Errorf("picture %d: caption %q, want %q then the run", k, p.caption, want)
				}
				nums := slices.Compact(slices.Sorted(slices.Values(p.numbers)))
				if len(nums) != st.Next() || nums[0] != 1 || nums[len(nums)-1] != st.Next() {
					t.Errorf("picture %d (%s): numbers %v, want 1 to %d", k, want, nums, st.Next())
				}
			}
		}
	}
	if k != len(pics) {
		t.Errorf("the sheet has %d pictures, want %d", len(pics), k)
	}
	pages = int(height / 297)
	if height != float64(pages)*297 || pages < 2 {
		t.Fatalf("the sheet is %g mm high, want A4 pages of 297 mm, several", height)
	}
	for _, y := range ys {
		if m := y - 297*float64(int(y/297)); y > 0 && (m < 5 || m > 292) {
			t.Errorf("something is drawn at y = %g mm, on a page's edge", y)
			break
		}
	}
}

// TestSheetEmpty checks the sheet of a snake without solution: one page
// that says so.
func TestSheetEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := fold.WriteSheet(context.Background(), &buf, []fold.Snake{solved(t, "3", "010101010101010101010101010")}); err != nil {
		t.Fatal(err)
	}
	pics, height, _ := readSheet(t, buf.Bytes())
	if len(pics) != 0 || height != 297 || !strings.Contains(buf.String(), "3x3x3 box · no solution") {
		t.Errorf("a sheet without solutions: %d pictures, %g mm high", len(pics), height)
	}
}

// TestPageData checks the data the page gives the player: every solution
// rebuilds from its startPos and direction into the cells of the folding,
// and each snake names its box where it differs from the page's.
func TestPageData(t *testing.T) {
	snakes := []fold.Snake{solved(t, "3", classic), firstSnake(t, "2x3x4"), solved(t, "2", "01111110")}
	var buf bytes.Buffer
	if err := fold.WritePage(context.Background(), &buf, snakes); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	m := regexp.MustCompile(`<script id="snake-data" type="application/json">(.*)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page holds no data script")
	}
	var data fold.Data
	if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
		t.Fatal(err)
	}
	if data.Box != [3]int{3, 3, 3} || len(data.Snakes) != len(snakes) {
		t.Fatalf("data for box %v, %d snakes", data.Box, len(data.Snakes))
	}
	for i, s := range snakes {
		ds := data.Snakes[i]
		box := data.Box
		if ds.Box != nil {
			box = *ds.Box
		}
		if ds.Key != s.Seq.String() || box != s.Box.Size || (ds.Box != nil) == (i == 0) || len(ds.Solutions) != len(s.Solutions) {
			t.Fatalf("snake %d: data %s in %v (own box %v), %d solutions", i+1, ds.Key, box, ds.Box != nil, len(ds.Solutions))
		}
		for k, sol := range ds.Solutions {
			dirs := make([]symmetry.Dir, len(sol.Direction))
			for j, c := range sol.Direction {
				dirs[j], _ = symmetry.DirOfCode(c)
			}
			got, err := s.Box.Cells(sol.StartPos, dirs)
			start, _ := s.Box.Start(s.Solutions[k])
			want, _ := s.Box.Cells(start, s.Solutions[k])
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("snake %d solution %d: data gives cells %v (%v), want %v", i+1, k+1, got, err, want)
			}
		}
	}
	for _, bad := range []string{"src=", "href=", "<link", "@import", "fetch(", "XMLHttpRequest"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q: it must load nothing", bad)
		}
	}
	if !bytes.Contains(fold.Script(), []byte("SnakePlayer")) || strings.Count(page, string(fold.Script())) != 1 {
		t.Errorf("the page does not inline the player script once")
	}
}
