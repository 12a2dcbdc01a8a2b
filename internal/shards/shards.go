// Package shards joins the parts of a sharded enumeration into one
// catalogue.
//
// "snakecube enumerate -shard I/N" writes part I of N: the snakes of the
// sections that [solver.Shards] gives shard I. [Merge] reads the N parts,
// in any order and either format, through the one catalogue reader
// (package catalog), so every solution is checked on the way, and writes
// the snakes in key order with the catalogue writer: the bytes of a single
// run. It refuses what would make the result wrong rather than merely
// different: parts of different boxes, two parts holding one snake or one
// shard, a part holding snakes of two shards, a part missing, and any
// snake or solution with a problem.
package shards

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Part is one part file to merge: its name, for messages, and its bytes.
type Part struct {
	Name string
	R    io.Reader
}

// Options tune [Merge].
type Options struct {
	// Box is the parts' box; the zero Box means the box they tell
	// ([catalog.Options]).
	Box symmetry.Box
	// Format is the format written; nil means the first part's.
	Format *export.Format
}

// ErrNoBox reports parts whose box Options.Box does not give and whose keys
// do not tell; it wraps [catalog.ErrNoBox].
var ErrNoBox = fmt.Errorf("%w: give the box", catalog.ErrNoBox)

// part is one part being merged.
type part struct {
	name  string
	r     *catalog.Reader
	cur   *catalog.Snake
	shard int // the shard it holds, -1 before its first snake
}

// next reads the part's next snake; cur is nil after the last.
func (p *part) next() error {
	s, err := p.r.Next()
	switch {
	case errors.Is(err, io.EOF):
		p.cur = nil
		return nil
	case err != nil:
		return fmt.Errorf("%s: %w", p.name, err)
	}
	if pr := s.Err(); pr != nil {
		return fmt.Errorf("%s: %w", p.name, pr)
	}
	p.cur = s
	return nil
}

// Merge writes to w the catalogue the parts hold, which must be the N
// shards of one enumeration, N being the number of parts.
func Merge(ctx context.Context, w io.Writer, parts []Part, opts Options) error {
	ps, b, err := open(parts, opts.Box)
	if err != nil {
		return err
	}
	if n := solver.MaxShards(b); len(ps) > n {
		return fmt.Errorf("%d parts: the %v box is cut into at most %d shards", len(ps), b, n)
	}
	f := ps[0].r.Format()
	if opts.Format != nil {
		f = *opts.Format
	}
	m := &merger{parts: ps, box: b, owner: make([]*part, len(ps)), shardOf: map[string]int{}}
	m.depth = solver.ShardDepth(b, len(ps))
	for i, sections := range solver.Shards(b, len(ps)) {
		for _, p := range sections {
			m.shardOf[p.String()] = i
		}
	}
	ew := export.NewWriter(w, b, export.Options{Format: f})
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		p, err := m.least()
		if err != nil || p == nil {
			if err == nil {
				err = m.complete()
			}
			if err != nil {
				return err
			}
			return ew.Close()
		}
		if err := m.claim(p); err != nil {
			return err
		}
		s := solver.Snake{Seq: p.cur.Key, Solutions: p.cur.Forms()}
		if err := ew.Write(s); err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		if err := p.next(); err != nil {
			return err
		}
	}
}

// open starts reading every part and settles the box: b when given, else
// the box the parts tell, the same for every part.
func open(parts []Part, b symmetry.Box) ([]*part, symmetry.Box, error) {
	ps := make([]*part, len(parts))
	var first *part
	for k, in := range parts {
		p := &part{name: in.Name, r: catalog.NewReader(in.R, catalog.Options{Box: b}), shard: -1}
		ps[k] = p
		if err := p.next(); err != nil {
			if errors.Is(err, catalog.ErrNoBox) {
				return nil, b, fmt.Errorf("%s: %w", in.Name, ErrNoBox)
			}
			return nil, b, err
		}
		if p.r.Box().Len() == 0 { // an empty part that states no box
			continue
		}
		if first == nil {
			first = p
		} else if p.r.Box() != first.r.Box() {
			return nil, b, fmt.Errorf("parts of different boxes: %s is of the %v box, %s of the %v box",
				first.name, first.r.Box(), p.name, p.r.Box())
		}
	}
	switch {
	case len(ps) == 0:
		return nil, b, errors.New("no part given")
	case b.Len() > 0:
		return ps, b, nil
	case first == nil:
		return nil, b, fmt.Errorf("every part is empty, and states no box: %w", ErrNoBox)
	}
	return ps, first.r.Box(), nil
}

// merger is the state of one Merge.
type merger struct {
	parts   []*part
	box     symmetry.Box
	depth   int
	shardOf map[string]int // shard by section prefix
	owner   []*part        // part by shard
}

// least returns the part whose current snake comes first, nil when every
// part is done, or an error when two parts hold the same snake.
func (m *merger) least() (*part, error) {
	var p *part
	for _, q := range m.parts {
		switch {
		case q.cur == nil:
		case p == nil || q.cur.Text < p.cur.Text:
			p = q
		case q.cur.Text == p.cur.Text:
			return nil, fmt.Errorf("%s and %s both hold snake %s: overlapping parts", p.name, q.name, q.cur.Text)
		}
	}
	return p, nil
}

// claim checks that p's current snake lies in the shard p holds.
func (m *merger) claim(p *part) error {
	n := len(m.parts)
	i, ok := m.shardOf[p.cur.Text[:m.depth]]
	switch {
	case !ok:
		return fmt.Errorf("%s: snake %s is not a key of the %v box", p.name, p.cur.Text, m.box)
	case p.shard < 0 && m.owner[i] != nil:
		return fmt.Errorf("%s and %s are both shard %d/%d: overlapping parts", m.owner[i].name, p.name, i+1, n)
	case p.shard < 0:
		p.shard, m.owner[i] = i, p
	case p.shard != i:
		return fmt.Errorf("%s holds snakes of shards %d and %d of %d: the parts are not the %d shards of one run (a part missing, or one too many?)",
			p.name, p.shard+1, i+1, n, n)
	}
	return nil
}

// complete checks, at the end, that no part is missing. An empty part
// stands for a shard with no snake; more shards without a part than empty
// parts means a part is missing.
func (m *merger) complete() error {
	n := len(m.parts)
	var missing []string
	empty := 0
	for _, p := range m.parts {
		if p.shard < 0 {
			empty++
		}
	}
	for i, o := range m.owner {
		if o == nil {
			missing = append(missing, fmt.Sprintf("%d/%d", i+1, n))
		}
	}
	if len(missing) > empty {
		return fmt.Errorf("missing part: no part holds the snakes of shard %s", strings.Join(missing, ", "))
	}
	return nil
}
