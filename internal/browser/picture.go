package browser

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
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
