package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/internal/oracle"
	"github.com/snakecube/snakecube/internal/verify"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// The encoder writes solutions by hand, through tables indexed by masked
// positions (see export's writer.go). These tests hold it to the plain
// path: the same catalogue built as Go values and marshalled by the
// standard library's encoding/json, which knows nothing of our tables.

// refSolution is a catalogue's solution as encoding/json writes it.
type refSolution struct {
	StartPos  [3]int    `json:"startPos"`
	Direction []int     `json:"direction"`
	Path      [][][]int `json:"path"`
}

// refOf returns the solution of box b with moves dirs, walked cell by
// cell from the start that keeps them in the box.
func refOf(t testing.TB, b symmetry.Box, dirs []symmetry.Dir) refSolution {
	t.Helper()
	start, ok := b.Start(dirs)
	if !ok {
		t.Fatalf("%v: moves %v do not span the box", b, dirs)
	}
	cells, err := b.Cells(start, dirs)
	if err != nil {
		t.Fatalf("%v: %v", b, err)
	}
	r := refSolution{StartPos: start, Direction: make([]int, len(dirs))}
	for k, d := range dirs {
		r.Direction[k] = d.Code()
	}
	r.Path = make([][][]int, b.Size[0])
	for x := range r.Path {
		r.Path[x] = make([][]int, b.Size[1])
		for y := range r.Path[x] {
			r.Path[x][y] = make([]int, b.Size[2])
		}
	}
	for v, c := range cells {
		r.Path[c[0]][c[1]][c[2]] = v + 1
	}
	return r
}

// reference returns the catalogue of snakes in format f as encoding/json
// writes it, in the layout of export's doc: the JSON object with a key a
// line, or the header line and a line a snake.
func reference(t testing.TB, b symmetry.Box, f export.Format, snakes []solver.Snake) []byte {
	t.Helper()
	var out bytes.Buffer
	switch f {
	case export.FormatJSON:
		out.WriteString("{")
	case export.FormatJSONL:
		hd, err := json.Marshal(map[string]string{"box": b.String()})
		if err != nil {
			t.Fatal(err)
		}
		out.Write(append(hd, '\n'))
	}
	for k, s := range snakes {
		sols := make([]refSolution, len(s.Solutions))
		for i, d := range s.Solutions {
			sols[i] = refOf(t, b, d)
		}
		key, err := json.Marshal(s.Seq.String())
		if err != nil {
			t.Fatal(err)
		}
		val, err := json.Marshal(sols)
		if err != nil {
			t.Fatal(err)
		}
		if f == export.FormatJSONL {
			fmt.Fprintf(&out, `{"snake":%s,"solutions":%s}`+"\n", key, val)
			continue
		}
		if k > 0 {
			out.WriteString(",")
		}
		fmt.Fprintf(&out, "\n%s:%s", key, val)
	}
	if f == export.FormatJSON {
		out.WriteString("\n}\n")
	}
	return out.Bytes()
}

// write encodes snakes through a Writer of box b in format f.
func write(t testing.TB, b symmetry.Box, f export.Format, snakes []solver.Snake, unordered bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := export.NewWriter(&buf, b, export.Options{Format: f, Unordered: unordered})
	for _, s := range snakes {
		if err := w.Write(s); err != nil {
			t.Fatalf("%v: Write(%v): %v", b, s.Seq, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// firstDiff describes where two encodings part.
func firstDiff(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(i-60, 0)
	return fmt.Sprintf("at byte %d:\n got  ...%s\n want ...%s", i, got[from:min(i+40, len(got))], want[from:min(i+40, len(want))])
}

// boxes64 are the boxes of 64 cells, the most the encoder's tables hold,
// in every shape up to the order of sides, and small boxes besides.
var boxes64 = []string{"4x4x4", "2x4x8", "2x2x16", "1x8x8", "1x4x16", "1x2x32", "1x1x64", "8x8x1", "16x2x2"}

// TestEncodeReference writes, for each box, paths whose last cubelet
// lies in every cell of the box and whose first does too: cubelet 64 in
// every entry of the path array, the case the encoder once got wrong for
// odd entries. The bytes must be encoding/json's.
func TestEncodeReference(t *testing.T) {
	eachBox(t, func(t *testing.T, b symmetry.Box) {
		rng := rand.New(rand.NewPCG(1, uint64(b.Len())))
		snakes := coveringPaths(t, rng, b)
		for _, f := range []export.Format{export.FormatJSON, export.FormatJSONL} {
			got := write(t, b, f, snakes, true)
			want := reference(t, b, f, snakes)
			if !bytes.Equal(got, want) {
				t.Fatalf("%v %v: the Writer's bytes differ from encoding/json's %s", b, f, firstDiff(got, want))
			}
			if f == export.FormatJSON && !json.Valid(got) {
				t.Fatalf("%v: the catalogue is not valid JSON", b)
			}
		}
	})
}

// eachBox runs test, in parallel, on each box of boxes64 and on small
// boxes besides.
func eachBox(t *testing.T, test func(*testing.T, symmetry.Box)) {
	t.Parallel()
	for _, size := range append(slices.Clone(boxes64), "2x2x2", "3x3x3", "2x3x4", "1x1x2", "1x3x5") {
		t.Run(size, func(t *testing.T) {
			t.Parallel()
			test(t, symmetry.MustParseBox(size))
		})
	}
}

// coveringPaths draws Hamiltonian paths of b by backbite moves, read
// from either end, and returns as snakes named by their sequences those
// whose last cubelet lies in a cell where none before had it. A box whose
// sides are all 2 or more and whose volume is even must have had the last
// cubelet in every cell; a thinner one, in every corner and, for an even
// volume, both at an odd and at an even entry of the path array.
func coveringPaths(t testing.TB, rng *rand.Rand, b symmetry.Box) []solver.Snake {
	t.Helper()
	n := b.Len()
	lasts := map[[3]int]bool{}
	path := catalogtest.Walk(rng, b, 0)
	at := make(map[[3]int]int, n)
	for i, c := range path {
		at[c] = i
	}
	var snakes []solver.Snake
	for range 2000 * n {
		catalogtest.Backbite(rng, b, path, at)
		for range 2 {
			if !lasts[path[n-1]] {
				lasts[path[n-1]] = true
				dirs := catalogtest.Moves(b, path)
				snakes = append(snakes, solver.Snake{Seq: solver.SeqOf(dirs), Solutions: [][]symmetry.Dir{dirs}})
			}
			slices.Reverse(path)
			for i, c := range path {
				at[c] = i
			}
		}
		if len(lasts) == n {
			return snakes
		}
	}
	thick := n%2 == 0
	for _, s := range b.Size {
		thick = thick && s >= 2
	}
	var parity [2]bool
	for c := range lasts {
		parity[(c[0]*b.Size[1]*b.Size[2]+c[1]*b.Size[2]+c[2])%2] = true // c's entry of the path array
	}
	for c := range cells(b) {
		if corner(b, c) && !lasts[c] || thick {
			t.Fatalf("%v: the last cubelet of %d paths sat in %d cells, never in %v", b, len(snakes), len(lasts), c)
		}
	}
	if n%2 == 0 && (!parity[0] || !parity[1]) {
		t.Fatalf("%v: the last cubelet sat only at entries of one parity", b)
	}
	return snakes
}

// cells yields the cells of box b.
func cells(b symmetry.Box) func(func([3]int) bool) {
	return func(yield func([3]int) bool) {
		for i := range b.Len() {
			if !yield(b.Coord(i)) {
				return
			}
		}
	}
}

// TestCatalogue64 builds catalogues of 64-cell boxes from random paths in
// canonical form (by the oracle's brute force over the group), until the
// last cubelet of some solution has sat in every corner of the box, and
// writes them in both formats: encoding/json must parse them, the bytes
// must be encoding/json's, and verify must find no problem.
func TestCatalogue64(t *testing.T) {
	t.Parallel()
	for _, size := range []string{"4x4x4", "2x4x8", "2x2x16"} {
		t.Run(size, func(t *testing.T) {
			t.Parallel()
			b := symmetry.MustParseBox(size)
			c := canonicalCatalogue(t, b, rand.New(rand.NewPCG(2, uint64(b.Len()))))
			for _, f := range []export.Format{export.FormatJSON, export.FormatJSONL} {
				var buf bytes.Buffer
				if err := export.Encode(context.Background(), &buf, c, export.Options{Format: f}); err != nil {
					t.Fatalf("Encode(%v, %v): %v", b, f, err)
				}
				got := buf.Bytes()
				if want := reference(t, b, f, c.Snakes); !bytes.Equal(got, want) {
					t.Fatalf("%v %v: Encode's bytes differ from encoding/json's %s", b, f, firstDiff(got, want))
				}
				var problems []string
				sum, err := verify.Verify(context.Background(), bytes.NewReader(got), verify.Options{Box: b}, func(p *catalog.Problem) {
					problems = append(problems, p.Error())
				})
				if err != nil || len(problems) > 0 || sum.Solutions != c.Solutions() {
					t.Fatalf("verify of the %v %v catalogue: %d of %d solutions read, error %v, problems %q", b, f, sum.Solutions, c.Solutions(), err, problems)
				}
			}
		})
	}
}

// canonicalCatalogue returns a catalogue of box b's snakes made of
// random paths in canonical form, grouped by key, in catalogue order,
// such that the last cubelet of some solution lies in each corner.
func canonicalCatalogue(t testing.TB, b symmetry.Box, rng *rand.Rand) *solver.Catalogue {
	t.Helper()
	dims := b.Size
	corners := map[[3]int]bool{}
	sols := map[string]map[string][]symmetry.Dir{}
	path := catalogtest.Walk(rng, b, 0)
	at := make(map[[3]int]int, len(path))
	for i, c := range path {
		at[c] = i
	}
	for tries := 0; len(corners) < 8 || tries < 200; tries++ {
		if tries > 100000 {
			t.Fatalf("%v: the last cubelets of %d canonical paths sat in %d corners of 8", b, tries, len(corners))
		}
		for range 50 {
			catalogtest.Backbite(rng, b, path, at)
		}
		dirs := catalogtest.Moves(b, path)
		f := oracle.Folding{Start: path[0]}
		for _, d := range dirs {
			f.Dirs = append(f.Dirs, d.Code())
		}
		key, c := oracle.Canonical(dims, f)
		end := c.Start
		canon := make([]symmetry.Dir, len(c.Dirs))
		for k, code := range c.Dirs {
			d, ok := symmetry.DirOfCode(code)
			if !ok {
				t.Fatalf("oracle move %d", code)
			}
			canon[k] = d
			end = b.Step(end, d)
		}
		if corner(b, end) {
			corners[end] = true
		}
		if sols[key] == nil {
			sols[key] = map[string][]symmetry.Dir{}
		}
		sols[key][fmt.Sprint(canon)] = canon
	}
	c := &solver.Catalogue{Box: b}
	for _, key := range slices.Sorted(maps.Keys(sols)) {
		q, err := solver.ParseSeq(key)
		if err != nil {
			t.Fatal(err)
		}
		s := solver.Snake{Seq: q}
		for _, d := range sols[key] {
			s.Solutions = append(s.Solutions, d)
		}
		slices.SortFunc(s.Solutions, slices.Compare)
		c.Snakes = append(c.Snakes, s)
	}
	return c
}

// corner reports whether cell p is a corner of box b.
func corner(b symmetry.Box, p [3]int) bool {
	for a, s := range b.Size {
		if p[a] != 0 && p[a] != s-1 {
			return false
		}
	}
	return true
}

// FuzzEncode writes one path of a box, drawn by the fuzzer's backbite
// moves from a boustrophedon, and holds the Writer's bytes to
// encoding/json's, in both formats.
func FuzzEncode(f *testing.F) {
	for k := range boxes64 {
		f.Add(uint8(k), uint64(k), uint16(1000))
	}
	f.Add(uint8(0), uint64(7), uint16(0))
	all := append(slices.Clone(boxes64), "2x2x2", "3x3x3", "2x3x4", "1x1x2", "3x4x5", "2x5x6")
	boxes := make([]symmetry.Box, len(all))
	for k, s := range all {
		boxes[k] = symmetry.MustParseBox(s)
	}
	f.Fuzz(func(t *testing.T, which uint8, seed uint64, moves uint16) {
		b := boxes[int(which)%len(boxes)]
		path := catalogtest.Walk(rand.New(rand.NewPCG(seed, 0)), b, int(moves))
		dirs := catalogtest.Moves(b, path)
		snakes := []solver.Snake{{Seq: solver.SeqOf(dirs), Solutions: [][]symmetry.Dir{dirs}}}
		for _, format := range []export.Format{export.FormatJSON, export.FormatJSONL} {
			if got, want := write(t, b, format, snakes, true), reference(t, b, format, snakes); !bytes.Equal(got, want) {
				t.Fatalf("%v %v, path %v: the Writer's bytes differ from encoding/json's %s", b, format, path, firstDiff(got, want))
			}
		}
	})
}

// fills reports whether moves dirs, from some cell of box b, pass through
// every cell of b once, and if so from which: the plain walk of package
// symmetry, cell by cell.
func fills(b symmetry.Box, dirs []symmetry.Dir) ([3]int, bool) {
	if len(dirs) != b.Len()-1 {
		return [3]int{}, false
	}
	for _, d := range dirs {
		if d >= symmetry.NumDirs {
			return [3]int{}, false
		}
	}
	start, ok := b.Start(dirs)
	if !ok {
		return start, false
	}
	_, err := b.Cells(start, dirs)
	return start, err == nil
}

// damaged holds the Writer to the plain walk on the moves dirs of box b:
// it takes them, in JSON and as Parquet, exactly when they fill the box,
// and then writes encoding/json's bytes and the start the walk finds.
func damaged(t *testing.T, b symmetry.Box, dirs []symmetry.Dir) {
	t.Helper()
	start, ok := fills(b, dirs)
	snakes := []solver.Snake{{Seq: solver.SeqOf(dirs), Solutions: [][]symmetry.Dir{dirs}}}
	var buf bytes.Buffer
	w := export.NewWriter(&buf, b, export.Options{Format: export.FormatJSONL, Unordered: true})
	err := w.Write(snakes[0])
	if err == nil {
		err = w.Close()
	}
	if ok != (err == nil) {
		t.Fatalf("%v, moves %v: Write says %v, the walk that they fill the box is %v", b, dirs, err, ok)
	}
	if ok {
		if want := reference(t, b, export.FormatJSONL, snakes); !bytes.Equal(buf.Bytes(), want) {
			t.Fatalf("%v, moves %v: the Writer's bytes differ from encoding/json's %s", b, dirs, firstDiff(buf.Bytes(), want))
		}
	}
	// Parquet takes the start cell alone from the same walk.
	buf.Reset()
	w = export.NewWriter(&buf, b, export.Options{Format: export.FormatParquet})
	if err := w.Write(snakes[0]); ok != (err == nil) {
		t.Fatalf("%v, moves %v: Parquet's Write says %v, the walk that they fill the box is %v", b, dirs, err, ok)
	}
	if !ok {
		return
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r := export.NewReader(bytes.NewReader(buf.Bytes()))
	e, err := r.Next()
	if err != nil || len(e.Solutions) != 1 || [3]int(e.Solutions[0].StartPos) != start {
		t.Fatalf("%v, moves %v: Parquet read back %+v, %v; want the start %v", b, dirs, e, err, start)
	}
}

// TestEncodeDamaged changes each move of a path of each box, the 64-cell
// ones included, to every direction and to one past the last, and the
// last two moves to every pair: the encoder's walk must refuse what
// fills no box and take the rest, as the plain walk does.
func TestEncodeDamaged(t *testing.T) {
	eachBox(t, func(t *testing.T, b symmetry.Box) {
		path := catalogtest.Walk(rand.New(rand.NewPCG(3, uint64(b.Len()))), b, 20*b.Len())
		dirs := catalogtest.Moves(b, path)
		damaged(t, b, dirs)
		for k := range dirs {
			for d := range symmetry.Dir(symmetry.NumDirs + 1) {
				c := slices.Clone(dirs)
				c[k] = d
				damaged(t, b, c)
			}
		}
		m := len(dirs)
		for d := range symmetry.Dir(symmetry.NumDirs * symmetry.NumDirs) {
			if m >= 2 {
				c := slices.Clone(dirs)
				c[m-2], c[m-1] = d/symmetry.NumDirs, d%symmetry.NumDirs
				damaged(t, b, c)
			}
		}
		damaged(t, b, dirs[:m-1])
		damaged(t, b, append(slices.Clone(dirs), 0))
	})
}

// FuzzEncodeDamaged is TestEncodeDamaged on a path drawn by the fuzzer's
// backbite moves, with moves of its choosing put in at two places.
func FuzzEncodeDamaged(f *testing.F) {
	for k := range boxes64 {
		f.Add(uint8(k), uint64(k), uint16(1000), uint16(62), uint8(0), uint16(0), uint8(1))
	}
	f.Add(uint8(0), uint64(7), uint16(0), uint16(3), uint8(200), uint16(5), uint8(5))
	all := append(slices.Clone(boxes64), "2x2x2", "3x3x3", "2x3x4", "1x1x2", "3x4x5", "2x5x6")
	boxes := make([]symmetry.Box, len(all))
	for k, s := range all {
		boxes[k] = symmetry.MustParseBox(s)
	}
	f.Fuzz(func(t *testing.T, which uint8, seed uint64, moves, at1 uint16, d1 uint8, at2 uint16, d2 uint8) {
		b := boxes[int(which)%len(boxes)]
		dirs := catalogtest.Moves(b, catalogtest.Walk(rand.New(rand.NewPCG(seed, 0)), b, int(moves)))
		dirs[int(at1)%len(dirs)] = symmetry.Dir(d1)
		dirs[int(at2)%len(dirs)] = symmetry.Dir(d2)
		damaged(t, b, dirs)
	})
}
