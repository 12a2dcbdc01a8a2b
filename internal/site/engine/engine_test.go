package engine_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/site/engine"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Snakes the tests solve: the classic shop snake, in letters, and the
// 4x4x4 shop snake, in the F/T notation, which also reads as another
// snake.
const (
	classic     = "ESCCCSCCSCCCSCSCCCCSCSCSCSE"
	classicSeq  = "001110110111010111101010100"
	shop4       = "F,F,T,T,F,T,T,T,F,F,T,T,F,T,T,F,T,T,F,T,T,T,T,T,T,T,T,T,F,T,F,T,T,T,T,T,T,F,T,F,F,T,T,T,T,F,F,T,T,F,T,T,T,T,T,T,T,T,T,T,F,F,T"
	shop4Seq    = "0011011100110110110111111111010111111010011110011011111111110010"
	oneOff      = "001010110111010111101010100" // the classic snake with cubelet 4 straight
	miscounted  = "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,2"
	unreadable  = "0011101101110101111010101x0"
	readCaret   = unreadable + "\n                         ^"
	lengthError = "26 cubelets read as lengths, 43 read as moves or 42 read as once: length not allowed; snakes of 8, 27 and 64 cubelets fold into 2x2x2, 3x3x3 and 4x4x4: use the size field, such as 2x3x4, for another box"
)

// plain fails unless v is made of the values that syscall/js.ValueOf
// converts, as the bridge hands answers to JavaScript as they are.
func plain(t *testing.T, where string, v any) {
	t.Helper()
	switch v := v.(type) {
	case nil, bool, string, int, uint64, float64:
	case []any:
		for i, x := range v {
			plain(t, fmt.Sprintf("%s[%d]", where, i), x)
		}
	case map[string]any:
		for k, x := range v {
			plain(t, where+"."+k, x)
		}
	default:
		t.Errorf("%s is a %T, which syscall/js cannot convert", where, v)
	}
}

func lines(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func count(t *testing.T, size, seq string) uint64 {
	t.Helper()
	b, err := symmetry.ParseBox(size)
	if err != nil {
		t.Fatal(err)
	}
	q, err := solver.ParseSeq(seq)
	if err != nil {
		t.Fatal(err)
	}
	c, err := solver.CountSolutions(context.Background(), b, q, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c.Solutions
}

func TestSolve(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name, text, size, notation string
		seq, box                   string
		notes                      bool // the answer says how the text was read
	}{
		{"classic", classic, "", "", classicSeq, "3x3x3", false},
		{"classic sized", classicSeq, "3", "cubelets", classicSeq, "3x3x3", false},
		{"4x4x4", shop4, "", "", shop4Seq, "4x4x4", true},
		{"flat", "0001001001010110", "1x4x4", "", "0001001001010110", "1x4x4", false},
		{"2x3x4", "011011111111111111111110", "2x3x4", "", "011011111111111111111110", "2x3x4", false},
		{"no solution", oneOff, "", "", oneOff, "3x3x3", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var s engine.Session
			a, err := s.Solve(ctx, c.text, c.size, c.notation)
			if err != nil {
				t.Fatal(err)
			}
			plain(t, "Solve", a)
			if a["error"] != nil {
				t.Fatalf("Solve(%q) = error %q", c.text, a["error"])
			}
			if a["snake"] != c.seq || a["box"] != c.box {
				t.Errorf("Solve(%q) reads snake %v in box %v, want %s in %s", c.text, a["snake"], a["box"], c.seq, c.box)
			}
			if got := len(lines(a["notes"])) > 0; got != c.notes {
				t.Errorf("Solve(%q) has notes %q", c.text, a["notes"])
			}
			want := count(t, c.box, c.seq)
			total := a["total"].(uint64)
			if total != want {
				t.Errorf("Solve(%q): total %d, want %d as CountSolutions counts", c.text, total, want)
			}
			data := a["data"].(map[string]any)
			snake := data["snakes"].([]any)[0].(map[string]any)
			sols := snake["solutions"].([]any)
			if n := min(want, engine.MaxShown); a["shown"] != int(n) || len(sols) != int(n) {
				t.Errorf("Solve(%q): %v shown and %d in the player's data, want %d", c.text, a["shown"], len(sols), n)
			}
			if snake["key"] != c.seq {
				t.Errorf("Solve(%q): the player's data names snake %v", c.text, snake["key"])
			}
			adv, err := s.Advise(ctx)
			if err != nil {
				t.Fatal(err)
			}
			plain(t, "Advise", adv)
			help := lines(adv["lines"])
			if (want == 0) != (len(help) > 0) {
				t.Errorf("Advise after Solve(%q), %d solutions: %q", c.text, want, help)
			}
			sheet, err := s.Sheet(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(sheet, "<svg") || !strings.Contains(sheet, "snake "+c.seq) {
				t.Errorf("Sheet after Solve(%q) starts %.80q, without the snake", c.text, sheet)
			}
			if want > 0 && !strings.Contains(sheet, fmt.Sprintf("solution 1 of %d", want)) {
				t.Errorf("Sheet after Solve(%q) draws no solution 1 of %d", c.text, want)
			}
		})
	}
}

// TestHelp checks that a snake of no solution and texts that are no
// snake get the help and the messages snakecube solve gives them.
func TestHelp(t *testing.T) {
	ctx := context.Background()
	var s engine.Session
	a, err := s.Solve(ctx, oneOff, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if a["total"] != uint64(0) {
		t.Fatalf("Solve(%q): total %v, want 0", oneOff, a["total"])
	}
	adv, err := s.Advise(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := "  cubelet 4 as a turn, not a straight: " + classicSeq + ", 1 solution"
	if help := lines(adv["lines"]); len(help) < 2 || help[0] != "one cubelet off, it would fold:" || help[1] != want {
		t.Errorf("Advise for %s = %q, want the snake one cubelet away, %q", oneOff, help, want)
	}

	// Read as asked, no solution; read as the other notation of its
	// letters, the classic snake.
	after := "S,T,S,T,S,T,S,T,T,T,T,S,T,S,T,T,T,S,T,T,S,T,T,T,S,S"
	if _, err := s.Solve(ctx, after, "", "before"); err != nil {
		t.Fatal(err)
	}
	if adv, err = s.Advise(ctx); err != nil {
		t.Fatal(err)
	}
	want = "read as before it has no solution; as after (a letter per move, the first end left out), 001010101111010111011011100, it has 1 solution"
	if help := lines(adv["lines"]); !slices.Contains(help, want) {
		t.Errorf("Advise for %s read as before = %q, want the reading that folds, %q", after, help, want)
	}

	for _, c := range []struct {
		name, text, size, notation string
		msg, caret                 string
		fixes                      []string
	}{
		{"typo", unreadable, "", "", "column 26: '0' and 'x' belong to no one pair of letters (0/1, -/o, -/., I/X, S/T, S/E, F/T, S/B, S/C)", readCaret, nil},
		{"miscounted", miscounted, "", "", lengthError, "", []string{
			"one run miscounted? With a single run one cubelet longer or shorter, it would fold:",
			"  run 17 as 3, not 2: " + classicSeq + ", 3x3x3 box, 1 solution"}},
		{"long", strings.Repeat("<b>0</b>", 10000), "", "", "80000 bytes, more than any snake takes (65536)", "", nil},
		{"empty", "", "", "", "empty snake", "", nil},
		{"notation", classic, "", "<script>", `notation: unknown notation "<script>" (want auto, cubelets, after, before, esc, slash, lengths, moves, once, folding or shape)`, "", nil},
		{"size", classic, "3x3", "", `size: invalid box: "3x3": want N or AxBxC`, "", nil},
		{"long size", classic, strings.Repeat("9", 100), "", "size: 100 characters, want N or AxBxC", "", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, err := s.Solve(ctx, c.text, c.size, c.notation)
			if err != nil {
				t.Fatal(err)
			}
			plain(t, "Solve", a)
			if a["error"] != c.msg {
				t.Errorf("Solve(%.40q) = error %q, want %q", c.text, a["error"], c.msg)
			}
			if a["caret"] != c.caret {
				t.Errorf("Solve(%.40q): caret %q, want %q", c.text, a["caret"], c.caret)
			}
			if got := lines(a["fixes"]); strings.Join(got, "\n") != strings.Join(c.fixes, "\n") {
				t.Errorf("Solve(%.40q): fixes %q, want %q", c.text, got, c.fixes)
			}
			if sheet, _ := s.Sheet(ctx); sheet != "" {
				t.Errorf("Sheet after a text that is no snake = %.40q, want none", sheet)
			}
		})
	}
}

// TestDiffer: the answer for the 4x4x4 King snake says, in the player's
// data, where its solutions that share most of the folding differ, as
// package fold says it of the solutions solve finds.
func TestDiffer(t *testing.T) {
	var s engine.Session
	a, err := s.Solve(context.Background(), shop4Seq, "", "")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := symmetry.CubeOf(64)
	q, err := solver.ParseSeq(shop4Seq)
	if err != nil {
		t.Fatal(err)
	}
	sv, err := solver.Solve(context.Background(), b, q, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := fold.Differences(b, sv.Snake.Solutions)
	data, _ := a["data"].(map[string]any)
	snakes, _ := data["snakes"].([]any)
	if want == "" || len(snakes) != 1 || snakes[0].(map[string]any)["differ"] != want {
		t.Errorf("Solve(King): the player's data %v, want differ %q", snakes, want)
	}
}

// TestFeel checks the answer of how hard a snake is to fold against
// package rate's own figures: the classic snake on the 3x3x3 scale, a
// 2x2x3 snake on a scale the engine makes, and the 4x4x4 shop snake on
// the 4x4x4 scale; {} for a snake of no solution and for a box whose
// scale would take minutes.
func TestFeel(t *testing.T) {
	ctx := context.Background()
	var s engine.Session
	if a, err := s.Feel(ctx); err != nil || len(a) != 0 {
		t.Errorf("Feel before any solve = %v, %v; want {}", a, err)
	}
	cases := []struct{ text, size, seq string }{
		{classic, "", classicSeq},
		{"011111111110", "2x2x3", "011111111110"},
		{shop4, "", shop4Seq},
	}
	if testing.Short() {
		cases = cases[:2]
	}
	for _, c := range cases {
		if _, err := s.Solve(ctx, c.text, c.size, ""); err != nil {
			t.Fatal(err)
		}
		a, err := s.Feel(ctx)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := solver.ParseSeq(c.seq)
		size := c.size
		if size == "" {
			size = map[int]string{27: "3x3x3", 64: "4x4x4"}[q.Len]
		}
		b, err := symmetry.ParseBox(size)
		if err != nil {
			t.Fatal(err)
		}
		f, err := rate.Feel(ctx, b, q, rate.FeelOptions{})
		if err != nil {
			t.Fatal(err)
		}
		scale, err := rate.ScaleOf(ctx, b, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		easier := 1
		if f.Ends[1].Expected < f.Ends[0].Expected {
			easier = q.Len
		}
		want := map[string]any{
			"level": scale.Level(f.Difficulty()), "difficulty": f.Difficulty(), "stdErr": f.StdErr(), "easier": easier,
			"ends":  []any{f.Ends[0].Expected, f.Ends[1].Expected},
			"scale": map[string]any{"box": b.String(), "snakes": scale.Snakes, "sampled": scale.Sampled},
		}
		if fmt.Sprint(a) != fmt.Sprint(want) {
			t.Errorf("%s: Feel = %v, want %v", c.seq, a, want)
		}
	}
	for _, c := range []struct{ text, size string }{{oneOff, ""}, {"000110011001100110011001100110011000", "3x3x4"}} {
		if _, err := s.Solve(ctx, c.text, c.size, ""); err != nil {
			t.Fatal(err)
		}
		if a, err := s.Feel(ctx); err != nil || len(a) != 0 {
			t.Errorf("%s: Feel = %v, %v; want {}", c.text, a, err)
		}
	}
}
