package oracle

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestCountPaths(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dims [3]int
		want int64
		long bool
	}{
		{[3]int{1, 1, 1}, 1, false},
		{[3]int{1, 1, 2}, 2, false},
		{[3]int{1, 1, 5}, 2, false},
		{[3]int{1, 2, 2}, 8, false},      // the 4-cycle: 4 starts x 2 senses
		{[3]int{2, 2, 2}, 144, false},    // docs/CONVENTIONS.md
		{[3]int{3, 3, 3}, 4960608, true}, // OEIS A193346
	}
	for _, tt := range tests {
		t.Run(name(tt.dims), func(t *testing.T) {
			if tt.long && testing.Short() {
				t.Skip("long: skipped under -short")
			}
			t0 := time.Now()
			got := CountPaths(tt.dims)
			t.Logf("CountPaths(%v) = %d in %v", tt.dims, got, time.Since(t0).Round(time.Millisecond))
			if got != tt.want {
				t.Errorf("CountPaths(%v) = %d, want %d", tt.dims, got, tt.want)
			}
		})
	}
}

func TestPathsAgreeWithCountPaths(t *testing.T) {
	t.Parallel()
	for _, dims := range [][3]int{{2, 2, 2}, {1, 3, 3}, {2, 2, 3}, {2, 3, 3}} {
		t.Run(name(dims), func(t *testing.T) {
			paths := Paths(dims)
			if n := CountPaths(dims); int64(len(paths)) != n {
				t.Fatalf("len(Paths(%v)) = %d, CountPaths = %d", dims, len(paths), n)
			}
			seen := make(map[string]bool)
			for _, p := range paths {
				if err := hamiltonian(dims, p); err != nil {
					t.Fatalf("Paths(%v) returned %v: %v", dims, p, err)
				}
				if seen[p.String()] {
					t.Fatalf("Paths(%v) returned %v twice", dims, p)
				}
				seen[p.String()] = true
			}
			// Every path's reversal is a path too.
			for _, p := range paths {
				if r := Reverse(p); !seen[r.String()] {
					t.Fatalf("Paths(%v) has %v but not its reversal %v", dims, p, r)
				}
			}
		})
	}
}

func TestGroup(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dims [3]int
		want int
	}{
		{[3]int{3, 3, 3}, 48},
		{[3]int{2, 2, 2}, 48},
		{[3]int{4, 4, 4}, 48},
		{[3]int{2, 2, 3}, 16},
		{[3]int{2, 3, 2}, 16},
		{[3]int{3, 2, 2}, 16},
		{[3]int{2, 3, 4}, 8},
		{[3]int{4, 3, 2}, 8},
		{[3]int{1, 4, 4}, 16}, // y<->z swap x 8 sign patterns; x flip is trivial on a flat box
		{[3]int{1, 1, 4}, 16},
		{[3]int{1, 2, 3}, 8},
	}
	for _, tt := range tests {
		t.Run(name(tt.dims), func(t *testing.T) {
			g := Group(tt.dims)
			if len(g) != tt.want {
				t.Fatalf("len(Group(%v)) = %d, want %d", tt.dims, len(g), tt.want)
			}
			if g[0] != identity {
				t.Errorf("Group(%v)[0] = %v, want the identity", tt.dims, g[0])
			}
			for i, m := range g {
				if !signedPermutation(m) {
					t.Fatalf("Group(%v)[%d] = %v is not a signed permutation matrix", tt.dims, i, m)
				}
				if slices.Index(g, m) != i {
					t.Fatalf("Group(%v) lists %v twice", tt.dims, m)
				}
				// Closed under composition.
				for _, n := range g {
					if !slices.Contains(g, mul(m, n)) {
						t.Fatalf("Group(%v): %v * %v is not in the group", tt.dims, m, n)
					}
				}
				// A bijection of the cells onto themselves, consistent with moves.
				hit := make(map[[3]int]bool)
				for _, c := range cells(tt.dims) {
					img := TransformCell(tt.dims, m, c)
					if !inside(tt.dims, img) || hit[img] {
						t.Fatalf("Group(%v)[%d] = %v sends %v to %v: not a bijection of the box", tt.dims, i, m, c, img)
					}
					hit[img] = true
					for _, d := range codes {
						n := step(c, d)
						if !inside(tt.dims, n) {
							continue
						}
						if got, want := step(img, TransformDir(m, d)), TransformCell(tt.dims, m, n); got != want {
							t.Fatalf("Group(%v)[%d]: move %+d from %v maps to %v, but the cell maps to %v", tt.dims, i, d, c, got, want)
						}
					}
				}
			}
		})
	}
}

func TestSequence(t *testing.T) {
	t.Parallel()
	tests := []struct {
		f    Folding
		want string
	}{
		{Folding{Dirs: nil}, "0"},
		{Folding{Dirs: []int{3}}, "00"},
		{Folding{Dirs: []int{1, 2, -1}}, "0110"},
		{Folding{Dirs: []int{1, -1, 1}}, "0000"}, // a reversal stays on one axis
		{Folding{Dirs: []int{1, 1, 2, 2, 3, -3, -2}}, "00101010"},
	}
	for _, tt := range tests {
		if got := Sequence(tt.f); got != tt.want {
			t.Errorf("Sequence(%v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

func TestReverse(t *testing.T) {
	t.Parallel()
	f := Folding{Start: [3]int{0, 0, 0}, Dirs: []int{1, 2, 2, -1, 3}}
	want := Folding{Start: [3]int{0, 2, 1}, Dirs: []int{-3, 1, -2, -2, -1}}
	if got := Reverse(f); !got.Equal(want) {
		t.Errorf("Reverse(%v) = %v, want %v", f, got, want)
	}
	if got := Reverse(Reverse(f)); !got.Equal(f) {
		t.Errorf("Reverse(Reverse(%v)) = %v, want it back", f, got)
	}
}

func TestPathArray(t *testing.T) {
	t.Parallel()
	dims := [3]int{2, 2, 1}
	f := Folding{Start: [3]int{0, 0, 0}, Dirs: []int{1, 2, -1}}
	want := [][][]int{{{1}, {4}}, {{2}, {3}}}
	if got := PathArray(dims, f); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("PathArray(%v, %v) = %v, want %v", dims, f, got, want)
	}
}

func TestCatalogue2x2x2(t *testing.T) {
	t.Parallel()
	dims := [3]int{2, 2, 2}
	cat := Catalogue(dims)
	if keys := Keys(cat); len(keys) != 1 || keys[0] != "01111110" {
		t.Fatalf("Catalogue(2x2x2) keys = %q, want [01111110]", keys)
	}
	if n := len(cat["01111110"]); n != 3 {
		t.Errorf("Catalogue(2x2x2) has %d solutions of 01111110, want 3: %v", n, cat["01111110"])
	}
	checkCatalogue(t, dims, cat)
}

// TestCatalogue checks every entry of small catalogues and reports their
// sizes. The larger boxes are skipped under -short.
func TestCatalogue(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dims [3]int
		long bool
	}{
		{[3]int{1, 3, 3}, false},
		{[3]int{2, 2, 3}, false},
		{[3]int{2, 3, 3}, false},
		{[3]int{2, 2, 4}, true},
		{[3]int{1, 4, 4}, true},
		{[3]int{2, 3, 4}, true},
	}
	for _, tt := range tests {
		t.Run(name(tt.dims), func(t *testing.T) {
			if tt.long && testing.Short() {
				t.Skip("long: skipped under -short")
			}
			t0 := time.Now()
			cat := Catalogue(tt.dims)
			took := time.Since(t0)
			snakes, sols := Count(cat)
			pal, palSols := 0, 0
			for k, v := range cat {
				if k == ReverseString(k) {
					pal++
					palSols += len(v)
				}
			}
			t.Logf("Catalogue(%v): %d snakes, %d solutions (%d palindromes with %d solutions), %d directed paths, in %v",
				tt.dims, snakes, sols, pal, palSols, CountPaths(tt.dims), took.Round(time.Millisecond))
			checkCatalogue(t, tt.dims, cat)
		})
	}
}

// checkCatalogue runs Check on every entry, checks the order of each list,
// and checks that the solutions' orbits under symmetry and reversal
// partition the directed paths: their sizes must add up to CountPaths. That
// catches a Canonical that splits one solution in two or merges two.
func checkCatalogue(t *testing.T, dims [3]int, cat map[string][]Folding) {
	t.Helper()
	group := Group(dims)
	var total int64
	all := make(map[string]string) // directed path -> key of the solution owning it
	for _, key := range Keys(cat) {
		sols := cat[key]
		if len(sols) == 0 {
			t.Errorf("Catalogue(%v)[%q] is empty", dims, key)
		}
		for i, c := range sols {
			if err := Check(dims, key, c.Start, c.Dirs, PathArray(dims, c)); err != nil {
				t.Fatalf("Check(%v, %q, %v): %v", dims, key, c, err)
			}
			if i > 0 && Compare(sols[i-1], c) >= 0 {
				t.Fatalf("Catalogue(%v)[%q] is not strictly ascending at %d: %v then %v", dims, key, i, sols[i-1], c)
			}
			orb := orbit(dims, group, c)
			for p := range orb {
				if other, ok := all[p]; ok {
					t.Fatalf("Catalogue(%v): path %s is in the orbit of two solutions (keys %q and %q)", dims, p, other, key)
				}
				all[p] = key
			}
			total += int64(len(orb))
		}
	}
	if n := CountPaths(dims); total != n {
		t.Errorf("Catalogue(%v): orbits cover %d directed paths, want CountPaths = %d", dims, total, n)
	}
}

func TestCanonicalInvariant(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, dims := range [][3]int{{2, 2, 2}, {2, 2, 3}, {2, 3, 3}, {1, 4, 4}, {3, 3, 3}, {2, 3, 4}, {4, 4, 4}} {
		t.Run(name(dims), func(t *testing.T) {
			var sample []Folding
			if volume(dims) <= 18 {
				paths := Paths(dims)
				for range 60 {
					sample = append(sample, paths[rng.IntN(len(paths))])
				}
			} else {
				for range 50 {
					sample = append(sample, randomPath(dims, rng))
				}
			}
			group := Group(dims)
			for _, p := range sample {
				key, c := Canonical(dims, p)
				if err := Check(dims, key, c.Start, c.Dirs, PathArray(dims, c)); err != nil {
					t.Fatalf("Canonical(%v) = %q, %v, which fails Check: %v", p, key, c, err)
				}
				if Compare(c, p) > 0 && Sequence(p) == key {
					t.Fatalf("Canonical(%v) = %v, greater than the path itself", p, c)
				}
				images := []Folding{Reverse(p)}
				for _, m := range group {
					images = append(images, Transform(dims, m, p), Transform(dims, m, Reverse(p)))
				}
				for _, q := range images {
					k2, c2 := Canonical(dims, q)
					if k2 != key || !c2.Equal(c) {
						t.Fatalf("Canonical(%v) = %q, %v, but Canonical(%v) = %q, %v", p, key, c, q, k2, c2)
					}
				}
			}
		})
	}
}

// TestCubeCanonicalShape checks the description of canonical forms for
// cubes in docs/CONVENTIONS.md: the first move is +x, the first move on a second axis
// is +y and the first move on the third axis is +z.
func TestCubeCanonicalShape(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, dims := range [][3]int{{2, 2, 2}, {3, 3, 3}, {4, 4, 4}} {
		for range 50 {
			p := randomPath(dims, rng)
			_, c := Canonical(dims, p)
			var order []int
			for _, d := range c.Dirs {
				if !slices.Contains(order, axis(d)) {
					if d < 0 {
						t.Fatalf("Canonical(%v) = %v: first move on axis %d is negative", p, c, axis(d))
					}
					order = append(order, d)
				}
			}
			if !slices.Equal(order, []int{1, 2, 3}) {
				t.Fatalf("Canonical(%v) = %v: axes appear in order %v, want [1 2 3]", p, c, order)
			}
		}
	}
}

// A rejectCase is a damaged catalogue entry and a fragment of the error
// Check must return for it.
type rejectCase struct {
	name  string
	dims  [3]int
	key   string
	start [3]int
	dirs  []int
	path  [][][]int
	want  string
}

func TestCheckRejects(t *testing.T) {
	t.Parallel()
	dims := [3]int{2, 3, 3}
	cat := Catalogue(dims)
	var key string
	var c Folding
	// A non-palindrome with several solutions, and a palindrome.
	var palKey string
	var pal Folding
	for _, k := range Keys(cat) {
		if k == ReverseString(k) {
			if palKey == "" {
				palKey, pal = k, cat[k][0]
			}
		} else if key == "" && len(cat[k]) > 1 {
			key, c = k, cat[k][1]
		}
	}
	if key == "" || palKey == "" {
		t.Fatalf("Catalogue(%v) lacks a non-palindrome with two solutions or a palindrome", dims)
	}
	good := PathArray(dims, c)
	if err := Check(dims, key, c.Start, c.Dirs, good); err != nil {
		t.Fatalf("Check(%v, %q, %v) = %v, want nil", dims, key, c, err)
	}

	clone := func(p [][][]int) [][][]int {
		out := make([][][]int, len(p))
		for x := range p {
			out[x] = make([][]int, len(p[x]))
			for y := range p[x] {
				out[x][y] = slices.Clone(p[x][y])
			}
		}
		return out
	}
	with := func(i, d int) []int { s := slices.Clone(c.Dirs); s[i] = d; return s }
	swapped := clone(good)
	swapped[0][0][0], swapped[1][2][2] = swapped[1][2][2], swapped[0][0][0]
	wrongKey := []byte(key)
	wrongKey[5] ^= 1 // '0' <-> '1'; still a valid key? checked below
	otherKey := Keys(cat)[0]
	if otherKey == key {
		otherKey = Keys(cat)[1]
	}
	// A symmetric image of c that differs from c.
	var image Folding
	for _, m := range Group(dims)[1:] {
		if img := Transform(dims, m, c); !img.Equal(c) {
			image = img
			break
		}
	}
	// The other reading of a palindrome's canonical form, if it differs.
	palRev := Reverse(pal)

	tests := []rejectCase{
		{"bad box", [3]int{4, 4, 5}, key, c.Start, c.Dirs, good, "at most 64"},
		{"zero side", [3]int{0, 3, 3}, key, c.Start, c.Dirs, good, "side 0"},
		{"short key", dims, key[1:], c.Start, c.Dirs, good, "length"},
		{"bad char", dims, key[:3] + "2" + key[4:], c.Start, c.Dirs, good, "character 4"},
		{"end not 0", dims, "1" + key[1:], c.Start, c.Dirs, good, "ends"},
		{"not a key", dims, ReverseString(key), c.Start, c.Dirs, good, "greater than its reverse"},
		{"wrong key", dims, otherKey, c.Start, c.Dirs, good, "differs from key"},
		{"start outside", dims, key, [3]int{2, 0, 0}, c.Dirs, good, "startPos"},
		{"short direction", dims, key, c.Start, c.Dirs[1:], good, "moves"},
		{"bad code", dims, key, c.Start, with(3, 4), good, "move 4 is 4"},
		{"swapped cells", dims, key, c.Start, c.Dirs, swapped, "path["},
		{"path shape", dims, key, c.Start, c.Dirs, good[:1], "planes"},
		{"symmetric image", dims, key, image.Start, image.Dirs, PathArray(dims, image), "not canonical"},
		{"reversed reading", dims, key, Reverse(c).Start, Reverse(c).Dirs, PathArray(dims, Reverse(c)), "differs from key"},
	}
	if k := string(wrongKey); k <= ReverseString(k) {
		tests = append(tests, rejectCase{"one bit flipped", dims, k, c.Start, c.Dirs, good, "differs from key"})
	}
	if !palRev.Equal(pal) {
		tests = append(tests, rejectCase{"palindrome reversed", dims, palKey, palRev.Start, palRev.Dirs, PathArray(dims, palRev), "not canonical"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(tt.dims, tt.key, tt.start, tt.dirs, tt.path)
			if err == nil {
				t.Fatalf("Check(%v, %q, %v, %v) = nil, want an error about %q", tt.dims, tt.key, tt.start, tt.dirs, tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check(%v, %q, %v, %v) = %q, want an error about %q", tt.dims, tt.key, tt.start, tt.dirs, err, tt.want)
			}
		})
	}

	// Every single changed move is rejected, whatever the reason.
	t.Run("every changed move", func(t *testing.T) {
		for i := range c.Dirs {
			for _, d := range codes {
				if d == c.Dirs[i] {
					continue
				}
				if err := Check(dims, key, c.Start, with(i, d), good); err == nil {
					t.Errorf("Check accepts move %d changed from %+d to %+d", i, c.Dirs[i], d)
				}
			}
		}
	})
	// A revisit is reported as such.
	t.Run("revisit", func(t *testing.T) {
		dirs := slices.Clone(c.Dirs)
		dirs[1] = -dirs[0]
		err := Check(dims, key, c.Start, dirs, good)
		if err == nil || !strings.Contains(err.Error(), "not a Hamiltonian path") {
			t.Errorf("Check with move 1 undoing move 0 = %v, want a revisit error", err)
		}
	})
}

// Helpers.

var identity = [3][3]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

func name(dims [3]int) string { return fmt.Sprintf("%dx%dx%d", dims[0], dims[1], dims[2]) }

func cells(dims [3]int) [][3]int {
	var out [][3]int
	for x := range dims[0] {
		for y := range dims[1] {
			for z := range dims[2] {
				out = append(out, [3]int{x, y, z})
			}
		}
	}
	return out
}

func signedPermutation(m [3][3]int) bool {
	var cols [3]int
	for i := range 3 {
		nonzero := 0
		for j := range 3 {
			switch m[i][j] {
			case 0:
			case 1, -1:
				nonzero++
				cols[j]++
			default:
				return false
			}
		}
		if nonzero != 1 {
			return false
		}
	}
	return cols == [3]int{1, 1, 1}
}

func mul(a, b [3][3]int) [3][3]int {
	var c [3][3]int
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				c[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return c
}

// hamiltonian reports whether f visits every cell of the box once.
func hamiltonian(dims [3]int, f Folding) error {
	if len(f.Dirs) != volume(dims)-1 {
		return fmt.Errorf("%d moves, want %d", len(f.Dirs), volume(dims)-1)
	}
	seen := map[[3]int]bool{f.Start: true}
	c := f.Start
	for i, d := range f.Dirs {
		c = step(c, d)
		if !inside(dims, c) || seen[c] {
			return fmt.Errorf("move %d reaches %v", i, c)
		}
		seen[c] = true
	}
	return nil
}

// orbit returns the distinct directed foldings equal to c up to the box's
// symmetries and reversal, by their id.
func orbit(dims [3]int, group [][3][3]int, c Folding) map[string]bool {
	out := make(map[string]bool)
	for _, p := range []Folding{c, Reverse(c)} {
		for _, m := range group {
			out[Transform(dims, m, p).id()] = true
		}
	}
	return out
}

// randomPath returns a random directed Hamiltonian path of the box. It
// starts from a boustrophedon (rows of x, alternating in x per row and in y
// per layer) and applies backbite moves: join an end to one of its grid
// neighbours and cut the cycle this closes, which keeps a Hamiltonian path.
func randomPath(dims [3]int, rng *rand.Rand) Folding {
	var p [][3]int
	for z := range dims[2] {
		for yi := range dims[1] {
			y := yi
			if z%2 == 1 {
				y = dims[1] - 1 - yi
			}
			for xi := range dims[0] {
				x := xi
				if (z*dims[1]+yi)%2 == 1 {
					x = dims[0] - 1 - xi
				}
				p = append(p, [3]int{x, y, z})
			}
		}
	}
	for range 20 * len(p) {
		if rng.IntN(2) == 0 {
			slices.Reverse(p)
		}
		end := p[len(p)-1]
		n := step(end, codes[rng.IntN(6)])
		if !inside(dims, n) {
			continue
		}
		j := slices.Index(p, n)
		slices.Reverse(p[j+1:]) // a no-op when n is end's path neighbour
	}
	f := Folding{Start: p[0]}
	for i := 1; i < len(p); i++ {
		for _, d := range codes {
			if step(p[i-1], d) == p[i] {
				f.Dirs = append(f.Dirs, d)
			}
		}
	}
	if err := hamiltonian(dims, f); err != nil {
		panic(fmt.Sprintf("randomPath(%v) = %v: %v", dims, f, err))
	}
	return f
}

// TestCatalogue3x3x3 rebuilds the whole 3x3x3 catalogue (every one of the
// 4,960,608 directed paths canonicalised) and checks it against the public
// figures in docs/CONVENTIONS.md. It takes minutes, so it runs only when
// ORACLE_CUBE=1 is set and -short is not.
func TestCatalogue3x3x3(t *testing.T) {
	t.Parallel()
	if testing.Short() || os.Getenv("ORACLE_CUBE") != "1" {
		t.Skip("slow: set ORACLE_CUBE=1 and omit -short to run")
	}
	dims := [3]int{3, 3, 3}
	t0 := time.Now()
	cat := Catalogue(dims)
	t.Logf("Catalogue(3x3x3) in %v", time.Since(t0).Round(time.Millisecond))

	snakes, sols := Count(cat)
	pal, palSols, unique, most, mostKey := 0, 0, 0, 0, ""
	for _, key := range Keys(cat) {
		n := len(cat[key])
		if key == ReverseString(key) {
			pal++
			palSols += n
		}
		if n == 1 {
			unique++
		}
		if n > most {
			most, mostKey = n, key
		}
		inner := key[1 : len(key)-1]
		if s := strings.Count(inner, "0"); s < 2 || s > 11 {
			t.Errorf("Catalogue(3x3x3) has %q with %d straights, want 2 to 11", key, s)
		}
		if strings.Contains(inner, "00") {
			t.Errorf("Catalogue(3x3x3) has %q with two straights in a row", key)
		}
		for _, c := range cat[key] {
			if err := Check(dims, key, c.Start, c.Dirs, PathArray(dims, c)); err != nil {
				t.Fatalf("Check(%v, %q, %v): %v", dims, key, c, err)
			}
			end := Reverse(c).Start
			if (c.Start[0]+c.Start[1]+c.Start[2])%2 != 0 || (end[0]+end[1]+end[2])%2 != 0 {
				t.Errorf("Catalogue(3x3x3)[%q] has %v, which starts or ends on an odd cell", key, c)
			}
		}
	}
	for _, tt := range []struct {
		what      string
		got, want any
	}{
		{"snakes", snakes, 11487},
		{"solutions", sols, 51704},
		{"palindromes", pal, 77},
		{"palindrome solutions", palSols, 413},
		{"snakes with one solution", unique, 3658},
		{"most solutions", most, 142},
		{"snake with the most solutions", mostKey, "011111101010101111111111110"},
	} {
		if tt.got != tt.want {
			t.Errorf("Catalogue(3x3x3): %s = %v, want %v", tt.what, tt.got, tt.want)
		}
	}
	if testing.Verbose() {
		t.Logf("Catalogue(3x3x3): %d snakes, %d solutions, %d palindromes with %d solutions, %d with one solution, most %d for %s",
			snakes, sols, pal, palSols, unique, most, mostKey)
	}
}
