package stats

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// The JSON form of Stats: the wire contract of stats -format json,
// described in the package documentation.
type (
	jsonStats struct {
		Box                    string      `json:"box"`
		Convention             string      `json:"convention"`
		CellClasses            string      `json:"cellClasses"`
		Snakes                 int         `json:"snakes"`
		Solutions              int         `json:"solutions"`
		Skimmed                bool        `json:"skimmed,omitempty"`
		Duplicates             *int        `json:"duplicates,omitempty"`
		Palindromes            int         `json:"palindromes"`
		PalindromeSolutions    int         `json:"palindromeSolutions"`
		OneSolution            int         `json:"oneSolutionSnakes"`
		Most                   jsonMost    `json:"most"`
		Straights              jsonRange   `json:"straights"`
		Histogram              []jsonBar   `json:"histogram"`
		ByStraights            []jsonCell  `json:"byStraights"`
		PalindromesByStraights []jsonCell  `json:"palindromesByStraights"`
		Ends                   *[]jsonEnds `json:"ends,omitempty"`
		Top                    []jsonSnake `json:"top"`
		Difficulty             *jsonDiff   `json:"difficulty,omitempty"`
	}
	jsonDiff struct {
		Scale      jsonScale   `json:"scale"`
		Rated      int         `json:"rated"`
		Levels     []jsonLevel `json:"levels"`
		Placements []jsonPlace `json:"placements"`
		Easiest    []jsonRated `json:"easiest"`
		Hardest    []jsonRated `json:"hardest"`
	}
	jsonLevel struct {
		Level  int `json:"level"`
		Snakes int `json:"snakes"`
	}
	jsonPlace struct {
		Lo     int `json:"lo"`
		Hi     int `json:"hi"`
		Snakes int `json:"snakes"`
	}
	jsonScale struct {
		Box     string `json:"box"`
		Snakes  int    `json:"snakes"`
		Sampled bool   `json:"sampled"`
	}
	jsonRated struct {
		Snake      string    `json:"snake"`
		Solutions  int       `json:"solutions"`
		Difficulty float64   `json:"difficulty"`
		StdErr     float64   `json:"stdErr"`
		Level      int       `json:"level"`
		Easier     int       `json:"easier"`
		Ends       []jsonEnd `json:"ends"`
	}
	jsonEnd struct {
		From     int     `json:"from"`
		Expected float64 `json:"expected"`
	}
	jsonMost struct {
		Solutions int      `json:"solutions"`
		Snakes    []string `json:"snakes"`
	}
	jsonRange struct {
		Min int `json:"min"`
		Max int `json:"max"`
	}
	jsonBar struct {
		Solutions int `json:"solutions"`
		Snakes    int `json:"snakes"`
	}
	jsonCell struct {
		Straights int `json:"straights"`
		Solutions int `json:"solutions"`
		Snakes    int `json:"snakes"`
	}
	jsonEnds struct {
		First     string `json:"first"`
		Last      string `json:"last"`
		Solutions int    `json:"solutions"`
	}
	jsonSnake struct {
		Snake      string `json:"snake"`
		Solutions  int    `json:"solutions"`
		Straights  int    `json:"straights"`
		Palindrome bool   `json:"palindrome"`
	}
)

func (s *Stats) json() jsonStats {
	j := jsonStats{
		Box:                    s.Box.String(),
		Convention:             Convention,
		CellClasses:            CellClasses,
		Snakes:                 s.Snakes,
		Solutions:              s.Solutions,
		Skimmed:                s.Skimmed,
		Palindromes:            s.Palindromes,
		PalindromeSolutions:    s.PalindromeSolutions,
		OneSolution:            s.OneSolution(),
		Most:                   jsonMost{Solutions: s.Most, Snakes: []string{}},
		Straights:              jsonRange{s.MinStraights, s.MaxStraights},
		Histogram:              []jsonBar{},
		ByStraights:            cells(s.ByStraights),
		PalindromesByStraights: cells(s.PalindromesByStraights),
		Top:                    []jsonSnake{},
	}
	if !s.Skimmed {
		ends := []jsonEnds{}
		for a := range Class(NumClasses) {
			for b := range Class(NumClasses) {
				if c := s.Ends[a][b]; c > 0 {
					ends = append(ends, jsonEnds{a.String(), b.String(), c})
				}
			}
		}
		j.Duplicates, j.Ends = &s.Duplicates, &ends
	}
	for _, k := range s.MostSnakes {
		j.Most.Snakes = append(j.Most.Snakes, k.String())
	}
	for n, c := range s.Histogram {
		if c > 0 {
			j.Histogram = append(j.Histogram, jsonBar{n, c})
		}
	}
	for _, t := range s.Top {
		j.Top = append(j.Top, jsonSnake{t.Key.String(), t.Solutions, t.Key.Straights(), t.Key.Palindrome()})
	}
	if d := s.Difficulty; d != nil {
		jd := &jsonDiff{Scale: jsonScale{d.Scale.Box.String(), d.Scale.Snakes, d.Scale.Sampled}, Rated: d.Rated, Levels: []jsonLevel{}, Placements: []jsonPlace{}}
		for l, n := range d.Levels {
			if n > 0 {
				jd.Levels = append(jd.Levels, jsonLevel{l + 1, n})
			}
		}
		for k, n := range d.Placements {
			if n > 0 {
				b := PlacementBin(k)
				jd.Placements = append(jd.Placements, jsonPlace{b.Lo, b.Hi, n})
			}
		}
		jd.Easiest, jd.Hardest = rateds(d.Easiest), rateds(d.Hardest)
		j.Difficulty = jd
	}
	return j
}

// rateds lists rated snakes.
func rateds(list []Rated) []jsonRated {
	out := []jsonRated{}
	for _, x := range list {
		ends := []jsonEnd{{1, x.Ends[0]}, {x.Key.Len, x.Ends[1]}}
		out = append(out, jsonRated{x.Key.String(), x.Solutions, x.Difficulty, x.StdErr, x.Level, x.Easier, ends})
	}
	return out
}

// cells lists the nonzero entries of a table by straights and solutions.
func cells(t [][]int) []jsonCell {
	out := []jsonCell{}
	for k, row := range t {
		for n, c := range row {
			if c > 0 {
				out = append(out, jsonCell{k, n, c})
			}
		}
	}
	return out
}

// WriteJSON writes the figures as one JSON object, indented.
func (s *Stats) WriteJSON(w io.Writer) error {
	p, err := json.MarshalIndent(s.json(), "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(p, '\n'))
	return err
}

// WriteCSV writes the figures as CSV in long form, one value a record:
// table,row,column,value.
func (s *Stats) WriteCSV(w io.Writer) error {
	j := s.json()
	cw := csv.NewWriter(w)
	rec := func(table, row, col string, v any) { cw.Write([]string{table, row, col, fmt.Sprint(v)}) }
	itoa := strconv.Itoa
	rec("table", "row", "column", "value")
	var dups any // left out when not counted
	if j.Duplicates != nil {
		dups = *j.Duplicates
	}
	for _, f := range []struct {
		name  string
		value any
	}{
		{"box", j.Box},
		{"convention", j.Convention},
		{"cell_classes", j.CellClasses},
		{"snakes", j.Snakes},
		{"solutions", j.Solutions},
		{"duplicates", dups},
		{"palindromes", j.Palindromes},
		{"palindrome_solutions", j.PalindromeSolutions},
		{"one_solution_snakes", j.OneSolution},
		{"most_solutions", j.Most.Solutions},
		{"min_straights", j.Straights.Min},
		{"max_straights", j.Straights.Max},
	} {
		if f.value != nil {
			rec("summary", f.name, "", f.value)
		}
	}
	for _, k := range j.Most.Snakes {
		rec("most", k, "", j.Most.Solutions)
	}
	for _, b := range j.Histogram {
		rec("histogram", itoa(b.Solutions), "", b.Snakes)
	}
	for _, c := range j.ByStraights {
		rec("by_straights", itoa(c.Straights), itoa(c.Solutions), c.Snakes)
	}
	for _, c := range j.PalindromesByStraights {
		rec("palindromes_by_straights", itoa(c.Straights), itoa(c.Solutions), c.Snakes)
	}
	for _, e := range ends(j) {
		rec("ends", e.First, e.Last, e.Solutions)
	}
	for i, t := range j.Top {
		rec("top", itoa(i+1), t.Snake, t.Solutions)
	}
	if d := j.Difficulty; d != nil {
		rec("summary", "rated", "", d.Rated)
		rec("summary", "scale_box", "", d.Scale.Box)
		rec("summary", "scale_snakes", "", d.Scale.Snakes)
		rec("summary", "scale_sampled", "", d.Scale.Sampled)
		for _, l := range d.Levels {
			rec("levels", itoa(l.Level), "", l.Snakes)
		}
		for _, p := range d.Placements {
			rec("placements", Bin{p.Lo, p.Hi}.String(), "", p.Snakes)
		}
		for i, x := range d.Easiest {
			rec("easiest", itoa(i+1), x.Snake, strconv.FormatFloat(x.Difficulty, 'g', -1, 64))
		}
		for i, x := range d.Hardest {
			rec("hardest", itoa(i+1), x.Snake, strconv.FormatFloat(x.Difficulty, 'g', -1, 64))
		}
	}
	cw.Flush()
	return cw.Error()
}

// ends returns the table of ends of j, empty when not counted.
func ends(j jsonStats) []jsonEnds {
	if j.Ends == nil {
		return nil
	}
	return *j.Ends
}
