package design

import "github.com/snakecube/snakecube/symmetry"

// JSON is a designed snake as a line of design -format json
// (docs/CONVENTIONS.md has its schema).
type JSON struct {
	Snake      string   `json:"snake"`
	Box        string   `json:"box"`
	Solutions  uint64   `json:"solutions"`
	Draw       int      `json:"draw"`
	Runs       []int    `json:"runs"`
	Letters    string   `json:"letters"`
	Level      int      `json:"level,omitempty"`
	Difficulty *float64 `json:"difficulty,omitempty"`
	Easier     int      `json:"easier,omitempty"`
}

// JSON returns snake s of box b as a line of design -format json: level,
// difficulty and easier, the cubelet of the easier end, only when it was
// rated.
func (s Snake) JSON(b symmetry.Box) JSON {
	j := JSON{Snake: s.Key.String(), Box: b.String(), Solutions: s.Solutions, Draw: s.Draw, Runs: Runs(s.Key), Letters: Letters(s.Key)}
	if s.Rating != nil {
		d := s.Rating.Difficulty()
		j.Level, j.Difficulty, j.Easier = s.Rating.Level(), &d, s.Rating.From(s.Rating.Easier())
	}
	return j
}
