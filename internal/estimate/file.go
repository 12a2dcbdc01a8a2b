package estimate

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/fileerr"
	"github.com/snakecube/snakecube/internal/journal"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Record is one descent as a line of a descents file (JSON Lines), which
// a long run appends to as descents complete and a resumed run skips.
// Design names the options that decide the choices, so that descents of
// different designs are never mixed.
type Record struct {
	Box         string  `json:"box"`
	Design      string  `json:"design"`
	Seed        uint64  `json:"seed"`
	Index       int     `json:"descent"`
	Prefix      string  `json:"prefix"`
	Probability float64 `json:"probability"`
	census.Counts
	// Weigh is the time the descent's choices took, in seconds; files
	// written before it was kept do not have it.
	Weigh float64 `json:"weigh_seconds,omitempty"`
	// Choices are the probabilities of a '1' at each step, from the prefix
	// of one cubelet down, which multiply to Probability; files written
	// before they were kept do not have them.
	Choices []float64 `json:"choices,omitempty"`
}

// Name returns the design's name for a file: the options that decide
// which sections descents reach and with what probability. A shared
// width, a budget, the cut and strata are named only when set, so that the designs
// without them keep the names their files have.
func (d *Design) Name() string {
	o := d.opts
	name := fmt.Sprintf("depth %d, width %d, capacity %d, shared %d, floor %g, power %g",
		o.Depth, o.Width, o.Capacity, o.CacheDepth, o.Floor, o.Power)
	if o.SharedWidth > 0 {
		name += fmt.Sprintf(", shared width %d", o.SharedWidth)
	}
	if o.Budget > 0 {
		name += fmt.Sprintf(", budget %g, deepest %d", o.Budget, o.Deepest)
	}
	if o.Cut {
		name += ", cut"
	}
	if o.Strata != nil {
		name += ", " + o.Strata.Name()
	}
	return name
}

// Record returns x as a line of d's descents file.
func (d *Design) Record(x Descent) Record {
	return Record{
		Box: d.b.String(), Design: d.Name(), Seed: d.seed, Index: x.Index,
		Prefix: x.Prefix.String(), Probability: x.Prob, Counts: census.CountsOf(x.Count),
		Weigh: x.Weigh, Choices: x.Choices,
	}
}

// Line returns the record as one line of a descents file.
func (r Record) Line() []byte {
	b, _ := json.Marshal(r) // numbers and strings always encode
	return append(b, '\n')
}

// Descent returns the descent a record holds.
func (r Record) Descent() (Descent, error) {
	p, err := solver.ParseSeq(r.Prefix)
	if err != nil {
		return Descent{}, fmt.Errorf("descent %d: prefix: %w", r.Index, err)
	}
	if !(r.Probability > 0 && r.Probability <= 1) {
		return Descent{}, fmt.Errorf("descent %d: probability %v, want a number in (0, 1]", r.Index, r.Probability)
	}
	c, err := r.Counts.Count()
	if err != nil {
		return Descent{}, fmt.Errorf("descent %d: %w", r.Index, err)
	}
	b, err := symmetry.ParseBox(r.Box)
	if err != nil {
		return Descent{}, fmt.Errorf("descent %d: box: %w", r.Index, err)
	}
	if err := stepsOf(p, b.Len(), r.Choices, r.Probability); err != nil {
		return Descent{}, fmt.Errorf("descent %d: %w", r.Index, err)
	}
	return Descent{Index: r.Index, Prefix: p, Prob: r.Probability, Count: c, Weigh: r.Weigh, Choices: r.Choices}, nil
}

// stepsOf checks the choices of a descent to prefix p of a box of n
// cells against its probability prob: one a step (none to cubelet n-1,
// which ends a key), each a probability, whose steps taken multiply, in
// the order [Design.Descend] multiplies them, to prob exactly. A descent
// without choices passes.
func stepsOf(p solver.Seq, n int, choices []float64, prob float64) error {
	if len(choices) == 0 {
		return nil
	}
	want := p.Len - 1
	if p.Len == n {
		want--
	}
	if len(choices) != want {
		return fmt.Errorf("%d choices for a prefix of %d cubelets, want %d", len(choices), p.Len, want)
	}
	got := 1.0
	for i, q1 := range choices {
		if !(q1 >= 0 && q1 <= 1) {
			return fmt.Errorf("choice %d is %v, want a probability", i+1, q1)
		}
		if p.Bits>>(i+1)&1 == 1 {
			got *= q1
		} else {
			got *= 1 - q1
		}
	}
	if got != prob {
		return fmt.Errorf("its choices multiply to %v, not to its probability %v", got, prob)
	}
	return nil
}

// kind is a descents file's, for the journal: a record takes some 350
// bytes, and with its choices, one a step, up to some 1,700 (63 cells).
var kind = journal.Kind{Name: "descents", MaxLine: 4096}

// decodeRecord decodes one line of a descents file, refusing fields it
// does not know and anything after the record.
func decodeRecord(line []byte) (Record, error) {
	var r Record
	err := journal.Decode(line, &r)
	return r, err
}

// ReadFile reads the records of a descents file, dropping a torn last
// line (one without its newline), and returns the length of the whole
// lines.
func ReadFile(path string) (recs []Record, whole int64, err error) {
	f, err := fileerr.OpenRegular(path, "estimate file")
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	s, err := journal.Scan(context.Background(), f, path, kind, func(_ int, line []byte) error {
		r, err := decodeRecord(line)
		recs = append(recs, r)
		return err
	})
	return recs, s.Whole, err
}

// File is a descents file open for a run of one design: the descents it
// holds, and more to append. It is locked while open.
type File struct {
	j *journal.File
	// Done are the descents the file held when opened, by index.
	Done map[int]Descent
	d    *Design
}

// OpenFile opens the descents file at path for a run of design d,
// creating it if need be: it refuses a file that another run holds, a
// line that does not decode and descents of another box, seed or design,
// and drops a torn last line, whose descent is drawn again.
func (d *Design) OpenFile(ctx context.Context, path string) (*File, error) {
	var recs []Record
	f := &File{d: d}
	j, err := journal.Open(ctx, path, kind, func(_ int, line []byte) error {
		r, err := decodeRecord(line)
		recs = append(recs, r)
		return err
	}, func() error {
		var err error
		f.Done, err = d.Resume(recs)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	f.j = j
	return f, nil
}

// Append writes descent x as one line, synced.
func (f *File) Append(x Descent) error { return f.j.Append(f.d.Record(x).Line(), nil) }

// Torn returns the length of the torn last line that OpenFile dropped, 0
// when there was none.
func (f *File) Torn() int64 { return f.j.Torn() }

// Close closes the file, which releases its lock.
func (f *File) Close() error { return f.j.Close() }

// Resume checks that recs are descents of d and returns them by index,
// refusing a record of another box, seed or design and a descent twice.
// It keeps their choices for the descents to come, which then do not
// weigh them again, and refuses a choice that differs from another
// record's at the same prefix.
func (d *Design) Resume(recs []Record) (map[int]Descent, error) {
	done := make(map[int]Descent, len(recs))
	name := d.Name()
	for i, r := range recs {
		if r.Box != d.b.String() || r.Seed != d.seed || r.Design != name {
			return nil, fmt.Errorf("line %d: a descent of %s, seed %d, %s; this run is of %v, seed %d, %s",
				i+1, r.Box, r.Seed, r.Design, d.b, d.seed, name)
		}
		if _, ok := done[r.Index]; ok {
			return nil, fmt.Errorf("line %d: descent %d again", i+1, r.Index)
		}
		x, err := r.Descent()
		if err == nil {
			err = d.remember(x.Prefix, x.Choices, 0)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		done[r.Index] = x
	}
	return done, nil
}

// ReadPilot returns the descents of d in the file at path, in the order
// of their index, for [Design.MakeStrata]: it refuses descents of another
// box, seed or design, and keeps their choices, so that d does not weigh
// them again.
func (d *Design) ReadPilot(path string) ([]Descent, error) {
	recs, _, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	done, err := d.Resume(recs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	ds := slices.SortedFunc(maps.Values(done), func(x, y Descent) int { return cmp.Compare(x.Index, y.Index) })
	return ds, nil
}

// BorrowFile borrows, as [Design.Borrow] does, the choices of the
// descents in the file at path.
func (d *Design) BorrowFile(path string) error {
	recs, _, err := ReadFile(path)
	if err == nil {
		if err = d.Borrow(recs); err != nil {
			err = fmt.Errorf("%s: %w", path, err)
		}
	}
	return err
}

// Borrow keeps the choices that recs, descents of the design d is without
// its strata, made at the strata's depth and below, so that d does not
// weigh them again: there the two designs weigh alike, and a choice
// depends on the seed and its prefix alone. It refuses descents of
// another box, seed or design, and a choice that differs from one kept.
func (d *Design) Borrow(recs []Record) error {
	s := d.opts.Strata
	if s == nil {
		return errors.New("only a design in strata borrows choices")
	}
	plain := d.opts
	plain.Strata = nil
	name := (&Design{b: d.b, seed: d.seed, opts: plain}).Name()
	for i, r := range recs {
		if r.Box != d.b.String() || r.Seed != d.seed || r.Design != name {
			return fmt.Errorf("line %d: a descent of %s, seed %d, %s; this run borrows from %v, seed %d, %s",
				i+1, r.Box, r.Seed, r.Design, d.b, d.seed, name)
		}
		x, err := r.Descent()
		if err == nil {
			err = d.remember(x.Prefix, x.Choices, s.Depth-1)
		}
		if err != nil {
			return fmt.Errorf("line %d: %w", i+1, err)
		}
	}
	return nil
}
