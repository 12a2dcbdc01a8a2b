package paths

import (
	"fmt"
	"slices"

	"github.com/snakecube/snakecube/symmetry"
)

// A graph is what the transfer matrix walks: the box's cells, or the
// orbits of its cells under an involution and a terminal. It has at most
// 65 vertices.
type graph struct {
	n   int
	adj [][]arc // each neighbour once, with the number of edges to it
	// end marks the vertices that must be an end of the path: the
	// terminal of a quotient.
	end []bool
	// cells[v] are the cells of the box that v stands for: one, or an
	// orbit's two, none for the terminal.
	cells [][]int
	// autos are automorphisms of the graph, as permutations of its
	// vertices, that come from the box's symmetries: where the vertices
	// taken in make a set they map onto itself, states that one maps to
	// another complete in as many ways, and are counted as one.
	autos [][]int
	// symm are the symmetries of the box that make them, the identity
	// included.
	symm []symmetry.Transform
}

// arc is an edge to vertex to, mult times over.
type arc struct {
	to   int
	mult uint8
}

// boxGraph returns the grid graph of b: cell i is vertex i.
func boxGraph(b symmetry.Box) *graph {
	n := b.Len()
	g := &graph{n: n, adj: make([][]arc, n), end: make([]bool, n), cells: make([][]int, n)}
	for i := range n {
		g.cells[i] = []int{i}
		for _, j := range neighbours(b, i) {
			g.adj[i] = append(g.adj[i], arc{to: j, mult: 1})
		}
	}
	for _, t := range b.Group() {
		g.addAuto(permutation(b, t))
	}
	g.symm = b.Group()
	return g
}

// addAuto adds the automorphism p, unless it is the identity or known.
func (g *graph) addAuto(p []int) {
	if isIdentity(p) {
		return
	}
	for _, q := range g.autos {
		if slices.Equal(p, q) {
			return
		}
	}
	g.autos = append(g.autos, p)
}

// neighbours returns the cells next to cell i of b.
func neighbours(b symmetry.Box, i int) []int {
	p := b.Coord(i)
	var out []int
	for d := range symmetry.Dir(symmetry.NumDirs) {
		if q := b.Step(p, d); b.Contains(q) {
			out = append(out, b.Index(q))
		}
	}
	return out
}

// permutation returns the permutation of the cells of b that t makes.
func permutation(b symmetry.Box, t symmetry.Transform) []int {
	perm := make([]int, b.Len())
	for i := range perm {
		perm[i] = b.Index(t.Cell(b, b.Coord(i)))
	}
	return perm
}

// quotient returns the graph whose Hamiltonian paths that end at its
// terminal count the paths P of b that perm, an involution of the cells,
// maps onto their own reversal: perm(P[i]) = P[L-1-i]. It reports false
// when no path can be so, because perm fixes too many cells.
//
// Such a path is its first half H followed by perm(H) read backwards, H
// taking one cell of each orbit {c, perm(c)}. For even L, perm fixes no
// cell and the two halves meet at an edge from H's last cell c to
// perm(c); for odd L, perm fixes exactly one cell, the middle cubelet,
// which ends H. Read orbit by orbit, H is a Hamiltonian path of the
// quotient graph, whose vertices are the orbits and whose edges are the
// orbits of edges (two orbits may be joined by two of them), ending at an
// orbit that is a cell joined to its image, or the fixed cell: those are
// the vertices joined to the terminal, which must be an end. Given its
// first cell, of two, H is the only lift of such a quotient path, so the
// self-reverse paths are twice the quotient's paths that end at the
// terminal.
//
// A symmetry h of the box that commutes with perm maps orbits to orbits
// and is an automorphism of the quotient, fixing the terminal.
func quotient(b symmetry.Box, perm []int) (*graph, bool) {
	n := len(perm)
	fixed := 0
	for i, j := range perm {
		if perm[j] != i {
			panic(fmt.Sprintf("paths: quotient of a permutation that is no involution: %v", perm))
		}
		if i == j {
			fixed++
		}
	}
	if fixed != n%2 {
		return nil, false
	}
	// Vertex 0 is the terminal; orbit k is vertex k+1, the orbits
	// numbered by their first cell.
	orbit := make([]int, n)
	g := &graph{n: 1, adj: [][]arc{nil}, end: []bool{true}, cells: [][]int{nil}}
	for i := range n {
		if perm[i] < i {
			orbit[i] = orbit[perm[i]]
			g.cells[orbit[i]] = append(g.cells[orbit[i]], i)
			continue
		}
		orbit[i] = g.n
		g.n++
		g.adj = append(g.adj, nil)
		g.end = append(g.end, false)
		g.cells = append(g.cells, []int{i})
	}
	link := func(u, v int) {
		for k, a := range g.adj[u] {
			if a.to == v {
				g.adj[u][k].mult++
				return
			}
		}
		g.adj[u] = append(g.adj[u], arc{to: v, mult: 1})
	}
	for i := range n {
		if perm[i] == i {
			link(0, orbit[i])
			link(orbit[i], 0)
		}
		for _, j := range neighbours(b, i) {
			if j < i {
				continue
			}
			// The edge {i, j} and its image {perm(i), perm(j)} are one
			// edge of the quotient: count it from the smaller of the two.
			pi, pj := min(perm[i], perm[j]), max(perm[i], perm[j])
			switch {
			case pi == i && pj == j:
				// The edge is its own image: it joins a cell to its
				// image, where the halves of an even path meet. An
				// odd path's halves meet at the fixed cell instead.
				if n%2 == 0 {
					link(0, orbit[i])
					link(orbit[i], 0)
				}
				continue
			case pi < i || pi == i && pj < j:
				continue
			}
			link(orbit[i], orbit[j])
			link(orbit[j], orbit[i])
		}
	}
	for _, t := range b.Group() {
		h := permutation(b, t)
		commutes := true
		for i := range n {
			if h[perm[i]] != perm[h[i]] {
				commutes = false
				break
			}
		}
		if !commutes {
			continue
		}
		p := make([]int, g.n)
		for v := 1; v < g.n; v++ {
			p[v] = orbit[h[g.cells[v][0]]]
		}
		g.addAuto(p)
		g.symm = append(g.symm, t)
	}
	return g, true
}

// sweeps are the weights of the plane sweeps tried: a vertex comes in the
// order of w·q, where q is its cell in some orientation of the box.
// (0,0,1) takes the box layer by layer across its smallest cross-section;
// (1,1,1) along the diagonal, whose planes cut a cube in fewer cells
// (4x4x4: at most 12 against 16).
var sweeps = [][3]int{{0, 0, 1}, {0, 1, 1}, {1, 1, 1}, {0, 1, 2}, {1, 1, 2}, {1, 2, 2}}

// orders returns the orders worth trying for g: the sweeps of every
// orientation of b, a quotient's orbit where the first of its cells
// comes, the terminal first. Orientations that differ by a symmetry of g
// give plans alike but for the names of the vertices: one is tried. Ties within a plane are broken in
// lexicographic order of q, or first by the orbits of the symmetries that
// keep every plane, so that the cells taken in make a symmetric set after
// each orbit (see graph.autos).
func orders(b symmetry.Box, g *graph) [][]int {
	var out [][]int
	c, _ := symmetry.Cube(4)
	var group [][]int
	for _, t := range b.Group() {
		group = append(group, permutation(b, t))
	}
	seen := map[symmetry.Transform]bool{}
	for _, t := range c.Group() {
		if seen[t] {
			continue
		}
		for _, h := range g.symm {
			seen[compose(t, h)] = true
		}
		var size [3]int
		for a := range 3 {
			size[t.Perm[a]] = b.Size[a]
		}
		for _, w := range sweeps {
			plane := make([]int, b.Len())
			lex := make([]int, b.Len())
			for i := range plane {
				var q [3]int
				for a, v := range b.Coord(i) {
					if t.Flip[a] {
						v = b.Size[a] - 1 - v
					}
					q[t.Perm[a]] = v
				}
				plane[i] = w[0]*q[0] + w[1]*q[1] + w[2]*q[2]
				lex[i] = q[0] + size[0]*(q[1]+size[1]*q[2])
			}
			// The symmetries that keep every plane, and each cell's
			// orbit under them, named by its first cell.
			var keep [][]int
			for _, h := range group {
				ok := true
				for i, j := range h {
					if plane[i] != plane[j] {
						ok = false
						break
					}
				}
				if ok {
					keep = append(keep, h)
				}
			}
			orbit := make([]int, b.Len())
			for i := range orbit {
				orbit[i] = lex[i]
				for _, h := range keep {
					orbit[i] = min(orbit[i], lex[h[i]])
				}
			}
			for _, byOrbit := range []bool{false, true} {
				if byOrbit && len(keep) <= 1 {
					continue
				}
				rank := func(i int) int {
					r := plane[i]*symmetry.MaxCells + lex[i]
					if byOrbit {
						r = (plane[i]*symmetry.MaxCells+orbit[i])*symmetry.MaxCells + lex[i]
					}
					return r
				}
				key := make([]int, g.n)
				for v, cells := range g.cells {
					key[v] = -1
					for k, i := range cells {
						if r := rank(i); k == 0 || r < key[v] {
							key[v] = r
						}
					}
				}
				o := make([]int, g.n)
				for v := range o {
					o[v] = v
				}
				slices.SortStableFunc(o, func(u, v int) int { return key[u] - key[v] })
				out = append(out, o)
			}
		}
	}
	return out
}

// compose returns t after h: the orientation that sorts cell c where t
// sorts h(c). h maps the box onto itself.
func compose(t, h symmetry.Transform) symmetry.Transform {
	var c symmetry.Transform
	for a := range 3 {
		c.Perm[a] = t.Perm[h.Perm[a]]
		c.Flip[a] = h.Flip[a] != t.Flip[h.Perm[a]]
	}
	return c
}
