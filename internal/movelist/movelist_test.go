package movelist

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// classicMoves is the one folding of the shop snake 001110110111010111101010100
// as snakecube solve prints it.
const classicMoves = "+x +x +y -x +z +z +y -z -z +x +z -y -y -x -x +y -z +y +z +z -y -y +x +x +y +y"

func cube3() symmetry.Box {
	b, _ := symmetry.Cube(3)
	return b
}

func TestParseForms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
		form Form
	}{
		{"signed", classicMoves, Signed},
		{"signed upper case, no spaces", strings.ToUpper(strings.ReplaceAll(classicMoves, " ", "")), Signed},
		{"letters", "R R B L U U B D D R U F F L L B D B U U F F R R B B", Letters},
		{"letters lower case, no spaces", "rrbluubddruffllbdbuuffrrbb", Letters},
		{"arrows", ">> o < ^^ o vv > ^ .. << o v o ^^ .. >> oo", Arrows},
		{"words", "right 2, back 1, left 1, up 2, back 1, down 2, right 1, up 1, front 2, left 2, back 1, down 1, back 1, up 2, front 2, right 2, back 2", Words},
		{"words without counts", "Right Right Back Left Up Up Back Down Down Right Up Front Front Left Left Back Down Back Up Up Front Front Right Right Back Back", Words},
		{"codes", "[1, 1, 2, -1, 3, 3, 2, -3, -3, 1, 3, -2, -2, -1, -1, 2, -3, 2, 3, 3, -2, -2, 1, 1, 2, 2]", Codes},
	}
	want, _, err := Parse(classicMoves, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := strings.Trim(tt.text, "[]")
			moves, form, err := Parse(text, 1)
			if err != nil || form != tt.form || !slices.Equal(Dirs(moves), Dirs(want)) {
				t.Fatalf("Parse(%q) = %v, %v, %v; want %v, %v", text, Dirs(moves), form, err, Dirs(want), tt.form)
			}
			if s := Seq(moves); s != "001110110111010111101010100" {
				t.Errorf("Seq(Parse(%q)) = %q, want the shop snake", text, s)
			}
			if err := Check(cube3(), moves); err != nil {
				t.Errorf("Check(%q) = %v, want nil", text, err)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text    string
		col     int
		foreign bool
		msg     string
	}{
		{"", 0, true, "no moves"},
		{"ESCCCS", 1, true, `"ESCCCS" is not a move`},
		{"3,2,2", 1, true, "direction codes with no negative code"},
		{"o . o", 1, true, "arrows o and . alone"},
		{"+x +y sideways", 7, false, `"sideways" is not a move in signed axes`},
		{"+x+y+", 5, false, `"+" is not a move: want +x, -x, +y, -y, +z or -z`},
		{"R R X", 5, false, `"X" is not a move in letters`},
		// A word of moves up to a character: that character, not the word.
		{"RRDRX", 5, true, `'X' is not a move in letters`},
		{"R R RDX D", 7, false, `'X' is not a move in letters`},
		{">>o<x", 5, true, `'x' is not a move in arrows`},
		{"+x+q", 4, true, `'q' is not a move in signed axes`},
		{"RRé", 3, true, `'é' is not a move in letters`},
		// No form reads its start: the word.
		{"oo.x", 1, true, `"oo.x" is not a move`},
		{"XRR", 1, true, `"XRR" is not a move`},
		{"right 0", 7, false, "right 0: a count of moves is a positive whole number"},
		{"right 99999999999", 1, false, "more than 1048576 moves"},
		{"1, -4", 4, false, "-4 is not a direction code: want 1, -1, 2, -2, 3 or -3"},
	}
	for _, tt := range tests {
		_, _, err := Parse(tt.text, 1)
		var e *Error
		if !errors.As(err, &e) || e.Column != tt.col || e.Foreign != tt.foreign || e.Msg != tt.msg {
			t.Errorf("Parse(%q) error %#v; want column %d, foreign %v, %q", tt.text, err, tt.col, tt.foreign, tt.msg)
		}
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	b234, _ := symmetry.NewBox(2, 3, 4)
	b123, _ := symmetry.NewBox(1, 2, 3)
	tests := []struct {
		name string
		box  symmetry.Box
		text string
		move int
		msg  string
	}{
		{"leaves", cube3(), "F F R B U U U D", 7, "move 7 (U) leaves the 3x3x3 box: the moves up to it span 2x3x4 cells"},
		{"crosses", cube3(), "+x +y -x -y", 4, "move 4 (-y) enters the cell of cubelet 1"},
		{"reverses", cube3(), "R L", 2, "move 2 (L) enters the cell of cubelet 1"},
		{"turned box fits", b123, "U U R D D", 0, ""},
		{"too large for any side", b234, "U U U U", 4, "move 4 (U) leaves the 2x3x4 box: the moves up to it span 1x1x5 cells"},
		{"no box: crossing only", symmetry.Box{}, "R R R R R R R R D", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			moves, _, err := Parse(tt.text, 1)
			if err != nil {
				t.Fatal(err)
			}
			err = Check(tt.box, moves)
			var e *Error
			switch {
			case tt.move == 0 && err != nil:
				t.Errorf("Check(%v, %q) = %v, want nil", tt.box, tt.text, err)
			case tt.move != 0 && (!errors.As(err, &e) || e.Move != tt.move || e.Msg != tt.msg || e.Column != moves[tt.move-1].Col):
				t.Errorf("Check(%v, %q) = %#v; want move %d, %q", tt.box, tt.text, err, tt.move, tt.msg)
			}
		})
	}
}

// FuzzMoves checks that Parse and Check never panic, that Parse's moves
// point into the text, and that a folding Check accepts in a 3x3x3 box
// has a snake Seq describes and fills at most the box.
func FuzzMoves(f *testing.F) {
	for _, s := range []string{classicMoves, "FFRBUU", ">> o < ^^", "right 2, back 1", "1, -1, 2", "+x+", "right 9999999", "", "R L", "é", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		moves, _, err := Parse(text, 1)
		if err != nil {
			if err.Error() == "" {
				t.Errorf("Parse(%q) gave an empty error", text)
			}
			return
		}
		n := len([]rune(text))
		for _, m := range moves {
			if m.Col < 1 || m.Col > n || m.Dir >= symmetry.NumDirs {
				t.Fatalf("Parse(%q) gave move %+v outside the text", text, m)
			}
		}
		if len(moves) > 26 {
			return
		}
		if err := Check(cube3(), moves); err == nil {
			if s := Seq(moves); len(s) != len(moves)+1 || strings.Trim(s, "01") != "" || s[0] != '0' || s[len(s)-1] != '0' {
				t.Fatalf("Seq(%q) = %q", text, s)
			}
		}
	})
}
