package paths

import (
	"fmt"
	"math"
	"slices"
)

// maxSlots is the widest frontier a state holds: one 4-bit slot a
// vertex in a uint64, less one for the vertex a step takes in.
const maxSlots = 15

// A plan is the transfer matrix's program for a graph taken in one order:
// a step a vertex.
type plan struct {
	steps []step
	width int     // the most slots the states use
	size  int     // the most vertices in the frontier
	cost  float64 // a measure of the work, to compare orders
}

// A step takes in one vertex v: it chooses v's edges to the vertices
// taken in before it, which are all in the frontier, then drops from the
// frontier the vertices that have no neighbour left to take in.
type step struct {
	back []back // v's neighbours taken in before it
	// choices are the sets of back edges v may take: none, one or two.
	choices []choice
	leave   []uint8 // the slots of the vertices whose last neighbour is v
	slot    int8    // the slot v takes, or -1 when v leaves at once
	// forced has 1 in the slots whose vertex, if it has no edge yet, can
	// only be an end of the path: it has one neighbour left, or it is the
	// terminal.
	forced uint64
	// next are the vertices still to take in that have a neighbour in
	// the frontier: a vertex with one free neighbour can only be an end
	// of the path, and one with none cannot be in it.
	next []ahead
	last bool // no vertex is left to take in
	// syms are the slot permutations made by the graph's automorphisms
	// that map the vertices taken in onto themselves: a state is
	// replaced by the least of its images.
	syms [][maxSlots]uint8
	size int // the vertices in the frontier after the step
	// In a bipartite graph, black has 1 in the slots of black vertices
	// and imbalance is the black vertices left to take in less the white
	// ones: see feasible.
	bipartite bool
	black     uint64
	imbalance int
}

// ahead is a vertex still to take in: it has free neighbours beyond the
// frontier, and neighbours in the slots where slots has 1.
type ahead struct {
	free  int
	slots uint64
}

// A choice is a set of edges a step takes, as indexes into its back
// edges, and the number of ways to take them, the product of their
// multiplicities.
type choice struct {
	edges []uint8
	ways  uint64
}

// back is an edge, mult times over, to the vertex in a slot.
type back struct {
	slot, mult uint8
	end        bool // the vertex must be an end of the path
}

// newPlan compiles g taken in order o. It fails when the frontier would
// be wider than maxSlots.
func newPlan(g *graph, o []int) (*plan, error) {
	p := &plan{steps: make([]step, len(o))}
	taken := make([]bool, g.n)
	left := make([]int, g.n) // neighbours not yet taken in
	slotOf := make([]int, g.n)
	for v := range g.n {
		left[v] = len(g.adj[v])
		slotOf[v] = -1
	}
	div := 1.0
	outside := make([]int, len(g.autos))
	inverse := make([][]int, len(g.autos))
	for k, h := range g.autos {
		inverse[k] = make([]int, g.n)
		for v, w := range h {
			inverse[k][w] = v
		}
	}
	colour, bipartite := g.colours()
	imbalance := 0
	for v := range g.n {
		imbalance += 1 - 2*colour[v]
	}
	var occupant [maxSlots + 1]int // vertex in a slot, or -1
	for s := range occupant {
		occupant[s] = -1
	}
	for t, v := range o {
		st := &p.steps[t]
		st.last = t == len(o)-1
		for _, a := range g.adj[v] {
			if taken[a.to] {
				st.back = append(st.back, back{slot: uint8(slotOf[a.to]), mult: a.mult, end: g.end[a.to]})
			}
		}
		if len(st.back) > maxBack {
			return nil, fmt.Errorf("vertex %d has %d neighbours before it, more than %d", v, len(st.back), maxBack)
		}
		st.choices = append(st.choices, choice{ways: 1})
		for i, a := range st.back {
			st.choices = append(st.choices, choice{edges: []uint8{uint8(i)}, ways: uint64(a.mult)})
			for j, b := range st.back[:i] {
				st.choices = append(st.choices, choice{edges: []uint8{uint8(j), uint8(i)}, ways: uint64(a.mult) * uint64(b.mult)})
			}
		}
		taken[v] = true
		imbalance -= 1 - 2*colour[v]
		st.bipartite, st.imbalance = bipartite, imbalance
		for _, a := range g.adj[v] {
			left[a.to]--
			if taken[a.to] && left[a.to] == 0 {
				st.leave = append(st.leave, uint8(slotOf[a.to]))
				occupant[slotOf[a.to]] = -1
			}
		}
		st.slot = -1
		if left[v] > 0 {
			free := -1
			for s, u := range occupant {
				if u < 0 {
					free = s
					break
				}
			}
			if len(st.leave) > 0 {
				free = int(st.leave[0])
			}
			if free < 0 || free >= maxSlots {
				return nil, fmt.Errorf("the frontier is wider than %d vertices", maxSlots)
			}
			st.slot = int8(free)
			slotOf[v] = free
			occupant[free] = v
		}
		w := 0
		for s, u := range occupant {
			if u < 0 {
				continue
			}
			w++
			p.width = max(p.width, s+1)
			if colour[u] == 0 {
				st.black |= 1 << (4 * s)
			}
			if g.end[u] || left[u] == 1 {
				st.forced |= 1 << (4 * s)
			}
		}
		st.size = w
		p.size = max(p.size, w)
		// An automorphism h maps the set T taken in onto itself when no
		// vertex of T has its image outside: outside[k] counts those of
		// autos[k], updated as v joins T.
		var keep [][]int
		for k, h := range g.autos {
			if !taken[h[v]] {
				outside[k]++
			}
			if u := inverse[k][v]; u != v && taken[u] {
				outside[k]--
			}
			if outside[k] == 0 {
				keep = append(keep, h)
			}
		}
		st.syms = symmetries(keep, slotOf, occupant[:maxSlots])
		for u := range g.n {
			if taken[u] {
				continue
			}
			var a ahead
			for _, e := range g.adj[u] {
				if !taken[e.to] {
					a.free++
				} else {
					a.slots |= 1 << (4 * slotOf[e.to])
				}
			}
			if a.slots != 0 {
				st.next = append(st.next, a)
			}
		}
		// A symmetric step cuts the states by about the number of
		// images, until the next.
		if len(st.syms) > 0 {
			div = float64(len(st.syms) + 1)
		}
		p.cost += math.Pow(4, float64(w)) / div
	}
	return p, nil
}

// bestPlan returns the cheapest plan of g over the orders tried.
func bestPlan(g *graph, os [][]int) (*plan, error) {
	var best *plan
	var err error
	for _, o := range os {
		p, e := newPlan(g, o)
		if e != nil {
			err = e
			continue
		}
		if best == nil || p.cost < best.cost {
			best = p
		}
	}
	if best == nil {
		return nil, err
	}
	return best, nil
}

// colours returns a colouring of g's vertices with 0 (black) and 1 (white)
// such that every edge joins two colours, if g is bipartite.
func (g *graph) colours() ([]int, bool) {
	c := make([]int, g.n)
	for v := range c {
		c[v] = -1
	}
	ok := true
	for r := range g.n {
		if c[r] >= 0 {
			continue
		}
		c[r] = 0
		queue := []int{r}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			for _, a := range g.adj[v] {
				switch c[a.to] {
				case -1:
					c[a.to] = 1 - c[v]
					queue = append(queue, a.to)
				case c[v]:
					ok = false
				}
			}
		}
	}
	return c, ok
}

// symmetries returns the slot permutations that the automorphisms autos
// make, each once, the identity left out. They map the set of vertices
// taken in onto itself, and so the frontier too.
func symmetries(autos [][]int, slotOf, occupant []int) [][maxSlots]uint8 {
	var out [][maxSlots]uint8
	for _, h := range autos {
		var p [maxSlots]uint8
		same := true
		for s, u := range occupant {
			p[s] = uint8(s)
			if u >= 0 {
				p[s] = uint8(slotOf[h[u]])
				same = same && p[s] == uint8(s)
			}
		}
		if !same && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}
