package kit

import (
	"math"

	"github.com/snakecube/snakecube/internal/design"
)

// A solid is a closed triangle mesh: its points, and its triangles as
// indices of points, counter-clockwise seen from outside. Every edge is
// on exactly two triangles, once in each direction, by construction: the
// faces that meet at an edge are built on the same two points.
type solid struct {
	pts  [][3]float64
	tris [][3]int
}

func (m *solid) pt(x, y, z float64) int {
	m.pts = append(m.pts, [3]float64{x, y, z})
	return len(m.pts) - 1
}

func (m *solid) tri(a, b, c int) { m.tris = append(m.tris, [3]int{a, b, c}) }

// quad adds the planar quadrilateral a, b, c, d, counter-clockwise seen
// from outside, as two triangles.
func (m *solid) quad(a, b, c, d int) {
	m.tri(a, b, c)
	m.tri(a, c, d)
}

// facets is the number of sides of the polygon the channel's section is
// cut from: a 16-gon, sides of 0.7 mm around a 3.5 mm channel.
const facets = 16

// section returns the channel's cross-section, a teardrop around a circle
// of radius r: the polygon of the facets-gon's tangent lines to the
// circle whose normals lie at 45 degrees or more from the peak, +u. Its
// two sides next to the peak slope at 45 degrees, so a channel running
// level with the peak up has no overhang steeper than 45 degrees and
// prints without support. Its points are counter-clockwise in (u, v),
// the peak, at r√2 from the centre, last.
func section(r float64) [][2]float64 {
	var normals []float64
	for k := facets / 8; k <= facets-facets/8; k++ {
		normals = append(normals, 2*math.Pi*float64(k)/facets)
	}
	pts := make([][2]float64, len(normals))
	for i, a := range normals {
		b := normals[(i+1)%len(normals)]
		if b < a {
			b += 2 * math.Pi
		}
		mid, half := math.Mod((a+b)/2, 2*math.Pi), (b-a)/2
		d := r / math.Cos(half)
		pts[i] = [2]float64{d * math.Cos(mid), d * math.Sin(mid)}
	}
	return pts
}

// reach is how far the teardrop section of inscribed radius r reaches
// from its centre: its peak.
func reach(r float64) float64 { return r * math.Sqrt2 }

// cubeCorners adds the corners of the cube [0,s]^3 to m; corner x + 2y +
// 4z, x, y and z 0 or 1, is at index x + 2y + 4z.
func cubeCorners(m *solid, s float64) {
	for k := range 8 {
		m.pt(float64(k&1)*s, float64(k>>1&1)*s, float64(k>>2)*s)
	}
}

// The cube's faces, as their corners counter-clockwise from outside.
var (
	bottom = [4]int{0, 2, 3, 1}
	top    = [4]int{4, 5, 7, 6}
	front  = [4]int{0, 1, 5, 4}
	back   = [4]int{2, 6, 7, 3}
	left   = [4]int{0, 4, 6, 2}
	right  = [4]int{1, 3, 7, 5}
)

// annulus triangulates a square face with a convex hole: outer, the
// square's corners, and inner, the hole's points, both counter-clockwise
// seen from outside. Each side of the square is joined to the hole's
// point nearest in angle to the side's middle, seen from the face's
// centre, and each corner to the hole's points between those of its two
// sides: a triangle for each side of the square and of the hole.
func (m *solid) annulus(outer [4]int, inner []int) {
	var c [3]float64
	for _, k := range outer {
		for a := range 3 {
			c[a] += m.pts[k][a] / 4
		}
	}
	e1 := unit(sub(m.pts[outer[1]], m.pts[outer[0]]))
	e2 := unit(sub(m.pts[outer[3]], m.pts[outer[0]]))
	angle := func(p [3]float64) float64 {
		d := sub(p, c)
		return math.Atan2(dot(d, e2), dot(d, e1))
	}
	var b [4]int
	for i := range 4 {
		mid := m.pts[outer[i]]
		for a := range 3 {
			mid[a] = (mid[a] + m.pts[outer[(i+1)%4]][a]) / 2
		}
		want := angle(mid)
		best := math.Inf(1)
		for k, p := range inner {
			d := math.Abs(math.Remainder(angle(m.pts[p])-want, 2*math.Pi))
			if d < best-1e-9 {
				best, b[i] = d, k
			}
		}
	}
	n := len(inner)
	for i := range 4 {
		for k := b[(i+3)%4]; k != b[i]; k = (k + 1) % n {
			m.tri(outer[i], inner[(k+1)%n], inner[k])
		}
		m.tri(outer[i], outer[(i+1)%4], inner[b[i]])
	}
}

// wall joins two loops of the same section by a prism's sides: a, at an
// opening, counter-clockwise seen from outside the solid there, and b
// deeper in, point k of b below point k of a. The sides face the
// channel's axis.
func (m *solid) wall(a, b []int) {
	n := len(a)
	for k := range n {
		m.quad(a[k], a[(k+1)%n], b[(k+1)%n], b[k])
	}
}

func reversed(p []int) []int {
	q := make([]int, len(p))
	for k, v := range p {
		q[len(p)-1-k] = v
	}
	return q
}

func sub(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func dot(a, b [3]float64) float64    { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func unit(a [3]float64) [3]float64 {
	l := math.Sqrt(dot(a, a))
	if l == 0 {
		return a
	}
	return [3]float64{a[0] / l, a[1] / l, a[2] / l}
}

// loop adds the points of section sec around the line through (x, y, z)
// mapped by at, which takes a point (u, v) of the section to its offset
// from that centre, and returns their indices.
func (m *solid) loop(sec [][2]float64, at func(u, v float64) [3]float64) []int {
	idx := make([]int, len(sec))
	for k, p := range sec {
		d := at(p[0], p[1])
		idx[k] = m.pt(d[0], d[1], d[2])
	}
	return idx
}

// cubelet returns the solid of a cubelet of the given kind: the cube
// [0,s]^3, with the channel of g, in the orientation it is printed in,
// standing on z = 0.
//
//   - A straight has the channel up through it, from the bottom face to the
//     top face.
//   - A corner has it from the top face down to the centre and on to the
//     right face (+x), two legs of the same teardrop section mitred at the
//     centre on the plane x = z; the level leg has its peak up.
//   - An end has a blind well down from the top face, wider than the
//     channel, with room for the knot.
func cubelet(kind design.Kind, g Geometry) solid {
	var m solid
	s := g.Cube
	c := s / 2
	cubeCorners(&m, s)
	switch kind {
	case design.Straight:
		sec := section(g.Hole / 2)
		t := m.loop(sec, func(u, v float64) [3]float64 { return [3]float64{c + u, c + v, s} })
		b := m.loop(sec, func(u, v float64) [3]float64 { return [3]float64{c + u, c + v, 0} })
		m.annulus(top, t)
		m.annulus(bottom, reversed(b))
		m.wall(t, b)
		for _, f := range [][4]int{front, back, left, right} {
			m.quad(f[0], f[1], f[2], f[3])
		}
	case design.Corner:
		sec := section(g.Hole / 2)
		t := m.loop(sec, func(u, v float64) [3]float64 { return [3]float64{c + u, c + v, s} })
		x := m.loop(sec, func(u, v float64) [3]float64 { return [3]float64{s, c + v, c + u} })
		mitre := m.loop(sec, func(u, v float64) [3]float64 { return [3]float64{c + u, c + v, c + u} })
		m.annulus(top, t)
		m.annulus(right, reversed(x))
		m.wall(t, mitre)
		m.wall(reversed(x), reversed(mitre))
		for _, f := range [][4]int{bottom, front, back, left} {
			m.quad(f[0], f[1], f[2], f[3])
		}
	default:
		sec := section(g.Well() / 2)
		depth := g.WellDepth()
		t := m.loop(sec, func(u, v float64) [3]float64 { return [3]float64{c + u, c + v, s} })
		b := m.loop(sec, func(u, v float64) [3]float64 { return [3]float64{c + u, c + v, s - depth} })
		m.annulus(top, t)
		m.wall(t, b)
		for k := 1; k+1 < len(b); k++ {
			m.tri(b[0], b[k], b[k+1])
		}
		for _, f := range [][4]int{bottom, front, back, left, right} {
			m.quad(f[0], f[1], f[2], f[3])
		}
	}
	return m
}
