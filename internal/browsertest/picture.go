package browsertest

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Picture is what [Inspect] finds in a screenshot.
type Picture struct {
	Width, Height int
	// Background is the most frequent colour, taken for the page's
	// background.
	Background color.RGBA
	// Colours is the number of distinct colours.
	Colours int
	// Drawn is the share of pixels, 0 to 1, that differ from the
	// background.
	Drawn float64
}

// Inspect decodes a PNG screenshot and counts its colours and the pixels
// that are not background, which tells a blank page from a drawn one.
func Inspect(p []byte) (Picture, error) {
	img, err := png.Decode(bytes.NewReader(p))
	if err != nil {
		return Picture{}, err
	}
	return inspect(img), nil
}

func inspect(img image.Image) Picture {
	r := img.Bounds()
	pic := Picture{Width: r.Dx(), Height: r.Dy()}
	if r.Empty() {
		return pic
	}
	seen := map[color.RGBA]int{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			seen[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	most := 0
	for c, n := range seen {
		if n > most || n == most && colourLess(c, pic.Background) {
			pic.Background, most = c, n
		}
	}
	pic.Colours = len(seen)
	pic.Drawn = float64(r.Dx()*r.Dy()-most) / float64(r.Dx()*r.Dy())
	return pic
}

// colourLess orders colours, so that a tie for the most frequent one is
// broken the same way every time.
func colourLess(a, b color.RGBA) bool {
	return a.R < b.R || a.R == b.R && (a.G < b.G || a.G == b.G && (a.B < b.B || a.B == b.B && a.A < b.A))
}

// Shrink makes a PNG screenshot small enough to commit, for a README: at
// most height pixels high (0 keeps it whole), in the 256 colours it uses
// most.
func Shrink(p []byte, height int) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(p))
	if err != nil {
		return nil, err
	}
	r := img.Bounds()
	if height > 0 && r.Dy() > height {
		r.Max.Y = r.Min.Y + height
	}
	// Colours binned by their top 5 bits a channel; the palette is the
	// mean colour of the most used bins.
	type sum struct{ r, g, b, n int }
	bins := map[int]*sum{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			k := int(cr>>11)<<10 | int(cg>>11)<<5 | int(cb>>11)
			if bins[k] == nil {
				bins[k] = &sum{}
			}
			s := bins[k]
			s.r, s.g, s.b, s.n = s.r+int(cr>>8), s.g+int(cg>>8), s.b+int(cb>>8), s.n+1
		}
	}
	keys := slices.Collect(maps.Keys(bins))
	slices.SortFunc(keys, func(a, b int) int {
		if bins[a].n != bins[b].n {
			return bins[b].n - bins[a].n
		}
		return a - b
	})
	var pal color.Palette
	for _, k := range keys[:min(256, len(keys))] {
		s := bins[k]
		pal = append(pal, color.RGBA{uint8(s.r / s.n), uint8(s.g / s.n), uint8(s.b / s.n), 255})
	}
	dst := image.NewPaletted(image.Rect(0, 0, r.Dx(), r.Dy()), pal)
	draw.Draw(dst, dst.Bounds(), img, r.Min, draw.Src)
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, dst); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Keep writes a screenshot where $SNAKECUBE_SCREENSHOTS says, for a
// person to look at, as review-NAME.png, and fails the test when it looks
// blank: fewer than 20 colours, or less than 5% of it drawn.
func Keep(t testing.TB, png []byte, name string) {
	t.Helper()
	if dir := os.Getenv("SNAKECUBE_SCREENSHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "review-"+name+".png"), png, 0o666); err != nil {
			t.Error(err)
		}
	}
	pic, err := Inspect(png)
	if err != nil {
		t.Fatal(err)
	}
	if pic.Colours < 20 || pic.Drawn < 0.05 {
		t.Errorf("%s: the screenshot looks blank: %d colours, %.0f%% drawn", name, pic.Colours, 100*pic.Drawn)
	}
}
