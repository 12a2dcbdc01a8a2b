package symmetry

// Neighbours holds which cells of a box touch which, by index and as
// sets of cells (bit c for cell c), for the searches that walk a box
// cell by cell.
type Neighbours struct {
	// Nb[c][d] is the neighbour of cell c in direction d, -1 where that
	// lies outside the box.
	Nb [MaxCells][NumDirs]int8
	// Around[c] holds the neighbours of cell c; Ahead[c][d] the one in
	// direction d, if any; Across[c][a] those that are not along axis a.
	Around [MaxCells]uint64
	Ahead  [MaxCells][NumDirs]uint64
	Across [MaxCells][3]uint64
}

// Neighbours returns the neighbour tables of box b.
func (b Box) Neighbours() *Neighbours {
	nb := new(Neighbours)
	for c := range b.Len() {
		p := b.Coord(c)
		for d := range Dir(NumDirs) {
			nb.Nb[c][d] = -1
			q := b.Step(p, d)
			if !b.Contains(q) {
				continue
			}
			e := b.Index(q)
			nb.Nb[c][d] = int8(e)
			nb.Around[c] |= 1 << e
			nb.Ahead[c][d] = 1 << e
			for a := range 3 {
				if a != d.Axis() {
					nb.Across[c][a] |= 1 << e
				}
			}
		}
	}
	return nb
}
