package notation

import (
	"strings"
	"testing"
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
	}
	for _, s := range seeds {
		for n := range 7 {
			f.Add(s, uint8(n))
		}
	}
	lengthOKs := []func(int) bool{
		cube,
		nil,
		func(l int) bool { return l%2 == 1 },
	}
	f.Fuzz(func(t *testing.T, text string, nb uint8) {
		n := Notation(nb % 8) // 7 is not a notation: Parse must refuse it
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
			out := Format(seq, used)
			back, used2, err := Parse(out, used, ok)
			if err != nil || back != seq || used2 != used {
				t.Fatalf("Parse(Format(%q, %v) = %q) = %q, %v, %v; want %q", seq, used, out, back, used2, err, seq)
			}
		}
	})
}
