package fold

import (
	"fmt"
	"strings"

	"github.com/snakecube/snakecube/symmetry"
)

// Difference is where some solutions of a snake differ when they share
// most of the folding: a person told that a snake has several solutions,
// or who read that it has one, learns that some are one folding but for
// a few cubelets.
//
// Two solutions are compared with the second turned by the symmetry of
// the box that puts the most of its cubelets in the same cells as the
// first's (the first such symmetry in [symmetry.Box.Group]'s order when
// several do); a cubelet differs when it then lies in another cell.
// [Differ] groups the solutions, in order: each joins the first group
// whose first solution it so differs from, together with the group's
// other solutions, in at most half the snake's cubelets, from the first
// that differs to the last; else it starts a group of its own.
type Difference struct {
	// Solutions are the group's solutions, numbered from 1, in order;
	// All is how many solutions were compared.
	Solutions []int
	All       int
	// First and Last are the first and the last cubelet, counted from 1,
	// that differs between the group's first solution and any other:
	// every cubelet before First and after Last lies in the same cell in
	// each of them, once turned alike.
	First, Last int
	// Cubelets is the snake's length.
	Cubelets int
}

// Differ returns the groups of two or more of the solutions, foldings of
// one snake in box b, that share most of the folding, and where each
// differs (see [Difference]). Solutions that are not all foldings of one
// length in b give none.
func Differ(b symmetry.Box, sols [][]symmetry.Dir) []Difference {
	if len(sols) < 2 {
		return nil
	}
	cells := make([][][3]int, len(sols))
	for i, dirs := range sols {
		start, ok := b.Start(dirs)
		if !ok {
			return nil
		}
		c, err := b.Cells(start, dirs)
		if err != nil || i > 0 && len(c) != len(cells[0]) {
			return nil
		}
		cells[i] = c
	}
	n := len(cells[0])
	group := b.Group()
	type cluster struct {
		sols    []int
		differs []bool
	}
	var cs []cluster
	for j, c := range cells {
		joined := false
		for i := range cs {
			diff := align(b, group, cells[cs[i].sols[0]], c)
			for k, x := range cs[i].differs {
				diff[k] = diff[k] || x
			}
			if first, last := span(diff); 2*(last-first+1) <= n {
				cs[i].sols = append(cs[i].sols, j)
				cs[i].differs = diff
				joined = true
				break
			}
		}
		if !joined {
			cs = append(cs, cluster{sols: []int{j}, differs: make([]bool, n)})
		}
	}
	var out []Difference
	for _, c := range cs {
		if len(c.sols) < 2 {
			continue
		}
		d := Difference{All: len(sols), Cubelets: n}
		for _, j := range c.sols {
			d.Solutions = append(d.Solutions, j+1)
		}
		d.First, d.Last = span(c.differs)
		d.First++
		d.Last++
		out = append(out, d)
	}
	return out
}

// align returns the cubelets of folding c that lie in other cells than
// in folding ref, with c turned by the symmetry of group that puts the
// most of them in the same cells.
func align(b symmetry.Box, group []symmetry.Transform, ref, c [][3]int) []bool {
	var best []bool
	bestSame := -1
	for _, g := range group {
		same, diff := 0, make([]bool, len(c))
		for k, p := range c {
			if g.Cell(b, p) == ref[k] {
				same++
			} else {
				diff[k] = true
			}
		}
		if same > bestSame {
			best, bestSame = diff, same
		}
	}
	return best
}

// span returns the first and the last index set in diff, from 0; first
// is len(diff) and last -1 when none is.
func span(diff []bool) (first, last int) {
	first, last = len(diff), -1
	for k, x := range diff {
		if x {
			first, last = min(first, k), k
		}
	}
	return first, last
}

// String says where the solutions differ: "the 4 solutions differ only
// in cubelets 36 to 41", "solutions 1 and 2 differ only in cubelets 52
// to 56".
func (d Difference) String() string {
	what := fmt.Sprintf("cubelets %d to %d", d.First, d.Last)
	if d.First == d.Last {
		what = fmt.Sprintf("cubelet %d", d.First)
	}
	who := fmt.Sprintf("the %d solutions", d.All)
	if len(d.Solutions) < d.All {
		nums := make([]string, len(d.Solutions))
		for i, s := range d.Solutions {
			nums[i] = fmt.Sprint(s)
		}
		who = "solutions " + strings.Join(nums[:len(nums)-1], ", ") + " and " + nums[len(nums)-1]
	}
	return fmt.Sprintf("%s differ only in %s: every other cubelet lies in the same cell in each, once turned alike", who, what)
}

// Differences says, in a sentence for each, where groups of the
// solutions differ (see [Differ]); "" when none share most of the
// folding.
func Differences(b symmetry.Box, sols [][]symmetry.Dir) string {
	var s []string
	for _, d := range Differ(b, sols) {
		s = append(s, d.String())
	}
	return strings.Join(s, "; ")
}

// Differences says where the snake's solutions that share most of the
// folding differ, as [Differences] does; of a snake whose solutions are
// cut, it compares those held, and numbers them so.
func (s Snake) Differences() string {
	var out []string
	for _, d := range Differ(s.Box, s.Solutions) {
		if s.cut() {
			d.All = int(s.Total)
		}
		out = append(out, d.String())
	}
	return strings.Join(out, "; ")
}
