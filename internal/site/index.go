package site

import (
	"bytes"
	"context"
	"encoding/binary"

	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Index counts box b's catalogue with the engine and returns its index,
// as the package doc describes it, and its figures as the JSON of
// snakecube serve's /api/stats: counted from the number of solutions of
// each snake, as serve counts them from its index.
func Index(ctx context.Context, b symmetry.Box) (index, figures []byte, err error) {
	c, err := solver.Enumerate(ctx, b, solver.Options{})
	if err != nil {
		return nil, nil, err
	}
	p := append([]byte("SCI1"), byte(b.Size[0]), byte(b.Size[1]), byte(b.Size[2]))
	p = binary.AppendUvarint(p, uint64(len(c.Snakes)))
	t := stats.NewCounter(b)
	var last uint64
	for _, s := range c.Snakes {
		n := Number(s.Seq)
		p = binary.AppendUvarint(p, n-last)
		last = n
		t.Skimmed(catalog.Entry{Key: s.Seq, Solutions: len(s.Solutions)})
	}
	for _, s := range c.Snakes {
		p = binary.AppendUvarint(p, uint64(len(s.Solutions)))
	}
	var js bytes.Buffer
	if err := t.Stats().WriteJSON(&js); err != nil {
		return nil, nil, err
	}
	return p, js.Bytes(), nil
}

// Number returns the number of snake q in the index: its inner cubelets
// read as a binary number, the second cubelet the most significant bit,
// so that numbers order as keys do.
func Number(q solver.Seq) uint64 {
	var n uint64
	for i := 1; i < q.Len-1; i++ {
		n = n<<1 | q.Bits>>i&1
	}
	return n
}
