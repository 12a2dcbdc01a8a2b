package symmetry

// Transform is a symmetry of space that maps the box onto itself: axis i goes
// to axis Perm[i], reversed when Flip[i].
type Transform struct {
	Perm [3]uint8
	Flip [3]bool
}

// Dir returns the image of a move.
func (t Transform) Dir(d Dir) Dir {
	a := d.Axis()
	img := Dir(2 * t.Perm[a])
	if d.Neg() != t.Flip[a] {
		img++
	}
	return img
}

// Cell returns the image of cell p of box b.
func (t Transform) Cell(b Box, p [3]int) [3]int {
	var q [3]int
	for i, v := range p {
		if t.Flip[i] {
			v = b.Size[i] - 1 - v
		}
		q[t.Perm[i]] = v
	}
	return q
}

// Group returns the box's symmetries: 48 for a cube, 16 for A×A×B, 8 when
// the sides differ. The identity comes first.
func (b Box) Group() []Transform {
	perms := [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var g []Transform
	for _, p := range perms {
		if b.Size[p[0]] != b.Size[0] || b.Size[p[1]] != b.Size[1] {
			continue
		}
		for f := range 8 {
			g = append(g, Transform{Perm: p, Flip: [3]bool{f&1 != 0, f&2 != 0, f&4 != 0}})
		}
	}
	return g
}

// Allowed returns, as a bit set over [Dir], the moves a canonical direction
// list may make next when it has used the axes in the bit set used: both
// senses of a used axis, and the positive sense of an unused axis that is the
// smallest unused one of its length. Axes of length 1 never allow a move.
func (b Box) Allowed(used uint8) uint8 {
	var m uint8
	for a := range 3 {
		switch {
		case b.Size[a] == 1:
		case used&(1<<a) != 0:
			m |= 3 << (2 * a)
		case b.firstUnused(used, a) == a:
			m |= 1 << (2 * a)
		}
	}
	return m
}

// firstUnused returns the smallest axis not in used with the length of axis a.
func (b Box) firstUnused(used uint8, a int) int {
	for t := range 3 {
		if used&(1<<t) == 0 && b.Size[t] == b.Size[a] {
			return t
		}
	}
	return -1
}

// Normalize writes into dst the canonical form of dirs, the smallest of its
// images under the box's group, and returns dst[:len(dirs)]. dst may be dirs
// itself. The moves must lie along axes longer than 1, as a folding's do.
func (b Box) Normalize(dst, dirs []Dir) []Dir {
	if cap(dst) < len(dirs) {
		dst = make([]Dir, len(dirs))
	}
	dst = dst[:len(dirs)]
	var img [3]Dir // image of the positive sense of each axis, once used
	var used, targets uint8
	for i, d := range dirs {
		a := d.Axis()
		if used&(1<<a) == 0 {
			t := b.firstUnused(targets, a)
			targets |= 1 << t
			used |= 1 << a
			img[a] = Dir(2 * t)
			if d.Neg() {
				img[a]++
			}
		}
		dst[i] = img[a] ^ Dir(d&1)
	}
	return dst
}

// Orbit returns how many directed foldings each canonical folding stands
// for: the number of distinct images under the group. A Hamiltonian path
// moves along every axis longer than 1, and is fixed only by symmetries
// that act on axes of length 1 alone, so every orbit has this size.
func (b Box) Orbit() int {
	seen := map[[6]Dir]bool{}
	for _, t := range b.Group() {
		var img [6]Dir
		for d := range Dir(NumDirs) {
			if b.Size[d.Axis()] > 1 {
				img[d] = t.Dir(d)
			}
		}
		seen[img] = true
	}
	return len(seen)
}
