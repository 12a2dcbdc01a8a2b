package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// TestProblemText: how a problem reads, solutions counted from 1, with a
// key that is no key.
func TestProblemText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		p    Problem
		want string
	}{
		{Problem{Key: "01111110", Solution: 2, Err: errors.New("x")}, "01111110 solution 3: x"},
		{Problem{Key: "01111110", Solution: -1, Err: errors.New("x")}, "01111110: x"},
		{Problem{Key: "0a", Solution: -1, Err: errors.New("x")}, `"0a": x`},
		{Problem{Key: "", Solution: 0, Err: errors.New("x")}, `"" solution 1: x`},
		{Problem{Key: strings.Repeat("0", 70), Solution: -1, Err: errors.New("x")}, `"` + strings.Repeat("0", 64) + `"...: x`},
	} {
		if got := tc.p.Error(); got != tc.want {
			t.Errorf("Problem.Error() = %q, want %q", got, tc.want)
		}
	}
}

// TestRoundTrip: a catalogue the engine wrote reads back, in every format
// and for cubes and other boxes, with no box given, as exactly the snakes and canonical forms
// a fresh search finds, with no problem.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	for _, size := range []string{"2", "2x2x3", "1x3x4", "3"} {
		b := symmetry.MustParseBox(size)
		want, err := solver.Enumerate(context.Background(), b, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []export.Format{export.FormatJSON, export.FormatJSONL, export.FormatParquet} {
			opts := Options{} // the file tells the box
			r := NewReader(bytes.NewReader(catalogtest.File(t, size, f)), opts)
			n := 0
			for ; ; n++ {
				s, err := r.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatalf("%v %v: Next: %v", b, f, err)
				}
				if p := s.Err(); p != nil {
					t.Fatalf("%v %v: %v", b, f, p)
				}
				if n >= len(want.Snakes) || s.Key != want.Snakes[n].Seq || !reflect.DeepEqual(s.Forms(), want.Snakes[n].Solutions) {
					t.Fatalf("%v %v: snake %d read as %v with %d solutions, not as the search found it", b, f, n+1, s.Key, len(s.Forms()))
				}
				if r.Box() != b || r.Format() != f {
					t.Fatalf("%v %v: the reader says box %v, format %v", b, f, r.Box(), r.Format())
				}
			}
			if n != len(want.Snakes) {
				t.Errorf("%v %v: read %d snakes, want %d", b, f, n, len(want.Snakes))
			}
		}
	}
}

// TestProblems: what the reader attaches to a snake, without stopping.
func TestProblems(t *testing.T) {
	t.Parallel()
	good := `{"startPos":[0,0,0],"direction":[1,2,-1,3,1,-2,-1],"path":[[[1,8],[4,5]],[[2,7],[3,6]]]}`
	mirror := `{"startPos":[0,0,0],"direction":[2,1,-2,3,2,-1,-2],"path":[[[1,8],[2,7]],[[4,5],[3,6]]]}`
	in := `{"01111110":[` + good + `,` + mirror + `,{"startPos":[0,0,0],"direction":[1,1]}],"01111110":[],"01000000":[]}`
	want := []string{
		"01111110 solution 2 same as 1",
		"01111110 solution 3: direction has 2 moves, want 7",
		"01111110: listed again: keys must be unique",
		"01111110: lists no solution",
		"01000000: follows 01111110: keys must ascend",
		"01000000: not a key: its reverse, 00000010, is smaller",
		"01000000: lists no solution",
	}
	for _, workers := range []int{0, 1, 2, 3} {
		if got := attached(t, NewReader(strings.NewReader(in), Options{Workers: workers})); !reflect.DeepEqual(got, want) {
			t.Errorf("problems read, %d workers:\n%s\nwant\n%s", workers, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// attached reads every snake of r and returns what is wrong with them.
func attached(t *testing.T, r *Reader) []string {
	t.Helper()
	defer r.Close()
	var got []string
	for {
		s, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range s.Problems {
			got = append(got, ProblemOf(s, -1, e).Error())
		}
		for i, sol := range s.Solutions {
			if sol.Err != nil {
				got = append(got, ProblemOf(s, i, sol.Err).Error())
			}
			if sol.Same >= 0 {
				got = append(got, fmt.Sprintf("%s solution %d same as %d", s.Text, i+1, sol.Same+1))
			}
		}
	}
	return got
}
