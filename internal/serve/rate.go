package serve

import (
	"context"
	"fmt"
	"slices"

	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/solver"
)

// rated holds how hard blockLen snakes of the index are for a person to
// fold (package rate, Feel), 25 bytes a snake: the placements expected
// from each end, the standard error of the easier's and the level.
type rated struct {
	ends   [blockLen][2]float64
	stdErr [blockLen]float32
	level  [blockLen]uint8
}

// easier returns snake i's easier end, 0 from cubelet 1, 1 from the last;
// 0 when they are alike, as rate.Feeling.Easier.
func (c *Catalogue) easier(i int) int {
	e := &c.ratings[i>>blockShift].ends[i&blockMask]
	if e[1] < e[0] {
		return 1
	}
	return 0
}

func (c *Catalogue) diff(i int) float64 {
	return c.ratings[i>>blockShift].ends[i&blockMask][c.easier(i)]
}
func (c *Catalogue) level(i int) int { return int(c.ratings[i>>blockShift].level[i&blockMask]) }

// Rated reports whether the catalogue's snakes were rated ([Catalogue.Rate]).
func (c *Catalogue) Rated() bool { return c.rateDone }

// Scale returns the scale of the catalogue's levels, once rated.
func (c *Catalogue) Scale() rate.BoxScale { return c.scale }

// rateBatch is how many snakes Rate rates at a time: enough to keep
// every core busy.
const rateBatch = 4096

// Rate rates every snake of the catalogue, how hard it is for a person
// to fold (package rate, Feel, on the box's scale, ScaleOf), on up to
// workers goroutines, and keeps each snake's placements expected from
// either end and its level, and the figures of difficulty of its
// [Catalogue.Stats]: /api/snakes then filters by level and sorts by
// difficulty. progress, when not nil, is called after each snake with
// the number rated and the total. The figures do not depend
// on workers. The whole 3x3x3 catalogue takes some 30 seconds of a
// core.
func (c *Catalogue) Rate(ctx context.Context, workers int, progress func(done, total int)) error {
	scale, err := rate.ScaleOf(ctx, c.Box, workers, nil)
	if err != nil {
		return fmt.Errorf("%s: the %v box's scale of difficulty: %w", c.File, c.Box, err)
	}
	ratings := make([]*rated, len(c.blocks))
	for k := range ratings {
		ratings[k] = new(rated)
	}
	keys := make([]solver.Seq, 0, rateBatch)
	for from := 0; from < c.n; from += rateBatch {
		keys = keys[:0]
		for i := from; i < min(from+rateBatch, c.n); i++ {
			keys = append(keys, c.seq(i))
		}
		err := stats.Feel(ctx, c.Box, keys, workers, func(k int, f rate.Feeling) error {
			i := from + k
			if !f.Foldable() {
				return fmt.Errorf("snake %v: it does not fold, though the catalogue lists it", keys[k])
			}
			x := stats.NewRated(keys[k], int(c.sols(i)), f, scale)
			r := ratings[i>>blockShift]
			r.ends[i&blockMask] = x.Ends
			r.stdErr[i&blockMask] = float32(x.StdErr)
			r.level[i&blockMask] = uint8(x.Level)
			c.counter.Rated(x, scale)
			if progress != nil {
				progress(i+1, c.n)
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("%s: rating: %w", c.File, err)
		}
	}
	c.ratings, c.scale = ratings, scale
	c.byDiff = make([]int32, c.n)
	for i := range c.byDiff {
		c.byDiff[i] = int32(i)
	}
	slices.SortStableFunc(c.byDiff, func(a, b int32) int {
		da, db := c.diff(int(a)), c.diff(int(b))
		switch {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return 0
	})
	c.rateDone = true
	return nil
}

// byDifficulty answers q sorted by difficulty over snakes from to to,
// ties in key order either way: it walks the snakes in order of
// difficulty once.
func (c *Catalogue) byDifficulty(ctx context.Context, q Query, from, to int) (int, []Row, error) {
	total := 0
	var rows []Row
	look := func(i int) {
		if i < from || i >= to || !c.match(i, &q) {
			return
		}
		if total >= q.Offset && total-q.Offset < q.Limit {
			rows = append(rows, c.row(i))
		}
		total++
	}
	n := len(c.byDiff)
	for k := 0; k < n; {
		if k%cancelEvery < 64 && ctx.Err() != nil {
			return 0, nil, ctx.Err()
		}
		// The run of ties from k, walked in key order.
		j := k + 1
		if q.Desc {
			for j < n && c.diff(int(c.byDiff[n-1-j])) == c.diff(int(c.byDiff[n-1-k])) {
				j++
			}
			for t := n - j; t < n-k; t++ {
				look(int(c.byDiff[t]))
			}
		} else {
			for j < n && c.diff(int(c.byDiff[j])) == c.diff(int(c.byDiff[k])) {
				j++
			}
			for t := k; t < j; t++ {
				look(int(c.byDiff[t]))
			}
		}
		k = j
	}
	return total, rows, nil
}
