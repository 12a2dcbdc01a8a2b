package paths

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"

	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/words"
)

// WriteText writes c as "name value" lines after a comment line that says
// how they were counted; with verbose, also a line for each symmetry.
func (c *Count) WriteText(w io.Writer, verbose bool) error {
	g := len(c.Terms)
	fmt.Fprintf(w, "# %v: directed Hamiltonian paths by transfer matrix; solutions by Burnside's lemma over the %d symmetries and reversal\n", c.Box, g)
	fmt.Fprintf(w, "paths %v\nself_reverse %v\n", c.Paths, c.SelfReverse)
	if verbose {
		fmt.Fprintf(w, "# the symmetries by class (alike up to conjugation): the first, the members, and \"identity\" when they move no cell, else the directed paths each maps onto their reversal\n")
		for _, cl := range c.Classes {
			if cl.Identity {
				fmt.Fprintf(w, "class %s %d identity\n", Name(cl.Symmetry), cl.Members)
			} else {
				fmt.Fprintf(w, "class %s %d self_reverse %v\n", Name(cl.Symmetry), cl.Members, cl.SelfReverse)
			}
		}
	}
	_, err := fmt.Fprintf(w, "solutions %v\n", c.Solutions)
	return err
}

// WriteJSON writes c as one JSON object on a line:
//
//	{"box":"3x3x3","symmetries":48,"paths":4960608,"self_reverse":2976,"solutions":51704,
//	 "terms":[{"symmetry":"(x,y,z)","identity":true,"self_reverse":0},...]}
//
// The counts are JSON numbers, written in full: 4x4x4's paths exceed
// 2^53, which a float64 holds exactly, so read them as integers of
// arbitrary size (json.Number, big.Int).
func (c *Count) WriteJSON(w io.Writer) error {
	type term struct {
		Symmetry    string   `json:"symmetry"`
		Identity    bool     `json:"identity"`
		SelfReverse *big.Int `json:"self_reverse"`
	}
	out := struct {
		Box         string   `json:"box"`
		Symmetries  int      `json:"symmetries"`
		Paths       *big.Int `json:"paths"`
		SelfReverse *big.Int `json:"self_reverse"`
		Solutions   *big.Int `json:"solutions"`
		Terms       []term   `json:"terms"`
	}{Box: c.Box.String(), Symmetries: len(c.Terms), Paths: c.Paths, SelfReverse: c.SelfReverse, Solutions: c.Solutions}
	for _, t := range c.Terms {
		out.Terms = append(out.Terms, term{Name(t.Transform), t.Identity, t.SelfReverse})
	}
	return json.NewEncoder(w).Encode(out)
}

// RunLines returns a line for each transfer-matrix run of c: what it
// counted, its steps, its widest frontier and its states, and its time.
func (c Count) RunLines() []string {
	line := func(what string, s Stats) string {
		wide := ""
		if s.Wide {
			wide = ", counted again in 128 bits"
		}
		return fmt.Sprintf("%v: %s: %d steps, at most %d vertices in the frontier and %s states, %v%s",
			c.Box, what, s.Steps, s.Width, words.Thousands(s.States), cli.Elapsed(s.Time), wide)
	}
	lines := []string{line("paths", c.Stats)}
	for _, cl := range c.Classes {
		if cl.Stats.Steps > 0 {
			lines = append(lines, line("self-reverse paths of "+Name(cl.Symmetry), cl.Stats))
		}
	}
	return lines
}
