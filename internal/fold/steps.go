package fold

import (
	"fmt"

	"github.com/snakecube/snakecube/symmetry"
)

// Twist is how the chain turns at a turn cubelet, told relative to the
// chain itself rather than to the box: see the package doc for the
// convention.
type Twist uint8

// The twists. Start is not a turn: it opens the list with the first run.
const (
	Start  Twist = iota // cubelet 1, where the first run begins
	Bend                // the first turn, which any turn can be
	U                   // the same way as the turn before: the chain curls back
	Zigzag              // the opposite way to the turn before
	Left                // a quarter twist out of the turn before's plane, to the left
	Right               // the same, to the right
	numTwists
)

var twistWords = [numTwists]string{"start", "bend", "U", "zigzag", "twist left", "twist right"}

// String returns the twist's word as the views print it.
func (t Twist) String() string {
	if t >= numTwists {
		return fmt.Sprintf("Twist(%d)", uint8(t))
	}
	return twistWords[t]
}

// Step is one hand-level step of a folding: at cubelet Cubelet (numbered
// from 1) the chain turns by Twist, and Run cubelets follow, up to and
// including the next turn cubelet or the last cubelet.
type Step struct {
	Cubelet int
	Twist   Twist
	Run     int
}

// Next returns the number of the cubelet where the step's run ends.
func (s Step) Next() int { return s.Cubelet + s.Run }

// String writes the step as a person reads it, such as
// "cubelet 5: twist right, 2 to cubelet 7".
func (s Step) String() string {
	return fmt.Sprintf("cubelet %d: %v, %d to cubelet %d", s.Cubelet, s.Twist, s.Run, s.Next())
}

// vec is a direction as a unit vector.
func vec(d symmetry.Dir) [3]int {
	var v [3]int
	v[d.Axis()] = 1 - 2*int(d&1)
	return v
}

// dirOf returns the direction of unit vector v.
func dirOf(v [3]int) (symmetry.Dir, bool) {
	for a, c := range v {
		switch c {
		case 1:
			return symmetry.Dir(2 * a), true
		case -1:
			return symmetry.Dir(2*a + 1), true
		}
	}
	return 0, false
}

// cross returns the direction of a × b, for perpendicular a and b.
func cross(a, b symmetry.Dir) symmetry.Dir {
	u, v := vec(a), vec(b)
	d, _ := dirOf([3]int{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]})
	return d
}

// twistOf names the turn into next of a chain that runs along cur after a
// turn from prev: looking along cur, with the run before the turn (which
// points to prev's opposite) pointing up, right is cur × up = prev × cur.
func twistOf(prev, cur, next symmetry.Dir) Twist {
	switch next {
	case prev.Opposite():
		return U
	case prev:
		return Zigzag
	case cross(prev, cur):
		return Right
	}
	return Left
}

// turnTo returns the direction a twist leads to, the inverse of twistOf.
func turnTo(prev, cur symmetry.Dir, t Twist) (symmetry.Dir, bool) {
	switch t {
	case U:
		return prev.Opposite(), true
	case Zigzag:
		return prev, true
	case Right:
		return cross(prev, cur), true
	case Left:
		return cross(cur, prev), true
	}
	return 0, false
}

// Steps returns the hand-level steps of a folding with moves dirs: a Start
// step for the first run, then one step per turn cubelet. dirs must be a
// folding's moves, no move undoing the one before.
func Steps(dirs []symmetry.Dir) []Step {
	if len(dirs) == 0 {
		return nil
	}
	steps := []Step{{Cubelet: 1, Twist: Start, Run: 1}}
	var prev symmetry.Dir // the move before the last turn
	for i := 1; i < len(dirs); i++ {
		last := &steps[len(steps)-1]
		if dirs[i].Axis() == dirs[i-1].Axis() {
			last.Run++
			continue
		}
		t := Bend
		if len(steps) > 1 {
			t = twistOf(prev, dirs[i-1], dirs[i])
		}
		prev = dirs[i-1]
		steps = append(steps, Step{Cubelet: i + 1, Twist: t, Run: 1})
	}
	return steps
}

// Replay rebuilds the moves of a folding from its steps and the frame they
// are told in: first, the direction of the first run, and second, that of
// the run after the first bend (ignored when there is none). It refuses
// steps that do not chain up or that name a twist where it cannot be.
func Replay(first, second symmetry.Dir, steps []Step) ([]symmetry.Dir, error) {
	var dirs []symmetry.Dir
	var prev, cur symmetry.Dir
	for k, s := range steps {
		if s.Cubelet != len(dirs)+1 || s.Run < 1 {
			return nil, fmt.Errorf("step %d (%v) does not follow on cubelet %d", k+1, s, len(dirs)+1)
		}
		var next symmetry.Dir
		var ok bool
		switch {
		case k == 0:
			next, ok = first, s.Twist == Start
		case k == 1:
			next, ok = second, s.Twist == Bend && second.Axis() != first.Axis()
		default:
			next, ok = turnTo(prev, cur, s.Twist)
		}
		if !ok {
			return nil, fmt.Errorf("step %d (%v): no such turn there", k+1, s)
		}
		prev, cur = cur, next
		for range s.Run {
			dirs = append(dirs, next)
		}
	}
	return dirs, nil
}
