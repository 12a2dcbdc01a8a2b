package estimate

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

var designCensus = flag.String("design-census", "2x3x8 2x4x6 3x4x4 3x3x5 2x2x14", "the boxes, or whole census folders, whose sections TestDesignOnCensus weighs designs on, separated by commas or spaces; a box is its folder under results/census")

// TestDesignOnCensus weighs the design's floor and power against the
// exact counts of a whole census: with every choice made from the exact
// solutions below it, as though the populations had no noise, a descent
// down to the census's sections has relative variance
//
//	sum over sections s of count(s)^2 / pi(s), over the total squared, less 1
//
// for the snakes and for the one-solution snakes, pi(s) being the
// product of the choices down to s. That is what the floor and power
// alone add, over the census's depth, to the spread of the descents. It
// prints it for a grid of floors and powers, and fails when the default
// design does worse than drawing children in proportion to their
// solutions (power 1, same floor) for the worse of the two; make
// estimate-design prints the grid.
func TestDesignOnCensus(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the censuses' files: seconds")
	}
	for _, dir := range strings.FieldsFunc(*designCensus, func(r rune) bool { return r == ',' || r == ' ' }) {
		if _, err := symmetry.ParseBox(dir); err == nil {
			dir = filepath.Join("..", "..", "results", "census", dir)
		}
		total, err := census.ReadFiles(context.Background(), []string{dir})
		if err != nil {
			t.Fatal(err)
		}
		b := total.Box
		if all := solver.NumSections(b, total.Depth); len(total.Torn) > 0 || total.Sections != all {
			t.Fatalf("%s: %d of %d sections, %d torn files: not a whole census", dir, total.Sections, all, len(total.Torn))
		}
		recs, err := census.Records(context.Background(), []string{dir}, func(int) bool { return true })
		if err != nil {
			t.Fatal(err)
		}
		depth := recs[0].Depth
		// The counts of every prefix from "0" to the sections, by prefix.
		sums := map[string]census.Counts{}
		for _, r := range recs {
			for l := 1; l <= depth; l++ {
				c := sums[r.Prefix[:l]]
				c.Snakes += r.Snakes
				c.Solutions += r.Solutions
				c.OneSolution += r.OneSolution
				sums[r.Prefix[:l]] = c
			}
		}
		relvar := func(floor, power float64) (float64, float64) {
			d := NewDesign(b, 1, Options{Floor: floor, Power: power})
			var sq [2]float64
			var walk func(p string, pi float64)
			walk = func(p string, pi float64) {
				if len(p) == depth {
					for k, v := range []int64{sums[p].Snakes, sums[p].OneSolution} {
						sq[k] += float64(v) * float64(v) / pi
					}
					return
				}
				m0, m1 := float64(sums[p+"0"].Solutions), float64(sums[p+"1"].Solutions)
				// A child with no solution holds no snake: the design
				// leaves out a child it found empty.
				q1 := 1.0
				switch {
				case m0 == 0 && m1 == 0:
					return
				case m1 == 0:
					q1 = 0
				case m0 > 0:
					q1 = d.share(m0, m1)
				}
				if q1 > 0 {
					walk(p+"1", pi*q1)
				}
				if q1 < 1 {
					walk(p+"0", pi*(1-q1))
				}
			}
			walk("0", 1)
			all := sums["0"]
			return sq[0]/float64(all.Snakes)/float64(all.Snakes) - 1, sq[1]/float64(all.OneSolution)/float64(all.OneSolution) - 1
		}
		var grid strings.Builder
		for _, floor := range []float64{0.05, DefaultFloor, 0.2} {
			for _, power := range []float64{0.6, 0.7, DefaultPower, 0.9, 1} {
				s, o := relvar(floor, power)
				fmt.Fprintf(&grid, "\n  floor %.2f power %.1f: snakes %.3f, one-solution snakes %.3f", floor, power, s, o)
			}
		}
		t.Logf("%v, census at depth %d: relative variance of a descent to the sections with exact choices:%s", b, depth, grid.String())
		s, o := relvar(DefaultFloor, DefaultPower)
		s1, o1 := relvar(DefaultFloor, 1)
		if max(s, o) > max(s1, o1) {
			t.Errorf("%v: the default design's relative variances %.3f and %.3f are worse than those of power 1, %.3f and %.3f", b, s, o, s1, o1)
		}
	}
}
