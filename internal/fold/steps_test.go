package fold_test

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/movelist"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// classic is the shop snake of the README, with its one solution's moves.
const (
	classic      = "001110110111010111101010100"
	classicMoves = "+x+x+y-x+z+z+y-z-z+x+z-y-y-x-x+y-z+y+z+z-y-y+x+x+y+y"
)

// king is the 64-cubelet snake of docs/CONVENTIONS.md, as F/T per move.
const king = "F,F,T,T,F,T,T,T,F,F,T,T,F,T,T,F,T,T,F,T,T,T,T,T,T,T,T,T,F,T,F,T,T,T,T,T,T,F,T,F,F,T,T,T,T,F,F,T,T,F,T,T,T,T,T,T,T,T,T,T,F,F,T"

// engine4 are the three 4x4x4 snakes of docs/SPEED.md's table; the first
// is king.
var engine4 = []string{
	"0011011100110110110111111111010111111010011110011011111111110010",
	"0001100111110111111011001101010011011111111110011001100100100100",
	"0010010010011001100111111111101100101011001101111110111110011000",
}

// bitsOfFT turns F/T per move into the sequence: entry i says whether
// cubelet i turns; the first entry and the last cubelet carry no turn.
func bitsOfFT(ft string) string {
	es := strings.Split(ft, ",")
	var b strings.Builder
	b.WriteByte('0')
	for _, e := range es[1:] {
		b.WriteByte("01"[btoi(e == "T")])
	}
	b.WriteByte('0')
	return b.String()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func parseMoves(t *testing.T, s string) []symmetry.Dir {
	t.Helper()
	var ds []symmetry.Dir
	for i := 0; i+1 < len(s); i += 2 {
		d := slices.Index([]string{"+x", "-x", "+y", "-y", "+z", "-z"}, s[i:i+2])
		if d < 0 {
			t.Fatalf("bad move %q", s[i:i+2])
		}
		ds = append(ds, symmetry.Dir(d))
	}
	return ds
}

// TestStepsClassic checks the steps of the README's worked example against
// twists worked out by hand from its moves: right 2, back 1, left 1, up 2,
// back 1, down 2, right 1, up 1, front 2, left 2, back 1, down 1, back 1,
// up 2, front 2, right 2, back 2.
func TestStepsClassic(t *testing.T) {
	want := []string{
		"1 start 2", "3 bend 1", "4 U 1", "5 twist right 2", "7 twist right 1",
		"8 U 2", "10 twist left 1", "11 U 1", "12 twist right 2", "14 twist left 2",
		"16 U 1", "17 twist right 1", "18 zigzag 1", "19 U 2", "21 U 2",
		"23 twist right 2", "25 U 2",
	}
	var got []string
	for _, s := range fold.Steps(parseMoves(t, classicMoves)) {
		got = append(got, fmt.Sprintf("%d %v %d", s.Cubelet, s.Twist, s.Run))
	}
	if !slices.Equal(got, want) {
		t.Errorf("Steps(classic) =\n%q\nwant\n%q", got, want)
	}
}

// TestTwistMirror checks that left and right are a matter of handedness:
// the mirror image of a folding swaps them and keeps every other step.
func TestTwistMirror(t *testing.T) {
	dirs := parseMoves(t, classicMoves)
	mirror := make([]symmetry.Dir, len(dirs))
	for i, d := range dirs {
		mirror[i] = d
		if d.Axis() == 0 {
			mirror[i] = d.Opposite()
		}
	}
	a, b := fold.Steps(dirs), fold.Steps(mirror)
	for i := range a {
		w := a[i]
		switch w.Twist {
		case fold.Left:
			w.Twist = fold.Right
		case fold.Right:
			w.Twist = fold.Left
		}
		if b[i] != w {
			t.Errorf("step %d: mirror image gives %v, want %v", i+1, b[i], w)
		}
	}
}

// checkReplay checks that the steps of each solution of snake q, replayed
// from the directions of its first two runs, rebuild exactly its cells,
// and that the steps turn exactly at the snake's turn cubelets.
func checkReplay(t *testing.T, b symmetry.Box, q solver.Seq, sols [][]symmetry.Dir) {
	t.Helper()
	for k, d := range sols {
		steps := fold.Steps(d)
		if len(steps) != bits.OnesCount64(q.Bits)+1 {
			t.Fatalf("%v solution %d: %d steps for %d turns", q, k+1, len(steps), bits.OnesCount64(q.Bits))
		}
		for _, s := range steps[1:] {
			if !q.Turn(s.Cubelet - 1) {
				t.Fatalf("%v solution %d: step %v at a straight cubelet", q, k+1, s)
			}
		}
		second := d[0]
		if len(steps) > 1 {
			second = d[steps[1].Cubelet-1]
		}
		r, err := fold.Replay(d[0], second, steps)
		if err != nil {
			t.Fatalf("%v solution %d: Replay: %v", q, k+1, err)
		}
		start, _ := b.Start(d)
		want, _ := b.Cells(start, d)
		got, err := b.Cells(start, r)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("%v solution %d: replayed steps give cells %v (%v), want %v", q, k+1, got, err, want)
		}
	}
}

// TestReplayCatalogue replays every solution of the whole 3x3x3 catalogue
// and of the small boxes, flat and long ones included.
func TestReplayCatalogue(t *testing.T) {
	for _, size := range []string{"2", "3", "2x2x3", "2x3x4", "1x3x4", "1x1x5"} {
		b := symmetry.MustParseBox(size)
		if testing.Short() && b.Len() > 27 {
			continue
		}
		c, err := solver.Enumerate(context.Background(), b, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range c.Snakes {
			checkReplay(t, b, s.Seq, s.Solutions)
		}
		if size == "3" && c.Solutions() != 51704 {
			t.Errorf("3x3x3: replayed %d solutions, want 51,704", c.Solutions())
		}
	}
}

// TestReplay4 replays every solution of the 4x4x4 snake of docs/CONVENTIONS.md and,
// unless -short, of the three 4x4x4 snakes of the speed table.
func TestReplay4(t *testing.T) {
	snakes := []string{bitsOfFT(king)}
	if !testing.Short() {
		for _, s := range engine4 {
			if s != snakes[0] {
				snakes = append(snakes, s)
			}
		}
	}
	for _, s := range snakes {
		f := solved(t, "4", s)
		if len(f.Solutions) == 0 {
			t.Fatalf("%v: no solution", f.Seq)
		}
		t.Logf("%v: %d solutions", f.Seq, len(f.Solutions))
		checkReplay(t, f.Box, f.Seq, f.Solutions)
	}
}

// TestReplayRefuses checks that steps that do not chain up are refused.
func TestReplayRefuses(t *testing.T) {
	good := fold.Steps(parseMoves(t, classicMoves))
	for name, change := range map[string]func([]fold.Step){
		"gap":          func(s []fold.Step) { s[3].Cubelet++ },
		"empty run":    func(s []fold.Step) { s[2].Run = 0 },
		"late bend":    func(s []fold.Step) { s[4].Twist = fold.Bend },
		"twist first":  func(s []fold.Step) { s[1].Twist = fold.U },
		"start inside": func(s []fold.Step) { s[5].Twist = fold.Start },
	} {
		s := slices.Clone(good)
		change(s)
		if _, err := fold.Replay(symmetry.PosX, symmetry.PosY, s); err == nil {
			t.Errorf("Replay accepts steps with a %s", name)
		}
	}
	if _, err := fold.Replay(symmetry.PosX, symmetry.NegX, good); err == nil {
		t.Errorf("Replay accepts a second run on the first run's axis")
	}
}

// TestTextRoundTrip checks that the moves and arrows WriteText prints read
// back, through the reader of foldings typed as moves, as the folding.
func TestTextRoundTrip(t *testing.T) {
	read, want := 0, 0
	for _, s := range []fold.Snake{solved(t, "3", classic), firstSnake(t, "2x3x4"), solved(t, "4", bitsOfFT(king))} {
		want += 2 * len(s.Solutions)
		for k, d := range s.Solutions {
			var buf strings.Builder
			fold.WriteText(&buf, s.Box, d)
			for _, line := range strings.Split(buf.String(), "\n") {
				f := strings.Fields(line)
				if len(f) == 0 || f[0] != "moves" && f[0] != "arrows" {
					continue
				}
				text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), f[0]))
				read++
				ms, _, err := movelist.Parse(text, 0)
				if err != nil || !slices.Equal(movelist.Dirs(ms), d) {
					t.Errorf("%v solution %d: %s %q reads back as %v (%v)", s.Seq, k+1, f[0], text, movelist.Dirs(ms), err)
				}
			}
		}
	}
	if read != want {
		t.Errorf("read %d lines of moves and arrows, want %d", read, want)
	}
}
