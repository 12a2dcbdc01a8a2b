package site_test

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestIcons: the site's PNG icons are the sizes the manifest says, drawn
// (the background in a corner, the orange chain where icon.svg draws it,
// the brown edge beside it), and the page names one for Apple's home
// screen.
func TestIcons(t *testing.T) {
	dir, _ := siteDir(t)
	p, err := os.ReadFile(filepath.Join(dir, "manifest.webmanifest"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Icons []struct{ Src, Sizes, Type string }
	}
	if err := json.Unmarshal(p, &m); err != nil {
		t.Fatalf("manifest.webmanifest: %v", err)
	}
	pngs := 0
	for _, ic := range m.Icons {
		if ic.Type != "image/png" {
			continue
		}
		pngs++
		f, err := os.ReadFile(filepath.Join(dir, ic.Src))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(f))
		if err != nil {
			t.Fatalf("%s: %v", ic.Src, err)
		}
		n := img.Bounds().Dx()
		if ic.Sizes != sizeString(n, img.Bounds().Dy()) {
			t.Errorf("%s is %dx%d, the manifest says %s", ic.Src, n, img.Bounds().Dy(), ic.Sizes)
		}
		at := func(u, v float64) [3]uint32 { // a point in icon.svg's 96 units
			r, g, b, _ := img.At(int(u*float64(n)/96), int(v*float64(n)/96)).RGBA()
			return [3]uint32{r >> 8, g >> 8, b >> 8}
		}
		for _, c := range []struct {
			name string
			u, v float64
			want [3]uint32
		}{
			{"a corner", 2, 2, [3]uint32{0xfb, 0xfa, 0xf7}},
			{"the chain", 20, 62, [3]uint32{0xe8, 0x70, 0x1e}},
			{"the chain's edge", 27, 62, [3]uint32{0xa6, 0x70, 0x4a}},
			{"the middle of the corner", 62, 62, [3]uint32{0xfb, 0xfa, 0xf7}},
		} {
			if got := at(c.u, c.v); got != c.want {
				t.Errorf("%s: %s is %x, want %x", ic.Src, c.name, got, c.want)
			}
		}
	}
	if pngs < 2 {
		t.Errorf("the manifest lists %d PNG icons, want 192 and 512 pixels", pngs)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte(`<link rel="apple-touch-icon" href="icon-192.png">`)) {
		t.Errorf("index.html names no apple-touch-icon")
	}
}

// sizeString writes a size as a manifest does: "192x192".
func sizeString(w, h int) string { return strconv.Itoa(w) + "x" + strconv.Itoa(h) }
