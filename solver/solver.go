package solver

import (
	"context"

	"github.com/snakecube/snakecube/internal/engine"
	"github.com/snakecube/snakecube/symmetry"
)

// The types are the engine's, under the same names: their fields and
// methods are documented with them, in internal/engine (go doc
// ./internal/engine Seq).

// Seq is a snake's sequence: which of its cubelets are turns. Bit i of
// Bits is set when cubelet i is a turn; Len is the number of cubelets. Its
// methods read it: Key, IsKey, Reverse, Palindrome, Compare, Turn,
// Straights, Valid, String and Append.
type Seq = engine.Seq

// Options tune a search: Workers, the goroutines searching at once (0,
// every core); Progress, called after each piece of the search; Most, how
// many solutions [Solve] keeps; Waiting and Weigh, how much of its
// results a [Stream] holds waiting for their turn. The zero value
// searches with every core.
type Options = engine.Options

// MaxWorkers bounds Options.Workers: each worker holds a search, and a
// search is cut into tasks for each worker, so memory grows with them.
const MaxWorkers = engine.MaxWorkers

// Catalogue is every solution of every snake of a box, or of a section of
// it, in the order of the catalogue file: Snakes in ascending order of key,
// with the search's Nodes. Its method Solutions counts the solutions.
type Catalogue = engine.Catalogue

// Snake is one snake, Seq, and its Solutions: canonical direction lists
// that follow Seq, ascending.
type Snake = engine.Snake

// Solved is the outcome of [Solve]: the Snake as given with its solutions,
// the Nodes visited, whether the search FromEnd, from the snake's other
// end, finished first, and the Total of solutions, more than Snake holds
// when Options.Most cut them.
type Solved = engine.Solved

// Counted is the outcome of [CountSolutions]: Solutions, and the Nodes
// visited.
type Counted = engine.Counted

// Count summarises the snakes of a catalogue or a section without keeping
// their solutions: Snakes, Solutions, Palindromes and PalindromeSolutions,
// OneSolution (snakes with one solution), Most and MostKey (the most
// solutions of one snake, and the first such snake in key order), Nodes
// and Seconds. Its method Add adds the count of a disjoint set of snakes.
type Count = engine.Count

// Near is a snake one cubelet away from another, that folds (see
// [NearSnakes]): the Cubelet changed, the Snake, and its Solutions.
type Near = engine.Near

// ParseSeq reads a sequence written as '0' and '1', one per cubelet. It
// checks only the alphabet and the length; [Seq.Valid] checks the ends.
func ParseSeq(s string) (Seq, error) { return engine.ParseSeq(s) }

// SeqOf returns the sequence a direction list folds.
func SeqOf(dirs []symmetry.Dir) Seq { return engine.SeqOf(dirs) }

// Solve finds every solution of snake q in box b, counted once up to the
// box's symmetries and, for a palindrome, up to reversal.
func Solve(ctx context.Context, b symmetry.Box, q Seq, opts Options) (*Solved, error) {
	return engine.Solve(ctx, b, q, opts)
}

// CountSolutions counts the solutions of snake q in box b, as [Solve]
// finds them, keeping none: its memory does not grow with them, however
// many there are.
func CountSolutions(ctx context.Context, b symmetry.Box, q Seq, opts Options) (Counted, error) {
	return engine.CountSolutions(ctx, b, q, opts)
}

// NearSnakes returns, in cubelet order, the snakes that differ from q in
// one inner cubelet and fold into box b: what a person who typed q with
// one mistake may have meant. Each is searched on one goroutine, workers
// of them at once.
func NearSnakes(ctx context.Context, b symmetry.Box, q Seq, workers int) ([]Near, error) {
	return engine.NearSnakes(ctx, b, q, workers)
}

// Obstacle returns a reason, found without searching, why snake q cannot
// fold into box b, or "" when there is none and only a search can tell.
//
// Two reasons are checked:
//   - a straight run of more cubelets than the box's longest side;
//   - colour: a folding alternates between the two colours of the box's
//     chequer pattern, so the cubelets at even positions fill the cells of
//     one colour. A straight cubelet needs a cell with neighbours on both
//     sides along some axis, which corners lack; a snake with more straight
//     cubelets on one colour than that colour has such cells cannot fold.
func Obstacle(b symmetry.Box, q Seq) string { return engine.Obstacle(b, q) }

// Enumerate finds every snake of the box that folds and all its
// solutions, each counted once up to the box's symmetries and reversal.
func Enumerate(ctx context.Context, b symmetry.Box, opts Options) (*Catalogue, error) {
	return engine.Enumerate(ctx, b, opts)
}

// Stream enumerates the sections ps, up to opts.Workers at once, each by
// one goroutine, which also calls work with the section's catalogue; emit
// gets the results in the order of ps (key order, if ps is). The catalogue
// is valid only until work returns: its memory goes to the next section.
// Only the sections in flight and a few finished ones waiting their turn
// are held in memory, each of at most [MaxFound] solutions: a section
// with more stops Stream with an error that wraps [ErrCatalogueTooBig]
// and names it. opts.Progress counts sections; but given every
// section of a box of up to 32 cells, Stream searches the box at once,
// holding its solutions packed, 16 bytes each, and opts.Progress counts
// the search's tasks.
func Stream[T any](ctx context.Context, b symmetry.Box, ps []Seq, opts Options, work func(*Catalogue) (T, error), emit func(T) error) error {
	return engine.Stream(ctx, b, ps, opts, work, emit)
}

// CountSection counts the part of box b's catalogue whose keys start with
// prefix p. Its memory grows with the section's number of snakes, not
// with their solutions, but for the whole catalogue of a box of up to 32
// cells, counted at once (see [CountSections]); it is bounded: a section
// with more snakes than a goroutine's table may hold, [MaxTallied], is
// counted as the sections four cubelets below it, and each of those
// alike. Its nodes are then theirs, the search given up left out.
func CountSection(ctx context.Context, b symmetry.Box, p Seq, opts Options) (Count, error) {
	return engine.CountSection(ctx, b, p, opts)
}

// MaxTallied is how many snakes, with their counts, the table of one
// goroutine of a count may hold, runs of them not yet merged holding a
// snake twice: 12 bytes each, and as much again as two runs merge.
const MaxTallied = engine.MaxTallied

// ErrCatalogueTooBig is the error of a catalogue with a section of more
// solutions than a search may hold, MaxFound.
var ErrCatalogueTooBig = engine.ErrCatalogueTooBig

// MaxFound is how many solutions a section of a catalogue may hold in
// memory while it is searched: its keys and moves, 8 and L-1 bytes each.
const MaxFound = engine.MaxFound

// CountSections counts the sections ps, up to opts.Workers at once, and
// calls emit with each section's count in the order of ps. A section is
// counted by one goroutine, whose search and table go on to the next.
// When ps are all the sections of one length of a box of up to 32 cells,
// the box is searched whole instead, each solution from one end, and the
// keys found are sorted into the sections: fewer nodes, for memory that
// grows with the solutions, 8 bytes each (the first section's count
// carries the whole search's nodes and seconds). A section too big for
// its table is counted as the sections below it, as by CountSection.
func CountSections(ctx context.Context, b symmetry.Box, ps []Seq, opts Options, emit func(Seq, Count) error) error {
	return engine.CountSections(ctx, b, ps, opts, emit)
}

// CountTotal counts the sections ps as [CountSections] does and returns
// their sum: the count of the snakes of them all.
func CountTotal(ctx context.Context, b symmetry.Box, ps []Seq, opts Options) (Count, error) {
	return engine.CountTotal(ctx, b, ps, opts)
}

// ParsePrefix reads a section's prefix for box b: 0 to L characters '0'
// and '1'.
func ParsePrefix(s string, b symmetry.Box) (Seq, error) { return engine.ParsePrefix(s, b) }

// Sections returns, in key order, the prefixes of length depth that extend
// p and that keys of box b can start with. Depth is clamped between p's
// length and the box's. Sections(b, Seq{}, 0) is the one empty prefix, the
// whole catalogue.
func Sections(b symmetry.Box, p Seq, depth int) []Seq { return engine.Sections(b, p, depth) }

// NumSections returns how many sections of length depth box b has, that
// is len(Sections(b, Seq{}, depth)), without listing them.
func NumSections(b symmetry.Box, depth int) int { return engine.NumSections(b, depth) }

// SectionAt returns Sections(b, Seq{}, depth)[k] without listing them:
// "0", then k in binary, then "0" when the prefix is a whole key.
func SectionAt(b symmetry.Box, depth, k int) Seq { return engine.SectionAt(b, depth, k) }

// SectionIndex returns the number of section p among the sections of
// box b of p's length: SectionAt(b, p.Len, SectionIndex(b, p)) is p for
// every section p.
func SectionIndex(b symmetry.Box, p Seq) int { return engine.SectionIndex(b, p) }

// ShardDepth is the prefix length that cuts box b's search into n shards:
// about 256 sections per shard, enough that their estimated sizes even out.
func ShardDepth(b symmetry.Box, n int) int { return engine.ShardDepth(b, n) }

// MaxShards returns the most shards [Shards] cuts box b into: 1,024, or
// fewer for a box with fewer sections of its full length.
func MaxShards(b symmetry.Box) int { return engine.MaxShards(b) }

// Shards splits box b's catalogue into n shards of sections of depth
// [ShardDepth], balanced by the search work random probes estimate for
// each section, and returns each shard's sections in key order. The split
// depends only on the box and n, so every shard of a job, and merge,
// computes the same one. n runs from 1 to [MaxShards](b), which callers
// check: Shards panics on another n rather than spend unbounded memory.
func Shards(b symmetry.Box, n int) [][]Seq { return engine.Shards(b, n) }

// inlines calls the small methods of the engine's types, so that the
// compiler inlines them here: it re-exports an imported function's body
// only from a package that inlines it (exportBody in
// cmd/compile/internal/noder/linker.go), and a package that imports solver
// alone, not the engine, can then inline q.Turn(i) or q.Append(p) as it
// did when the types were solver's own.
func inlines(c *Catalogue, q Seq, p []byte) {
	_ = c.Solutions()
	_ = q.String()
	_ = q.Append(p)
	_ = q.Turn(0)
	_ = q.Reverse()
	_ = q.Palindrome()
	_ = q.Straights()
}

var _ = inlines
