package notation

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// classic is the shop 3x3x3 snake of docs/CONVENTIONS.md.
const classic = "001110110111010111101010100"

// ft64 is the 4x4x4 ft example of docs/CONVENTIONS.md.
const ft64 = "F,F,T,T,F,T,T,T,F,F,T,T,F,T,T,F,T,T,F,T,T,T,T,T,T,T,T,T,F,T,F,T,T,T,T,T,T,F,T,F,F,T,T,T,T,F,F,T,T,F,T,T,T,T,T,T,T,T,T,T,F,F,T"

// cube accepts the 2x2x2, 3x3x3 and 4x4x4 snakes.
func cube(l int) bool { return l == 8 || l == 27 || l == 64 }

func TestParseExamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
		n    Notation
		want string
	}{
		{"bits", classic, Cubelets, classic},
		{"esc", "ESCCCSCCSCCCSCSCCCCSCSCSCSE", ESC, classic},
		{"lengths", "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3", Lengths, classic},
		{"moves", "2,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2,2", Moves, classic},
		{"slash", "bwb/w/b/wb/w/bw/b/w/bw/bw/b/w/b/wb/wb/wb/wb", Slash, classic},
		{"ft", "F,F,T,T,T,F,T,T,F,T,T,T,F,T,F,T,T,T,T,F,T,F,T,F,T,F", Before, classic},
		{"ft 4x4x4", ft64, Before, "0011011100110110110111111111010111111010011110011011111111110010"},

		{"bits spaced", " 0 0 1 1 1 0 1 1 0 1 1 1 0 1 0 1 1 1 1 0 1 0 1 0 1 0 0\n", Cubelets, classic},
		{"bits commas", "0,0,1,1,1,0,1,1,0,1,1,1,0,1,0,1,1,1,1,0,1,0,1,0,1,0,0", Cubelets, classic},
		{"bits bracketed", "[00111 01101 11010 11110 10101 00]", Cubelets, classic},
		{"bits 2x2x2", "01111110", Cubelets, "01111110"},
		{"esc lower case", "esccc sccsc ccscs ccccs cscsc se", ESC, classic},
		{"esc commas", "E,S,C,C,C,S,C,C,S,C,C,C,S,C,S,C,C,C,C,S,C,S,C,S,C,S,E", ESC, classic},
		{"lengths spaces", "3 2 2 3 2 3 2 2 3 3 2 2 2 3 3 3 3", Lengths, classic},
		{"lengths hyphens", "3-2-2-3-2-3-2-2-3-3-2-2-2-3-3-3-3", Lengths, classic},
		{"lengths mixed", "\t[3, 2,,2 - 3-2 3,2-2, 3 3 2 2 2 3 3 3 3]  ", Lengths, classic},
		{"lengths trailing comma", "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3,", Lengths, classic},
		{"moves parenthesised", "(2, 1, 1, 2, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2)", Moves, classic},
		{"moves hyphens", "2-1-1-2-1-2-1-1-2-2-1-1-1-2-2-2-2", Moves, classic},
		{"slash spaced", "bwb / w / b / wb / w / bw / b / w / bw / bw / b / w / b / wb / wb / wb / wb", Slash, classic},
		{"slash other letters", "XYZ/a/B/cd/e/fg/h/i/jk/lm/n/o/p/qr/st/uv/wx", Slash, classic},
		{"ft no commas lower case", "fftttfttftttftfttttftftftf", Before, classic},
		{"ft first entry T", "T,F,T,T,T,F,T,T,F,T,T,T,F,T,F,T,T,T,T,F,T,F,T,F,T,F", Before, classic},
		{"moves 2x2x2", "1,1,1,1,1,1,1", Moves, "01111110"},
		{"lengths 2x2x2", "2,2,2,2,2,2,2", Lengths, "01111110"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seq, used, err := Parse(tt.text, tt.n, cube)
			if err != nil || seq != tt.want || used != tt.n {
				t.Errorf("Parse(%q, %v) = %q, %v, %v; want %q, %v, nil", tt.text, tt.n, seq, used, err, tt.want, tt.n)
			}
			seq, used, err = Parse(tt.text, Auto, cube)
			if err != nil || seq != tt.want || used != tt.n {
				t.Errorf("Parse(%q, auto) = %q, %v, %v; want %q, %v, nil", tt.text, seq, used, err, tt.want, tt.n)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		text     string
		n        Notation
		lengthOK func(int) bool
		want     string // err.Error()
		used     Notation
		col, idx int
		sentinel error
	}{
		{"empty", "", Auto, cube, "empty snake", Auto, 0, -1, ErrEmpty},
		{"blank", " \t\n ", Cubelets, cube, "empty snake", Cubelets, 0, -1, ErrEmpty},
		{"empty brackets", " [ ] ", Auto, cube, "empty snake", Auto, 0, -1, ErrEmpty},
		{"only separators", ", ,", Auto, cube, "empty snake", Cubelets, 0, -1, ErrEmpty},
		{"only separators lengths", "-,-", Lengths, cube, "empty snake", Lengths, 0, -1, ErrEmpty},
		{"unmatched open", "[3,2,2", Auto, cube, "column 1: unmatched '['", Auto, 1, -1, nil},
		{"unmatched close", "  3,2,2)", Lengths, cube, "column 8: unmatched ')'", Lengths, 8, -1, nil},
		{"mismatched brackets", "(3,2,2]", Auto, cube, "column 1: unmatched '('", Auto, 1, -1, nil},

		{"bits invalid character", "0010x", Cubelets, cube, "column 5: '0' and 'x' belong to no one pair of letters (0/1, -/o, -/., I/X, S/T, S/E, F/T, S/B, S/C)", Cubelets, 5, -1, nil},
		{"bits invalid character column counts leading space", "  00120", Cubelets, cube, "column 6: invalid character '2' for cubelets notation", Cubelets, 6, -1, nil},
		{"bits invalid non-ascii", "0é0", Cubelets, cube, "column 2: invalid character 'é' for cubelets notation", Cubelets, 2, -1, nil},
		{"bits first end turn", "101111110", Cubelets, nil, "column 1, cubelet 1: an end marked as a turn", Cubelets, 1, 0, nil},
		{"bits last end turn", "0 1 1 1 1 1 1 1", Cubelets, nil, "column 15, cubelet 8: an end marked as a turn", Cubelets, 15, 7, nil},
		{"bits single", "0", Cubelets, nil, "column 1: a single cubelet; a snake has at least 2", Cubelets, 1, -1, nil},
		{"bits length", "0111110", Cubelets, cube, "7 cubelets read as cubelets: length not allowed", Cubelets, 0, -1, ErrLength},
		{"esc invalid character", "ESCX", ESC, cube, "column 4: invalid character 'X' for esc notation", ESC, 4, -1, nil},
		{"esc first end turn", "CSCE", ESC, nil, "column 1, cubelet 1: an end marked as a turn", ESC, 1, 0, nil},
		{"esc last end turn", "ESCC", ESC, nil, "column 4, cubelet 4: an end marked as a turn", ESC, 4, 3, nil},
		{"esc end straight", "SCCE", ESC, nil, "column 1, cubelet 1: an end marked as straight; ends are E", ESC, 1, 0, nil},
		{"esc inner end", "ESECE", ESC, nil, "column 3, cubelet 3: an end (E) inside the snake", ESC, 3, 2, nil},
		{"lengths short segment", "3,2,1,3", Lengths, nil, "column 5: segment 3 has length 1, less than 2", Lengths, 5, -1, nil},
		{"lengths zero segment", "3 0", Lengths, nil, "column 3: segment 2 has length 0, less than 2", Lengths, 3, -1, nil},
		{"lengths negative segment", "3, -2", Lengths, nil, "column 4: segment 2 has length -2, less than 2", Lengths, 4, -1, nil},
		{"lengths too large", "3,99999999999999999999999", Lengths, nil, "column 3: segment 2: number too large", Lengths, 3, -1, nil},
		{"lengths too long", "900000,900000", Lengths, nil, "column 8: segment 2: more than 1048576 cubelets", Lengths, 8, -1, nil},
		{"lengths invalid character", "3,2:2", Lengths, cube, "column 4: invalid character ':' for lengths notation", Lengths, 4, -1, nil},
		{"lengths length", "3,2,2,3", Lengths, cube, "7 cubelets read as lengths: length not allowed", Lengths, 0, -1, ErrLength},
		{"moves zero segment", "2,1,0,2", Moves, nil, "column 5: segment 3 has 0 moves, less than 1", Moves, 5, -1, nil},
		{"moves negative first", "-1,2", Moves, nil, "column 1: segment 1 has -1 moves, less than 1", Moves, 1, -1, nil},
		{"slash first end turn", "b/wb", Slash, nil, "column 2, cubelet 1: an end marked as a turn", Slash, 2, 0, nil},
		{"slash leading slash", "/bw", Slash, nil, "column 1: '/' before the first cubelet", Slash, 1, -1, nil},
		{"slash trailing slash", "bw/b/", Slash, nil, "column 5: '/' after the last cubelet", Slash, 5, -1, nil},
		{"slash double slash", "bw//b", Slash, nil, "column 4: two '/' with no cubelet between them", Slash, 4, -1, nil},
		{"slash invalid character", "bw/b3", Slash, nil, "column 5: invalid character '3' for slash notation", Slash, 5, -1, nil},
		{"before invalid character", "F,T,Y", Before, nil, "column 5: invalid character 'Y' for before notation", Before, 5, -1, nil},
		{"before length", "FTTTTTT", Before, func(l int) bool { return l == 27 }, "8 cubelets read as before: length not allowed", Before, 0, -1, ErrLength},

		// Auto: the most specific error wins.
		{"auto invalid everywhere", "?", Auto, cube, "column 1: invalid character '?'", Auto, 1, -1, nil},
		{"auto invalid esc typo", "ESCCCSCCSCCCSCSCCCCSCSCSCSX", Auto, cube, "column 27: invalid character 'X' for esc notation", ESC, 27, -1, nil},
		{"auto invalid slash typo", "bwb/w/b/w1", Auto, cube, "column 10: invalid character '1' for slash notation", Slash, 10, -1, nil},
		{"auto invalid numbers", "3,2,x", Auto, cube, "column 5: invalid character 'x' for lengths, moves or once notation", Lengths, 5, -1, nil},
		{"auto invalid bits or numbers", "0011x", Auto, cube, "column 5: '0' and 'x' belong to no one pair of letters (0/1, -/o, -/., I/X, S/T, S/E, F/T, S/B, S/C)", Cubelets, 5, -1, nil},
		{"auto bits end turn", "001110110111010111101010101", Auto, cube, "column 27, cubelet 27: an end marked as a turn", Cubelets, 27, 26, nil},
		{"auto esc end turn", "CSCCCSCCSCCCSCSCCCCSCSCSCSE", Auto, cube, "column 1, cubelet 1: an end marked as a turn", ESC, 1, 0, nil},
		{"auto bits length", "001110110111010111101010", Auto, cube, "24 cubelets read as cubelets or 25 read as after or before: length not allowed", Cubelets, 0, -1, ErrLength},
		{"auto numbers both lengths", "3,2,2,3", Auto, cube, "7 cubelets read as lengths, 11 read as moves or 10 read as once: length not allowed", Lengths, 0, -1, ErrLength},
		{"auto moves missing entry", "2,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2", Auto, cube, "25 cubelets read as moves or 24 read as once: length not allowed", Moves, 0, -1, ErrLength},
		{"auto numbers zero", "3,2,0", Auto, cube, "column 5: segment 3 has length 0, less than 2", Lengths, 5, -1, nil},
		{"auto slash end turn", "b/wb", Auto, nil, "column 2, cubelet 1: an end marked as a turn", Slash, 2, 0, nil},
		{"auto single cubelet", "0", Auto, nil, "column 1: a single cubelet; a snake has at least 2", Cubelets, 1, -1, nil},
		{"auto folding typo", "RRDRDRDRDRDDRDRDRRDRDRDRDX", Auto, cube, "column 26: 'X' is not a move in letters", Folding, 26, -1, nil},
		{"shape typo", "RRDRDRDRDRDDRDRDRRDRDRDRDX", Shape, cube, "column 26: 'X' is not a move in letters", Shape, 26, -1, nil},
		{"folding typo in a later word", "F F R B U U RDX", Folding, cube, "column 15: 'X' is not a move in letters", Folding, 15, -1, nil},
		{"letters of no one pair", "--oo.-", Auto, nil, "column 5: 'o' and '.' belong to no one pair of letters (0/1, -/o, -/., I/X, S/T, S/E, F/T, S/B, S/C)", Cubelets, 5, -1, nil},
		{"once first run too short", "1,2,2", Once, nil, "column 1: segment 1 has length 1, less than 2", Once, 1, -1, nil},
		{"once later run zero", "3,0,2", Once, nil, "column 3: segment 2 adds 0 cubelets, less than 1", Once, 3, -1, nil},
		{"code literal unmatched", "int s[] = {3, 2", Lengths, nil, "column 1: invalid character 'i' for lengths notation", Lengths, 1, -1, nil},
		{"unknown notation", classic, Notation(42), cube, "unknown notation 42", Notation(42), 0, -1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seq, used, err := Parse(tt.text, tt.n, tt.lengthOK)
			if err == nil {
				t.Fatalf("Parse(%q, %v) = %q, %v, nil; want error %q", tt.text, tt.n, seq, used, tt.want)
			}
			if err.Error() != tt.want || used != tt.used {
				t.Errorf("Parse(%q, %v) used %v, error %q; want %v, %q", tt.text, tt.n, used, err, tt.used, tt.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q, %v) error %T, want *Error", tt.text, tt.n, err)
			}
			if e.Column != tt.col || e.Index != tt.idx || e.Notation != tt.used {
				t.Errorf("Parse(%q, %v) error column %d, index %d, notation %v; want %d, %d, %v",
					tt.text, tt.n, e.Column, e.Index, e.Notation, tt.col, tt.idx, tt.used)
			}
			if tt.sentinel != nil && !errors.Is(err, tt.sentinel) {
				t.Errorf("Parse(%q, %v) error %q does not wrap %q", tt.text, tt.n, err, tt.sentinel)
			}
			if tt.sentinel == nil && (errors.Is(err, ErrEmpty) || errors.Is(err, ErrLength)) {
				t.Errorf("Parse(%q, %v) error %q wraps a sentinel", tt.text, tt.n, err)
			}
		})
	}
}

func TestLengthErrorLength(t *testing.T) {
	t.Parallel()
	_, _, err := Parse("2,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2", Auto, func(l int) bool { return l == 27 })
	var e *Error
	if !errors.As(err, &e) || e.Length != 25 || !errors.Is(err, ErrLength) {
		t.Errorf("Parse(26-cubelet moves) error %#v, want *Error with Length 25 wrapping ErrLength", err)
	}
}

func TestNotation(t *testing.T) {
	t.Parallel()
	for n := Auto; n <= Shape; n++ {
		got, err := ParseNotation(n.String())
		if err != nil || got != n {
			t.Errorf("ParseNotation(%q) = %v, %v; want %v", n.String(), got, err, n)
		}
	}
	tests := []struct {
		name string
		want Notation
	}{
		{"", Auto}, {" ESC ", ESC}, {"Lengths", Lengths}, {"Before", Before},
	}
	for _, tt := range tests {
		if got, err := ParseNotation(tt.name); err != nil || got != tt.want {
			t.Errorf("ParseNotation(%q) = %v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
	if _, err := ParseNotation("binary"); err == nil || err.Error() != `unknown notation "binary" (want auto, cubelets, after, before, esc, slash, lengths, moves, once, folding or shape)` {
		t.Errorf("ParseNotation(%q) error %v", "binary", err)
	}
	var n Notation
	if err := n.Set("slash"); err != nil || n != Slash {
		t.Errorf("Set(%q) = %v, notation %v", "slash", err, n)
	}
	if s := Notation(99).String(); s != "Notation(99)" {
		t.Errorf("Notation(99).String() = %q", s)
	}
	for _, tt := range []struct {
		alias string
		want  Notation
	}{{"bits", Cubelets}, {"FT", Before}} {
		if got, err := ParseNotation(tt.alias); err != nil || got != tt.want {
			t.Errorf("ParseNotation(%q) = %v, %v; want %v", tt.alias, got, err, tt.want)
		}
	}
}

func TestFormat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n    Notation
		seq  string
		want string
	}{
		{Cubelets, classic, classic},
		{Auto, classic, classic},
		{ESC, classic, "ESCCCSCCSCCCSCSCCCCSCSCSCSE"},
		{Lengths, classic, "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3"},
		{Moves, classic, "2,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2,2"},
		{Slash, classic, "bwb/w/b/wb/w/bw/b/w/bw/bw/b/w/b/wb/wb/wb/wb"},
		{Before, classic, "F,F,T,T,T,F,T,T,F,T,T,T,F,T,F,T,T,T,T,F,T,F,T,F,T,F"},
		{Before, "0011011100110110110111111111010111111010011110011011111111110010", ft64},
		{Lengths, "00", "2"},
		{Slash, "00", "bw"},
		{Before, "00", "F"},
		{ESC, "", ""},
		{Moves, "", ""},
		{Before, "0", ""},
	}
	for _, tt := range tests {
		t.Run(tt.n.String()+"/"+tt.seq, func(t *testing.T) {
			if got := Format(tt.seq, tt.n); got != tt.want {
				t.Errorf("Format(%q, %v) = %q, want %q", tt.seq, tt.n, got, tt.want)
			}
		})
	}
}

// randomSeq returns a valid sequence of l cubelets.
func randomSeq(r *rand.Rand, l int) string {
	b := make([]byte, l)
	for i := range b {
		b[i] = '0'
		if i > 0 && i < l-1 && r.IntN(2) == 1 {
			b[i] = '1'
		}
	}
	return string(b)
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	seqs := []string{classic, "01111110", "00000000", "00"}
	for _, l := range []int{8, 27, 64} {
		for range 200 {
			seqs = append(seqs, randomSeq(r, l))
		}
	}
	for _, n := range []Notation{Cubelets, After, Before, ESC, Lengths, Moves, Once, Slash} {
		t.Run(n.String(), func(t *testing.T) {
			for _, seq := range seqs {
				if len(seq) < 3 && (n == After || n == Before) {
					continue // a list of moves has at least 2
				}
				text := Format(seq, n)
				got, used, err := Parse(text, n, nil)
				if err != nil || got != seq || used != n {
					t.Fatalf("Parse(Format(%q, %v) = %q) = %q, %v, %v", seq, n, text, got, used, err)
				}
				if !cube(len(seq)) || !strings.Contains(seq, "1") {
					// Auto reads slash only with a '/', which a straight
					// rod written in slash lacks; a rod reads the same
					// in all run lengths.
					continue
				}
				// Every formatted cube snake is also detected.
				got, used, err = Parse(text, Auto, cube)
				if err != nil || got != seq || used != n {
					t.Fatalf("Parse(%q, auto) = %q, %v, %v; want %q, %v", text, got, used, err, seq, n)
				}
			}
		})
	}
}
