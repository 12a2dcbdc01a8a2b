package input

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

const classic = "001110110111010111101010100"

func TestBoxOf(t *testing.T) {
	t.Parallel()
	b234 := symmetry.MustParseBox("2x3x4")
	for _, tc := range []struct {
		o    Options
		l    int
		want string
		ok   bool
	}{
		{Options{}, 27, "3x3x3", true},
		{Options{}, 64, "4x4x4", true},
		{Options{}, 24, "0x0x0", false},
		{Options{Boxes: []symmetry.Box{b234}}, 24, "2x3x4", true},
		{Options{Boxes: []symmetry.Box{b234}}, 27, "3x3x3", true},
		{Options{Box: b234}, 24, "2x3x4", true},
		{Options{Box: b234}, 27, "2x3x4", false},
	} {
		b, ok := tc.o.BoxOf(tc.l)
		if b.String() != tc.want || ok != tc.ok {
			t.Errorf("%+v.BoxOf(%d) = %v, %v, want %s, %v", tc.o, tc.l, b, ok, tc.want, tc.ok)
		}
	}
}

func TestRead(t *testing.T) {
	t.Parallel()
	s, err := Read("3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3", Options{})
	if err != nil || s.Seq.String() != classic || s.Box.String() != "3x3x3" || s.Read.Notation != notation.Lengths {
		t.Fatalf("Read(classic lengths) = %+v, %v", s, err)
	}
	_, err = Read("0011101101110101111010101x0", Options{})
	var e *Error
	if !errors.As(err, &e) || e.Caret() != "0011101101110101111010101x0\n                         ^" {
		t.Errorf("Read(a stray x) = %v, caret %q", err, e.Caret())
	}
	_, err = Read("001101110110", Options{SizeHint: "-size AxBxC"})
	if err == nil || !strings.Contains(err.Error(), "4x4x4: use -size AxBxC for another box") {
		t.Errorf("Read(12 cubelets) = %v, want the hint to give the box", err)
	}
	if s, err := Read("001101110110", Options{Boxes: []symmetry.Box{symmetry.MustParseBox("2x2x3")}}); err != nil || s.Box.String() != "2x2x3" {
		t.Errorf("Read(12 cubelets, 2x2x3 served) = %v, %v", s, err)
	}
	if _, err := Read(strings.Repeat("1", MaxText+1), Options{}); err == nil {
		t.Error("Read(a text longer than MaxText) succeeded")
	}
}

// TestMiscounted takes run 4 of the classic snake's lengths one short and
// one long, and the classic snake's run 4 must be among the fixes found;
// every fix changes one entry by one, and folds.
func TestMiscounted(t *testing.T) {
	t.Parallel()
	runs := []string{"3", "2", "2", "3", "2", "3", "2", "2", "3", "3", "2", "2", "2", "3", "3", "3", "3"}
	for _, typo := range []string{"2", "4"} {
		typed := slices.Clone(runs)
		typed[3] = typo
		text := strings.Join(typed, ",")
		if _, err := Read(text, Options{}); !errors.Is(err, notation.ErrLength) {
			t.Fatalf("Read(%s) = %v, want a length error", text, err)
		}
		fixes, err := Miscounted(context.Background(), text, Options{}, 2)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range fixes {
			if f.Notation != notation.Lengths {
				t.Errorf("%s: fix %+v in another notation", text, f)
			}
			if f.Run == 4 && f.Seq.String() == classic && f.Was == atoi(typo) && f.Now == 3 {
				found = true
			}
			if d := f.Now - f.Was; d != 1 && d != -1 {
				t.Errorf("%s: fix %+v changes run %d by %d", text, f, f.Run, d)
			}
			got, err := solver.Solve(context.Background(), f.Box, f.Seq, solver.Options{})
			if err != nil || uint64(len(got.Snake.Solutions)) != f.Solutions || f.Solutions == 0 {
				t.Errorf("%s: fix %+v: Solve finds %d solutions (%v)", text, f, len(got.Snake.Solutions), err)
			}
		}
		if !found {
			t.Errorf("Miscounted(%s) = %+v, without run 4 as 3", text, fixes)
		}
	}
	if fixes, _ := Miscounted(context.Background(), classic, Options{}, 1); len(fixes) != 0 {
		t.Errorf("Miscounted(the classic sequence) = %v, want none", fixes)
	}
}

func atoi(s string) int { return int(s[0] - '0') }

// TestAdvise: the classic snake with one turn made straight has no
// solution; the advice names the classic snake one cubelet away.
func TestAdvise(t *testing.T) {
	t.Parallel()
	q := []byte(classic)
	q[3] = '0'
	s, err := Read(string(q), Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := Advise(context.Background(), s, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(a.Near, func(n solver.Near) bool { return n.Cubelet == 3 && n.Snake.String() == classic && n.Solutions == 1 }) {
		t.Errorf("Advise(%s).Near = %v, without the classic snake at cubelet 4", q, a.Near)
	}
}
