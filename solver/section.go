package solver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/snakecube/snakecube/solver/sequencer"
	"github.com/snakecube/snakecube/symmetry"
)

// A section is the part of a catalogue whose keys start with a prefix, a
// [Seq] of 0 to L cubelets. The sections of one prefix length partition
// the catalogue and, in key order, follow each other in it. A search
// constrained to a prefix prunes at the prefix's depth, so a section costs
// its own subtree plus a sliver of the tree above it.

// sectionWindow is how many sections in key order a parallel run of w
// workers starts from the last: sections grow towards the end of key order
// and the big ones should not start last, leaving one core to finish them
// alone. A wider window only holds more results in memory, waiting for the
// first of the window; the window grows with the workers, as more of them
// need more big sections to start on. BenchmarkEnumerate3 measures the
// choice.
func sectionWindow(workers int) int { return 4 * workers }

// ParsePrefix reads a section's prefix for box b: 0 to L characters '0'
// and '1'.
func ParsePrefix(s string, b symmetry.Box) (Seq, error) {
	if s == "" {
		return Seq{}, nil
	}
	if len(s) > b.Len() {
		return Seq{}, fmt.Errorf("prefix of %d characters, longer than the %v box's %d cubelets", len(s), b, b.Len())
	}
	return ParseSeq(s)
}

// opens reports whether some key can start with p: keys have '0' ends.
func (p Seq) opens(n int) bool {
	return p.Len == 0 || !p.Turn(0) && (p.Len < n || !p.Turn(n-1))
}

// Sections returns, in key order, the prefixes of length depth that extend
// p and that keys of box b can start with. Depth is clamped between p's
// length and the box's. Sections(b, Seq{}, 0) is the one empty prefix, the
// whole catalogue.
func Sections(b symmetry.Box, p Seq, depth int) []Seq {
	depth = min(max(depth, p.Len), b.Len())
	free := depth - p.Len
	if p.Len == 0 && depth > 0 {
		free-- // keys start with '0'
		p.Len = 1
	}
	var ps []Seq
	for v := range uint64(1) << free {
		// v's bits, most significant first, are the characters after p.
		q := Seq{Bits: p.Bits, Len: depth}
		if free > 0 {
			q.Bits |= bits.Reverse64(v) >> (64 - depth)
		}
		if q.opens(b.Len()) {
			ps = append(ps, q)
		}
	}
	return ps
}

// workspaces are kept for the sections of a [Stream], and of the next.
var workspaces = sync.Pool{New: func() any { return new(workspace) }}

// maxPlan bounds the tasks a plan of sections holds, 72 bytes each.
const maxPlan = 1 << 18

// sectionPlan is where the sections of a list start: the states at their
// depth, found by one walk of the levels above, which would otherwise be
// walked again for each section. When the states at the sections' depth
// are too many, the plan holds those at a shallower depth, in groups by
// their prefix of that depth: each section then walks on from its group
// to its own depth, under its own prefix.
type sectionPlan struct {
	tasks [][]state // by group; nil when there is no plan
	group []int     // the group of each section
	depth int       // the tasks' depth
	nodes uint64    // the nodes of the walk
}

// planSections returns the plan of the sections ps, all of one length, or
// none when they are not, or when ctx ends first. The walk keeps to the
// prefix the sections share: the sections under one prefix of a big box
// are a sliver of its tree. When more than maxPlan states lie at the
// sections' depth, the plan is at the deepest depth above it, down to the
// shared prefix, where they fit, as far as halving the levels between
// finds it; when none fits, there is no plan, and each section walks from
// the roots.
func (g *grid) planSections(ctx context.Context, ps []Seq) sectionPlan {
	return g.planSectionsWithin(ctx, ps, maxPlan)
}

// planSectionsWithin is planSections with at most limit tasks.
func (g *grid) planSectionsWithin(ctx context.Context, ps []Seq, limit int) sectionPlan {
	if len(ps) == 0 {
		return sectionPlan{}
	}
	for _, p := range ps {
		if p.Len != ps[0].Len {
			return sectionPlan{}
		}
	}
	// One search for every walk: its tasks' memory serves them all.
	s := g.newSearch(ctx, job{})
	if plan, ok := g.planAt(s, ps, ps[0].Len, limit); ok {
		return plan
	}
	// The deepest depth in [lo, hi] whose states fit, by halving.
	var best sectionPlan
	lo, hi := max(commonPrefix(ps).Len, 1), ps[0].Len-1
	for lo <= hi && ctx.Err() == nil {
		mid := lo + (hi-lo+1)/2
		if plan, ok := g.planAt(s, ps, mid, limit); ok {
			best, lo = plan, mid+1
		} else {
			hi = mid - 1
		}
	}
	if ctx.Err() != nil {
		return sectionPlan{}
	}
	return best
}

// planAt returns the plan of the sections ps with their tasks at depth d,
// no deeper than they, walked by s, or reports false when the tasks would
// exceed limit or s's context ends first.
func (g *grid) planAt(s *search, ps []Seq, d, limit int) (sectionPlan, bool) {
	mask := uint64(1)<<d - 1
	at := make(map[uint64]int, len(ps))
	plan := sectionPlan{group: make([]int, len(ps)), depth: d}
	for k, p := range ps {
		i, ok := at[p.Bits&mask]
		if !ok {
			i = len(at)
			at[p.Bits&mask] = i
		}
		plan.group[k] = i
	}
	s.reset(g, s.ctx, job{c: startsWith(commonPrefix(ps))})
	s.planning, s.stop, s.limit = true, min(max(d, 1), g.n-1), limit
	s.keep, s.keepMask = at, mask
	for _, r := range g.roots() {
		if s.run(&r); s.stopped {
			return sectionPlan{}, false
		}
	}
	// Bucket the tasks by group, in one array.
	of := make([]int32, len(s.tasks))
	count := make([]int, len(at))
	for t, st := range s.tasks {
		i := at[st.turns&mask]
		of[t] = int32(i)
		count[i]++
	}
	all := make([]state, len(s.tasks))
	plan.tasks = make([][]state, len(at))
	plan.nodes = s.nodes
	start := 0
	for i := range plan.tasks {
		plan.tasks[i] = all[start : start : start+count[i]]
		start += count[i]
	}
	for t, st := range s.tasks {
		plan.tasks[of[t]] = append(plan.tasks[of[t]], st)
	}
	return plan, true
}

// commonPrefix returns the longest prefix that the sequences ps, all of
// one length, share.
func commonPrefix(ps []Seq) Seq {
	var differ uint64
	for _, p := range ps {
		differ |= p.Bits ^ ps[0].Bits
	}
	n := min(bits.TrailingZeros64(differ), ps[0].Len)
	return Seq{Bits: ps[0].Bits & (1<<n - 1), Len: n}
}

// start resets s for section k of ps, under the plan if there is one, and
// returns the states to search from.
func (p *sectionPlan) start(s *search, g *grid, ctx context.Context, j job, ps []Seq, k int) []state {
	if p.tasks != nil {
		if p.depth < ps[k].Len {
			j.c = startsWith(ps[k]) // on from the group's depth
		}
		s.reset(g, ctx, j)
		if k == 0 {
			s.nodes = p.nodes // the walk above, counted once
		}
		if !ps[k].opens(g.n) {
			return nil
		}
		return p.tasks[p.group[k]]
	}
	j.c = startsWith(ps[k])
	s.reset(g, ctx, j)
	if !ps[k].opens(g.n) {
		return nil
	}
	return g.roots()
}

// section enumerates section k of ps on one goroutine, in w's memory,
// search and catalogue alike, holding at most held solutions: the result
// is valid until w's next use. A section with more stops with
// [ErrCatalogueTooBig].
func (w *workspace) section(ctx context.Context, g *grid, plan *sectionPlan, ps []Seq, k, held int) (*Catalogue, error) {
	s := &w.s
	tasks := plan.start(s, g, ctx, job{keysOnly: true}, ps, k)
	s.held = held
	if err := s.runAll(tasks, nil); err != nil {
		return nil, err
	}
	return w.catalogue(g.box, []found{s.out}, s.nodes), nil
}

// Stream enumerates the sections ps, up to opts.Workers at once, each by
// one goroutine, which also calls work with the section's catalogue; emit
// gets the results in the order of ps (key order, if ps is). The catalogue
// is valid only until work returns: its memory goes to the next section.
// Only the sections in flight and a few finished ones waiting their turn
// are held in memory, each of at most opts.Held solutions (MaxFound when
// 0): a section with more is given up and searched again, in its turn,
// as the sections [belowTooBig] cubelets below it, each alike, so that
// work may get several catalogues for one section of ps, in key order;
// only a section that is one snake is held up to MaxFound solutions, and
// one with more stops Stream with an error that wraps
// [ErrCatalogueTooBig] and names it. opts.Progress counts sections; but
// given every section of a box of up to 32 cells, Stream searches the
// box at once, holding its solutions packed, 16 bytes each, and
// opts.Progress counts the search's tasks; there, with opts.Joined, work
// may be given the catalogue of several consecutive sections at once.
func Stream[T any](ctx context.Context, b symmetry.Box, ps []Seq, opts Options, work func(*Catalogue) (T, error), emit func(T) error) error {
	g := gridOf(b)
	if wholeBox(b, ps) {
		return streamWhole(ctx, g, ps, opts, work, emit)
	}
	held := maxFound
	if opts.Held > 0 {
		held = min(opts.Held, maxFound)
	}
	st := &streamer[T]{g: g, opts: opts, held: held, work: work, emit: emit, slots: make(chan struct{}, opts.workers())}
	return st.stream(ctx, ps, opts.Waiting, true)
}

// HeldFor returns what [Options.Held] keeps the sections that a
// [Stream] of box b with o's workers searches at once within bytes in
// all, when work's result weighs weight bytes a solution: each section
// holds its solutions' keys and moves as the search finds them (their
// slices grown by appending, so up to twice), and their sort and
// catalogue, some 144 bytes and twice the moves a solution. At least
// one solution.
func HeldFor(b symmetry.Box, o Options, bytes int64, weight int) int {
	each := int64(144 + 2*(b.Len()-1) + max(weight, 0))
	return int(max(min(bytes/int64(o.workers())/each, int64(MaxFound)), 1))
}

// streamer is a [Stream] of sections, with the sections below those too
// big to hold streamed in their turn. Its slots bound the sections
// searched at once, at every level, to the workers.
type streamer[T any] struct {
	g     *grid
	opts  Options
	held  int
	work  func(*Catalogue) (T, error)
	emit  func(T) error
	slots chan struct{}
	done  atomic.Int64
}

// stream streams the sections ps, all of one length, holding up to
// waiting bytes of results for their turn; top says they are Stream's,
// which opts.Progress counts.
func (st *streamer[T]) stream(ctx context.Context, ps []Seq, waiting int64, top bool) error {
	g, opts := st.g, st.opts
	plan := g.planSections(ctx, ps)
	// A section too big is said in its turn, as emit reaches it, not as
	// soon as it is found: the error names the first such section in the
	// order of ps, whatever the workers and however they were scheduled.
	// So is one to cut: its sections below are streamed in its turn.
	type outcome struct {
		v      T
		cut    bool
		tooBig error
	}
	progress := func() {
		if top && opts.Progress != nil {
			opts.Progress(int(st.done.Add(1)), len(ps))
		}
	}
	work1 := func(ctx context.Context, k int) (outcome, error) {
		select {
		case st.slots <- struct{}{}:
		case <-ctx.Done():
			return outcome{}, ctx.Err()
		}
		defer func() { <-st.slots }()
		w := workspaces.Get().(*workspace)
		defer workspaces.Put(w)
		held := st.held
		if ps[k].Len == g.n {
			held = maxFound // one snake, which no section below cuts
		}
		c, err := w.section(ctx, g, &plan, ps, k, held)
		switch {
		case errors.Is(err, ErrCatalogueTooBig) && ps[k].Len < g.n:
			return outcome{cut: true}, nil
		case errors.Is(err, ErrCatalogueTooBig):
			return outcome{tooBig: fmt.Errorf("snake %v: %w", ps[k], err)}, nil
		case err != nil:
			return outcome{}, err
		}
		progress()
		v, err := st.work(c)
		return outcome{v: v}, err
	}
	emit1 := func(k int, o outcome) error {
		switch {
		case o.tooBig != nil:
			return o.tooBig
		case o.cut:
			// What waits below is bounded by a quarter of what waits
			// here, and so at every level: all levels together hold at
			// most 4/3 of the top's.
			if err := st.stream(ctx, Sections(g.box, ps[k], ps[k].Len+belowTooBig), waiting/4, false); err != nil {
				return err
			}
			progress()
			return nil
		}
		return st.emit(o.v)
	}
	if waiting > 0 && opts.Weigh != nil {
		weigh := func(o outcome) int64 { return opts.Weigh(o.v) }
		return sequencer.RunBudget(ctx, len(ps), opts.workers(), sectionWindow(opts.workers()), waiting, weigh, work1, emit1)
	}
	return sequencer.RunWindowed(ctx, len(ps), opts.workers(), sectionWindow(opts.workers()), work1, emit1)
}

// Count summarises the snakes of a catalogue or a section without keeping
// their solutions.
type Count struct {
	Snakes    int64 // snakes that fold, each counted with its reverse once
	Solutions int64
	// Palindromes are the snakes equal to their reverse.
	Palindromes, PalindromeSolutions int64
	OneSolution                      int64  // snakes with exactly one solution
	Most                             int64  // the most solutions of one snake
	MostKey                          Seq    // the first snake in key order with Most solutions
	Nodes                            uint64 // search nodes visited
	Seconds                          float64
	// CPU is the processor seconds the count cost, where the run that
	// made it measured them (census and estimate files); the solver
	// leaves it 0.
	CPU float64
}

// Add adds the count of another set of snakes, disjoint from c's.
func (c *Count) Add(d Count) {
	if d.Most > c.Most || d.Most == c.Most && d.Most > 0 && d.MostKey.Compare(c.MostKey) < 0 {
		c.Most, c.MostKey = d.Most, d.MostKey
	}
	c.Snakes += d.Snakes
	c.Solutions += d.Solutions
	c.Palindromes += d.Palindromes
	c.PalindromeSolutions += d.PalindromeSolutions
	c.OneSolution += d.OneSolution
	c.Nodes += d.Nodes
	c.Seconds += d.Seconds
	c.CPU += d.CPU
}

// CountSection counts the part of box b's catalogue whose keys start with
// prefix p. Its memory grows with the section's number of snakes, not
// with their solutions, but for the whole catalogue of a box of up to 32
// cells, counted at once (see [CountSections]); it is bounded: a section
// with more snakes than a goroutine's table may hold, [MaxTallied], is
// counted as the sections four cubelets below it, and each of those
// alike. Its nodes are then theirs, the search given up left out.
func CountSection(ctx context.Context, b symmetry.Box, p Seq, opts Options) (Count, error) {
	start := time.Now()
	if !p.opens(b.Len()) {
		return Count{}, nil
	}
	if ps := Sections(b, p, wholeCountDepth); p.Len == 0 && wholeBox(b, ps) {
		// A small box's whole catalogue, by one ordered search.
		c, err := CountTotal(ctx, b, ps, opts)
		c.Seconds = time.Since(start).Seconds()
		return c, err
	}
	res, err := gridOf(b).search(ctx, job{c: startsWith(p), keysOnly: true, count: true}, opts)
	if errors.Is(err, errTooBig) {
		return countBelow(ctx, b, p, Options{Workers: opts.Workers}, start)
	}
	if err != nil {
		return Count{}, err
	}
	c := summarise(b.Len(), res.tallies())
	res.release()
	c.Nodes = res.nodes
	c.Seconds = time.Since(start).Seconds()
	return c, nil
}

// belowTooBig is how many cubelets below a section too big for a count's
// table (errTooBig) the sections lie that count it instead.
const belowTooBig = 4

// countBelow counts section p of box b, too big for a count's table, as
// the sections belowTooBig cubelets below it, each cut again should it be
// too big as well: its nodes are theirs, the search given up left out.
// Only a whole snake, which no section below cuts, is never too big.
func countBelow(ctx context.Context, b symmetry.Box, p Seq, opts Options, start time.Time) (Count, error) {
	c, err := CountTotal(ctx, b, Sections(b, p, p.Len+belowTooBig), opts)
	c.Seconds = time.Since(start).Seconds()
	return c, err
}

// CountTotal counts the sections ps as [CountSections] does and returns
// their sum: the count of the snakes of them all.
func CountTotal(ctx context.Context, b symmetry.Box, ps []Seq, opts Options) (Count, error) {
	var c Count
	err := CountSections(ctx, b, ps, opts, func(_ Seq, d Count) error {
		c.Add(d)
		return nil
	})
	return c, err
}

// summarise counts the snakes of the tallies, which hold disjoint sets of
// solutions, and empties them for their next use.
func summarise(n int, ts []*tally) Count {
	var c Count
	if len(ts) == 0 {
		return c
	}
	all := ts[0]
	for _, t := range ts[1:] {
		all.absorb(t)
	}
	all.drain(func(q uint64, m int32) { c.addSnake(Seq{Bits: q, Len: n}, int64(m)) })
	return c
}

// addSnake adds to c snake q, with m solutions.
func (c *Count) addSnake(q Seq, m int64) {
	c.Add(Count{Snakes: 1, Solutions: m, Most: m, MostKey: q})
	if m == 1 {
		c.OneSolution++
	}
	if q.Palindrome() {
		c.Palindromes++
		c.PalindromeSolutions += m
	}
}

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
	g := gridOf(b)
	if wholeBox(b, ps) {
		return countWhole(ctx, g, ps, opts, emit)
	}
	plan := g.planSections(ctx, ps)
	var done atomic.Int64
	return sequencer.RunWindowed(ctx, len(ps), opts.workers(), sectionWindow(opts.workers()), func(ctx context.Context, k int) (Count, error) {
		start := time.Now()
		s := searches.Get().(*search)
		defer searches.Put(s)
		if err := s.runAll(plan.start(s, g, ctx, job{keysOnly: true, count: true}, ps, k), nil); errors.Is(err, errTooBig) {
			s.out.counts = nil // its memory, before the sections below take as much
			return countBelow(ctx, b, ps[k], Options{Workers: 1}, start)
		} else if err != nil {
			return Count{}, err
		}
		var c Count
		if s.out.counts != nil {
			c = summarise(g.n, []*tally{s.out.counts})
		}
		c.Nodes = s.nodes
		c.Seconds = time.Since(start).Seconds()
		if opts.Progress != nil {
			opts.Progress(int(done.Add(1)), len(ps))
		}
		return c, nil
	}, func(k int, c Count) error { return emit(ps[k], c) })
}

// ShardDepth is the prefix length that cuts box b's search into n shards:
// about 256 sections per shard, enough that their estimated sizes even out.
func ShardDepth(b symmetry.Box, n int) int {
	return min(bits.Len(uint(max(n, 1)-1))+9, b.Len())
}

// maxShards bounds the shards of a box: [Shards] probes every section of
// [ShardDepth], about 256 a shard, and spreads them over the shards, so its
// time and memory grow faster than n, and every shard of a job computes
// the split again: 1,024 shards probe 2^18 sections, a wait short beside
// any shard's search.
const maxShards = 1024

// MaxShards returns the most shards [Shards] cuts box b into: 1,024, or
// fewer for a box with fewer sections of its full length.
func MaxShards(b symmetry.Box) int {
	return min(maxShards, NumSections(b, b.Len()))
}

// Shards splits box b's catalogue into n shards of sections of depth
// [ShardDepth], balanced by the search work random probes estimate for
// each section, and returns each shard's sections in key order. The split
// depends only on the box and n, so every shard of a job, and merge,
// computes the same one. n runs from 1 to [MaxShards](b), which callers
// check: Shards panics on another n rather than spend unbounded memory.
func Shards(b symmetry.Box, n int) [][]Seq {
	if n < 1 || n > MaxShards(b) {
		panic(fmt.Sprintf("solver.Shards: %d shards of the %v box, want 1 to %d", n, b, MaxShards(b)))
	}
	ps := Sections(b, Seq{}, ShardDepth(b, n))
	g := gridOf(b)
	// Probes enough to compare sections, but few when there are many: the
	// split is computed again by each shard.
	probes := min(max(1<<16/len(ps), 16), 256)
	work := make([]float64, len(ps))
	for k, p := range ps {
		work[k] = g.estimate(job{c: startsWith(p), keysOnly: true}, probes, p.Bits).Mean.Nodes
	}
	order := make([]int, len(ps))
	for k := range order {
		order[k] = k
	}
	// Largest first, each to the least loaded shard: the classic greedy
	// schedule, within 4/3 of the best.
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(work[y], work[x]) })
	load := make([]float64, n)
	owner := make([]int, len(ps))
	for _, k := range order {
		least := 0
		for s := range load {
			if load[s] < load[least] {
				least = s
			}
		}
		owner[k] = least
		load[least] += work[k]
	}
	shards := make([][]Seq, n)
	for k, p := range ps {
		shards[owner[k]] = append(shards[owner[k]], p)
	}
	return shards
}

// NumSections returns how many sections of length depth box b has, that
// is len(Sections(b, Seq{}, depth)), without listing them.
func NumSections(b symmetry.Box, depth int) int {
	depth = min(max(depth, 0), b.Len())
	switch {
	case depth == 0:
		return 1
	case depth == b.Len() && depth > 1:
		return 1 << (depth - 2) // the last cubelet is an end, '0'
	}
	return 1 << (depth - 1)
}

// SectionIndex returns the number of section p among the sections of
// box b of p's length: SectionAt(b, p.Len, SectionIndex(b, p)) is p for
// every section p: SectionAt's bits read back.
func SectionIndex(b symmetry.Box, p Seq) int {
	if p.Len == 0 {
		return 0
	}
	last := p.Len
	if p.Len == b.Len() && p.Len > 1 {
		last-- // the final '0'
	}
	return int(bits.Reverse64(p.Bits << (64 - last)))
}

// SectionAt returns Sections(b, Seq{}, depth)[k] without listing them:
// "0", then k in binary, then "0" when the prefix is a whole key.
func SectionAt(b symmetry.Box, depth, k int) Seq {
	depth = min(max(depth, 0), b.Len())
	if depth == 0 {
		return Seq{}
	}
	last := depth
	if depth == b.Len() && depth > 1 {
		last-- // the final '0'
	}
	// k's bits, most significant first, are characters 1 to last-1.
	return Seq{Bits: bits.Reverse64(uint64(k)) >> (64 - last), Len: depth}
}
