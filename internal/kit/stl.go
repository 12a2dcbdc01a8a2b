package kit

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"github.com/snakecube/snakecube/internal/design"
)

// solidAt returns cubelet i's solid, in its place on a plate: the j-th
// of n.
func (k *Kit) solidAt(i, j, n int) solid {
	m := cubelet(design.KindOf(k.Sheet.Seq, i), k.Geometry)
	x, y := k.place(j, n)
	for p := range m.pts {
		m.pts[p][0] += x
		m.pts[p][1] += y
	}
	return m
}

// WriteSTL writes the cubelets of colour c as one binary STL, each in its
// place on the plate: an 80-byte header, the number of triangles, and
// each triangle's unit normal and corners as little-endian float32, in
// millimetres, and a zero attribute. Write errors are w's to tell.
func (k *Kit) WriteSTL(w io.Writer, c Colour) error {
	is := k.Cubelets(c)
	solids := make([]solid, len(is))
	tris := 0
	for j, i := range is {
		solids[j] = k.solidAt(i, j, len(is))
		tris += len(solids[j].tris)
	}
	var head [84]byte
	for i := range 80 {
		head[i] = ' '
	}
	copy(head[:80], fmt.Sprintf("snakecube kit, %s cubelets of puzzle %s, mm", c, k.ID()))
	binary.LittleEndian.PutUint32(head[80:], uint32(tris))
	if _, err := w.Write(head[:]); err != nil {
		return err
	}
	var rec [50]byte
	for _, m := range solids {
		for _, t := range m.tris {
			a, b, d := m.pts[t[0]], m.pts[t[1]], m.pts[t[2]]
			n := unit(cross(sub(b, a), sub(d, a)))
			for j, v := range [12]float64{n[0], n[1], n[2], a[0], a[1], a[2], b[0], b[1], b[2], d[0], d[1], d[2]} {
				binary.LittleEndian.PutUint32(rec[4*j:], math.Float32bits(float32(v)))
			}
			if _, err := w.Write(rec[:]); err != nil {
				return err
			}
		}
	}
	return nil
}
