package kit

import (
	"fmt"
	"math"
	"strconv"
)

// Geometry is the size of the printed cubelets, in millimetres.
type Geometry struct {
	// Cube is a cubelet's side.
	Cube float64
	// Hole is the channel's diameter: the circle its section is cut
	// around, the widest round elastic that passes.
	Hole float64
}

// The defaults and limits of a Geometry, in millimetres. A cube of 5 mm
// is about the smallest a hobby printer makes with a channel in it, and
// 100 mm cubelets make a 4x4x4 puzzle 40 cm a side; a channel under 1 mm
// prints closed, and one of half the cube or more leaves no wall.
const (
	DefaultCube = 20.0
	DefaultHole = 3.5
	MinCube     = 5.0
	MaxCube     = 100.0
	MinHole     = 1.0
)

// Gap is the space between cubelets on a print plate, in millimetres.
const Gap = 5.0

// KnotLength is the elastic allowed at each end for its knot, in
// millimetres: an overhand knot and a tail to hold while tying it.
const KnotLength = 40.0

// LimitError is a geometry out of its limits.
type LimitError struct {
	// Flag is the size out of range: "cube" or "hole".
	Flag string
	// Value is its value; Lo and Hi its limits, Hi excluded for the hole.
	Value, Lo, Hi float64
}

func (e *LimitError) Error() string {
	if e.Flag == "hole" {
		return fmt.Sprintf("-hole %s: want %s mm or more and less than half the cube, %s mm", mm(e.Value), mm(e.Lo), mm(e.Hi))
	}
	return fmt.Sprintf("-cube %s: want %s to %s mm", mm(e.Value), mm(e.Lo), mm(e.Hi))
}

// Check reports whether the geometry is within its limits: a
// [*LimitError] if not.
func (g Geometry) Check() error {
	if !(g.Cube >= MinCube && g.Cube <= MaxCube) { // NaN too
		return &LimitError{Flag: "cube", Value: g.Cube, Lo: MinCube, Hi: MaxCube}
	}
	if !(g.Hole >= MinHole && g.Hole < g.Cube/2) {
		return &LimitError{Flag: "hole", Value: g.Hole, Lo: MinHole, Hi: g.Cube / 2}
	}
	return nil
}

// Well is the diameter of an end's well, where the knot sits: twice the
// channel's, but at most halfway from the channel's to half the cube, so
// that its teardrop, reaching √2 times its radius, keeps a wall.
func (g Geometry) Well() float64 { return min(2*g.Hole, g.Hole/2+g.Cube/4) }

// WellDepth is how deep an end's well goes from its face: past the
// centre by the well's radius.
func (g Geometry) WellDepth() float64 { return g.Cube/2 + g.Well()/2 }

// Wall is the thinnest wall between a channel and a face it does not
// open on: half the cube less the teardrop's reach, the well's for an
// end.
func (g Geometry) Wall() float64 { return g.Cube/2 - reach(g.Well()/2) }

// mm writes a length in millimetres, as short as it reads exactly to a
// tenth of a micrometre.
func mm(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e9 {
		return fmt.Sprint(x)
	}
	s := fmt.Sprintf("%.4f", x)
	for s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	if s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return s
}

// ParseGeometry reads a cubelet's side and a channel's diameter, in mm,
// as -cube and -hole give them: an error naming the limits if they are
// no numbers or out of range.
func ParseGeometry(cube, hole string) (Geometry, error) {
	var g Geometry
	var err error
	if g.Cube, err = strconv.ParseFloat(cube, 64); err != nil {
		return g, fmt.Errorf("-cube %q: want a size in mm, %g to %g mm", cube, MinCube, MaxCube)
	}
	if g.Hole, err = strconv.ParseFloat(hole, 64); err != nil {
		return g, fmt.Errorf("-hole %q: want a size in mm, %g mm or more and less than half the cube", hole, MinHole)
	}
	return g, g.Check()
}
