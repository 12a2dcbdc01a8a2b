package symmetry

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxCells is the largest box volume: a set of cells must fit in a uint64.
const MaxCells = 64

// Box is the A×B×C box a snake folds into.
type Box struct {
	Size [3]int // side lengths along x, y and z
}

// ErrBox reports a box size that cannot be parsed or is out of range.
var ErrBox = errors.New("invalid box")

// NewBox returns the box with the given sides, each at least 1, with a volume
// of at least 2 and at most [MaxCells].
func NewBox(a, b, c int) (Box, error) {
	if a < 1 || b < 1 || c < 1 {
		return Box{}, fmt.Errorf("%w: %dx%dx%d: sides must be at least 1", ErrBox, a, b, c)
	}
	if a > MaxCells || b > MaxCells || c > MaxCells {
		// Checked alone first: the product of three large sides wraps.
		return Box{}, fmt.Errorf("%w: %dx%dx%d: a side of more than %d cells, want 2 to %d cells in all", ErrBox, a, b, c, MaxCells, MaxCells)
	}
	if v := a * b * c; v < 2 || v > MaxCells {
		return Box{}, fmt.Errorf("%w: %dx%dx%d has %d cells, want 2 to %d", ErrBox, a, b, c, v, MaxCells)
	}
	return Box{Size: [3]int{a, b, c}}, nil
}

// ParseBox reads "N" (an N×N×N cube) or "AxBxC".
func ParseBox(s string) (Box, error) {
	parts := strings.Split(strings.ToLower(strings.TrimSpace(s)), "x")
	if len(parts) != 1 && len(parts) != 3 {
		return Box{}, fmt.Errorf("%w: %q: want N or AxBxC", ErrBox, s)
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 1 {
			return Box{}, fmt.Errorf("%w: %q: side %q is not a positive whole number", ErrBox, s, p)
		}
		n[i] = v
	}
	if len(parts) == 1 {
		n[1], n[2] = n[0], n[0]
	}
	return NewBox(n[0], n[1], n[2])
}

// MustParseBox is [ParseBox] for a box known to be good, such as a
// constant: it panics if s names no box.
func MustParseBox(s string) Box {
	b, err := ParseBox(s)
	if err != nil {
		panic(err)
	}
	return b
}

// MarshalText writes the box as [Box.String] does, so that it is
// "AxBxC" in JSON and other text formats.
func (b Box) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// UnmarshalText reads the box as [ParseBox] does.
func (b *Box) UnmarshalText(text []byte) error {
	v, err := ParseBox(string(text))
	if err != nil {
		return err
	}
	*b = v
	return nil
}

// Cube returns the N×N×N box.
func Cube(n int) (Box, error) { return NewBox(n, n, n) }

// String writes the box as AxBxC.
func (b Box) String() string {
	return fmt.Sprintf("%dx%dx%d", b.Size[0], b.Size[1], b.Size[2])
}

// Len is the number of cells, which is the number of cubelets of its snakes.
func (b Box) Len() int { return b.Size[0] * b.Size[1] * b.Size[2] }

// Index returns the index of cell p.
func (b Box) Index(p [3]int) int { return p[0] + b.Size[0]*(p[1]+b.Size[1]*p[2]) }

// Coord returns the coordinates of the cell with index i.
func (b Box) Coord(i int) [3]int {
	x := i % b.Size[0]
	i /= b.Size[0]
	return [3]int{x, i % b.Size[1], i / b.Size[1]}
}

// Contains reports whether p lies inside the box.
func (b Box) Contains(p [3]int) bool {
	for a, v := range p {
		if v < 0 || v >= b.Size[a] {
			return false
		}
	}
	return true
}

// Step returns the neighbour of p in direction d, which may lie outside.
func (b Box) Step(p [3]int, d Dir) [3]int {
	if d.Neg() {
		p[d.Axis()]--
	} else {
		p[d.Axis()]++
	}
	return p
}

// Start returns the cell a folding with these moves must start from so that
// it stays inside the box, and whether the moves span exactly the box, as
// those of a Hamiltonian path do.
func (b Box) Start(dirs []Dir) ([3]int, bool) {
	var p, lo, hi [3]int
	for _, d := range dirs {
		p = b.Step(p, d)
		a := d.Axis()
		lo[a] = min(lo[a], p[a])
		hi[a] = max(hi[a], p[a])
	}
	for a := range 3 {
		if hi[a]-lo[a] != b.Size[a]-1 {
			return [3]int{}, false
		}
		p[a] = -lo[a]
	}
	return p, true
}

// Cells returns the cells a folding visits, cubelet by cubelet, and an error
// naming the first move that leaves the box or enters a visited cell. The
// error counts moves and cubelets from 1, as a person does: move k takes
// cubelet k to cubelet k+1.
func (b Box) Cells(start [3]int, dirs []Dir) ([][3]int, error) {
	return b.AppendCells(make([][3]int, 0, len(dirs)+1), start, dirs)
}

// AppendCells appends the cells a folding visits to dst, as [Box.Cells]
// returns them, and returns the extended slice.
func (b Box) AppendCells(dst [][3]int, start [3]int, dirs []Dir) ([][3]int, error) {
	if !b.Contains(start) {
		return nil, fmt.Errorf("start %v lies outside the %v box", start, b)
	}
	seen := uint64(1) << b.Index(start)
	cells := append(dst, start)
	p := start
	for i, d := range dirs {
		a := d.Axis()
		if a > 2 {
			return nil, fmt.Errorf("move %d (%v) is no direction", i+1, d)
		}
		p[a] += 1 - 2*int(d&1)
		// Unsigned, a coordinate below 0 is above every side.
		if uint(p[a]) >= uint(b.Size[a]) {
			return nil, fmt.Errorf("move %d (%v) leaves the box at cubelet %d", i+1, d, i+2)
		}
		bit := uint64(1) << b.Index(p)
		if seen&bit != 0 {
			return nil, fmt.Errorf("move %d (%v) returns to cell %v at cubelet %d", i+1, d, p, i+2)
		}
		seen |= bit
		cells = append(cells, p)
	}
	return cells, nil
}

// CubeOf returns the cube of n cells, when n is a cube's volume: 8, 27 or
// 64. It is the box a snake's length tells when nothing else does.
func CubeOf(n int) (Box, bool) {
	for a := 2; a*a*a <= MaxCells; a++ {
		if a*a*a == n {
			b, err := Cube(a)
			return b, err == nil
		}
	}
	return Box{}, false
}
