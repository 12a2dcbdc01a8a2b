package paths

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"time"

	"github.com/snakecube/snakecube/symmetry"
)

// Options tune a count; the zero value is ready to use.
type Options struct {
	// Workers is how many goroutines take the states of a step; 0 means
	// runtime.GOMAXPROCS. The counts do not depend on it.
	Workers int
	// MaxStates bounds the states a step may hold, and so the memory:
	// a run that would hold more stops with a [*StatesError]. 0 means
	// [DefaultMaxStates].
	MaxStates int
	// Progress, if not nil, is called after each step of each transfer
	// matrix run, from one goroutine at a time.
	Progress func(Progress)
}

// DefaultMaxStates is the bound on the states of a step unless
// [Options.MaxStates] says otherwise: at [BytesPerState] each, some 10 GB,
// four times what 4x4x4 needs (45 million states at its widest step).
const DefaultMaxStates = 200_000_000

// BytesPerState is about the memory a state takes at the widest step: 16
// bytes in the step it follows, read and freed as the step goes, some 27
// in the tables it is added to, 60% full on average, and garbage not yet
// collected: the peak resident memory of the 4x4x4 count over the states
// of its widest step (docs/SPEED.md).
const BytesPerState = 50

// Progress tells how a run goes.
type Progress struct {
	Run          string // "paths", or the symmetry whose self-reverse paths are counted
	Step, Steps  int    // the step just done, from 1, of the run's steps
	States, Peak int    // the states the step holds, and the most of any step so far
}

// Stats tell what a transfer-matrix run took.
type Stats struct {
	Steps  int           // one a vertex
	Width  int           // the most vertices in the frontier
	States int           // the most states a step held
	Time   time.Duration // wall-clock
	Wide   bool          // a count overflowed 64 bits, and the run was done again in 128
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

func (o Options) maxStates() int {
	if o.MaxStates > 0 {
		return o.MaxStates
	}
	return DefaultMaxStates
}

// Hamiltonian returns the number of directed Hamiltonian paths of box b:
// 144 for 2x2x2, 4,960,608 for 3x3x3, 55,493,434,415,544,000 for 4x4x4
// (OEIS A193346).
func Hamiltonian(ctx context.Context, b symmetry.Box, opts Options) (*big.Int, Stats, error) {
	n, st, err := count(ctx, b, boxGraph(b), "paths", opts)
	if err != nil {
		return nil, st, err
	}
	return n.Lsh(n, 1), st, nil // each undirected path, read both ways
}

// SelfReverse returns the number of directed Hamiltonian paths P of box b
// that t maps onto their own reversal, t(P[i]) = P[L-1-i] for every i:
// Fix(t, reversal) in Burnside's lemma. Only an involution of the cells
// can do so, with no fixed cell when L is even and exactly one, the
// middle cubelet, when L is odd; for any other t it returns 0 at once.
func SelfReverse(ctx context.Context, b symmetry.Box, t symmetry.Transform, opts Options) (*big.Int, Stats, error) {
	return selfReverse(ctx, b, permutation(b, t), Name(t), opts)
}

func selfReverse(ctx context.Context, b symmetry.Box, perm []int, name string, opts Options) (*big.Int, Stats, error) {
	for i, j := range perm {
		if perm[j] != i {
			return new(big.Int), Stats{}, nil
		}
	}
	q, ok := quotient(b, perm)
	if !ok {
		return new(big.Int), Stats{}, nil
	}
	n, st, err := count(ctx, b, q, name, opts)
	if err != nil {
		return nil, st, err
	}
	return n.Lsh(n, 1), st, nil // each path of the quotient lifts from either cell of its first orbit
}

// count returns the number of undirected Hamiltonian paths of g, a graph
// of box b, that end at its terminal if it has one.
func count(ctx context.Context, b symmetry.Box, g *graph, name string, opts Options) (*big.Int, Stats, error) {
	p, err := bestPlan(g, orders(b, g))
	if err != nil {
		return nil, Stats{}, fmt.Errorf("%v: %w", b, err)
	}
	start := time.Now()
	st := Stats{Steps: len(p.steps), Width: p.size}
	e := &engine{plan: p, workers: opts.workers(), maxStates: opts.maxStates()}
	if opts.Progress != nil {
		peak := 0
		e.progress = func(t, n int) {
			peak = max(peak, n)
			opts.Progress(Progress{Run: name, Step: t + 1, Steps: len(p.steps), States: n, Peak: peak})
		}
	}
	n, peak, err := e.run(ctx)
	if errors.Is(err, errNarrow) {
		e.wide, st.Wide = true, true
		n, peak, err = e.run(ctx)
	}
	st.States = peak
	st.Time = time.Since(start)
	if err != nil {
		return nil, st, err
	}
	return n.big(), st, nil
}

// Term is what one symmetry g of a box adds to Burnside's sum.
type Term struct {
	Transform symmetry.Transform
	// Identity reports whether g fixes every cell, as the identity does,
	// and a flip across a side of length 1: Fix(g, identity) is then all
	// the paths, else none.
	Identity bool
	// SelfReverse is Fix(g, reversal): the directed paths P with
	// g(P[i]) = P[L-1-i].
	SelfReverse *big.Int
}

// A Class is a class of the box's symmetries that move the cells alike
// up to conjugation, g and hgh^-1, and so fix as many paths: one
// transfer-matrix run counts their self-reverse paths.
type Class struct {
	Symmetry symmetry.Transform // the first of the class in the group's order
	Members  int
	Identity bool // they move no cell
	// SelfReverse is each member's Fix(g, reversal).
	SelfReverse *big.Int
	// Stats are those of the run that counted SelfReverse, zero when no
	// run was needed: the symmetry is no involution of the cells, or
	// fixes a cell of an even box, or not just one of an odd box.
	Stats Stats
}

// Count is what [Solutions] finds of a box.
type Count struct {
	Box symmetry.Box
	// Paths is the number of directed Hamiltonian paths.
	Paths *big.Int
	// SelfReverse is the sum of the terms' SelfReverse.
	SelfReverse *big.Int
	// Terms has one Term for each of the box's symmetries, in the order
	// of [symmetry.Box.Group].
	Terms []Term
	// Solutions is the number of solutions as snakecube counts them: the
	// orbits of the directed paths under the box's symmetries and
	// reversal.
	Solutions *big.Int
	Stats     Stats // of the run that counted Paths
	// Classes are the classes of the symmetries, in the order of their
	// first members.
	Classes []Class
}

// Solutions counts the directed Hamiltonian paths of box b and, by
// Burnside's lemma, the solutions: with G the box's symmetries acting on
// the directed paths together with reversal, the orbits number
//
//	(sum over g in G of Fix(g, identity) + Fix(g, reversal)) / (2|G|)
//
// where Fix(g, identity) is all the paths if g fixes every cell and none
// otherwise (a path through all the cells is fixed only by such g), and
// Fix(g, reversal) is the paths that g maps onto their reversal
// ([SelfReverse]). Conjugate symmetries fix as many paths, so one run
// counts each class.
func Solutions(ctx context.Context, b symmetry.Box, opts Options) (*Count, error) {
	paths, st, err := Hamiltonian(ctx, b, opts)
	if err != nil {
		return nil, fmt.Errorf("%v: paths: %w", b, err)
	}
	c := &Count{Box: b, Paths: paths, SelfReverse: new(big.Int), Stats: st}
	group := b.Group()
	perms := make([][]int, len(group))
	for i, t := range group {
		perms[i] = permutation(b, t)
	}
	class := map[string]int{} // index in c.Classes, by the least permutation
	sum := new(big.Int)
	for i, t := range group {
		term := Term{Transform: t, Identity: isIdentity(perms[i])}
		key := fmt.Sprint(leastConjugate(perms, i))
		k, ok := class[key]
		if !ok {
			cl := Class{Symmetry: t, Identity: term.Identity, SelfReverse: new(big.Int)}
			if !term.Identity {
				n, st, err := selfReverse(ctx, b, perms[i], Name(t), opts)
				if err != nil {
					return nil, fmt.Errorf("%v: self-reverse paths of %s: %w", b, Name(t), err)
				}
				cl.SelfReverse, cl.Stats = n, st
			}
			k = len(c.Classes)
			class[key] = k
			c.Classes = append(c.Classes, cl)
		}
		cl := &c.Classes[k]
		cl.Members++
		term.SelfReverse = cl.SelfReverse
		if term.Identity {
			sum.Add(sum, paths)
		}
		c.SelfReverse.Add(c.SelfReverse, term.SelfReverse)
		c.Terms = append(c.Terms, term)
	}
	orbits, err := burnside(sum, c.SelfReverse, 2*len(group))
	if err != nil {
		return nil, fmt.Errorf("%v: %w", b, err)
	}
	c.Solutions = orbits
	return c, nil
}

// burnside returns Burnside's count of orbits, (fixed + selfReverse) /
// order: fixed the paths the symmetries that move no cell fix, order the
// group's, 2|G| with reversal. It fails when the sum is no multiple of
// order.
func burnside(fixed, selfReverse *big.Int, order int) (*big.Int, error) {
	sum := new(big.Int).Add(fixed, selfReverse)
	orbits, rem := new(big.Int).QuoRem(sum, big.NewInt(int64(order)), new(big.Int))
	if rem.Sign() != 0 {
		return nil, fmt.Errorf("the sum of Burnside's lemma, %v, is not a multiple of %d", sum, order)
	}
	return orbits, nil
}

// Check reports whether the counts a paths file states of box b agree
// with one another: by Burnside's lemma, solutions must be exactly
// (k*paths + selfReverse) / (2|G|), k the symmetries of G that move no
// cell (1 but for a box with a side of 1), as [Solutions] counts it. A
// count edited by hand, or cut short, fails it but for a change of a
// multiple of 2|G| in paths or selfReverse, which [Solutions] alone can
// tell.
func Check(b symmetry.Box, paths, selfReverse, solutions *big.Int) error {
	group := b.Group()
	k := 0
	for _, t := range group {
		if isIdentity(permutation(b, t)) {
			k++
		}
	}
	fixed := new(big.Int).Mul(paths, big.NewInt(int64(k)))
	want, err := burnside(fixed, selfReverse, 2*len(group))
	if err != nil {
		return fmt.Errorf("paths %v and self_reverse %v disagree: %w", paths, selfReverse, err)
	}
	if want.Cmp(solutions) != 0 {
		return fmt.Errorf("solutions %v, but paths %v and self_reverse %v make %v by Burnside's lemma", solutions, paths, selfReverse, want)
	}
	return nil
}

func isIdentity(perm []int) bool {
	for i, j := range perm {
		if i != j {
			return false
		}
	}
	return true
}

// leastConjugate returns the least, in lexicographic order, of the
// permutations h g h^-1 of the cells, h in the group, g = perms[i].
func leastConjugate(perms [][]int, i int) []int {
	var least []int
	c := make([]int, len(perms[i]))
	for _, h := range perms {
		// h g h^-1 maps h(x) to h(g(x)).
		for x, y := range perms[i] {
			c[h[x]] = h[y]
		}
		if least == nil || slices.Compare(c, least) < 0 {
			least = slices.Clone(c)
		}
	}
	return least
}

// Name writes a symmetry as the image of cell (x, y, z), each coordinate
// reflected across its side where it has a minus: (x,y,-z) is the
// reflection in the middle plane across z, (y,x,z) the one that swaps x
// and y.
func Name(t symmetry.Transform) string {
	var out [3]string
	for a := range 3 {
		s := string("xyz"[a])
		if t.Flip[a] {
			s = "-" + s
		}
		out[t.Perm[a]] = s
	}
	return "(" + out[0] + "," + out[1] + "," + out[2] + ")"
}
