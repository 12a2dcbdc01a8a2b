package verify

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	json "github.com/goccy/go-json"
	"github.com/parquet-go/parquet-go"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// file is a catalogue file decoded entry by entry, to be damaged and
// encoded again.
type file struct {
	box     symmetry.Box
	entries []export.Entry
}

var decoded sync.Map // size -> []export.Entry

// decode returns a box's catalogue decoded whole. Its entries and their
// lists of solutions are the caller's, the solutions are shared: change a
// solution only after replacing it with a copy.
func decode(t testing.TB, size string) *file {
	t.Helper()
	f := &file{box: symmetry.MustParseBox(size)}
	size = f.box.String()
	es, ok := decoded.Load(size)
	if !ok {
		var all []export.Entry
		r := export.NewReader(bytes.NewReader(catalogtest.File(t, size, export.FormatJSON)))
		for {
			e, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, e)
		}
		es, _ = decoded.LoadOrStore(size, all)
	}
	f.entries = slices.Clone(es.([]export.Entry))
	for i := range f.entries {
		f.entries[i].Solutions = slices.Clone(f.entries[i].Solutions)
	}
	return f
}

// encode writes the file in the catalogue's JSON layout.
func (f *file) encode(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	buf.WriteString("{\n")
	for i, e := range f.entries {
		if i > 0 {
			buf.WriteString(",\n")
		}
		k, _ := json.Marshal(e.Key)
		v, err := json.Marshal(e.Solutions)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(k)
		buf.WriteByte(':')
		buf.Write(v)
	}
	buf.WriteString("\n}\n")
	return buf.Bytes()
}

// find returns the index of the first entry with at least n solutions and
// the given palindromy.
func (f *file) find(t testing.TB, n int, palindrome bool) int {
	t.Helper()
	for i, e := range f.entries {
		q, _ := solver.ParseSeq(e.Key)
		if len(e.Solutions) >= n && q.Palindrome() == palindrome {
			return i
		}
	}
	t.Fatalf("no snake with %d solutions (palindrome %v)", n, palindrome)
	return -1
}

func dirsOf(s export.Solution) []symmetry.Dir {
	d := make([]symmetry.Dir, len(s.Direction))
	for i, c := range s.Direction {
		d[i], _ = symmetry.DirOfCode(c)
	}
	return d
}

// solutionOf writes a folding as a file states it.
func solutionOf(b symmetry.Box, start [3]int, dirs []symmetry.Dir) export.Solution {
	s := export.Solution{StartPos: start[:], Direction: make([]int, len(dirs))}
	s.Path = make([][][]int, b.Size[0])
	for x := range s.Path {
		s.Path[x] = make([][]int, b.Size[1])
		for y := range s.Path[x] {
			s.Path[x][y] = make([]int, b.Size[2])
		}
	}
	p := start
	s.Path[p[0]][p[1]][p[2]] = 1
	for i, d := range dirs {
		s.Direction[i] = d.Code()
		p = b.Step(p, d)
		s.Path[p[0]][p[1]][p[2]] = i + 2
	}
	return s
}

// image returns solution s moved by symmetry g, read backwards when back.
func image(b symmetry.Box, s export.Solution, g symmetry.Transform, back bool) export.Solution {
	dirs := dirsOf(s)
	start := [3]int(s.StartPos)
	if back {
		cells, err := b.Cells(start, dirs)
		if err != nil {
			panic(err)
		}
		start, dirs = cells[len(cells)-1], symmetry.Reverse(nil, dirs)
	}
	for i, d := range dirs {
		dirs[i] = g.Dir(d)
	}
	return solutionOf(b, g.Cell(b, start), dirs)
}

// result is the outcome of a Verify.
type result struct {
	sum      Summary
	problems []*catalog.Problem
	err      error
}

func check(t testing.TB, data []byte, opts Options) result {
	t.Helper()
	var r result
	r.sum, r.err = Verify(context.Background(), bytes.NewReader(data), opts, func(p *catalog.Problem) {
		r.problems = append(r.problems, p)
	})
	if r.sum.Problems != len(r.problems) {
		t.Errorf("Verify: Summary.Problems = %d, but %d were reported", r.sum.Problems, len(r.problems))
	}
	return r
}

func (r result) String() string {
	var b strings.Builder
	for _, p := range r.problems {
		b.WriteString("\n\t" + p.Error())
	}
	if r.err != nil {
		b.WriteString("\n\terror: " + r.err.Error())
	}
	return b.String()
}

// TestClean verifies whole catalogues in both formats, with and without
// -complete: no problem, and the counts of docs/CONVENTIONS.md.
func TestClean(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		size              string
		snakes, solutions int
	}{
		{"2x2x2", 1, 3},
		{"2x2x3", 17, 41},
		{"3x3x3", 11487, 51704},
	} {
		for _, f := range []export.Format{export.FormatJSON, export.FormatJSONL} {
			for _, complete := range []bool{false, true} {
				if tc.size == "3x3x3" && (f == export.FormatJSONL || !complete) {
					continue // the race detector makes each run of 3x3x3 cost seconds
				}
				opts := Options{Box: symmetry.MustParseBox(tc.size), Complete: complete}
				r := check(t, catalogtest.File(t, tc.size, f), opts)
				if r.err != nil || len(r.problems) > 0 {
					t.Fatalf("Verify(%s.%v, %+v):%v", tc.size, f, opts, r)
				}
				if r.sum.Snakes != tc.snakes || r.sum.Solutions != tc.solutions || r.sum.Box != opts.Box {
					t.Errorf("Verify(%s.%v) = %+v, want %d snakes and %d solutions", tc.size, f, r.sum, tc.snakes, tc.solutions)
				}
			}
		}
	}
}

// TestBoxFromFile: the box comes from the file: a JSONL header, a Parquet
// file's metadata, the shape of a JSON path array; a cube's from its keys
// when nothing else tells it.
func TestBoxFromFile(t *testing.T) {
	t.Parallel()
	r := check(t, catalogtest.File(t, "2x2x2", export.FormatJSON), Options{})
	if r.err != nil || r.sum.Box != symmetry.MustParseBox("2") {
		t.Errorf("Verify(2x2x2 catalogue) found box %v, %v", r.sum.Box, r.err)
	}
	for _, f := range []export.Format{export.FormatJSON, export.FormatJSONL, export.FormatParquet} {
		r = check(t, catalogtest.File(t, "2x2x3", f), Options{})
		if r.err != nil || r.sum.Box != symmetry.MustParseBox("2x2x3") || len(r.problems) > 0 {
			t.Errorf("Verify(2x2x3 %v catalogue) without a box: box %v, %v, %v", f, r.sum.Box, r.err, r.problems)
		}
	}
	r = check(t, []byte(`{"001011011100":[]}`), Options{})
	if !errors.Is(r.err, catalog.ErrNoBox) || !strings.Contains(r.err.Error(), "12 characters") {
		t.Errorf("Verify(a catalogue that tells no box) without a box: %v, want catalog.ErrNoBox", r.err)
	}
	r = check(t, catalogtest.File(t, "2x2x2", export.FormatJSON), Options{Box: symmetry.MustParseBox("2x2x3")})
	if len(r.problems) != 1 || r.problems[0].Error() != "01111110: not a snake of the 2x2x3 box: 8 cubelets, want 12 for the 2x2x3 box" {
		t.Errorf("Verify(2x2x2 catalogue as 2x2x3):%v", r)
	}
	r = check(t, catalogtest.File(t, "2x2x2", export.FormatJSON), Options{Box: symmetry.MustParseBox("1x2x4")})
	if len(r.problems) != 3 || !strings.Contains(r.problems[2].Error(), "01111110 solution 3: direction: move 1 (+x) leaves the box at cubelet 2") {
		t.Errorf("Verify(2x2x2 catalogue as 1x2x4):%v", r)
	}
	// A catalogue with no snake and no box is none of any box, in JSON
	// or in Parquet without the box in its metadata; with it, it is the
	// empty catalogue of that box.
	var noRows, boxed bytes.Buffer
	if err := parquet.Write[catalogtest.Row](&noRows, nil); err != nil {
		t.Fatal(err)
	}
	if err := parquet.Write[catalogtest.Row](&boxed, nil, parquet.KeyValueMetadata(export.BoxKey, "2x2x3")); err != nil {
		t.Fatal(err)
	}
	for _, empty := range [][]byte{[]byte("{}"), noRows.Bytes()} {
		r = check(t, empty, Options{})
		if !errors.Is(r.err, ErrNoSnakeNoBox) {
			t.Errorf("Verify(%.8q) = %+v, %v, want ErrNoSnakeNoBox", empty, r.sum, r.err)
		}
	}
	r = check(t, boxed.Bytes(), Options{})
	if r.err != nil || r.sum.Box != symmetry.MustParseBox("2x2x3") || r.sum.Snakes != 0 {
		t.Errorf("Verify(no rows of the 2x2x3 box) = %+v, %v, want the empty catalogue of 2x2x3", r.sum, r.err)
	}
	r = check(t, []byte("{}"), Options{Complete: true})
	if !errors.Is(r.err, catalog.ErrNoBox) {
		t.Errorf("Verify({}, Complete) without a box = %v, want catalog.ErrNoBox", r.err)
	}
	r = check(t, []byte("{}"), Options{Complete: true, Box: symmetry.MustParseBox("2")})
	if r.err != nil || len(r.problems) != 1 || r.problems[0].Error() != "01111110: missing: a fresh search of the box finds 3 solutions" || r.problems[0].Offset != -1 {
		t.Errorf("Verify({}, Complete) of 2x2x2:%v", r)
	}
}

// TestForeignReadings accepts what oscar6echo/snake-cube-go writes: any
// image of a solution under the box's symmetries, read from either end.
func TestForeignReadings(t *testing.T) {
	t.Parallel()
	for _, size := range []string{"2x2x2", "2x2x3", "2x3x3", "3x3x3"} {
		f := decode(t, size)
		complete := size != "3x3x3"
		if !complete {
			f.entries = f.entries[:2000] // the race detector makes the whole cost seconds
		}
		g := f.box.Group()
		rng := rand.New(rand.NewPCG(1, 2))
		for i, e := range f.entries {
			for k, s := range e.Solutions {
				f.entries[i].Solutions[k] = image(f.box, s, g[rng.IntN(len(g))], rng.IntN(2) == 0)
			}
		}
		r := check(t, f.encode(t), Options{Box: f.box, Complete: complete})
		if r.err != nil || len(r.problems) > 0 {
			t.Errorf("Verify(%s, foreign readings):%v", size, r)
		}
	}
}

// ints writes a direction as the file does.
func ints(v []int) string {
	p, _ := json.Marshal(v)
	return string(p)
}

// TestDamaged damages the 3x3x3 catalogue in one way at a time, or the
// 2x3x3 one for what only Complete finds: each damage is found, and
// reported as one problem naming the snake and the solution.
func TestDamaged(t *testing.T) {
	t.Parallel()
	b := symmetry.MustParseBox("3")
	mirror := symmetry.Transform{Perm: [3]uint8{0, 1, 2}, Flip: [3]bool{true, false, false}}
	copyOf := func(s *export.Solution) { *s = image(b, *s, b.Group()[0], false) }
	type want struct {
		key      string
		solution int
		text     string
	}
	for _, tc := range []struct {
		name     string
		complete bool
		damage   func(f *file) want
	}{
		{"solution under the wrong key", false, func(f *file) want {
			a, z := f.find(t, 2, false), len(f.entries)-1
			f.entries[z].Solutions = append(f.entries[z].Solutions, f.entries[a].Solutions[1])
			return want{f.entries[z].Key, len(f.entries[z].Solutions) - 1, "direction folds the snake " + f.entries[a].Key}
		}},
		{"solution repeated as its mirror image", false, func(f *file) want {
			e := &f.entries[f.find(t, 3, false)]
			e.Solutions = append(e.Solutions, image(b, e.Solutions[2], mirror, false))
			return want{e.Key, len(e.Solutions) - 1, "the same solution as solution 3, up to symmetry and reversal"}
		}},
		{"palindrome's solution repeated read backwards", false, func(f *file) want {
			e := &f.entries[f.find(t, 2, true)]
			e.Solutions = slices.Insert(e.Solutions, 1, image(b, e.Solutions[1], b.Group()[0], true))
			return want{e.Key, 2, "the same solution as solution 2,"}
		}},
		{"two cells of a path swapped", false, func(f *file) want {
			e := &f.entries[f.find(t, 2, false)]
			s := &e.Solutions[1]
			copyOf(s)
			s.Path[0][0][0], s.Path[2][1][2] = s.Path[2][1][2], s.Path[0][0][0]
			return want{e.Key, 1, "path[0][0][0] is"}
		}},
		{"missing solution", true, func(f *file) want {
			e := &f.entries[f.find(t, 4, false)]
			gone := e.Solutions[3].Direction
			e.Solutions = slices.Delete(e.Solutions, 3, 4)
			return want{e.Key, -1, "missing the solution with direction " + ints(gone)}
		}},
		{"missing snake", true, func(f *file) want {
			a := f.find(t, 4, false)
			e := f.entries[a]
			f.entries = slices.Delete(f.entries, a, a+1)
			return want{e.Key, -1, "missing: a fresh search of the box finds " + words.Plural(len(e.Solutions), "solution")}
		}},
		{"last snake missing", true, func(f *file) want {
			e := f.entries[len(f.entries)-1]
			f.entries = f.entries[:len(f.entries)-1]
			return want{e.Key, -1, "missing: a fresh search of the box finds " + words.Plural(len(e.Solutions), "solution")}
		}},
		{"keys out of order", false, func(f *file) want {
			f.entries[10], f.entries[11] = f.entries[11], f.entries[10]
			return want{f.entries[11].Key, -1, "follows " + f.entries[10].Key + ": keys must ascend"}
		}},
		{"key repeated", false, func(f *file) want {
			f.entries = slices.Insert(f.entries, 6, f.entries[5])
			return want{f.entries[6].Key, -1, "listed again: keys must be unique"}
		}},
		{"key read backwards", false, func(f *file) want {
			e := &f.entries[f.find(t, 1, false)]
			q, _ := solver.ParseSeq(e.Key)
			e.Key = q.Reverse().String()
			f.entries = []export.Entry{*e}
			return want{e.Key, -1, "not a key: its reverse, " + q.String() + ", is smaller"}
		}},
		{"end marked as a turn", false, func(f *file) want {
			e := &f.entries[0]
			e.Key = e.Key[:26] + "1"
			return want{e.Key, -1, "cubelet 27 is an end but marked as a turn"}
		}},
		{"no solutions", false, func(f *file) want {
			f.entries[3].Solutions = nil
			return want{f.entries[3].Key, -1, "lists no solution"}
		}},
		{"startPos outside", false, func(f *file) want {
			s := &f.entries[4].Solutions[0]
			copyOf(s)
			s.StartPos[1] = 3
			return want{f.entries[4].Key, 0, "startPos [0 3 0] is not a cell of the 3x3x3 box"}
		}},
		{"bad direction code", false, func(f *file) want {
			s := &f.entries[4].Solutions[0]
			copyOf(s)
			s.Direction[5] = 4
			return want{f.entries[4].Key, 0, "direction: move 6 is 4"}
		}},
		{"direction leaves the box", false, func(f *file) want {
			s := &f.entries[4].Solutions[0]
			copyOf(s)
			s.Direction[0] = -1
			return want{f.entries[4].Key, 0, "direction: move 1 (-x) leaves the box at cubelet 2"}
		}},
		{"short direction", false, func(f *file) want {
			s := &f.entries[4].Solutions[0]
			copyOf(s)
			s.Direction = s.Direction[:20]
			return want{f.entries[4].Key, 0, "direction has 20 moves, want 26"}
		}},
		{"ragged path", false, func(f *file) want {
			s := &f.entries[4].Solutions[0]
			copyOf(s)
			s.Path[1][2] = s.Path[1][2][:2]
			return want{f.entries[4].Key, 0, "path[1][2] has 2 cells along z, want 3"}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			size := "3x3x3"
			if tc.complete {
				size = "2x3x3" // a whole 3x3x3 file takes seconds under -race
			}
			f := decode(t, size)
			w := tc.damage(f)
			if !tc.complete {
				// Only Complete needs the whole file: keep the damage and
				// a few snakes either side.
				at := slices.IndexFunc(f.entries, func(e export.Entry) bool { return e.Key == w.key })
				f.entries = f.entries[max(at-5, 0):min(at+5, len(f.entries))]
			}
			data := f.encode(t)
			if tc.complete {
				if r := check(t, data, Options{Box: f.box}); r.err != nil || len(r.problems) > 0 {
					t.Errorf("Verify without Complete found problems:%v", r)
				}
			}
			r := check(t, data, Options{Box: f.box, Complete: tc.complete})
			if r.err != nil || len(r.problems) != 1 {
				t.Fatalf("Verify found %d problems, want 1 about %s solution %d:%v", len(r.problems), w.key, w.solution, r)
			}
			p := r.problems[0]
			if p.Key != w.key || p.Solution != w.solution || !strings.Contains(p.Err.Error(), w.text) {
				t.Errorf("Verify reported %q, want %s solution %d (from 0): %s", p.Error(), w.key, w.solution, w.text)
			}
		})
	}
}

// TestTruncated cuts the catalogue short: a syntax error at a byte offset
// past what was read, after no problem in the entries before it.
func TestTruncated(t *testing.T) {
	t.Parallel()
	data := catalogtest.File(t, "3", export.FormatJSON)
	for _, n := range []int{1, 1000, 200000} { // 0 bytes: an empty JSONL catalogue
		r := check(t, data[:n], Options{})
		var se *export.SyntaxError
		if !errors.As(r.err, &se) || se.Offset > int64(n) || len(r.problems) > 0 {
			t.Errorf("Verify(first %d bytes) = %+v, %v; want a syntax error at most at byte %d:%v", n, r.sum, r.err, n, r)
		}
		if n > 1000 && r.sum.Snakes == 0 {
			t.Errorf("Verify(first %d bytes) read no snake", n)
		}
	}
}

// TestCancel stops a fresh search at once.
func TestCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Verify(ctx, strings.NewReader("{}"), Options{Box: symmetry.MustParseBox("3"), Complete: true}, func(*catalog.Problem) {})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Verify with a cancelled context = %v, want context.Canceled", err)
	}
}
