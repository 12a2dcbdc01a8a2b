package notation_test

import (
	"context"
	"testing"

	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Snakes shared by several sources below.
const (
	classic    = "001110110111010111101010100" // the shop snake of docs/CONVENTIONS.md
	classicRev = "001010101111010111011011100" // the same snake read from its other end
	cube2      = "01111110"                    // the one 2x2x2 snake that folds
	// The commercial 4x4x4 snake of docs/CONVENTIONS.md's ft example.
	commercial4 = "0011011100110110110111111111010111111010011110011011111111110010"
)

// sources are snakes and foldings as published by people who solve snake
// cubes, copied verbatim from the page named above each (found with a
// search of public pages and code). seq is the snake as the source
// defines it, decoded by hand from the source's own explanation; sols is
// the number of solutions in snakecube's convention (once up to the
// box's symmetries and reversal), as the source states it, converted
// where the source keeps mirror images apart, or -1 when the source
// states none: then every entry of the same snake must agree.
var sources = []struct {
	name  string
	text  string
	want  notation.Notation
	seq   string
	sols  int
	other bool // another reading exists, told to the user
}{
	// https://github.com/ThoAppelsin/snake-cube-puzzle-variations (README):
	// "-" straight, "o" corner, per cubelet; its unique solution as signed
	// axes; the "secondary variant" is the snake read backwards.
	{"ThoAppelsin -/o", "--ooo-oo-ooo-o-oooo-o-o-o--", notation.Cubelets, classic, 1, false},
	{"ThoAppelsin -/o reversed", "--o-o-o-oooo-o-ooo-oo-ooo--", notation.Cubelets, classicRev, 1, false},
	{"ThoAppelsin folding", "+x +x +y -x +z +z +y -z -z +x +z -y -y -x -x +y -z +y +z +z -y -y +x +x +y +y", notation.Folding, classic, 1, false},
	// https://github.com/synox/snake-cube-solver (README): "-" straight,
	// "." corner; it prints two solutions, one the other's mirror image,
	// in Jaap's letters with one letter per cubelet (27, the last leading
	// nowhere).
	{"synox -/.", "--...-..-...-.-....-.-.-.--", notation.Cubelets, classic, 1, false},
	{"synox folding 1", "F F R B U U R D D F U L L B B R D R U U L L F F R R R", notation.Folding, classic, 1, false},
	{"synox folding 2", "F F U B R R U L L F R D D B B U L U R R D D F F U U U", notation.Folding, classic, 1, false},
	// https://github.com/malteschmitz/snakecube (README): "I" straight,
	// "X" turn, per cubelet.
	{"malteschmitz I/X", "IIXXXIXXIXXXIXIXXXXIXIXIXII", notation.Cubelets, classic, 1, false},
	// https://github.com/alexnu/snake-cube-solver (README): S or T for
	// cubelets 2 to 27, read by its solver after each move: 26 letters.
	// Read with the last end left out instead it is another snake, which
	// has no solution: a silent misread, if nothing checked that it folds.
	{"alexnu S/T", "S,T,S,T,S,T,S,T,T,T,T,S,T,S,T,T,T,S,T,T,S,T,T,T,S,S", notation.After, classicRev, 1, true},
	// https://enginerdsdottrialpaydotcom.wordpress.com/2013/02/09/trialpay-engineering-challenge-the-snake-cube-puzzle/
	// 0 straight, 1 bend; snake_cube_solution(3, 3, 3, ...) == 1, solvable.
	{"TrialPay 0/1", "001110110111010111101010100", notation.Cubelets, classic, 1, false},
	// https://github.com/puigfp/snake-cube-solver (README): moves per run;
	// "1,1,1,1,1,1,1" is the only 2x2x2 snake that folds, 3 solutions
	// (docs/CONVENTIONS.md).
	{"puigfp 2x2x2", "1,1,1,1,1,1,1", notation.Moves, cube2, 3, false},
	{"puigfp 3x3x3", "2,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2,2", notation.Moves, classic, 1, false},
	{"puigfp 4x4x4", "2,1,2,1,1,3,1,2,1,2,1,2,1,1,1,1,1,1,1,1,2,2,1,1,1,1,1,2,3,1,1,1,3,1,2,1,1,1,1,1,1,1,1,1,3,1", notation.Moves, commercial4, -1, false},
	// https://github.com/Lykos/snake-cube/blob/master/bin/search.rb: the
	// same 4x4x4 snake as a Ruby array of moves per run.
	{"Lykos Ruby array", "SNAKE = [2, 1, 2, 1, 1, 3, 1, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 2, 3, 1, 1, 1, 3, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1]", notation.Moves, commercial4, -1, false},
	// https://github.com/CDSoft/haskell-snake/blob/master/snake.md: F
	// "the next cube goes forward", T "turns", as a Haskell list over
	// lines.
	{"CDSoft F/T", `snake = [ F,F,T,T,F,T,T,T,
          F,F,T,T,F,T,T,F,
          T,T,F,T,T,T,T,T,
          T,T,T,T,F,T,F,T,
          T,T,T,T,T,F,T,F,
          F,T,T,T,T,F,F,T,
          T,F,T,T,T,T,T,T,
          T,T,T,T,F,F,T   ]`, notation.Before, commercial4, -1, true},
	// https://github.com/Adrian-Micu/Snake-cube-puzzle (README): cubelets
	// per run, corners counted twice ("Sum Snake - (Len Snake - 1) = 27").
	{"Adrian-Micu 3x3x3", "[3, 2, 2, 3, 2, 3, 2, 2, 3, 3, 2, 2, 2, 3, 3, 3, 3]", notation.Lengths, classic, 1, false},
	{"Adrian-Micu King Snake", "[3, 4, 4, 4, 2, 4, 2, 4, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 4, 3, 3, 2, 4, 2, 3, 2, 2, 2, 2, 2, 3, 2, 2, 2, 2, 4, 2, 4]", notation.Lengths,
		"0010010010011001100111111111101100101011001101111110111110011000", -1, false},
	// https://github.com/4dsolutions/m4w (README): a C listing's segment
	// lengths, corners counted twice.
	{"4dsolutions C array", "static int snake[]= {3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3};", notation.Lengths, classicRev, 1, false},
	// https://github.com/skolicki/snake-cube/blob/master/snake.py: the
	// same snake as moves per run ("4 legs of length 2").
	{"skolicki Python list", "[2, 2, 2, 2, 1, 1, 1, 2, 2, 1, 1, 2, 1, 2, 1, 1, 2]", notation.Moves, classicRev, 1, false},
	// https://github.com/vbmacher/learning-kit/blob/master/toy-projects/cubra/cube.hs:
	// the first run counts its start cubelet, later runs only the
	// cubelets they add (each list sums to 27).
	{"vbmacher cube", "cube = [3,1,1,2,1,2,1,1,2,2,1,1,1,2,2,2,2]", notation.Once, classic, 1, false},
	{"vbmacher cube1", "cube1 = [3,2,1,2,1,2,1,1,1,2,2,2,1,2,2,2]", notation.Once, "001011011011110101011010100", -1, false},
	{"vbmacher cube2", "cube2 = [3,1,1,2,1,1,2,1,1,1,1,1,1,1,2,1,1,1,2,2]", notation.Once, "001110111011111111011110100", -1, false},
	// https://github.com/markfickett/snakepuzzle (README): Jaap's E/S/C and
	// the foldings its solver prints for them, in Jaap's letters.
	{"markfickett ESC", "ESCCSCCSCCSCCSCCSCCSCCSCCSE", notation.ESC, "001101101101101101101101100", -1, false},
	{"markfickett folding 1", "UURDDRUUFDDLUULDDFUURDDRUU", notation.Folding, "001101101101101101101101100", -1, false},
	{"markfickett folding 2", "FFRBBRFFUBBLFFLBBUFFRBBRFF", notation.Folding, "001101101101101101101101100", -1, false},
	{"markfickett ESC 2", "ECCCCCCCCCCCCCCCCCCCCCCSCSE", notation.ESC, "011111111111111111111110100", -1, false},
	{"markfickett folding 3", "UURRDLDRFULDLFUBUFRBRFDLDR", notation.Folding, "001011111111111111111111110", -1, false},
	// https://github.com/benwex93/SnakeCubeSolver (README): S straight, B
	// bend, 64 cubelets, and its solution as one of R, L, F, B, U, D per
	// cube (64, the last leading nowhere).
	{"benwex93 S/B", "SBSSBBBBBBBBBBSBBSSBBBBSSBSBBBBBBSBSBBBBBBBBBSBBSBBSBBSSBBBSBBSS", notation.Cubelets,
		"0100111111111101100111100101111110101111111110110110110011101100", -1, false},
	{"benwex93 folding", "RBBBLURFLDFUFRRDBBBURDFFFUUBDBLULLFFURDRURBLDDLUULBBDRRRFULLBRRR", notation.Folding,
		"0100111111111101100111100101111110101111111110110110110011101100", -1, false},
}

// cubeBox accepts the snakes of the three cubes, as solve does without
// -size.
func cubeBox(l int) (symmetry.Box, bool) {
	n := map[int]int{8: 2, 27: 3, 64: 4}[l]
	if n == 0 {
		return symmetry.Box{}, false
	}
	b, err := symmetry.Cube(n)
	return b, err == nil
}

// TestSources reads every published example and checks its snake and,
// by solving it, its number of solutions.
func TestSources(t *testing.T) {
	t.Parallel()
	counts := map[string]int{} // by key, for the sources that state none
	for _, tt := range sources {
		t.Run(tt.name, func(t *testing.T) {
			r, err := notation.Read(tt.text, notation.Auto, cubeBox)
			if err != nil || r.Notation != tt.want || r.Seq != tt.seq {
				t.Fatalf("Read(%q) = %v %q, %v; want %v %q", tt.text, r.Notation, r.Seq, err, tt.want, tt.seq)
			}
			if (len(r.Others) > 0) != tt.other {
				t.Errorf("Read(%q) other readings %v, want some: %v", tt.text, r.Others, tt.other)
			}
			if len(tt.seq) == 64 && testing.Short() {
				return // a 4x4x4 search takes a second or so
			}
			q, _ := solver.ParseSeq(r.Seq)
			b, _ := cubeBox(q.Len)
			s, err := solver.Solve(context.Background(), b, q, solver.Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			n := len(s.Snake.Solutions)
			key := q.Key().String()
			if want, ok := counts[key]; ok && n != want {
				t.Errorf("%s: %d solutions, but another source of the same snake has %d", tt.name, n, want)
			}
			counts[key] = n
			if tt.sols >= 0 && n != tt.sols {
				t.Errorf("%s: %d solutions, the source states %d", tt.name, n, tt.sols)
			}
		})
	}
}

// TestSilentMisread checks a silent misread: alexnu's 26 letters
// read with the last end left out are a snake that does not fold, and
// the reading that folds is the one Read returns.
func TestSilentMisread(t *testing.T) {
	t.Parallel()
	text := "S,T,S,T,S,T,S,T,T,T,T,S,T,S,T,T,T,S,T,T,S,T,T,T,S,S"
	r, err := notation.Read(text, notation.Before, cubeBox)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := solver.ParseSeq(r.Seq)
	b, _ := cubeBox(q.Len)
	s, err := solver.Solve(context.Background(), b, q, solver.Options{Workers: 1})
	if err != nil || len(s.Snake.Solutions) != 0 {
		t.Fatalf("%q read as before: %v, %v; want a snake with no solution", text, s, err)
	}
	auto, err := notation.Read(text, notation.Auto, cubeBox)
	if err != nil || auto.Notation != notation.After || len(auto.Others) != 1 || auto.Others[0].Seq != r.Seq {
		t.Fatalf("Read(%q, auto) = %+v, %v; want after, with before as the other reading", text, auto, err)
	}
}
