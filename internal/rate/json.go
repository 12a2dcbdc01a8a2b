package rate

import "math"

// JSON is a rating as a line of rate -format json (docs/CONVENTIONS.md
// has its schema).
type JSON struct {
	Snake     string `json:"snake"`
	Box       string `json:"box"`
	Solutions uint64 `json:"solutions"`
	Level     int    `json:"level"`
	// Difficulty and StdErr are the easier end's; Easier is the cubelet
	// it starts from.
	Difficulty *float64   `json:"difficulty"`
	StdErr     *float64   `json:"stdErr"`
	Easier     int        `json:"easier"`
	Ends       [2]EndJSON `json:"ends"`
	Scale      ScaleJSON  `json:"scale"`
}

// EndJSON is an end of a rating in [JSON].
type EndJSON struct {
	From     int      `json:"from"`
	Expected *float64 `json:"expected"`
	StdErr   float64  `json:"stdErr"`
	Attempt  float64  `json:"attempt"`
	Chance   float64  `json:"chance"`
	Exact    bool     `json:"exact"`
	Attempts int      `json:"attempts"`
	Foldings uint64   `json:"foldings"`
}

// ScaleJSON is the scale of a rating in [JSON]: what it is made of.
type ScaleJSON struct {
	Box     string `json:"box"`
	Snakes  int    `json:"snakes"`
	Sampled bool   `json:"sampled"`
}

// JSON returns the rating as a line of rate -format json: difficulty,
// stdErr and each end's expected null, level and easier 0 for a snake
// with no solution.
func (r Felt) JSON() JSON {
	j := JSON{Snake: r.Seq.String(), Box: r.Box.String(), Solutions: r.Solutions, Level: r.Level(),
		Scale: ScaleJSON{Box: r.Scale.Box.String(), Snakes: r.Scale.Snakes, Sampled: r.Scale.Sampled}}
	if r.Foldable() {
		d, s := r.Difficulty(), r.StdErr()
		j.Difficulty, j.StdErr, j.Easier = &d, &s, r.From(r.Easier())
	}
	for k, e := range r.Ends {
		j.Ends[k] = EndJSON{From: r.From(k), StdErr: e.StdErr, Attempt: e.Attempt, Chance: e.Chance, Exact: e.Exact, Attempts: e.Attempts, Foldings: e.Foldings}
		if !math.IsInf(e.Expected, 0) {
			x := e.Expected
			j.Ends[k].Expected = &x
		}
	}
	return j
}
