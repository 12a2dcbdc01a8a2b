package kit

// An independent reader of the kit's files: it shares no code with the
// writer, reads the bytes as a slicer would, and measures what it finds.

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// body is one closed solid found in a file: its points (welded by exact
// coordinates) and triangles.
type body struct {
	pts  [][3]float64
	tris [][3]int
	// normals are the normals the file gives, when it gives them.
	normals [][3]float64
}

// readSTL reads a binary STL and welds its corners by their exact
// float32 coordinates.
func readSTL(p []byte) (body, error) {
	var b body
	if len(p) < 84 {
		return b, fmt.Errorf("%d bytes, less than a header", len(p))
	}
	n := int(binary.LittleEndian.Uint32(p[80:]))
	if len(p) != 84+50*n {
		return b, fmt.Errorf("%d triangles need %d bytes, the file has %d", n, 84+50*n, len(p))
	}
	index := map[[3]float32]int{}
	f := func(off int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(p[off:])) }
	for t := range n {
		off := 84 + 50*t
		b.normals = append(b.normals, [3]float64{float64(f(off)), float64(f(off + 4)), float64(f(off + 8))})
		var tri [3]int
		for c := range 3 {
			v := [3]float32{f(off + 12 + 12*c), f(off + 16 + 12*c), f(off + 20 + 12*c)}
			k, ok := index[v]
			if !ok {
				k = len(b.pts)
				index[v] = k
				b.pts = append(b.pts, [3]float64{float64(v[0]), float64(v[1]), float64(v[2])})
			}
			tri[c] = k
		}
		if attr := binary.LittleEndian.Uint16(p[off+48:]); attr != 0 {
			return b, fmt.Errorf("triangle %d: attribute %d", t+1, attr)
		}
		b.tris = append(b.tris, tri)
	}
	return b, nil
}

// parts splits a body into its connected parts, sharing points, ordered
// by their lowest corner: y, then x.
func (b body) parts() []body {
	parent := make([]int, len(b.pts))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, t := range b.tris {
		parent[find(t[1])] = find(t[0])
		parent[find(t[2])] = find(t[0])
	}
	byRoot := map[int]*body{}
	var roots []int
	remap := map[int]int{}
	for k, t := range b.tris {
		r := find(t[0])
		pb, ok := byRoot[r]
		if !ok {
			pb = &body{}
			byRoot[r] = pb
			roots = append(roots, r)
		}
		var nt [3]int
		for c, v := range t {
			nv, ok := remap[v]
			if !ok {
				nv = len(pb.pts)
				remap[v] = nv
				pb.pts = append(pb.pts, b.pts[v])
			}
			nt[c] = nv
		}
		pb.tris = append(pb.tris, nt)
		if b.normals != nil {
			pb.normals = append(pb.normals, b.normals[k])
		}
	}
	out := make([]body, len(roots))
	for k, r := range roots {
		out[k] = *byRoot[r]
	}
	sort.Slice(out, func(i, j int) bool {
		a, c := out[i].lo(), out[j].lo()
		if math.Abs(a[1]-c[1]) > 1e-3 {
			return a[1] < c[1]
		}
		return a[0] < c[0]
	})
	return out
}

func (b body) lo() [3]float64 {
	lo := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	for _, p := range b.pts {
		for a := range 3 {
			lo[a] = math.Min(lo[a], p[a])
		}
	}
	return lo
}

func (b body) hi() [3]float64 {
	hi := [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, p := range b.pts {
		for a := range 3 {
			hi[a] = math.Max(hi[a], p[a])
		}
	}
	return hi
}

// measure is what the reader finds of a solid.
type measure struct {
	V, E, F int
	// Open is why the solid is not closed and consistently turned, or "".
	Open string
	// Volume is the signed volume: positive when the triangles face out.
	Volume float64
	// Size is the bounding box's sides.
	Size [3]float64
	// Holed lists the faces of the bounding box, as "-x" ... "+z", whose
	// area the solid covers less than whole: where its channel opens.
	Holed []string
	// BadNormals counts the normals given that disagree with the turn of
	// their triangle.
	BadNormals int
}

// Euler returns V - E + F.
func (m measure) Euler() int { return m.V - m.E + m.F }

// kind names the piece a measure is: end, straight, corner, or "?".
func (m measure) kind() string {
	switch {
	case m.Euler() == 2 && len(m.Holed) == 1:
		return "end"
	case m.Euler() == 0 && len(m.Holed) == 2 && m.Holed[0][1] == m.Holed[1][1]:
		return "straight"
	case m.Euler() == 0 && len(m.Holed) == 2:
		return "corner"
	}
	return "?"
}

func (b body) measure() measure {
	m := measure{V: len(b.pts), F: len(b.tris)}
	directed := map[[2]int]int{}
	for _, t := range b.tris {
		for c := range 3 {
			directed[[2]int{t[c], t[(c+1)%3]}]++
		}
	}
	undirected := map[[2]int]bool{}
	for e, n := range directed {
		u := e
		if u[0] > u[1] {
			u[0], u[1] = u[1], u[0]
		}
		undirected[u] = true
		if n != 1 && m.Open == "" {
			m.Open = fmt.Sprintf("edge %v on %d triangles turned the same way", e, n)
		}
		if directed[[2]int{e[1], e[0]}] != 1 && m.Open == "" {
			m.Open = fmt.Sprintf("edge %v has no triangle turned the other way", e)
		}
	}
	m.E = len(undirected)
	lo, hi := b.lo(), b.hi()
	for a := range 3 {
		m.Size[a] = hi[a] - lo[a]
	}
	faceArea := map[string]float64{}
	for k, t := range b.tris {
		p, q, r := b.pts[t[0]], b.pts[t[1]], b.pts[t[2]]
		m.Volume += (p[0]*(q[1]*r[2]-q[2]*r[1]) - p[1]*(q[0]*r[2]-q[2]*r[0]) + p[2]*(q[0]*r[1]-q[1]*r[0])) / 6
		u := [3]float64{q[0] - p[0], q[1] - p[1], q[2] - p[2]}
		v := [3]float64{r[0] - p[0], r[1] - p[1], r[2] - p[2]}
		n := [3]float64{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]}
		area := math.Sqrt(n[0]*n[0]+n[1]*n[1]+n[2]*n[2]) / 2
		if b.normals != nil {
			g := b.normals[k]
			if (g[0]*n[0]+g[1]*n[1]+g[2]*n[2])/(2*area) < 0.999 {
				m.BadNormals++
			}
		}
		for a := range 3 {
			for side, at := range [2]float64{lo[a], hi[a]} {
				if p[a] == at && q[a] == at && r[a] == at {
					faceArea[[2]string{"-", "+"}[side]+string("xyz"[a])] += area
				}
			}
		}
	}
	for a := range 3 {
		for _, side := range []string{"-", "+"} {
			f := side + string("xyz"[a])
			whole := m.Size[(a+1)%3] * m.Size[(a+2)%3]
			if faceArea[f] < whole*(1-1e-6) {
				m.Holed = append(m.Holed, f)
			}
		}
	}
	return m
}

// A 3MF package as the reader finds it.
type pkg3MF struct {
	Types     []string // content types by extension, "ext=type"
	RelTarget string
	Model     struct {
		Unit      string `xml:"unit,attr"`
		Materials []struct {
			ID    int `xml:"id,attr"`
			Bases []struct {
				Name   string `xml:"name,attr"`
				Colour string `xml:"displaycolor,attr"`
			} `xml:"base"`
		} `xml:"resources>basematerials"`
		Objects []struct {
			ID       int    `xml:"id,attr"`
			Name     string `xml:"name,attr"`
			PID      int    `xml:"pid,attr"`
			PIndex   int    `xml:"pindex,attr"`
			Vertices []struct {
				X string `xml:"x,attr"`
				Y string `xml:"y,attr"`
				Z string `xml:"z,attr"`
			} `xml:"mesh>vertices>vertex"`
			Triangles []struct {
				V1 int `xml:"v1,attr"`
				V2 int `xml:"v2,attr"`
				V3 int `xml:"v3,attr"`
			} `xml:"mesh>triangles>triangle"`
		} `xml:"resources>object"`
		Items []struct {
			ObjectID  int    `xml:"objectid,attr"`
			Transform string `xml:"transform,attr"`
		} `xml:"build>item"`
	}
	Times []string
}

func read3MF(p []byte) (*pkg3MF, error) {
	zr, err := zip.NewReader(bytes.NewReader(p), int64(len(p)))
	if err != nil {
		return nil, err
	}
	var k pkg3MF
	parts := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		parts[f.Name] = b
		k.Times = append(k.Times, f.Modified.UTC().Format("2006-01-02 15:04:05"))
	}
	var types struct {
		Defaults []struct {
			Extension   string `xml:"Extension,attr"`
			ContentType string `xml:"ContentType,attr"`
		} `xml:"Default"`
	}
	if err := xml.Unmarshal(parts["[Content_Types].xml"], &types); err != nil {
		return nil, fmt.Errorf("[Content_Types].xml: %w", err)
	}
	for _, d := range types.Defaults {
		k.Types = append(k.Types, d.Extension+"="+d.ContentType)
	}
	var rels struct {
		Rels []struct {
			Target string `xml:"Target,attr"`
			Type   string `xml:"Type,attr"`
		} `xml:"Relationship"`
	}
	if err := xml.Unmarshal(parts["_rels/.rels"], &rels); err != nil {
		return nil, fmt.Errorf("_rels/.rels: %w", err)
	}
	for _, r := range rels.Rels {
		if strings.HasSuffix(r.Type, "/3dmodel") {
			k.RelTarget = r.Target
		}
	}
	model, ok := parts[strings.TrimPrefix(k.RelTarget, "/")]
	if !ok {
		return nil, fmt.Errorf("no model at %q", k.RelTarget)
	}
	if err := xml.Unmarshal(model, &k.Model); err != nil {
		return nil, fmt.Errorf("the model: %w", err)
	}
	return &k, nil
}

// object returns object k of the model as a body, its points moved by
// the translation of its build item.
func (k *pkg3MF) body(obj int) (body, error) {
	o := k.Model.Objects[obj]
	var dx, dy, dz float64
	for _, it := range k.Model.Items {
		if it.ObjectID == o.ID {
			f := strings.Fields(it.Transform)
			if len(f) != 12 || strings.Join(f[:9], " ") != "1 0 0 0 1 0 0 0 1" {
				return body{}, fmt.Errorf("object %d: transform %q is no translation", o.ID, it.Transform)
			}
			dx, _ = strconv.ParseFloat(f[9], 64)
			dy, _ = strconv.ParseFloat(f[10], 64)
			dz, _ = strconv.ParseFloat(f[11], 64)
		}
	}
	var b body
	for _, v := range o.Vertices {
		x, e1 := strconv.ParseFloat(v.X, 64)
		y, e2 := strconv.ParseFloat(v.Y, 64)
		z, e3 := strconv.ParseFloat(v.Z, 64)
		if e1 != nil || e2 != nil || e3 != nil {
			return b, fmt.Errorf("object %d: vertex %v", o.ID, v)
		}
		b.pts = append(b.pts, [3]float64{x + dx, y + dy, z + dz})
	}
	for _, t := range o.Triangles {
		for _, v := range []int{t.V1, t.V2, t.V3} {
			if v < 0 || v >= len(b.pts) {
				return b, fmt.Errorf("object %d: triangle %v points at no vertex", o.ID, t)
			}
		}
		b.tris = append(b.tris, [3]int{t.V1, t.V2, t.V3})
	}
	return b, nil
}
