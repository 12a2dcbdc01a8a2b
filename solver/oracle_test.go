package solver

import (
	"context"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/internal/oracle"
	"github.com/snakecube/snakecube/symmetry"
)

func codes(dirs []symmetry.Dir) []int {
	c := make([]int, len(dirs))
	for i, d := range dirs {
		c[i] = d.Code()
	}
	return c
}

// TestAgainstBruteForce compares whole catalogues with the oracle, which
// canonicalises every directed Hamiltonian path of the box with no
// symmetry breaking at all.
func TestAgainstBruteForce(t *testing.T) {
	boxes := [][3]int{{2, 2, 2}, {2, 2, 3}, {2, 3, 3}, {2, 2, 4}, {1, 4, 4}, {4, 1, 4}, {1, 3, 3}, {3, 2, 2}}
	if !testing.Short() {
		boxes = append(boxes, [3]int{2, 3, 4})
	}
	for _, dims := range boxes {
		b, err := symmetry.NewBox(dims[0], dims[1], dims[2])
		if err != nil {
			t.Fatal(err)
		}
		t.Run(b.String(), func(t *testing.T) {
			t.Parallel()
			want := oracle.Catalogue(dims)
			got, err := Enumerate(context.Background(), b, Options{})
			if err != nil {
				t.Fatal(err)
			}
			keys := oracle.Keys(want)
			if len(got.Snakes) != len(keys) {
				t.Errorf("Enumerate(%v) = %d snakes, brute force %d", b, len(got.Snakes), len(keys))
			}
			for k, s := range got.Snakes {
				if k >= len(keys) || s.Seq.String() != keys[k] {
					t.Fatalf("Enumerate(%v) snake %d = %v, brute force %v", b, k, s.Seq, keys[min(k, len(keys)-1)])
				}
				ws := want[keys[k]]
				if len(s.Solutions) != len(ws) {
					t.Fatalf("Enumerate(%v) snake %v: %d solutions, brute force %d", b, s.Seq, len(s.Solutions), len(ws))
				}
				for i, d := range s.Solutions {
					start, _ := b.Start(d)
					if w := ws[i]; !slices.Equal(codes(d), w.Dirs) || start != w.Start {
						t.Fatalf("Enumerate(%v) snake %v solution %d = %v %v, brute force %v", b, s.Seq, i, start, codes(d), w)
					}
				}
			}
		})
	}
}

// TestOracleChecksEverySolution runs the oracle's independent check, with
// the 48 symmetries as explicit matrices, on every 3x3x3 solution.
func TestOracleChecksEverySolution(t *testing.T) {
	c := enumerate3(t)
	dims := c.Box.Size
	for _, s := range c.Snakes {
		for i, d := range s.Solutions {
			start, _ := c.Box.Start(d)
			f := oracle.Folding{Start: start, Dirs: codes(d)}
			if err := oracle.Check(dims, s.Seq.String(), start, f.Dirs, oracle.PathArray(dims, f)); err != nil {
				t.Fatalf("snake %v solution %d: %v", s.Seq, i, err)
			}
		}
	}
}

// TestObstacle checks that no solvable 3x3x3 snake gets a reason not to
// fold, and that the reasons catch the snakes they describe.
func TestObstacle(t *testing.T) {
	c := enumerate3(t)
	for _, s := range c.Snakes {
		if why := Obstacle(c.Box, s.Seq); why != "" {
			t.Fatalf("Obstacle(%v) = %q, but it has %d solutions", s.Seq, why, len(s.Solutions))
		}
	}
	for _, tc := range []struct{ seq, want string }{
		{"000011111111111111111111110", "cubelets 1 to 5 form a straight run of 5, longer than the box's longest side, 3"},
		{"010101010101010101010101010", "12 straight cubelets numbered odd must lie on the 14 cells of one colour, only 6 of which can hold a straight"},
		{"011111111111111111111111110", ""},
	} {
		q, _ := ParseSeq(tc.seq)
		if got := Obstacle(c.Box, q); got != tc.want {
			t.Errorf("Obstacle(%s) = %q, want %q", tc.seq, got, tc.want)
		}
	}
	// Every 2x2x3 snake with a reason has no solution, checked against
	// the whole space of sequences.
	b, _ := symmetry.NewBox(2, 2, 3)
	cat, _ := Enumerate(context.Background(), b, Options{})
	solvable := map[Seq]bool{}
	for _, s := range cat.Snakes {
		solvable[s.Seq] = true
		solvable[s.Seq.Reverse()] = true
	}
	for bits := uint64(0); bits < 1<<10; bits++ {
		q := Seq{Bits: bits << 1, Len: 12}
		if Obstacle(b, q) != "" && solvable[q] {
			t.Errorf("Obstacle(%v) = %q for a solvable snake", q, Obstacle(b, q))
		}
	}
}
