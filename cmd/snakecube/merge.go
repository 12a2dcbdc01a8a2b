package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

const mergeUsage = `Usage:
  snakecube merge [-size N|AxBxC] [-format json|jsonl] -o FILE PART...

Joins the N parts written by "enumerate -shard I/N", all of them, in any
order and either format, into one catalogue: the same bytes as a single
run. It refuses parts of different boxes, parts that overlap, and a part
missing.

Flags:
  -o FILE         write the catalogue to FILE, "-" for standard output
  -format FORMAT  json or jsonl (default: the first part's)
  -size N|AxBxC   the box, needed when the snakes' length is not a cube's

Examples:
  $ for i in 1 2 3 4; do snakecube enumerate -shard $i/4 -o part$i.json; done
  $ snakecube merge -o solutions.json part*.json
`

// part is one part file being merged.
type part struct {
	name  string
	r     *export.Reader
	cur   export.Entry
	done  bool
	shard int // index of the shard it holds, -1 before its first snake
}

func (p *part) next() error {
	e, err := p.r.Next()
	switch {
	case errors.Is(err, io.EOF):
		p.done = true
		return nil
	case err != nil:
		return fmt.Errorf("%s: %w", p.name, err)
	}
	if !p.done && p.cur.Key != "" && e.Key <= p.cur.Key {
		return fmt.Errorf("%s: snake %s after %s: not in key order", p.name, e.Key, p.cur.Key)
	}
	p.cur = e
	return nil
}

func runMerge(ctx context.Context, e env, args []string) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	var box boxFlag
	fs.Var(&box, "size", "")
	out := fs.String("o", "", "")
	format := fs.String("format", "", "")
	names, err := parseFlags(fs, e, mergeUsage, args)
	if err != nil {
		return helpOK(err)
	}
	if *out == "" {
		return badUsage(e, mergeUsage, "-o FILE is required")
	}
	if len(names) == 0 {
		return badUsage(e, mergeUsage, "no part given")
	}
	parts := make([]*part, len(names))
	for k, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		parts[k] = &part{name: name, r: export.NewReader(f), shard: -1}
		if err := parts[k].next(); err != nil {
			return err
		}
	}
	b, err := mergeBox(parts, box.box)
	if err != nil {
		return err
	}
	f := parts[0].r.Format()
	if *format != "" {
		if f, err = export.ParseFormat(*format); err != nil {
			return badUsage(e, mergeUsage, "-format: %v", err)
		}
	}
	_, err = writeOutput(e, *out, func(w io.Writer) error {
		return merge(ctx, w, b, f, parts)
	})
	return err
}

// mergeBox returns the box of the parts' snakes: -size, or the cube of
// their length, the same for every part.
func mergeBox(parts []*part, sized symmetry.Box) (symmetry.Box, error) {
	var first *part
	for _, p := range parts {
		if p.done {
			continue
		}
		if first == nil {
			first = p
		} else if len(p.cur.Key) != len(first.cur.Key) {
			return symmetry.Box{}, fmt.Errorf("parts of different boxes: %s has snakes of %d cubelets, %s of %d",
				first.name, len(first.cur.Key), p.name, len(p.cur.Key))
		}
	}
	switch {
	case sized.Len() > 0:
		if first != nil && len(first.cur.Key) != sized.Len() {
			return symmetry.Box{}, fmt.Errorf("%s has snakes of %d cubelets, not of the %v box", first.name, len(first.cur.Key), sized)
		}
		return sized, nil
	case first == nil:
		return symmetry.Box{}, usageError{errors.New("every part is empty: give the box with -size")}
	case cubeLengths[len(first.cur.Key)] == 0:
		return symmetry.Box{}, usageError{fmt.Errorf("snakes of %d cubelets: give the box with -size", len(first.cur.Key))}
	}
	return symmetry.Cube(cubeLengths[len(first.cur.Key)])
}

// merge writes the parts' snakes in key order, checking that the parts are
// the n shards of one run: each within one shard, no two the same.
func merge(ctx context.Context, w io.Writer, b symmetry.Box, f export.Format, parts []*part) error {
	n := len(parts)
	depth := solver.ShardDepth(b, n)
	shardOf := map[string]int{}
	for i, ps := range solver.Shards(b, n) {
		for _, p := range ps {
			shardOf[p.String()] = i
		}
	}
	owner := make([]*part, n)
	ew := export.NewWriter(w, b, export.Options{Format: f})
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		var p *part
		for _, q := range parts {
			if q.done {
				continue
			}
			if len(q.cur.Key) != b.Len() {
				return fmt.Errorf("parts of different boxes: %s has a snake of %d cubelets, not of the %v box", q.name, len(q.cur.Key), b)
			}
			switch {
			case p == nil || q.cur.Key < p.cur.Key:
				p = q
			case q.cur.Key == p.cur.Key:
				return fmt.Errorf("%s and %s both hold snake %s: overlapping parts", p.name, q.name, q.cur.Key)
			}
		}
		if p == nil {
			break
		}
		i, ok := shardOf[p.cur.Key[:depth]]
		switch {
		case !ok:
			return fmt.Errorf("%s: snake %s is not a key of the %v box", p.name, p.cur.Key, b)
		case p.shard < 0 && owner[i] != nil:
			return fmt.Errorf("%s and %s are both shard %d/%d: overlapping parts", owner[i].name, p.name, i+1, n)
		case p.shard < 0:
			p.shard, owner[i] = i, p
		case p.shard != i:
			return fmt.Errorf("%s holds snakes of shards %d and %d of %d: the parts are not the %d shards of one run (a part missing, or one too many?)",
				p.name, p.shard+1, i+1, n, n)
		}
		s, err := entrySnake(b, p.cur)
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		if err := ew.Write(s); err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		if err := p.next(); err != nil {
			return err
		}
	}
	var missing []string
	empty := 0
	for _, p := range parts {
		if p.shard < 0 {
			empty++
		}
	}
	for i, o := range owner {
		if o == nil {
			missing = append(missing, fmt.Sprintf("%d/%d", i+1, n))
		}
	}
	// An empty part stands for a shard with no snake; more shards without
	// a part than empty parts means a part is missing.
	if len(missing) > empty {
		return fmt.Errorf("missing part: no part holds the snakes of shard %s", strings.Join(missing, ", "))
	}
	return ew.Close()
}

// entrySnake turns a catalogue entry back into a snake and its moves.
func entrySnake(b symmetry.Box, e export.Entry) (solver.Snake, error) {
	q, err := solver.ParseSeq(e.Key)
	if err != nil {
		return solver.Snake{}, fmt.Errorf("snake %q: %w", e.Key, err)
	}
	s := solver.Snake{Key: q, Solutions: make([][]symmetry.Dir, len(e.Solutions))}
	for i, sol := range e.Solutions {
		if len(sol.Direction) != b.Len()-1 {
			return solver.Snake{}, fmt.Errorf("snake %s solution %d: %d moves, want %d", e.Key, i+1, len(sol.Direction), b.Len()-1)
		}
		dirs := make([]symmetry.Dir, len(sol.Direction))
		for k, c := range sol.Direction {
			d, ok := symmetry.DirOfCode(c)
			if !ok {
				return solver.Snake{}, fmt.Errorf("snake %s solution %d: move %d has code %d", e.Key, i+1, k, c)
			}
			dirs[k] = d
		}
		s.Solutions[i] = dirs
	}
	return s, nil
}
