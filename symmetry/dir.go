package symmetry

import (
	"fmt"
	"slices"
)

// Dir is a move of a folding: +x, -x, +y, -y, +z or -z, numbered so that
// directions compare as the canonical form orders them.
type Dir uint8

// The six directions, in canonical order.
const (
	PosX Dir = iota
	NegX
	PosY
	NegY
	PosZ
	NegZ
)

// NumDirs is the number of directions.
const NumDirs = 6

// Axis returns 0, 1 or 2 for x, y or z.
func (d Dir) Axis() int { return int(d >> 1) }

// Neg reports whether d points towards smaller coordinates.
func (d Dir) Neg() bool { return d&1 != 0 }

// Opposite returns the direction pointing the other way.
func (d Dir) Opposite() Dir { return d ^ 1 }

// Code returns the catalogue's code of d: 1, -1, 2, -2, 3 or -3.
func (d Dir) Code() int {
	c := d.Axis() + 1
	if d.Neg() {
		return -c
	}
	return c
}

// String writes d as +x, -x, +y, -y, +z or -z.
func (d Dir) String() string {
	if d >= NumDirs {
		return fmt.Sprintf("Dir(%d)", uint8(d))
	}
	return [...]string{"+x", "-x", "+y", "-y", "+z", "-z"}[d]
}

// DirOfCode returns the direction with catalogue code c, and false when c is
// not one of ±1, ±2, ±3.
func DirOfCode(c int) (Dir, bool) {
	switch {
	case c >= 1 && c <= 3:
		return Dir(2 * (c - 1)), true
	case c <= -1 && c >= -3:
		return Dir(2*(-c-1) + 1), true
	}
	return 0, false
}

// Reverse writes into dst the moves of the same folding read from its other
// end and returns dst[:len(dirs)]. dst may not overlap dirs.
func Reverse(dst, dirs []Dir) []Dir {
	dst = slices.Grow(dst[:0], len(dirs))[:len(dirs)]
	n := len(dirs)
	for i, d := range dirs {
		dst[n-1-i] = d.Opposite()
	}
	return dst
}

// Turns returns the turn mask of a direction list: bit i set when cubelet i
// is a turn, that is when moves i-1 and i lie on different axes.
func Turns(dirs []Dir) uint64 {
	var t uint64
	for i := 1; i < len(dirs); i++ {
		if dirs[i].Axis() != dirs[i-1].Axis() {
			t |= 1 << i
		}
	}
	return t
}
