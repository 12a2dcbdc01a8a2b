package fold

import (
	"cmp"
	"math"
	"slices"

	"github.com/snakecube/snakecube/symmetry"
)

// view is an orthographic camera on a box: a cell's centre p appears at
// (p·right, -p·up) on the page, and p·toward grows towards the viewer.
type view struct {
	right, up, toward [3]float64
}

// Of a box seen from the front, a little from the right and from above,
// as one holds a snake cube: x runs to the right, y away, z up, and the
// three faces facing the viewer (right, front, top) are all seen.
const (
	viewYaw   = 32 * math.Pi / 180 // turned towards the right side
	viewPitch = 28 * math.Pi / 180 // raised above the top
)

// light is where light comes from, fixed to the box: from above, from the
// front and a little from the left, so that top faces are lightest, front
// faces next, and each face of a cube differs from its neighbours. It is
// nearly a unit vector.
var light = [3]float64{-0.25, -0.45, 0.86}

func newView(yaw, pitch float64) view {
	sy, cy := math.Sincos(yaw)
	sp, cp := math.Sincos(pitch)
	return view{
		right:  [3]float64{cy, sy, 0},
		up:     [3]float64{-sp * sy, sp * cy, cp},
		toward: [3]float64{cp * sy, -cp * cy, sp},
	}
}

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// project returns where point p appears on the page, y growing down.
func (v view) project(p [3]float64) (x, y float64) {
	return dot(p, v.right), -dot(p, v.up)
}

// face is one visible face of a cube: its four corners on the page, the
// shade its lighting gives it, 0.55 to 1, and how squarely it faces the
// viewer, 0 to 1.
type face struct {
	pts    [4][2]float64
	shade  float64
	facing float64
}

// cubeFaces returns the faces of the cube of half side h centred at c that
// face the viewer, in the fixed order of the axes.
func (v view) cubeFaces(c [3]float64, h float64) []face {
	var fs []face
	for a := range 3 {
		for _, s := range [2]float64{1, -1} {
			var n [3]float64
			n[a] = s
			t := dot(n, v.toward)
			if t <= 1e-9 {
				continue
			}
			b, e := (a+1)%3, (a+2)%3
			f := face{facing: t}
			for k, uv := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				p := c
				p[a] += s * h
				p[b] += uv[0] * h
				p[e] += uv[1] * h
				f.pts[k][0], f.pts[k][1] = v.project(p)
			}
			f.shade = 0.55 + 0.45*max(0, dot(n, light))
			fs = append(fs, f)
		}
	}
	return fs
}

// centre returns the coordinates of cell p with the box's centre at 0.
func centre(b symmetry.Box, p [3]int) [3]float64 {
	var c [3]float64
	for a := range 3 {
		c[a] = float64(p[a]) - float64(b.Size[a]-1)/2
	}
	return c
}

// depthOrder returns the indices of cells, farthest from the viewer first:
// the order a painter draws cubes of a grid in, which for equal cubes of a
// grid seen orthographically never draws a hidden one over a nearer one.
func (v view) depthOrder(b symmetry.Box, cells [][3]int) []int {
	idx := make([]int, len(cells))
	depth := make([]float64, len(cells))
	for i, p := range cells {
		idx[i] = i
		depth[i] = dot(centre(b, p), v.toward)
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		switch {
		case depth[i] < depth[j]:
			return -1
		case depth[i] > depth[j]:
			return 1
		}
		return 0
	})
	return idx
}

// bounds returns the page rectangle the whole box covers.
func (v view) bounds(b symmetry.Box) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range boxCorners(b) {
		x, y := v.project(p)
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	return x0, y0, x1, y1
}

// boxCorners returns the 8 corners of the box, centred at 0, corner k
// having bit a set when it lies at the far end of axis a.
func boxCorners(b symmetry.Box) [8][3]float64 {
	var cs [8][3]float64
	for k := range cs {
		for a := range 3 {
			h := float64(b.Size[a]) / 2
			cs[k][a] = -h
			if k>>a&1 != 0 {
				cs[k][a] = h
			}
		}
	}
	return cs
}

// boxEdges are the 12 edges of a box as pairs of corner indices.
var boxEdges = [12][2]int{
	{0, 1}, {2, 3}, {4, 5}, {6, 7}, // along x
	{0, 2}, {1, 3}, {4, 6}, {5, 7}, // along y
	{0, 4}, {1, 5}, {2, 6}, {3, 7}, // along z
}

// outline returns the outline of the cube of half side h centred at c as
// seen on the page: the convex hull of its corners, counter-clockwise.
func (v view) outline(c [3]float64, h float64) [][2]float64 {
	var pts [][2]float64
	for k := range 8 {
		p := c
		for a := range 3 {
			p[a] += h * float64(2*(k>>a&1)-1)
		}
		x, y := v.project(p)
		pts = append(pts, [2]float64{x, y})
	}
	return hull(pts)
}

// hull returns the convex hull of pts by Andrew's monotone chain.
func hull(pts [][2]float64) [][2]float64 {
	slices.SortFunc(pts, func(a, b [2]float64) int {
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		return cmp.Compare(a[1], b[1])
	})
	turn := func(o, a, b [2]float64) float64 {
		return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
	}
	var h [][2]float64
	for pass := range 2 {
		base := len(h)
		for _, p := range pts {
			for len(h) >= base+2 && turn(h[len(h)-2], h[len(h)-1], p) <= 1e-12 {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1]
		if pass == 0 {
			slices.Reverse(pts)
		}
	}
	return h
}

// inside reports whether p lies inside the counter-clockwise convex
// polygon poly, away from its edges.
func inside(p [2]float64, poly [][2]float64) bool {
	for k, a := range poly {
		b := poly[(k+1)%len(poly)]
		if (b[0]-a[0])*(p[1]-a[1])-(b[1]-a[1])*(p[0]-a[0]) <= 0.05 {
			return false
		}
	}
	return len(poly) > 2
}
