package rate

// JSON is a rating as a line of rate -format json (docs/CONVENTIONS.md
// has its schema).
type JSON struct {
	Snake       string    `json:"snake"`
	Box         string    `json:"box"`
	Solutions   uint64    `json:"solutions"`
	Level       int       `json:"level"`
	Difficulty  *float64  `json:"difficulty"`
	ForcedShare *float64  `json:"forcedShare"`
	Ends        []EndJSON `json:"ends"`
}

// EndJSON is an end of a rating in [JSON].
type EndJSON struct {
	From           int      `json:"from"`
	Expected       *float64 `json:"expected"`
	ExpectedForced *float64 `json:"expectedForced"`
	TreeNodes      uint64   `json:"treeNodes"`
	ForcedNodes    uint64   `json:"forcedNodes"`
	Foldings       uint64   `json:"foldings"`
}

// JSON returns the rating as a line of rate -format json, for a snake of
// the given number of solutions: difficulty, forcedShare and each end's
// expected figures null and level 0 for a snake with no solution.
func (r Rating) JSON(solutions uint64) JSON {
	j := JSON{Snake: r.Seq.String(), Box: r.Box.String(), Solutions: solutions, Level: r.Level()}
	if r.Foldable() {
		d, s := r.Difficulty(), r.ForcedShare()
		j.Difficulty, j.ForcedShare = &d, &s
	}
	for k, end := range r.Ends {
		ej := EndJSON{From: 1, TreeNodes: end.Nodes, ForcedNodes: end.Forced, Foldings: end.Foldings}
		if k == 1 {
			ej.From = r.Seq.Len
		}
		if r.Foldable() {
			e, f := end.Expected, end.ExpectedForced
			ej.Expected, ej.ExpectedForced = &e, &f
		}
		j.Ends = append(j.Ends, ej)
	}
	return j
}
