package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// enumerate3 is the 3x3x3 catalogue, searched once for the whole package.
var enumerate3 = func() func(t testing.TB) *Catalogue {
	var c *Catalogue
	return func(t testing.TB) *Catalogue {
		t.Helper()
		if c == nil {
			var err error
			c, err = Enumerate(context.Background(), symmetry.MustParseBox("3"), Options{})
			if err != nil {
				t.Fatalf("Enumerate(3x3x3): %v", err)
			}
		}
		return c
	}
}()

// TestPublishedFigures checks the 3x3x3 catalogue against docs/CONVENTIONS.md.
func TestPublishedFigures(t *testing.T) {
	c := enumerate3(t)
	var unique, palindromes, palSolutions, most int
	var mostKey string
	for _, s := range c.Snakes {
		n := len(s.Solutions)
		if n == 1 {
			unique++
		}
		if s.Seq.Palindrome() {
			palindromes++
			palSolutions += n
		}
		if n > most {
			most, mostKey = n, s.Seq.String()
		}
	}
	for _, f := range []struct {
		name      string
		got, want int
	}{
		{"snakes", len(c.Snakes), 11487},
		{"solutions", c.Solutions(), 51704},
		{"snakes counting reverses apart", 2*len(c.Snakes) - palindromes, 22897},
		{"one-solution snakes", unique, 3658},
		{"palindromes", palindromes, 77},
		{"palindromes' solutions", palSolutions, 413},
		{"most solutions", most, 142},
	} {
		if f.got != f.want {
			t.Errorf("3x3x3 %s = %d, want %d", f.name, f.got, f.want)
		}
	}
	if mostKey != "011111101010101111111111110" {
		t.Errorf("3x3x3 snake with most solutions = %s, want 011111101010101111111111110", mostKey)
	}
}

// TestSnakeShapes checks the structural facts of docs/CONVENTIONS.md on every key.
func TestSnakeShapes(t *testing.T) {
	c := enumerate3(t)
	for k, s := range c.Snakes {
		str := s.Seq.String()
		if n := s.Seq.Straights(); n < 2 || n > 11 {
			t.Errorf("snake %s has %d straights, want 2 to 11", str, n)
		}
		if strings.Contains(str[1:len(str)-1], "00") {
			t.Errorf("snake %s has two straights in a row", str)
		}
		if !s.Seq.IsKey() || s.Seq.Valid(c.Box) != nil {
			t.Errorf("snake %s is not a valid key", str)
		}
		if k > 0 && c.Snakes[k-1].Seq.Compare(s.Seq) >= 0 {
			t.Errorf("snake %s follows %s: keys not ascending", str, c.Snakes[k-1].Seq)
		}
		for i, d := range s.Solutions {
			if got := SeqOf(d); got != s.Seq {
				t.Errorf("snake %s solution %d folds %s", str, i, got)
			}
			if i > 0 && slices.Compare(s.Solutions[i-1], d) >= 0 {
				t.Errorf("snake %s solution %d not after solution %d", str, i, i-1)
			}
			if start, ok := c.Box.Start(d); !ok || (start[0]+start[1]+start[2])%2 != 0 {
				t.Errorf("snake %s solution %d starts at %v, not a corner or face centre", str, i, start)
			}
		}
	}
}

func TestCube2(t *testing.T) {
	c, err := Enumerate(context.Background(), symmetry.MustParseBox("2"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Snakes) != 1 || c.Snakes[0].Seq.String() != "01111110" || len(c.Snakes[0].Solutions) != 3 {
		t.Errorf("Enumerate(2x2x2) = %d snakes, first %v with %d solutions; want 01111110 with 3",
			len(c.Snakes), c.Snakes[0].Seq, len(c.Snakes[0].Solutions))
	}
}

// TestWorkersAgree checks that the catalogue does not depend on scheduling.
func TestWorkersAgree(t *testing.T) {
	want := enumerate3(t)
	for _, w := range []int{1, 3, 7} {
		got, err := Enumerate(context.Background(), want.Box, Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if !sameCatalogue(got, want) {
			t.Errorf("Enumerate(3x3x3, %d workers) differs from the default", w)
		}
	}
}

func sameCatalogue(a, b *Catalogue) bool {
	return slices.EqualFunc(a.Snakes, b.Snakes, func(x, y Snake) bool {
		return x.Seq == y.Seq && slices.EqualFunc(x.Solutions, y.Solutions, slices.Equal)
	})
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b, _ := symmetry.NewBox(3, 3, 4)
	if _, err := Enumerate(ctx, b, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Enumerate with a cancelled context = %v, want context.Canceled", err)
	}
	// Cancelled once the first piece of the search is done, an event and
	// no clock: a search that went on past the cancel would run the whole
	// 3x3x3 box and succeed.
	b, _ = symmetry.NewBox(3, 3, 3)
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	pieces := 0
	_, err := Enumerate(ctx, b, Options{Workers: 2, Progress: func(done, total int) {
		if done == 1 {
			pieces = total
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || pieces < 3 {
		t.Errorf("Enumerate(3x3x3) on 2 workers cancelled after its first of %d pieces = %v, want context.Canceled", pieces, err)
	}
}

func TestSeq(t *testing.T) {
	q, err := ParseSeq("001110110111010111101010100")
	if err != nil {
		t.Fatal(err)
	}
	if got := q.String(); got != "001110110111010111101010100" {
		t.Errorf("ParseSeq round trip = %s", got)
	}
	if got := q.Reverse().String(); got != "001010101111010111011011100" {
		t.Errorf("Reverse = %s", got)
	}
	if got := q.Key(); got != q.Reverse() {
		t.Errorf("Key(%v) = %v, want the reverse", q, got)
	}
	for _, bad := range []string{"", "0120", strings.Repeat("0", 65)} {
		if _, err := ParseSeq(bad); err == nil {
			t.Errorf("ParseSeq(%q) succeeded", bad)
		}
	}
	b := symmetry.MustParseBox("3")
	for _, bad := range []string{"101110110111010111101010100", "001110110111010111101010101", "0011"} {
		q, _ := ParseSeq(bad)
		if q.Valid(b) == nil {
			t.Errorf("Seq(%s).Valid(3x3x3) = nil, want an error", bad)
		}
	}
}

// TestTurnsOf checks the word-at-a-time turns against a move-by-move
// reading, for random moves and every length, stale moves beyond it
// included.
func TestTurnsOf(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var dirs [symmetry.MaxCells]symmetry.Dir
	for range 2000 {
		for k := range dirs {
			dirs[k] = symmetry.Dir(r.IntN(symmetry.NumDirs))
			if k > 0 && r.IntN(3) == 0 {
				dirs[k] = dirs[k-1] // runs of straights
			}
		}
		for i := range len(dirs) {
			var want uint64
			for k := 1; k < i; k++ {
				if dirs[k] != dirs[k-1] {
					want |= 1 << k
				}
			}
			for from := 0; from < i; from += 8 {
				if got, w := turnsOf(&dirs, from, i), want&^(1<<from-1); got != w {
					t.Fatalf("turnsOf(%v, %d, %d) = %b, want %b", dirs, from, i, got, w)
				}
			}
		}
	}
}
