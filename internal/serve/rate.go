package serve

import (
	"context"
	"fmt"
	"slices"

	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/solver"
)

// rated holds the ratings of blockLen snakes of the index (package
// rate), 9 bytes a snake: the difficulty and the level.
type rated struct {
	diff  [blockLen]float64
	level [blockLen]uint8
}

func (c *Catalogue) diff(i int) float64 { return c.ratings[i>>blockShift].diff[i&blockMask] }
func (c *Catalogue) level(i int) int    { return int(c.ratings[i>>blockShift].level[i&blockMask]) }

// Rated reports whether the catalogue's snakes were rated ([Catalogue.Rate]).
func (c *Catalogue) Rated() bool { return c.rateDone }

// rateBatch is how many snakes Rate rates at a time: enough to keep
// every core busy between two calls to progress.
const rateBatch = 4096

// Rate rates every snake of the catalogue, how hard it is to fold by
// hand (package rate), on up to workers goroutines, and keeps each
// snake's difficulty and level, and the figures of difficulty of its
// [Catalogue.Stats]: /api/snakes then filters by level and sorts by
// difficulty. progress, when not nil, is called after each batch of
// snakes with the number rated and the total. The whole 3x3x3 catalogue
// takes some seconds of each core; a 36-cell catalogue far more.
func (c *Catalogue) Rate(ctx context.Context, workers int, progress func(done, total int)) error {
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
		err := rate.All(ctx, c.Box, keys, workers, func(k int, r rate.Rating) error {
			i := from + k
			if !r.Foldable() {
				return fmt.Errorf("snake %v: it does not fold, though the catalogue lists it", keys[k])
			}
			ratings[i>>blockShift].diff[i&blockMask] = r.Difficulty()
			ratings[i>>blockShift].level[i&blockMask] = uint8(r.Level())
			c.counter.Rated(keys[k], int(c.sols(i)), r)
			return nil
		})
		if err != nil {
			return fmt.Errorf("%s: rating: %w", c.File, err)
		}
		if progress != nil {
			progress(min(from+rateBatch, c.n), c.n)
		}
	}
	c.ratings = ratings
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
