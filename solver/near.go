package solver

import (
	"context"

	"golang.org/x/sync/errgroup"

	"github.com/snakecube/snakecube/symmetry"
)

// Near is a snake one cubelet away from another, that folds.
type Near struct {
	// Cubelet is the inner cubelet changed, counted from 0.
	Cubelet int
	// Snake is the snake with that cubelet changed, straight for turn or
	// turn for straight.
	Snake Seq
	// Solutions is how many solutions it has.
	Solutions int
}

// NearSnakes returns, in cubelet order, the snakes that differ from q in
// one inner cubelet and fold into box b: what a person who typed q with
// one mistake may have meant. Each is searched on one goroutine, workers
// of them at once.
func NearSnakes(ctx context.Context, b symmetry.Box, q Seq, workers int) ([]Near, error) {
	if err := q.Valid(b); err != nil {
		return nil, err
	}
	found := make([]int, q.Len)
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(max(workers, 1))
	for i := 1; i < q.Len-1; i++ {
		p := q
		p.Bits ^= 1 << i
		if Obstacle(b, p) != "" {
			continue
		}
		g.Go(func() error {
			c, err := CountSolutions(ctx, b, p, Options{Workers: 1})
			found[i] = int(c.Solutions)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var near []Near
	for i, n := range found {
		if n > 0 {
			p := q
			p.Bits ^= 1 << i
			near = append(near, Near{Cubelet: i, Snake: p, Solutions: n})
		}
	}
	return near, nil
}
