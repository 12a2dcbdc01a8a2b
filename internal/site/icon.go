package site

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
)

// The icon's design, as icon.svg draws it on a 96-unit square: a bent
// chain, a wide brown line under a narrower orange one, with round joins
// and ends. The PNG icons fill the whole square with the background, as
// a home screen that rounds corners itself wants.
var (
	iconChain                    = [][2]float64{{20, 76}, {20, 48}, {48, 48}, {48, 20}, {76, 20}}
	iconBack                     = color.NRGBA{0xfb, 0xfa, 0xf7, 0xff}
	iconWood                     = color.NRGBA{0xa6, 0x70, 0x4a, 0xff}
	iconOrange                   = color.NRGBA{0xe8, 0x70, 0x1e, 0xff}
	iconWide, iconNarrow         = 9.0, 5.0 // half the widths of the two lines, in units
	iconSizes                    = []int{192, 512}
	iconSamples                  = 4 // a pixel's samples along each side, for smooth edges
	iconUnit             float64 = 96
)

// iconPNG draws the icon as a PNG of size x size pixels.
func iconPNG(size int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale := iconUnit / float64(size)
	for y := range size {
		for x := range size {
			var r, g, b float64
			for sy := range iconSamples {
				for sx := range iconSamples {
					px := (float64(x) + (float64(sx)+0.5)/float64(iconSamples)) * scale
					py := (float64(y) + (float64(sy)+0.5)/float64(iconSamples)) * scale
					c := iconBack
					switch d := chainDistance(px, py); {
					case d <= iconNarrow:
						c = iconOrange
					case d <= iconWide:
						c = iconWood
					}
					r, g, b = r+float64(c.R), g+float64(c.G), b+float64(c.B)
				}
			}
			n := float64(iconSamples * iconSamples)
			img.SetNRGBA(x, y, color.NRGBA{uint8(math.Round(r / n)), uint8(math.Round(g / n)), uint8(math.Round(b / n)), 0xff})
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img) // writing to memory cannot fail
	return buf.Bytes()
}

// chainDistance returns the distance from (x, y) to the chain's line.
func chainDistance(x, y float64) float64 {
	best := math.Inf(1)
	for i := 1; i < len(iconChain); i++ {
		a, b := iconChain[i-1], iconChain[i]
		dx, dy := b[0]-a[0], b[1]-a[1]
		t := max(0, min(1, ((x-a[0])*dx+(y-a[1])*dy)/(dx*dx+dy*dy)))
		best = min(best, math.Hypot(x-a[0]-t*dx, y-a[1]-t*dy))
	}
	return best
}
