package stats

import (
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestDifficulty computes the figures of difficulty of the 2x3x3
// catalogue (3x3x3 without -short) and checks them against each snake
// rated alone by a person's difficulty (rate.Feel) on the box's scale:
// every snake counted once at its level and in its range of placements,
// the easiest and hardest lists the true extremes in order, each with
// both ends and the easier one, and the JSON and CSV forms holding the
// same figures. On 3x3x3 each level holds a tenth of the catalogue, the
// scale's calibration.
func TestDifficulty(t *testing.T) {
	size := "3"
	if testing.Short() {
		size = "2x3x3"
	}
	b := symmetry.MustParseBox(size)
	data := catalogtest.File(t, size, export.FormatJSONL)
	s := compute(t, data, Options{Rate: true, Workers: 2})
	d := s.Difficulty
	if d == nil {
		t.Fatal("Compute with Rate: no figures of difficulty")
	}
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	scale, err := rate.ScaleOf(context.Background(), b, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Scale != scale {
		t.Errorf("%v: scale %+v, want %+v", b, d.Scale, scale)
	}
	var all []Rated
	var levels [rate.Levels]int
	var places []int
	for _, sn := range c.Snakes {
		f, err := rate.Feel(context.Background(), b, sn.Seq, rate.FeelOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		x := Rated{Key: sn.Seq, Solutions: len(sn.Solutions), Ends: [2]float64{f.Ends[0].Expected, f.Ends[1].Expected}}
		x.Difficulty, x.StdErr, x.Easier = x.Ends[0], f.Ends[0].StdErr, 1
		if x.Ends[1] < x.Ends[0] {
			x.Difficulty, x.StdErr, x.Easier = x.Ends[1], f.Ends[1].StdErr, sn.Seq.Len
		}
		for x.Level = 1; x.Level < rate.Levels && x.Difficulty > scale.Thresholds[x.Level-1]; x.Level++ {
		}
		all = append(all, x)
		levels[x.Level-1]++
		p := placements(x.Difficulty)
		bin := PlacementBin(0)
		k := 0
		for ; p > bin.Hi; k++ {
			bin = PlacementBin(k + 1)
		}
		if p < bin.Lo {
			t.Fatalf("%v: %d placements below bin %v", sn.Seq, p, bin)
		}
		for len(places) <= k {
			places = append(places, 0)
		}
		places[k]++
	}
	if d.Rated != len(all) || d.Levels != levels || !slices.Equal(d.Placements, places) {
		t.Errorf("%v: rated %d, levels %v, placements %v; snake by snake %d, %v, %v", b, d.Rated, d.Levels, d.Placements, len(all), levels, places)
	}
	slices.SortStableFunc(all, func(x, y Rated) int { return cmp.Compare(x.Difficulty, y.Difficulty) })
	if want := all[:min(EndsN, len(all))]; !slices.Equal(d.Easiest, want) {
		t.Errorf("%v: easiest %v, want %v", b, d.Easiest, want)
	}
	slices.SortStableFunc(all, func(x, y Rated) int { return cmp.Compare(y.Difficulty, x.Difficulty) })
	if want := all[:min(EndsN, len(all))]; !slices.Equal(d.Hardest, want) {
		t.Errorf("%v: hardest %v, want %v", b, d.Hardest, want)
	}
	if size == "3" {
		for l, n := range d.Levels {
			if lo, hi := len(all)/10-1, len(all)/10+2; n < lo || n > hi {
				t.Errorf("3x3x3: level %d holds %d snakes, want a tenth of %d", l+1, n, len(all))
			}
		}
	}

	var buf bytes.Buffer
	if err := s.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var j jsonStats
	if err := json.Unmarshal(buf.Bytes(), &j); err != nil || j.Difficulty == nil || j.Difficulty.Rated != d.Rated || len(j.Difficulty.Hardest) != len(d.Hardest) ||
		j.Difficulty.Hardest[0].Difficulty != d.Hardest[0].Difficulty || j.Difficulty.Hardest[0].Easier != d.Hardest[0].Easier ||
		len(j.Difficulty.Hardest[0].Ends) != 2 || j.Difficulty.Hardest[0].Ends[1].Expected != d.Hardest[0].Ends[1] || j.Difficulty.Scale.Snakes != scale.Snakes {
		t.Errorf("WriteJSON: %v, difficulty %+v", err, j.Difficulty)
	}
	buf.Reset()
	if err := s.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, r := range recs {
		n[r[0]]++
	}
	if n["easiest"] != len(d.Easiest) || n["hardest"] != len(d.Hardest) || n["placements"] == 0 || n["levels"] == 0 {
		t.Errorf("WriteCSV: records per table %v", n)
	}
	buf.Reset()
	if err := s.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "easiest snakes:") || !strings.Contains(buf.String(), d.Hardest[0].Key.String()) {
		t.Errorf("WriteText: no easiest or hardest snakes:\n%s", buf.String())
	}
	if s := compute(t, data, Options{}); s.Difficulty != nil {
		t.Errorf("Compute without Rate: figures of difficulty")
	}
}
