package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/bits"
	"path/filepath"
	"sort"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalog"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Catalogue is a catalogue file, indexed: for each snake, in key order,
// its key, where its entry starts, how many solutions it lists, its
// straights and whether it is a palindrome, 21 bytes a snake. Solutions
// are read from the file when asked for ([Catalogue.Snake]).
type Catalogue struct {
	// Name addresses the catalogue in the API: its box, "3x3x3", or for a
	// second catalogue of the same box, its box and place, "3x3x3-2".
	Name string
	// File is the file's path, as given.
	File   string
	Box    symmetry.Box
	Format export.Format

	f       io.ReaderAt
	indexed fs.FileInfo // the file when indexed, nil when it has none
	blocks  []*block
	n       int
	end     int64 // where the last entry ends
	stats   *stats.Stats
	// counter counted stats, and counts the ratings of Rate.
	counter *stats.Counter
	// ratings, when the snakes were rated, holds their ratings, a block
	// of them for each block of the index; byDiff their indexes in
	// order of difficulty, ties in key order; scale the scale of their
	// levels.
	ratings  []*rated
	byDiff   []int32
	scale    rate.BoxScale
	rateDone bool
}

// block holds blockLen snakes of the index, in key order. The index grows
// a block at a time, never copied: one slice grown by appending leaves its
// old copies as garbage, some times the index at the peak.
type block struct {
	keys  [blockLen]uint64 // solver.Seq.Bits, ascending in key order
	offs  [blockLen]int64
	sols  [blockLen]uint32
	attrs [blockLen]uint8 // straights, and palBit for a palindrome
}

// blockLen is the number of snakes in a block, 1.3 MB of them: the last
// block's unused part is nothing beside a large index, and the 3x3x3
// catalogue fits in one.
const (
	blockShift = 16
	blockLen   = 1 << blockShift
	blockMask  = blockLen - 1
)

func (c *Catalogue) key(i int) uint64  { return c.blocks[i>>blockShift].keys[i&blockMask] }
func (c *Catalogue) off(i int) int64   { return c.blocks[i>>blockShift].offs[i&blockMask] }
func (c *Catalogue) sols(i int) uint32 { return c.blocks[i>>blockShift].sols[i&blockMask] }
func (c *Catalogue) attr(i int) uint8  { return c.blocks[i>>blockShift].attrs[i&blockMask] }

// add appends a snake to the index.
func (c *Catalogue) add(e catalog.Entry) {
	if c.n&blockMask == 0 {
		c.blocks = append(c.blocks, new(block))
	}
	attr := uint8(e.Key.Straights())
	if e.Key.Palindrome() {
		attr |= palBit
	}
	b, i := c.blocks[c.n>>blockShift], c.n&blockMask
	b.keys[i], b.offs[i], b.sols[i], b.attrs[i] = e.Key.Bits, e.Offset, uint32(e.Solutions), attr
	c.n++
}

// palBit marks a palindrome in an attrs byte; the low bits hold the
// straights, at most 62.
const palBit = 0x80

// Open indexes the catalogue in file, skimming it once
// ([catalog.Skimmer]). It keeps the file open, to read snakes from it.
// opts gives the box, as to a [catalog.Reader]. The file's first problem
// is an error.
func Open(ctx context.Context, file string, opts catalog.Options) (*Catalogue, error) {
	f, err := catalog.OpenFile(file)
	if err != nil {
		return nil, err
	}
	c, err := index(ctx, f, opts)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	c.File, c.Name = file, c.Box.String()
	return c, nil
}

// Close closes the catalogue's file.
func (c *Catalogue) Close() error {
	if cl, ok := c.f.(io.Closer); ok {
		return cl.Close()
	}
	return nil
}

// index skims r into a Catalogue.
func index(ctx context.Context, r io.ReaderAt, opts catalog.Options) (*Catalogue, error) {
	c := &Catalogue{f: r}
	// The file's size, where it has one: a Parquet file is read from its
	// end, where its footer lies.
	size := int64(math.MaxInt64)
	if fi := stat(r); fi != nil {
		size, c.indexed = fi.Size(), fi
	}
	sk := catalog.NewSkimmer(io.NewSectionReader(r, 0, size), opts)
	var t *stats.Counter
	for n := 0; ; n++ {
		// An entry takes a microsecond or less: looking at the context
		// every 4096 costs nothing and stops within milliseconds.
		if n%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		e, err := sk.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if t == nil {
			c.Box, c.Format = sk.Box(), sk.Format()
			t = stats.NewCounter(c.Box)
		}
		if e.Solutions > math.MaxUint32 {
			return nil, fmt.Errorf("%v: %d solutions, more than an index holds", e.Key, e.Solutions)
		}
		t.Skimmed(e)
		c.add(e)
		c.end = e.Offset + e.Size
	}
	if t == nil { // an empty catalogue: its box is what was given
		c.Box, c.Format = opts.Box, sk.Format()
		t = stats.NewCounter(c.Box)
	}
	c.stats, c.counter = t.Stats(), t
	return c, nil
}

// Len returns the number of snakes.
func (c *Catalogue) Len() int { return c.n }

// Stats returns the catalogue's figures, counted from its skim: solutions
// as the file lists them ([stats.Stats.Skimmed]).
func (c *Catalogue) Stats() *stats.Stats { return c.stats }

func (c *Catalogue) seq(i int) solver.Seq { return solver.Seq{Bits: c.key(i), Len: c.Box.Len()} }

// order maps a key to an integer in key order, as the file lists keys.
func order(k uint64) uint64 { return bits.Reverse64(k) }

// find returns the index of key q, or -1.
func (c *Catalogue) find(q solver.Seq) int {
	if q.Len != c.Box.Len() {
		return -1
	}
	i := sort.Search(c.n, func(i int) bool { return order(c.key(i)) >= order(q.Bits) })
	if i < c.n && c.key(i) == q.Bits {
		return i
	}
	return -1
}

// section returns the range of indexes of the keys that start with p.
func (c *Catalogue) section(p solver.Seq) (int, int) {
	if p.Len == 0 {
		return 0, c.n
	}
	lo := order(p.Bits)            // p, then zeros
	hi := lo | (1<<(64-p.Len) - 1) // p, then ones
	from := sort.Search(c.n, func(i int) bool { return order(c.key(i)) >= lo })
	to := sort.Search(c.n, func(i int) bool { return order(c.key(i)) > hi })
	return from, to
}

// stat returns the file r's size and time, nil when r has none.
func stat(r io.ReaderAt) fs.FileInfo {
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil {
			return fi
		}
	}
	return nil
}

// fault is an entry that does not read as it did when the file was
// indexed, or as an entry should, detail saying how: the file rewritten
// since, when its size or time has changed; else damaged there, which
// the skim of the index lets pass (a value of the wrong type in a
// solution, say) and verify tells.
func (c *Catalogue) fault(detail error) error {
	now := stat(c.f)
	switch {
	case c.indexed == nil || now == nil:
		return fmt.Errorf("%s: %w: the file is damaged there, or has changed since it was indexed", c.File, detail)
	case now.Size() != c.indexed.Size() || !now.ModTime().Equal(c.indexed.ModTime()):
		return fmt.Errorf("%s: the file has changed since it was indexed: restart snakecube serve (%w)", c.File, detail)
	}
	return fmt.Errorf("%s: %w: the file is damaged there (snakecube verify lists every fault of a catalogue)", c.File, detail)
}

// Snake reads snake q's entry from the file and checks it: its solutions
// in canonical form, ascending. It returns false when q is not in the
// catalogue.
func (c *Catalogue) Snake(q solver.Seq) (solver.Snake, bool, error) {
	i := c.find(q)
	if i < 0 {
		return solver.Snake{}, false, nil
	}
	// An entry is read no further than where the next one started when
	// the file was indexed: one rewritten longer since is an error, not a
	// read of the rest of the file.
	end := c.end
	if i+1 < c.n {
		end = c.off(i + 1)
	}
	s, err := catalog.ReadAt(c.f, c.off(i), end-c.off(i), c.Box, c.Format)
	switch {
	case err != nil:
		return solver.Snake{}, true, c.fault(fmt.Errorf("snake %v: %w", q, err))
	case s.Key != q:
		at := fmt.Sprintf("byte %d", c.off(i))
		if c.Format == export.FormatParquet {
			at = fmt.Sprintf("row %d", c.off(i)+1) // a Parquet entry's offset is its first row's index
		}
		return solver.Snake{}, true, c.fault(fmt.Errorf("%s holds %s, not %v", at, catalog.QuoteKey(s.Text), q))
	case len(s.Solutions) != int(c.sols(i)):
		return solver.Snake{}, true, c.fault(fmt.Errorf("snake %v lists %d solutions, not %d", q, len(s.Solutions), c.sols(i)))
	}
	if p := s.Err(); p != nil {
		return solver.Snake{}, true, fmt.Errorf("%s: %w", c.File, p)
	}
	for k, sol := range s.Solutions {
		if sol.Same >= 0 {
			return solver.Snake{}, true, fmt.Errorf("%s: snake %v: solution %d is solution %d again, up to symmetry and reversal", c.File, q, k+1, sol.Same+1)
		}
	}
	return solver.Snake{Seq: q, Solutions: s.Forms()}, true, nil
}

// base is the file's name without its folders, for a person.
func (c *Catalogue) base() string { return filepath.Base(c.File) }

// OpenAll indexes files in turn, and names each catalogue by its box, a
// repeated box with its place among the catalogues of that box: 3x3x3,
// 3x3x3-2. On error it closes those it opened.
func OpenAll(ctx context.Context, files []string, opts catalog.Options) ([]*Catalogue, error) {
	var cats []*Catalogue
	seen := map[string]int{}
	for _, file := range files {
		c, err := Open(ctx, file, opts)
		if err != nil {
			CloseAll(cats)
			return nil, err
		}
		if seen[c.Name]++; seen[c.Name] > 1 {
			c.Name = fmt.Sprintf("%s-%d", c.Name, seen[c.Name])
		}
		cats = append(cats, c)
	}
	return cats, nil
}

// CloseAll closes the catalogues cats.
func CloseAll(cats []*Catalogue) {
	for _, c := range cats {
		c.Close()
	}
}

// RateAll rates every catalogue of cats in turn, on all cores
// ([Catalogue.Rate]), with the progress that bar, when not nil, gives
// for each catalogue's name; on error it closes them all.
func RateAll(ctx context.Context, cats []*Catalogue, bar func(name string) func(done, total int)) error {
	for _, c := range cats {
		var progress func(done, total int)
		if bar != nil {
			progress = bar(c.Name)
		}
		if err := c.Rate(ctx, 0, progress); err != nil {
			CloseAll(cats)
			return err
		}
	}
	return nil
}
