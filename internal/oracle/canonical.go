package oracle

import (
	"slices"
	"strings"
)

// Canonical returns the key of Hamiltonian folding f's turn sequence and
// f's canonical form: among the readings of f whose turn sequence is the
// key (f itself, f reversed, or both when the sequence is a palindrome),
// it applies every symmetry of [Group](dims) and keeps the image with the
// smallest direction list by [Rank]. Every image is built in full and
// compared; nothing is pruned. All foldings of one solution, that is equal
// up to symmetry and reversal, share one canonical form.
func Canonical(dims [3]int, f Folding) (key string, c Folding) {
	return canonical(dims, Group(dims), f)
}

func canonical(dims [3]int, group [][3][3]int, f Folding) (string, Folding) {
	s := Sequence(f)
	r := ReverseString(s)
	key := min(s, r)
	var readings []Folding
	if s == key {
		readings = append(readings, f)
	}
	if r == key {
		readings = append(readings, Reverse(f))
	}
	// Build each image in full in img and keep a copy of the smallest.
	best := Folding{Dirs: make([]int, len(f.Dirs))}
	img := Folding{Dirs: make([]int, len(f.Dirs))}
	found := false
	for _, p := range readings {
		for _, m := range group {
			img.Start = TransformCell(dims, m, p.Start)
			transformDirs(img.Dirs, m, p.Dirs)
			if !found || Compare(img, best) < 0 {
				best.Start = img.Start
				copy(best.Dirs, img.Dirs)
				found = true
			}
		}
	}
	return key, best
}

// Catalogue returns the whole catalogue of a small box by brute force: it
// canonicalises every directed Hamiltonian path and removes duplicates. It
// maps each solvable snake's key to that snake's canonical foldings (one per
// solution), sorted ascending by direction list.
func Catalogue(dims [3]int) map[string][]Folding {
	group := Group(dims)
	seen := make(map[string]map[string]Folding)
	walk(dims, func(start [3]int, dirs []int) {
		key, c := canonical(dims, group, Folding{Start: start, Dirs: dirs})
		sols := seen[key]
		if sols == nil {
			sols = make(map[string]Folding)
			seen[key] = sols
		}
		id := c.id()
		if _, ok := sols[id]; !ok {
			sols[id] = c // c.Dirs is fresh from canonical, not the walk's buffer
		}
	})
	cat := make(map[string][]Folding, len(seen))
	for key, sols := range seen {
		list := make([]Folding, 0, len(sols))
		for _, c := range sols {
			list = append(list, c)
		}
		slices.SortFunc(list, Compare)
		cat[key] = list
	}
	return cat
}

// Keys returns the keys of a catalogue in ascending order.
func Keys(cat map[string][]Folding) []string {
	keys := make([]string, 0, len(cat))
	for k := range cat {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, strings.Compare)
	return keys
}

// Count returns the number of snakes (keys) and solutions in a catalogue.
func Count(cat map[string][]Folding) (snakes, solutions int) {
	for _, sols := range cat {
		solutions += len(sols)
	}
	return len(cat), solutions
}

// id returns a compact string that identifies f, for use as a map key.
func (f Folding) id() string {
	b := make([]byte, 0, 3+len(f.Dirs))
	for _, x := range f.Start {
		b = append(b, byte(x))
	}
	for _, d := range f.Dirs {
		b = append(b, byte('0'+Rank(d)))
	}
	return string(b)
}
