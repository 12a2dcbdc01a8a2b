package serve

import (
	"context"
	"errors"
	"math"

	"github.com/snakecube/snakecube/internal/rate"

	"github.com/snakecube/snakecube/solver"
)

// Sort orders the snakes of an answer.
type Sort uint8

// The orders of snakes: by key, by number of solutions or by straights;
// snakes with as many solutions or straights follow each other in key
// order, either way.
const (
	ByKey Sort = iota
	BySolutions
	ByStraights
	// ByDifficulty orders by difficulty (package rate), for a catalogue
	// rated ([Catalogue.Rate]).
	ByDifficulty
)

// Query picks snakes of a catalogue and a page of them: what GET
// /api/snakes's parameters say.
type Query struct {
	// MinSolutions and MaxSolutions bound the number of solutions,
	// inclusive.
	MinSolutions, MaxSolutions uint32
	// Straights is the number of straights wanted, or -1 for any.
	Straights int
	// Palindrome is 1 for palindromes only, 0 for the others only, -1 for
	// both.
	Palindrome int
	// MinLevel and MaxLevel bound the level of difficulty, 1 to 10,
	// inclusive: 0 and 10 for any, as a catalogue not rated needs.
	MinLevel, MaxLevel int
	// Prefix is what keys start with; the empty Seq for any.
	Prefix solver.Seq
	Sort   Sort
	// Desc reverses the order, but not that of ties, in key order still.
	Desc bool
	// Offset snakes are passed over, then at most Limit are answered.
	Limit, Offset int
}

// AnyQuery returns a Query of every snake, in key order, page size limit.
func AnyQuery(limit int) Query {
	return Query{MaxSolutions: math.MaxUint32, Straights: -1, Palindrome: -1, MaxLevel: rate.Levels, Limit: limit}
}

// Row is one snake of an answer, as /api/snakes writes it.
type Row struct {
	Key        string `json:"key"`
	Solutions  int    `json:"solutions"`
	Straights  int    `json:"straights"`
	Palindrome bool   `json:"palindrome"`
	// In a catalogue rated: the snake's level on its box's scale, its
	// difficulty for a person (the placements expected from the easier
	// end), its standard error (left out when exact), the cubelet the
	// easier end starts from, and the placements expected from cubelet 1
	// and from the last.
	Level      int       `json:"level,omitempty"`
	Difficulty float64   `json:"difficulty,omitempty"`
	StdErr     float64   `json:"stdErr,omitempty"`
	Easier     int       `json:"easier,omitempty"`
	Ends       []float64 `json:"ends,omitempty"`
}

// ErrNotRated answers a query by difficulty of a catalogue not rated.
var ErrNotRated = errors.New("the catalogue was not rated: serve it with -rate to filter or sort by difficulty")

// byDifficulty reports whether q sorts or filters by difficulty.
func (q Query) byDifficulty() bool {
	return q.Sort == ByDifficulty || q.MinLevel > 1 || q.MaxLevel < rate.Levels
}

// cancelEvery is how many snakes a scan looks at between looks at the
// context: a few hundred microseconds' work.
const cancelEvery = 1 << 16

// Select answers q: how many snakes match, and the page of them q asks.
// It looks at every snake of the prefix's section once, or twice when it
// sorts by solutions or straights: it counts how many match per value
// first, which places the page among the values, then collects the page.
func (c *Catalogue) Select(ctx context.Context, q Query) (int, []Row, error) {
	from, to := c.section(q.Prefix)
	switch {
	case q.byDifficulty() && !c.Rated():
		return 0, nil, ErrNotRated
	case q.Sort == ByDifficulty:
		return c.byDifficulty(ctx, q, from, to)
	case q.Sort == ByKey:
		return c.byKey(ctx, q, from, to)
	}
	return c.byValue(ctx, q, from, to)
}

func (c *Catalogue) match(i int, q *Query) bool {
	n, a := c.sols(i), c.attr(i)
	if c.ratings != nil {
		if l := c.level(i); l < q.MinLevel || l > q.MaxLevel {
			return false
		}
	}
	return n >= q.MinSolutions && n <= q.MaxSolutions &&
		(q.Straights < 0 || int(a&^palBit) == q.Straights) &&
		(q.Palindrome < 0 || (a&palBit != 0) == (q.Palindrome == 1))
}

func (c *Catalogue) row(i int) Row {
	q := c.seq(i)
	a := c.attr(i)
	r := Row{Key: q.String(), Solutions: int(c.sols(i)), Straights: int(a &^ palBit), Palindrome: a&palBit != 0}
	if c.ratings != nil {
		rt := c.ratings[i>>blockShift]
		e := c.easier(i)
		r.Level, r.Difficulty, r.StdErr = c.level(i), c.diff(i), float64(rt.stdErr[i&blockMask])
		r.Easier = 1 + e*(q.Len-1)
		ends := rt.ends[i&blockMask]
		r.Ends = ends[:]
	}
	return r
}

// byKey answers q in key order over snakes from to to.
func (c *Catalogue) byKey(ctx context.Context, q Query, from, to int) (int, []Row, error) {
	total := 0
	var rows []Row
	for k := range to - from {
		if k%cancelEvery == 0 && ctx.Err() != nil {
			return 0, nil, ctx.Err()
		}
		i := from + k
		if q.Desc {
			i = to - 1 - k
		}
		if !c.match(i, &q) {
			continue
		}
		if total >= q.Offset && total-q.Offset < q.Limit {
			rows = append(rows, c.row(i))
		}
		total++
	}
	return total, rows, nil
}

// value returns snake i's number of solutions or straights.
func (c *Catalogue) value(i int, s Sort) int {
	if s == BySolutions {
		return int(c.sols(i))
	}
	return int(c.attr(i) &^ palBit)
}

// byValue answers q sorted by solutions or straights, over snakes from to
// to: a first pass counts the matches of each value, which places the
// page among them; a second collects the page's snakes.
func (c *Catalogue) byValue(ctx context.Context, q Query, from, to int) (int, []Row, error) {
	top := 64 // straights
	if q.Sort == BySolutions {
		top = c.stats.Most
	}
	hist := make([]int, top+1)
	total := 0
	for i := from; i < to; i++ {
		if (i-from)%cancelEvery == 0 && ctx.Err() != nil {
			return 0, nil, ctx.Err()
		}
		if c.match(i, &q) {
			hist[c.value(i, q.Sort)]++
			total++
		}
	}
	want, vals := pageSpans(hist, q)
	if len(vals) == 0 {
		return total, nil, nil
	}
	got, err := c.collect(ctx, q, from, to, want, vals)
	if err != nil {
		return 0, nil, err
	}
	var rows []Row
	for _, v := range vals {
		for _, i := range got[v] {
			rows = append(rows, c.row(i))
		}
	}
	return total, rows, nil
}

// span is a range of ranks, lo included, hi not.
type span struct{ lo, hi int }

// pageSpans places q's page over the matches counted per value in hist:
// want[v] is the range of ranks, among the snakes of value v in key order,
// that fall on the page; vals are the values on the page, in its order.
func pageSpans(hist []int, q Query) (want []span, vals []int) {
	top := len(hist) - 1
	want = make([]span, top+1)
	start := 0
	for k := range top + 1 {
		v := k
		if q.Desc {
			v = top - k
		}
		if hist[v] == 0 {
			continue
		}
		lo, hi := max(q.Offset-start, 0), min(q.Offset+q.Limit-start, hist[v])
		if lo < hi {
			want[v] = span{lo, hi}
			vals = append(vals, v)
		}
		start += hist[v]
	}
	return want, vals
}

// collect returns, for each value v of vals, the indexes of the matching
// snakes of value v whose ranks fall in want[v], in key order.
func (c *Catalogue) collect(ctx context.Context, q Query, from, to int, want []span, vals []int) ([][]int, error) {
	got := make([][]int, len(want))
	seen := make([]int, len(want))
	left := 0 // snakes still to collect
	for _, v := range vals {
		left += want[v].hi - want[v].lo
	}
	for i := from; i < to && left > 0; i++ {
		if (i-from)%cancelEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !c.match(i, &q) {
			continue
		}
		v := c.value(i, q.Sort)
		if r := seen[v]; r >= want[v].lo && r < want[v].hi {
			got[v] = append(got[v], i)
			left--
		}
		seen[v]++
	}
	return got, nil
}
