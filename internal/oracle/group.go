package oracle

// Group returns the symmetries of the box as explicit 3x3 signed
// permutation matrices M: M[i][j] = ±1 means output axis i is input axis j,
// kept or flipped. A matrix belongs to the group when it sends axis j to
// axis i only if sides i and j are equal. The identity comes first. A cube
// has 48, AxAxB 16, AxBxC with distinct sides 8; a side of length 1 counts
// like any other, so 1x4x4 has 16, of which the flip of x fixes every path.
func Group(dims [3]int) [][3][3]int {
	volume(dims)
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var g [][3][3]int
	for _, p := range perms {
		if dims[0] != dims[p[0]] || dims[1] != dims[p[1]] || dims[2] != dims[p[2]] {
			continue
		}
		for signs := range 8 {
			var m [3][3]int
			for i := range 3 {
				m[i][p[i]] = 1
				if signs&(1<<i) != 0 {
					m[i][p[i]] = -1
				}
			}
			g = append(g, m)
		}
	}
	return g
}

// TransformCell maps cell c by matrix m about the centre of the box. It
// works on doubled centred coordinates u = 2c - (n-1), which are integers,
// so that the centre is the origin: v = m u, then c' = (v + n' - 1) / 2.
func TransformCell(dims [3]int, m [3][3]int, c [3]int) [3]int {
	var u, out [3]int
	for j := range 3 {
		u[j] = 2*c[j] - (dims[j] - 1)
	}
	for i := range 3 {
		v := 0
		for j := range 3 {
			v += m[i][j] * u[j]
		}
		out[i] = (v + dims[i] - 1) / 2
	}
	return out
}

// TransformDir maps direction code d by matrix m: it multiplies m by the
// unit vector of d and reads the code of the result.
func TransformDir(m [3][3]int, d int) int {
	var e [3]int
	if d > 0 {
		e[d-1] = 1
	} else {
		e[-d-1] = -1
	}
	for i := range 3 {
		v := 0
		for j := range 3 {
			v += m[i][j] * e[j]
		}
		if v != 0 {
			return v * (i + 1)
		}
	}
	panic("oracle: TransformDir: singular matrix")
}

// Transform returns the image of f under matrix m, one of [Group](dims).
// f's moves must be valid codes.
func Transform(dims [3]int, m [3][3]int, f Folding) Folding {
	g := Folding{Start: TransformCell(dims, m, f.Start), Dirs: make([]int, len(f.Dirs))}
	transformDirs(g.Dirs, m, f.Dirs)
	return g
}

// transformDirs sets dst[i] to the image of src[i] under m.
func transformDirs(dst []int, m [3][3]int, src []int) {
	var image [7]int // image[d+3] = TransformDir(m, d)
	for _, d := range codes {
		image[d+3] = TransformDir(m, d)
	}
	for i, d := range src {
		dst[i] = image[d+3]
	}
}
