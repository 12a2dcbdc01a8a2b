package notation

import (
	"strings"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// FuzzParse checks that Parse never panics, that what it accepts is a
// valid sequence of an allowed length, and that formatting it in the
// notation it was read in reads back the same sequence.
func FuzzParse(f *testing.F) {
	seeds := []string{
		classic,
		"ESCCCSCCSCCCSCSCCCCSCSCSCSE",
		"3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3",
		"2,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2,2",
		"bwb/w/b/wb/w/bw/b/w/bw/bw/b/w/b/wb/wb/wb/wb",
		ft64,
		"01111110",
		"[3 - 2, 2]", "(1,1,1,1,1,1,1)",
		"", " ", "[]", "[", ")", "x", "0", "E", "b", "/", "//", "b/", "b/w", "bw//b",
		"001110110111010111101010101", "CSCE", "ESE", "ESECE",
		"3,-1", "-", "--1", "3,0", "99999999999999999999", "900000,900000,900000",
		"01 10", "é", "\xff\xfe", "0\x001",
		"--ooo-oo-ooo-o-oooo-o-o-o--", "S,T,S,T,S,T,S,T,T,T,T,S,T,S,T,T,T,S,T,T,S,T,T,T,S,S",
		"static int snake[]= {3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3};", "vChain = [3, 1, 1, 2]",
		"F F R B U U R D D F U L L B B R D R U U L L F F R R R", "+x +x +y -x +z", ">> o < ^^", "right 2, back 1",
		"1, 1, 2, -1, 3", "332", "'S','T'", "x = (", "[]int{}", "\"\"",
	}
	for _, s := range seeds {
		for n := range 12 {
			f.Add(s, uint8(n))
		}
	}
	lengthOKs := []func(int) bool{
		cube,
		nil,
		func(l int) bool { return l%2 == 1 },
	}
	box3 := func(l int) (symmetry.Box, bool) {
		b, _ := symmetry.Cube(3)
		return b, l == 27
	}
	f.Fuzz(func(t *testing.T, text string, nb uint8) {
		n := Notation(nb % 12) // 11 is not a notation: Parse must refuse it
		// With a box, a folding must fill it.
		if r, err := Read(text, n, box3); err == nil {
			if len(r.Seq) != 27 || (r.Notation.moves() && len(r.Moves) != 26) {
				t.Fatalf("Read(%q, %v) = %+v for a 3x3x3 box", text, n, r)
			}
			if r.Notation == Folding {
				b, _ := symmetry.Cube(3)
				if _, ok := b.Start(r.Moves); !ok {
					t.Fatalf("Read(%q, %v) accepted a folding that does not span the box", text, n)
				}
			}
		}
		for _, ok := range lengthOKs {
			seq, used, err := Parse(text, n, ok)
			if err != nil {
				if seq != "" {
					t.Errorf("Parse(%q, %v) = %q with error %v", text, n, seq, err)
				}
				if err.Error() == "" {
					t.Errorf("Parse(%q, %v) gave an empty error", text, n)
				}
				continue
			}
			if !used.valid() || (n != Auto && used != n) {
				t.Fatalf("Parse(%q, %v) used %v", text, n, used)
			}
			if len(seq) < 2 || seq[0] != '0' || seq[len(seq)-1] != '0' || strings.Trim(seq, "01") != "" {
				t.Fatalf("Parse(%q, %v) = %q, not a valid sequence", text, n, seq)
			}
			if ok != nil && !ok(len(seq)) {
				t.Fatalf("Parse(%q, %v) = %q, length %d not allowed", text, n, seq, len(seq))
			}
			if used.moves() {
				continue // a sequence does not fix a folding
			}
			out := Format(seq, used)
			back, used2, err := Parse(out, used, ok)
			if err != nil || back != seq || used2 != used {
				t.Fatalf("Parse(Format(%q, %v) = %q) = %q, %v, %v; want %q", seq, used, out, back, used2, err, seq)
			}
		}
	})
}
