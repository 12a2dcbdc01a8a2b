package rate

import (
	"bytes"
	"context"
	"fmt"
	"go/format"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/snakecube/snakecube/internal/walk"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/solver/sequencer"
	"github.com/snakecube/snakecube/symmetry"
)

//go:generate go run ./calibrate -box 3x3x3 -box 4x4x4 -o boxscale_table.go

// CatalogueCells is the largest box whose scale is made of its whole
// catalogue; a bigger box's is made of SampleDraws snakes drawn at
// random.
const CatalogueCells = 27

// SampleDraws is how many snakes a bigger box's scale is made of: draws
// 0 to SampleDraws-1 of seed SampleSeed of the backbite walk
// ([walk.Draw]).
const SampleDraws = 100

// SampleSeed is the seed of the draws of a box's sample.
const SampleSeed = 1

// BoxScale is a box's 1 to 10 scale of a person's difficulty ([Feel]):
// the deciles of the difficulties of the box's foldable snakes, the
// whole catalogue or a sample drawn uniformly.
type BoxScale struct {
	Box symmetry.Box
	// Snakes is how many snakes the scale is made of; Sampled reports
	// whether they were drawn (SampleDraws draws) rather than the whole
	// catalogue.
	Snakes  int
	Sampled bool
	// Thresholds are the difficulties between one level and the next:
	// a snake is at level k+1 when its difficulty exceeds Thresholds[k-1]
	// and not Thresholds[k]. Each lies between the difficulties of two
	// snakes next to each other in order, Near[k].
	Thresholds [Levels - 1]float64
	// Near[k] are the snakes on either side of Thresholds[k], which
	// TestBoxScaleTable rates again.
	Near [Levels - 1][2]Point
	// Easiest and Hardest are the snakes of least and greatest
	// difficulty (the first drawn or in key order, for a tie).
	Easiest, Hardest Point
}

// Point is a snake, as its key, and its difficulty.
type Point struct {
	Key        string
	Difficulty float64
}

// Level returns the level of difficulty d on the box's scale: 1 and the
// number of its thresholds that d exceeds.
func (s BoxScale) Level(d float64) int {
	l := 1
	for _, t := range s.Thresholds {
		if d > t {
			l++
		}
	}
	return l
}

// boxScales holds the scales made in this process, by box.
var boxScales struct {
	sync.Mutex
	of map[symmetry.Box]BoxScale
}

// ScaleOf returns box b's scale: the committed table's for a box in it
// (boxscale_table.go), else one made now by [CalibrateBox] on up to
// workers goroutines, once a process.
func ScaleOf(ctx context.Context, b symmetry.Box, workers int, progress func(done, total int)) (BoxScale, error) {
	for _, s := range boxScaleTable {
		if s.Box == b {
			return s, nil
		}
	}
	boxScales.Lock()
	defer boxScales.Unlock()
	if s, ok := boxScales.of[b]; ok {
		return s, nil
	}
	s, err := CalibrateBox(ctx, b, workers, progress)
	if err != nil {
		return BoxScale{}, err
	}
	if boxScales.of == nil {
		boxScales.of = map[symmetry.Box]BoxScale{}
	}
	boxScales.of[b] = s
	return s, nil
}

// CalibrateBox makes box b's scale on up to workers goroutines (0 means
// every core), calling progress after each snake rated: from every
// snake of its catalogue when it has at most CatalogueCells cells, else
// from SampleDraws snakes drawn by the backbite walk, each weighed by
// one over the number of directed foldings that read as it, which the
// walk draws with equal chances: a uniform sample of the box's foldable
// snakes.
func CalibrateBox(ctx context.Context, b symmetry.Box, workers int, progress func(done, total int)) (BoxScale, error) {
	var keys []solver.Seq
	sampled := b.Len() > CatalogueCells
	if sampled {
		for k := range SampleDraws {
			q, _ := walk.Draw(b, SampleSeed, k)
			keys = append(keys, q)
		}
	} else {
		c, err := solver.Enumerate(ctx, b, solver.Options{Workers: workers})
		if err != nil {
			return BoxScale{}, err
		}
		for _, s := range c.Snakes {
			keys = append(keys, s.Seq)
		}
	}
	if len(keys) == 0 {
		return BoxScale{}, fmt.Errorf("the %v box has no snake that folds", b)
	}
	d := make([]float64, len(keys))
	w := make([]float64, len(keys))
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	done := 0
	err := sequencer.RunAhead(ctx, len(keys), workers, 64*workers, func(ctx context.Context, k int) (Feeling, error) {
		return Feel(ctx, b, keys[k], FeelOptions{Workers: 1})
	}, func(k int, f Feeling) error {
		d[k], w[k] = f.Difficulty(), 1
		if sampled {
			paths := float64(f.Ends[0].Foldings)
			if !keys[k].Palindrome() {
				paths *= 2
			}
			w[k] = 1 / paths
		}
		done++
		if progress != nil {
			progress(done, len(keys))
		}
		return nil
	})
	if err != nil {
		return BoxScale{}, err
	}
	s := cut(keys, d, w)
	s.Box, s.Sampled = b, sampled
	return s, nil
}

// cut cuts the difficulties d of snakes keys, of weights w, at their
// deciles: threshold k lies above the fewest easiest snakes that weigh
// (k+1)/10 of the whole or more, and below the rest; a tie goes up.
func cut(keys []solver.Seq, d, w []float64) BoxScale {
	s := BoxScale{Snakes: len(d)}
	idx := make([]int, len(d))
	for k := range idx {
		idx[k] = k
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if d[a] != d[b] {
			return cmpFloat(d[a], d[b])
		}
		return strings.Compare(keys[a].String(), keys[b].String())
	})
	point := func(k int) Point { return Point{keys[k].String(), d[k]} }
	s.Easiest, s.Hardest = point(idx[0]), point(idx[len(idx)-1])
	var total float64
	for _, k := range idx {
		total += w[k]
	}
	sum, r := 0.0, 0
	for t := range s.Thresholds {
		goal := float64(t+1) * total / Levels
		for r < len(idx)-1 && (sum+w[idx[r]] < goal*(1-1e-12) || d[idx[r]] == d[idx[r+1]]) {
			sum += w[idx[r]]
			r++
		}
		lo, hi := idx[r], idx[min(r+1, len(idx)-1)]
		s.Near[t] = [2]Point{point(lo), point(hi)}
		if d[hi] > d[lo] {
			s.Thresholds[t] = between(d[lo], d[hi])
		} else {
			s.Thresholds[t] = d[lo]
		}
	}
	return s
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// BoxScalesSource returns the Go file that holds scales, as go generate
// writes it (boxscale_table.go).
func BoxScalesSource(scales []BoxScale) []byte {
	var b bytes.Buffer
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	fmt.Fprintf(&b, "// Code generated by \"go run ./calibrate\"; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package rate\n\n")
	fmt.Fprintf(&b, "import \"github.com/snakecube/snakecube/symmetry\"\n\n")
	fmt.Fprintf(&b, "// boxScaleTable holds the scales of the boxes whose scale takes long\n")
	fmt.Fprintf(&b, "// to make: the deciles of a person's difficulties of\n")
	for k, s := range scales {
		sep := ";"
		if k == len(scales)-1 {
			sep = "."
		}
		if s.Sampled {
			fmt.Fprintf(&b, "// %s snakes of the %v box drawn at random%s\n", words.Thousands(s.Snakes), s.Box, sep)
		} else {
			fmt.Fprintf(&b, "// the %s snakes of the %v catalogue%s\n", words.Thousands(s.Snakes), s.Box, sep)
		}
	}
	fmt.Fprintf(&b, "var boxScaleTable = []BoxScale{\n")
	for _, s := range scales {
		fmt.Fprintf(&b, "{\nBox: symmetry.Box{Size: [3]int{%d, %d, %d}},\n", s.Box.Size[0], s.Box.Size[1], s.Box.Size[2])
		fmt.Fprintf(&b, "Snakes: %d,\nSampled: %v,\n", s.Snakes, s.Sampled)
		fmt.Fprintf(&b, "Thresholds: [Levels - 1]float64{")
		for k, t := range s.Thresholds {
			if k > 0 {
				b.WriteString(", ")
			}
			b.WriteString(g(t))
		}
		fmt.Fprintf(&b, "},\nNear: [Levels - 1][2]Point{\n")
		for _, n := range s.Near {
			fmt.Fprintf(&b, "{{%q, %s}, {%q, %s}},\n", n[0].Key, g(n[0].Difficulty), n[1].Key, g(n[1].Difficulty))
		}
		fmt.Fprintf(&b, "},\nEasiest: Point{%q, %s},\nHardest: Point{%q, %s},\n},\n", s.Easiest.Key, g(s.Easiest.Difficulty), s.Hardest.Key, g(s.Hardest.Difficulty))
	}
	fmt.Fprintf(&b, "}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		panic(err) // the code above writes Go
	}
	return src
}
