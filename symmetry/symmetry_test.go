package symmetry

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestParseBox(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want [3]int
	}{{"3", [3]int{3, 3, 3}}, {"2x3x4", [3]int{2, 3, 4}}, {" 4X4X4 ", [3]int{4, 4, 4}}, {"1x4x4", [3]int{1, 4, 4}}} {
		b, err := ParseBox(tc.in)
		if err != nil || b.Size != tc.want {
			t.Errorf("ParseBox(%q) = %v, %v; want %v", tc.in, b, err, tc.want)
		}
	}
	// The last ones' products wrap around to 2 to 64 cells, or to 0 or
	// below, in 64-bit arithmetic: 2^61+1 times 32 is 32 after wrapping.
	for _, bad := range []string{"", "x", "3x3", "0x3x3", "5", "4x4x5", "-1", "2x2xa", "1x1x1",
		"2305843009213693953x4x2", "2305843009213693953x8x1", "1099511627776", "2097152", "65x1x1"} {
		if b, err := ParseBox(bad); err == nil {
			t.Errorf("ParseBox(%q) = %v, want an error", bad, b)
		}
	}
}

func TestGroupSize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		box  string
		want int
	}{{"3x3x3", 48}, {"2x2x3", 16}, {"2x3x2", 16}, {"2x3x4", 8}, {"1x4x4", 16}} {
		b := MustParseBox(tc.box)
		g := b.Group()
		if len(g) != tc.want {
			t.Errorf("%v.Group() has %d elements, want %d", b, len(g), tc.want)
		}
		for _, x := range g {
			for i := range b.Len() {
				if q := x.Cell(b, b.Coord(i)); !b.Contains(q) {
					t.Errorf("%v: %v maps cell %v outside the box", b, x, b.Coord(i))
				}
			}
		}
	}
}

// randomWalk returns a self-avoiding walk in the box from a random cell,
// as long as it gets before it is stuck: enough to exercise Normalize on
// direction lists with one, two and three axes.
func randomWalk(b Box, r *rand.Rand) []Dir {
	p := b.Coord(r.IntN(b.Len()))
	seen := map[[3]int]bool{p: true}
	var dirs []Dir
	for {
		var next []Dir
		for d := range Dir(NumDirs) {
			if q := b.Step(p, d); b.Contains(q) && !seen[q] {
				next = append(next, d)
			}
		}
		if len(next) == 0 || r.IntN(40) == 0 {
			return dirs
		}
		d := next[r.IntN(len(next))]
		p = b.Step(p, d)
		seen[p] = true
		dirs = append(dirs, d)
	}
}

func image(g Transform, dirs []Dir) []Dir {
	out := make([]Dir, len(dirs))
	for i, d := range dirs {
		out[i] = g.Dir(d)
	}
	return out
}

// TestNormalizeIsSmallestImage compares Normalize with the minimum over
// every image under the group.
func TestNormalizeIsSmallestImage(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []string{"3x3x3", "2x2x3", "3x3x4", "2x3x4", "1x4x4", "4x1x4"} {
		b := MustParseBox(size)
		for range 500 {
			dirs := randomWalk(b, r)
			want := slices.Clone(dirs)
			for _, g := range b.Group() {
				if img := image(g, dirs); slices.Compare(img, want) < 0 {
					want = img
				}
			}
			if got := b.Normalize(nil, dirs); !slices.Equal(got, want) {
				t.Fatalf("%v.Normalize(%v) = %v, want %v", b, dirs, got, want)
			}
		}
	}
}

func TestReverseAndStart(t *testing.T) {
	t.Parallel()
	b := MustParseBox("2x2x2")
	dirs := []Dir{PosX, PosY, NegX, PosZ, PosX, NegY, NegX}
	if got := Reverse(nil, Reverse(nil, dirs)); !slices.Equal(got, dirs) {
		t.Errorf("Reverse(Reverse(%v)) = %v", dirs, got)
	}
	start, ok := b.Start(dirs)
	if !ok || start != [3]int{0, 0, 0} {
		t.Errorf("Start(%v) = %v, %v", dirs, start, ok)
	}
	cells, err := b.Cells(start, dirs)
	if err != nil || len(cells) != 8 {
		t.Fatalf("Cells = %v, %v", cells, err)
	}
	rev := Reverse(nil, dirs)
	if s, ok := b.Start(rev); !ok || s != cells[7] {
		t.Errorf("Start(reverse) = %v, want the old end %v", s, cells[7])
	}
	if _, err := b.Cells(start, []Dir{PosX, PosX}); err == nil {
		t.Error("Cells accepted a move out of the box")
	}
	if _, err := b.Cells(start, []Dir{PosX, NegX}); err == nil {
		t.Error("Cells accepted a move back to a visited cell")
	}
	for c := -4; c <= 4; c++ {
		d, ok := DirOfCode(c)
		if ok != (c != 0 && c >= -3 && c <= 3) || ok && d.Code() != c {
			t.Errorf("DirOfCode(%d) = %v, %v", c, d, ok)
		}
	}
}

// FuzzNormalize checks that every image of a walk has the same canonical
// form, and that the canonical form is an image.
func FuzzNormalize(f *testing.F) {
	f.Add(uint64(1), uint8(3), uint8(3), uint8(3))
	f.Add(uint64(7), uint8(1), uint8(4), uint8(4))
	f.Add(uint64(9), uint8(2), uint8(3), uint8(4))
	f.Fuzz(func(t *testing.T, seed uint64, a, bb, c uint8) {
		b, err := NewBox(int(a%5)+1, int(bb%5)+1, int(c%5)+1)
		if err != nil {
			return
		}
		dirs := randomWalk(b, rand.New(rand.NewPCG(seed, 0)))
		want := b.Normalize(nil, dirs)
		found := false
		for _, g := range b.Group() {
			img := image(g, dirs)
			if got := b.Normalize(nil, img); !slices.Equal(got, want) {
				t.Fatalf("%v: Normalize(%v) = %v, but Normalize(%v) = %v", b, img, got, dirs, want)
			}
			found = found || slices.Equal(img, want)
		}
		if !found {
			t.Fatalf("%v: Normalize(%v) = %v is no image of it", b, dirs, want)
		}
	})
}

func TestOrbit(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		box  string
		want int
	}{{"3x3x3", 48}, {"2x2x3", 16}, {"2x3x4", 8}, {"1x4x4", 8}, {"1x1x4", 2}, {"1x3x4", 4}} {
		b := MustParseBox(tc.box)
		if got := b.Orbit(); got != tc.want {
			t.Errorf("%v.Orbit() = %d, want %d", b, got, tc.want)
		}
	}
}

// TestBoxJSON checks that a box is "AxBxC" in JSON, read back as it was,
// and that a string naming no box is refused.
func TestBoxJSON(t *testing.T) {
	t.Parallel()
	type rec struct {
		Box Box `json:"box"`
	}
	in := rec{MustParseBox("2x3x4")}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != `{"box":"2x3x4"}` {
		t.Errorf("json.Marshal = %s, want {\"box\":\"2x3x4\"}", data)
	}
	var out rec
	if err := json.Unmarshal(data, &out); err != nil || out != in {
		t.Errorf("json.Unmarshal(%s) = %v, %v, want %v", data, out, err, in)
	}
	for _, bad := range []string{`{"box":"5x5x5"}`, `{"box":"3x3"}`, `{"box":""}`, `{"box":3}`} {
		if err := json.Unmarshal([]byte(bad), &out); err == nil {
			t.Errorf("json.Unmarshal(%s) = %v, want an error", bad, out)
		}
	}
}
