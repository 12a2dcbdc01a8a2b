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
// shard, a part holding snakes of two shards, a part missing, a single
// part, and any snake or solution with a problem.
//
// A part does not record its shard I/N: its bytes are a catalogue's, those
// of its snakes. So Merge takes the parts for the N shards of a run, N
// being their number, and checks that each holds the snakes of one shard
// of N and that no two hold the same. When they are not, it looks for the
// fewest shards, more than N, of which the parts are each one, and names
// the shards no part holds: the parts are then those of a larger run with
// parts missing.
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
	// sections holds the prefixes, of the depth of the most shards, of
	// the part's snakes read so far: enough to tell which shard of any
	// count each snake lies in.
	sections map[string]struct{}
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
	m := &merger{parts: ps, box: b, owner: make([]*part, len(ps))}
	m.depth, m.shardOf = split(b, len(ps))
	m.deep = solver.ShardDepth(b, solver.MaxShards(b))
	ew := export.NewWriter(w, b, export.Options{Format: f})
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		p, err := m.least()
		if err != nil || p == nil {
			if err == nil {
				err = m.complete(ctx)
			}
			if err != nil {
				return err
			}
			return ew.Close()
		}
		if err := m.claim(p); err != nil {
			return m.explain(ctx, err)
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

// split returns the depth of the sections of n shards of box b, and the
// shard of each section, by its prefix.
func split(b symmetry.Box, n int) (int, map[string]int) {
	shardOf := map[string]int{}
	for i, sections := range solver.Shards(b, n) {
		for _, p := range sections {
			shardOf[p.String()] = i
		}
	}
	return solver.ShardDepth(b, n), shardOf
}

// merger is the state of one Merge.
type merger struct {
	parts   []*part
	box     symmetry.Box
	depth   int
	shardOf map[string]int // shard by section prefix
	owner   []*part        // part by shard
	deep    int            // the depth of part.sections
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

// errNotShards marks the errors of claim that say the parts are not the N
// shards of one run: [merger.explain] adds what they are instead.
var errNotShards = errors.New("the parts are not the shards of one run")

// record adds p's current snake's section to p.sections.
func (m *merger) record(p *part) {
	if p.sections == nil {
		p.sections = map[string]struct{}{}
	}
	if _, ok := p.sections[p.cur.Text[:m.deep]]; !ok {
		p.sections[strings.Clone(p.cur.Text[:m.deep])] = struct{}{}
	}
}

// claim checks that p's current snake lies in the shard p holds.
func (m *merger) claim(p *part) error {
	m.record(p)
	n := len(m.parts)
	i, ok := m.shardOf[p.cur.Text[:m.depth]]
	switch {
	case !ok:
		return fmt.Errorf("%s: snake %s is not a key of the %v box", p.name, p.cur.Text, m.box)
	case p.shard < 0 && m.owner[i] != nil:
		return fmt.Errorf("%w: %s and %s both hold snakes of shard %d/%d of %d", errNotShards, m.owner[i].name, p.name, i+1, n, n)
	case p.shard < 0:
		p.shard, m.owner[i] = i, p
	case p.shard != i:
		return fmt.Errorf("%w: %s holds snakes of shards %d/%d and %d/%d", errNotShards, p.name, p.shard+1, n, i+1, n)
	}
	return nil
}

// complete checks, at the end, that no part is missing. An empty part
// stands for a shard with no snake; more shards without a part than empty
// parts means a part is missing. One part is refused: it cannot be told
// from a whole catalogue.
func (m *merger) complete(ctx context.Context) error {
	n := len(m.parts)
	if n == 1 {
		return m.explain(ctx, fmt.Errorf("%s alone: one part cannot be told from a whole catalogue, so merge wants every part of the run (convert changes a catalogue's format)", m.parts[0].name))
	}
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

// explain returns, for parts that are not the N shards of a run (fault
// says why), a part missing when the parts are each one shard of a run of
// more, and fault otherwise. It reads every part to its end: a part does
// not record its shard, only its snakes tell it. It tries the runs of N+1
// to 2N shards (at least 8), each a split as enumerate -shard computes it.
func (m *merger) explain(ctx context.Context, fault error) error {
	for _, p := range m.parts {
		for p.cur != nil {
			if err := ctx.Err(); err != nil {
				return err
			}
			m.record(p)
			if err := p.next(); err != nil {
				return err
			}
		}
	}
	n := len(m.parts)
	most := min(solver.MaxShards(m.box), max(2*n, 8))
	for k := n + 1; k <= most; k++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if owner := m.fit(k); owner != nil {
			return missing(owner, n)
		}
	}
	if most <= n {
		return fmt.Errorf("%w (a part does not record its shard I/N)", fault)
	}
	return fmt.Errorf("%w; no run of %d to %d shards has the parts each as one of its shards (a part does not record its shard I/N)", fault, n+1, most)
}

// fit returns the part that holds each of k shards, nil for a shard no
// part holds, when every part that holds a snake holds those of one shard
// of k, each another; it returns nil when they do not, or when no part
// holds a snake.
func (m *merger) fit(k int) []*part {
	depth, shardOf := split(m.box, k)
	owner := make([]*part, k)
	held := false
	for _, p := range m.parts {
		s := -1
		for prefix := range p.sections {
			i, ok := shardOf[prefix[:depth]]
			if !ok || (s >= 0 && i != s) {
				return nil
			}
			s = i
		}
		if s < 0 {
			continue
		}
		if owner[s] != nil {
			return nil
		}
		owner[s] = p
		held = true
	}
	if !held {
		return nil // empty parts fit any run: nothing to tell
	}
	return owner
}

// missing reports the shards of owner no part holds, n parts being given.
func missing(owner []*part, n int) error {
	k := len(owner)
	var held, none []string
	for i, p := range owner {
		if p == nil {
			none = append(none, fmt.Sprintf("%d/%d", i+1, k))
		} else {
			held = append(held, fmt.Sprintf("%d/%d (%s)", i+1, k, p.name))
		}
	}
	what := fmt.Sprintf("missing part: no part holds the snakes of %s", shards(none))
	switch empty := n - len(held); {
	case empty == 1:
		what += ", and only 1 empty part stands for a shard with no snake"
	case empty > 1:
		what += fmt.Sprintf(", and only %d empty parts stand for shards with no snake", empty)
	}
	return fmt.Errorf("%s; the parts hold %s of a run of %d, the fewest shards they fit (a part does not record its shard I/N)",
		what, shards(held), k)
}

// shards names the shards ss: "shard 1/3", "shards 1/3 and 3/3".
func shards(ss []string) string {
	if len(ss) == 1 {
		return "shard " + ss[0]
	}
	return "shards " + strings.Join(ss[:len(ss)-1], ", ") + " and " + ss[len(ss)-1]
}
