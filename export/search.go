package export

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unsafe"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Part is which part of a box's catalogue a run writes: the whole of it
// (the zero Part), the snakes whose keys start with Prefix, or shard Shard
// of Shards, counted from 1.
type Part struct {
	Prefix        string
	Shard, Shards int
}

// ParseShard reads a shard as "I/N", shard I of N, 1 <= I <= N.
func ParseShard(s string) (Part, error) {
	a, c, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Part{}, fmt.Errorf("%q: want I/N with 1 <= I <= N", s)
	}
	return Part{Shard: i, Shards: n}, nil
}

// sectionDepth is how finely a search is cut when nothing else says:
// 2,048 sections below the prefix. Up to a window of finished sections
// waits to be written in key order, so the finer the cut, the less
// memory that takes; but one walk plans where the sections start, and
// where the partial foldings at their depth are too many to hold, each
// section walks on to its depth from a shallower one, which costs more
// the finer the cut. docs/SPEED.md has the measurements behind the
// choice.
const sectionDepth = 12

// Sections returns the sections of box b that make up the part, in key
// order, and a name for the part: "3x3x4", "3x3x4 prefix 0011", "3x3x4
// shard 2/8". Its errors say what is wrong with the prefix or the shard
// without naming them: the caller knows how they were given.
func (p Part) Sections(b symmetry.Box) ([]solver.Seq, string, error) {
	switch {
	case p.Shards != 0 && p.Prefix != "":
		return nil, "", fmt.Errorf("a prefix and a shard cannot be used together")
	case p.Shards != 0:
		if p.Shards < 1 || p.Shard < 1 || p.Shard > p.Shards {
			return nil, "", fmt.Errorf("want I/N with 1 <= I <= N")
		}
		if m := solver.MaxShards(b); p.Shards > m {
			return nil, "", fmt.Errorf("the %v box is cut into at most %d shards", b, m)
		}
		return solver.Shards(b, p.Shards)[p.Shard-1], fmt.Sprintf("%v shard %d/%d", b, p.Shard, p.Shards), nil
	}
	pre, err := solver.ParsePrefix(p.Prefix, b)
	if err != nil {
		return nil, "", err
	}
	what := b.String()
	if pre.Len > 0 {
		what += " prefix " + pre.String()
	}
	return solver.Sections(b, pre, pre.Len+sectionDepth), what, nil
}

// Written is what a search put in its catalogue.
type Written struct {
	Snakes, Solutions int
	Nodes             uint64
}

// Search searches the sections of box b, in key order, and writes their
// catalogue to w in the format opts says: the bytes of one [Writer] fed
// every snake. A section is searched and encoded by one goroutine (of
// sopts.Workers); the sections are written, and counted, in key order,
// so the bytes do not depend on the number of workers.
func Search(ctx context.Context, w io.Writer, b symmetry.Box, sections []solver.Seq, sopts solver.Options, opts Options) (Written, error) {
	type section struct {
		chunk Chunk
		Written
	}
	var total Written
	ew := NewWriter(w, b, opts)
	sopts.Waiting = waiting
	sopts.Held = solver.HeldFor(b, sopts, searchingWith(sopts.Goroutines()), opts.solutionBytes(b))
	sopts.Joined = true // a chunk is the same bytes wherever sections end
	sopts.Weigh = func(v any) int64 { return v.(section).chunk.weight() }
	err := solver.Stream(ctx, b, sections, sopts, func(c *solver.Catalogue) (section, error) {
		ch, err := EncodeChunk(b, opts, c.Snakes)
		return section{ch, Written{len(c.Snakes), c.Solutions(), c.Nodes}}, err
	}, func(s section) error {
		total.Snakes += s.Snakes
		total.Solutions += s.Solutions
		total.Nodes += s.Nodes
		return ew.WriteChunk(s.chunk)
	})
	if err != nil {
		return total, err
	}
	return total, ew.Close()
}

// waiting bounds the bytes of the sections a [Search] holds encoded,
// finished and waiting to be written in key order: the sections of a box
// differ in size by orders of magnitude, the largest of 3x3x4 at depth
// 12 holding some 1% of its 11 GB of JSON, and a count of them waiting
// took its peak memory past 1 GB. The sections below a section too big
// to hold (see searching) wait in a quarter of it, and those below them
// in a quarter of that: 4/3 of it in all. docs/SPEED.md has the
// measurements behind the choice.
var waiting int64 = 192 << 20

// searching bounds the bytes of the sections a [Search] searches and
// encodes at once, shared by the workers: a section with more solutions
// than its share holds is searched as the sections below it (see
// [solver.Options.Held]). What waits weighs at most waiting's 4/3, and
// the results of the sections running when it was reached, less than
// searching: with the runtime's own, a catalogue of any box is written
// in under 1 GB. docs/SPEED.md has the measurements.
var searching int64 = 384 << 20

// searchingWith returns the bytes that workers searching at once share:
// searching, or on one worker, where nothing waits, what waits would
// have taken as well.
func searchingWith(workers int) int64 {
	if workers == 1 {
		return searching + min(waiting, 1<<40)/3*4
	}
	return searching
}

// solutionBytes bounds the bytes a solution of box b takes encoded in a
// chunk: in JSON its start, moves and path, a sign and digit and comma a
// move and up to two digits, a comma and a bracket a cell (the most is
// 8L+64, 578 bytes on 4x4x4, 352 on 3x3x4 where 260 is the mean); as rows,
// its start and moves and its snake's head, each snake having at least
// one solution.
func (o Options) solutionBytes(b symmetry.Box) int {
	if o.text() {
		return 8*b.Len() + 64
	}
	return 2*b.Len() + 40
}

// weight returns about the bytes c holds.
func (c Chunk) weight() int64 {
	n := int64(len(c.blocks))*blockSize + int64(len(c.starts)+len(c.moves)) + 1
	for _, h := range c.heads {
		n += int64(unsafe.Sizeof(h)) + int64(len(h.key))
	}
	return n
}
