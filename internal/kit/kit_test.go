package kit

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/design"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// classic is the shop's 3x3x3 snake.
const classic = "001110110111010111101010100"

// newKit makes the kit of snake seq of box size.
func newKit(t *testing.T, size, seq string, g Geometry) *Kit {
	t.Helper()
	q, err := solver.ParseSeq(seq)
	if err != nil {
		t.Fatal(err)
	}
	k, err := New(context.Background(), symmetry.MustParseBox(size), q, nil, Options{Geometry: g, Workers: 1})
	if err != nil {
		t.Fatalf("New(%s, %s): %v", size, seq, err)
	}
	return k
}

var defaults = Geometry{Cube: DefaultCube, Hole: DefaultHole}

// kits are the kits the file tests read: the classic snake, and a snake
// of a box that is no cube, with another geometry.
func kits(t *testing.T) map[string]*Kit {
	return map[string]*Kit{
		"classic": newKit(t, "3", classic, defaults),
		"2x2x3":   newKit(t, "2x2x3", "001101101100", Geometry{Cube: 12.5, Hole: 6}),
	}
}

// checkPiece checks what the reader measured of cubelet i of k: closed,
// turned out, a cube of the kit's side on the plate, the Euler
// characteristic and openings of its kind.
func checkPiece(t *testing.T, where string, k *Kit, i int, b body) {
	t.Helper()
	m := b.measure()
	s := k.Cube
	want := design.KindOf(k.Sheet.Seq, i).Name()
	if m.Open != "" {
		t.Errorf("%s: cubelet %d is not closed: %s", where, i+1, m.Open)
	}
	if got := m.kind(); got != want {
		t.Errorf("%s: cubelet %d reads as a %s (Euler characteristic %d, openings %v), want a %s", where, i+1, got, m.Euler(), m.Holed, want)
	}
	for a := range 3 {
		if math.Abs(m.Size[a]-s) > 1e-4 {
			t.Errorf("%s: cubelet %d measures %v, want %g mm a side", where, i+1, m.Size, s)
			break
		}
	}
	if lo := b.lo(); math.Abs(lo[2]) > 1e-6 {
		t.Errorf("%s: cubelet %d stands at z = %g, not on the plate", where, i+1, lo[2])
	}
	if m.BadNormals > 0 {
		t.Errorf("%s: cubelet %d: %d normals disagree with their triangles", where, i+1, m.BadNormals)
	}
	if m.Volume <= 0 || m.Volume >= s*s*s {
		t.Errorf("%s: cubelet %d: volume %g, want between 0 and %g: triangles facing out, a channel cut", where, i+1, m.Volume, s*s*s)
	}
}

// TestSTL reads light.stl and dark.stl: a closed solid a cubelet of the
// colour, in the order of the chain, of its kind; the colours a chequer
// of the folded puzzle.
func TestSTL(t *testing.T) {
	for name, k := range kits(t) {
		// The chequer: cells next to each other in the first solution
		// differ in colour, and cubelet 1 is light.
		at := map[[3]int]int{}
		for i, p := range k.cells {
			at[p] = i
		}
		for i, p := range k.cells {
			for a := range 3 {
				q := p
				q[a]++
				if j, ok := at[q]; ok && k.Colour(j) == k.Colour(i) {
					t.Errorf("%s: cubelets %d and %d are neighbours of one colour", name, i+1, j+1)
				}
			}
		}
		if k.Colour(0) != Light {
			t.Errorf("%s: cubelet 1 is %v", name, k.Colour(0))
		}
		for _, c := range []Colour{Light, Dark} {
			var buf bytes.Buffer
			if err := k.WriteSTL(&buf, c); err != nil {
				t.Fatal(err)
			}
			b, err := readSTL(buf.Bytes())
			if err != nil {
				t.Fatalf("%s %v: %v", name, c, err)
			}
			parts := b.parts()
			is := k.Cubelets(c)
			if len(parts) != len(is) {
				t.Fatalf("%s: %v.stl holds %d solids, want %d cubelets", name, c, len(parts), len(is))
			}
			for j, i := range is {
				checkPiece(t, name+" "+c.String()+".stl", k, i, parts[j])
			}
		}
		if n, l := len(k.Cubelets(Light)), k.Sheet.Seq.Len; n != (l+1)/2 {
			t.Errorf("%s: %d light cubelets of %d, want %d", name, n, l, (l+1)/2)
		}
	}
}

// TestGeometries builds every kind of cubelet over the range of holes a
// cube takes, and reads each: closed, of its kind, the channel's volume
// between those of the circle it is cut around and of the circle through
// its peak.
func TestGeometries(t *testing.T) {
	for _, s := range []float64{MinCube, 20, 33.3, MaxCube} {
		for f := 0.0; f < 1; f += 0.05 {
			g := Geometry{Cube: s, Hole: MinHole + f*(s/2-MinHole)}
			if g.Check() != nil {
				t.Fatalf("Check(%+v) = %v", g, g.Check())
			}
			for _, kd := range []design.Kind{design.Straight, design.Corner, design.End} {
				m := cubelet(kd, g)
				b := body{pts: m.pts, tris: m.tris}
				me := b.measure()
				if me.Open != "" || me.kind() != kd.Name() {
					t.Errorf("%+v: a %s reads as a %s (%s)", g, kd.Name(), me.kind(), me.Open)
					continue
				}
				// The section holds the circle, of area πr², and lies
				// within the circle and the roof over it, (π/4 + 1)r²
				// at most, less than 3.5r². A corner's legs, mitred
				// across the section, are between s - 2r√2 and s + 2r
				// long, the mean of the section's reach up and down.
				r, lo, hi := g.Hole/2, s, s
				switch kd {
				case design.End:
					r, lo, hi = g.Well()/2, g.WellDepth(), g.WellDepth()
				case design.Corner:
					lo, hi = s-2*r*math.Sqrt2, s+2*r
				}
				lo, hi = math.Pi*r*r*lo, 3.5*r*r*hi
				if cut := s*s*s - me.Volume; cut < lo*0.999 || cut > hi {
					t.Errorf("%+v: a %s's channel is %g mm³, want %g to %g", g, kd.Name(), cut, lo, hi)
				}
				if g.Wall() <= 0 {
					t.Errorf("%+v: wall %g", g, g.Wall())
				}
			}
		}
	}
}

// Test3MF reads plate.3mf: the package's parts, two materials, an object
// a cubelet of its colour's material, each closed and of its kind.
func Test3MF(t *testing.T) {
	for name, k := range kits(t) {
		var buf bytes.Buffer
		if err := k.Write3MF(&buf); err != nil {
			t.Fatal(err)
		}
		p, err := read3MF(buf.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !strings.Contains(strings.Join(p.Types, " "), "model=application/vnd.ms-package.3dmanufacturing-3dmodel+xml") {
			t.Errorf("%s: content types %v name no 3D model", name, p.Types)
		}
		if p.RelTarget != "/3D/3dmodel.model" || p.Model.Unit != "millimeter" {
			t.Errorf("%s: model at %q in %q", name, p.RelTarget, p.Model.Unit)
		}
		for _, tm := range p.Times {
			if tm != "1980-01-01 00:00:00" {
				t.Errorf("%s: a part dated %s", name, tm)
			}
		}
		if len(p.Model.Materials) != 1 || len(p.Model.Materials[0].Bases) != 2 ||
			p.Model.Materials[0].Bases[0].Name != "light" || p.Model.Materials[0].Bases[1].Name != "dark" {
			t.Fatalf("%s: materials %+v, want light and dark", name, p.Model.Materials)
		}
		mat := p.Model.Materials[0].ID
		if len(p.Model.Objects) != k.Sheet.Seq.Len || len(p.Model.Items) != k.Sheet.Seq.Len {
			t.Fatalf("%s: %d objects and %d items, want %d cubelets", name, len(p.Model.Objects), len(p.Model.Items), k.Sheet.Seq.Len)
		}
		for i, o := range p.Model.Objects {
			if o.PID != mat || o.PIndex != int(k.Colour(i)) {
				t.Errorf("%s: object %q in material %d/%d, want %d/%d", name, o.Name, o.PID, o.PIndex, mat, k.Colour(i))
			}
			b, err := p.body(i)
			if err != nil {
				t.Fatal(err)
			}
			checkPiece(t, name+" plate.3mf", k, i, b)
		}
	}
}

// TestSame writes a kit twice: the same bytes.
func TestSame(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	for _, d := range []string{"a", "b"} {
		if err := newKit(t, "3", classic, defaults).WriteDir(ctx, filepath.Join(dir, d), false); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range Files {
		a, err1 := os.ReadFile(filepath.Join(dir, "a", f))
		b, err2 := os.ReadFile(filepath.Join(dir, "b", f))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two runs", f)
		}
	}
	if names, _ := os.ReadDir(dir); len(names) != 2 {
		t.Errorf("the folder holds %d entries, want the two kits only", len(names))
	}
}

// TestWriteDir refuses a folder that holds files, but with force, and
// leaves no temporary folder.
func TestWriteDir(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "kit")
	ctx := context.Background()
	k := newKit(t, "3", classic, defaults)
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := k.WriteDir(ctx, out, false); err != nil {
		t.Fatalf("into an empty folder: %v", err)
	}
	if err := k.WriteDir(ctx, out, false); !errors.Is(err, ErrNotEmpty) {
		t.Errorf("into a full folder without force: %v, want ErrNotEmpty", err)
	}
	os.WriteFile(filepath.Join(out, "mine.txt"), nil, 0o644)
	if err := k.WriteDir(ctx, out, true); err != nil {
		t.Fatalf("with force: %v", err)
	}
	names, _ := os.ReadDir(out)
	var got []string
	for _, n := range names {
		got = append(got, n.Name())
	}
	if strings.Join(got, " ") != "card.svg dark.stl light.stl plate.3mf sheet.svg" {
		t.Errorf("the kit's folder holds %v", got)
	}
	if names, _ := os.ReadDir(dir); len(names) != 1 {
		t.Errorf("beside the kit: %d entries, want none", len(names)-1)
	}
	wd, _ := os.Getwd()
	if err := k.WriteDir(ctx, filepath.Dir(wd), true); err == nil || !strings.Contains(err.Error(), "working folder") {
		t.Errorf("over the working folder's parent: %v", err)
	}
}

// TestCheck names the limits of a geometry out of them.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		g    Geometry
		want string
	}{
		{Geometry{20, 3.5}, ""},
		{Geometry{20, 10}, "-hole 10: want 1 mm or more and less than half the cube, 10 mm"},
		{Geometry{20, -1}, "-hole -1: want 1 mm"},
		{Geometry{4, 1}, "-cube 4: want 5 to 100 mm"},
		{Geometry{1e300, 1}, "-cube 1e+300: want 5 to 100 mm"},
		{Geometry{math.NaN(), 1}, "-cube NaN"},
	} {
		err := c.g.Check()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)) {
			t.Errorf("Check(%+v) = %v, want %q", c.g, err, c.want)
		}
	}
}

// TestAdmesh has Debian's admesh read the STL files: one part a cubelet,
// nothing to fix.
func TestAdmesh(t *testing.T) {
	path, err := exec.LookPath("admesh")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no admesh, which .ci/run installs: apt-get install admesh")
		}
		t.Skip("no admesh: apt-get install admesh to run this test")
	}
	dir := t.TempDir()
	k := newKit(t, "3", classic, defaults)
	if err := k.WriteDir(context.Background(), filepath.Join(dir, "kit"), false); err != nil {
		t.Fatal(err)
	}
	for _, c := range []Colour{Light, Dark} {
		out, err := exec.Command(path, filepath.Join(dir, "kit", c.String()+".stl")).CombinedOutput()
		if err != nil {
			t.Fatalf("admesh: %v\n%s", err, out)
		}
		stat := func(name string) string {
			m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `\s*:\s*(\S+)`).FindSubmatch(out)
			if m == nil {
				t.Fatalf("admesh says nothing of %q:\n%s", name, out)
			}
			return string(m[1])
		}
		if got, want := stat("Number of parts"), len(k.Cubelets(c)); got != strconv.Itoa(want) {
			t.Errorf("admesh finds %s parts in %v.stl, want %d", got, c, want)
		}
		for _, name := range []string{"Degenerate facets", "Edges fixed", "Facets removed", "Facets added", "Facets reversed", "Backwards edges", "Normals fixed", "Total disconnected facets"} {
			if got := stat(name); got != "0" {
				t.Errorf("admesh on %v.stl: %s %s, want 0", c, name, got)
			}
		}
	}
}

// TestWriteDirCancelled cuts a write short: the kit in the folder stays
// as it was, and nothing is left beside it.
func TestWriteDirCancelled(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "kit")
	k := newKit(t, "3", classic, defaults)
	if err := k.WriteDir(context.Background(), out, false); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(out, "light.stl"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big := newKit(t, "3", classic, Geometry{Cube: 50, Hole: 5})
	if err := big.WriteDir(ctx, out, true); !errors.Is(err, context.Canceled) {
		t.Errorf("WriteDir cancelled: %v", err)
	}
	if after, _ := os.ReadFile(filepath.Join(out, "light.stl")); !bytes.Equal(before, after) {
		t.Error("a cancelled write changed the kit in the folder")
	}
	if names, _ := os.ReadDir(dir); len(names) != 1 {
		t.Errorf("beside the kit: %d entries, want none", len(names)-1)
	}
}

// TestParseGeometry reads -cube and -hole as typed: numbers in range
// pass, and a text that is no number or a size out of range is refused
// with the flag and its limits named.
func TestParseGeometry(t *testing.T) {
	for _, c := range []struct{ cube, hole, want string }{
		{"20", "3", ""},
		{"big", "3", `-cube "big": want a size in mm, 5 to 100 mm`},
		{"20", "wide", `-hole "wide": want a size in mm, 1 mm or more and less than half the cube`},
		{"200", "3", "-cube 200: want 5 to 100 mm"},
		{"20", "10", "-hole 10: want 1 mm or more and less than half the cube, 10 mm"},
	} {
		g, err := ParseGeometry(c.cube, c.hole)
		switch {
		case c.want == "" && (err != nil || g.Cube != 20 || g.Hole != 3):
			t.Errorf("ParseGeometry(%q, %q) = %+v, %v; want 20 and 3 mm", c.cube, c.hole, g, err)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("ParseGeometry(%q, %q): %v, want %q", c.cube, c.hole, err, c.want)
		}
	}
}
