// Package engine is what the static site asks of snakecube: read a snake
// typed in any notation, solve it, say what may help when it does not
// fold, and draw the printable step sheet. It does so with the packages
// snakecube solve uses (input, solver, fold), so the page reads the same
// texts, finds the same solutions and gives the same help as the command.
//
// The site runs it compiled to WebAssembly, in a Web Worker: package
// main under internal/site/wasm hands each answer to JavaScript as it
// is. Answers are therefore plain values, the kinds syscall/js converts:
// map[string]any, []any, string, bool and numbers. The package itself
// knows nothing of JavaScript and is tested natively.
//
// # Answers
//
// [Session.Solve] answers a text that is no snake with
//
//	{"error": MESSAGE, "caret": "TEXT\n    ^" or "", "fixes": [LINE, ...]}
//
// MESSAGE being what snakecube solve prints after "snake 1: ", caret the
// text with a caret under the character at fault, and fixes the lines
// solve prints for a run-length list one cubelet off. A snake is
// answered with
//
//	{"snake": SEQUENCE, "box": "AxBxC", "notation": NAME, "notes": [LINE, ...],
//	 "total": N, "shown": K, "data": PLAYER_DATA}
//
// SEQUENCE being the snake as typed, 0s and 1s; notes how the text was
// read, where that is not plain ([input.Snake.Notes]); total the number
// of solutions and shown how many of the first the answer holds, at most
// [MaxShown]; and data the step player's data for them, the JSON of
// [fold.Data]. [Session.Advise] then answers, for a snake of no
// solution, {"lines": [LINE, ...]}: why it does not fold, the snakes one
// cubelet away that do and the other readings of the text that fold, as
// solve prints them. [Session.Feel] answers how hard the snake solved
// last is for a person to fold, and [Session.Sheet] returns its SVG step
// sheet.
package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// MaxShown is the most solutions an answer holds, as a page of the step
// player holds them: far more than a person steps through, and few
// enough that the answer is quickly passed to the page; the others are
// counted.
const MaxShown = 100

// SheetMost is the most solutions the step sheet draws, as snakecube
// solve -format svg draws by default: a sheet takes a picture a step.
const SheetMost = 10

// SizeHint is how the page asks for another box: its size field (a
// link gives it as &size=AxBxC), named as a person sees it.
const SizeHint = "the size field, such as 2x3x4,"

// maxSize bounds the size field: "64x64x64" is 8 characters, and an
// error quotes the field.
const maxSize = 32

// A Session answers one page's requests, one at a time, and remembers
// the snake solved last, for its advice and its sheet.
type Session struct {
	last  *input.Snake
	shown fold.Snake
}

// Solve reads text as a snake, in the notation named (the empty name
// detects it) and the box size names (empty: the box of the snake's
// length), and finds its solutions, keeping the first [MaxShown].
func (s *Session) Solve(ctx context.Context, text, size, nota string) (map[string]any, error) {
	s.last, s.shown = nil, fold.Snake{}
	o := input.Options{SizeHint: SizeHint}
	var err error
	if o.Notation, err = notation.ParseNotation(nota); err != nil {
		return map[string]any{"error": "notation: " + err.Error(), "caret": "", "fixes": []any{}}, nil
	}
	switch t := strings.TrimSpace(size); {
	case len(t) > maxSize:
		return map[string]any{"error": fmt.Sprintf("size: %d characters, want N or AxBxC", len(t)), "caret": "", "fixes": []any{}}, nil
	case t != "":
		if o.Box, err = symmetry.ParseBox(t); err != nil {
			return map[string]any{"error": "size: " + err.Error(), "caret": "", "fixes": []any{}}, nil
		}
	}
	sn, err := input.Read(text, o)
	if err != nil {
		return s.bad(ctx, text, o, err)
	}
	sv, err := solver.Solve(ctx, sn.Box, sn.Seq, solver.Options{Workers: 1, Most: MaxShown})
	if err != nil {
		return nil, err
	}
	s.last = sn
	s.shown = fold.Snake{Box: sn.Box, Seq: sn.Seq, Solutions: sv.Snake.Solutions, Total: sv.Total, Notes: sn.Notes()}
	return map[string]any{
		"snake":    sn.Seq.String(),
		"box":      sn.Box.String(),
		"notation": sn.Read.Notation.String(),
		"notes":    list(sn.Notes()),
		"total":    sv.Total,
		"shown":    len(sv.Snake.Solutions),
		"data":     playerData(fold.NewData([]fold.Snake{s.shown})),
	}, nil
}

// bad answers a text that is no snake, as solve tells it: the message,
// the caret under the character at fault, and for a run-length list one
// cubelet off, which single runs would make it fold.
func (s *Session) bad(ctx context.Context, text string, o input.Options, err error) (map[string]any, error) {
	caret := ""
	var ie *input.Error
	if errors.As(err, &ie) {
		caret = ie.Caret()
	}
	var fixes []string
	if errors.Is(err, notation.ErrLength) {
		fs, ferr := input.Miscounted(ctx, text, o, 1)
		if ferr != nil {
			return nil, ferr
		}
		fixes = input.FixLines(fs)
	}
	return map[string]any{"error": err.Error(), "caret": caret, "fixes": list(fixes)}, nil
}

// Advise answers what may help with the snake solved last when it has no
// solution: the lines solve prints, the reason, the snakes one cubelet
// away, the other readings that fold. A snake that folds needs none.
func (s *Session) Advise(ctx context.Context) (map[string]any, error) {
	if s.last == nil || s.shown.Total > 0 {
		return map[string]any{"lines": []any{}}, nil
	}
	a, err := input.Advise(ctx, s.last, 1)
	if err != nil {
		return nil, err
	}
	lines := append(a.Lines(s.last), a.ReadingLines(s.last)...)
	s.shown.Notes = append(s.shown.Notes, lines...)
	return map[string]any{"lines": list(lines)}, nil
}

// Feel answers how hard the snake solved last is for a person to fold
// (package rate, Feel, seed 0), on its box's scale (rate.AtHand):
//
//	{"level": 1 to 10, "difficulty": PLACEMENTS, "stdErr": ERROR,
//	 "easier": CUBELET, "ends": [FROM_1, FROM_LAST],
//	 "scale": {"box", "snakes", "sampled"}}
//
// difficulty being the placements expected from the easier end, stdErr
// its standard error (0 when exact), easier the cubelet that end starts
// from, 1 or the last, ends the placements expected from each end, and
// scale the snakes the levels are the tenths of. It answers {} for no
// snake, one of no solution, or one of a box whose scale is neither
// made nor of at most rate.QuickScaleCells cells, which would take
// minutes.
func (s *Session) Feel(ctx context.Context) (map[string]any, error) {
	if s.last == nil || s.shown.Total == 0 {
		return map[string]any{}, nil
	}
	r, ok, err := rate.AtHand(ctx, s.last.Box, s.last.Seq)
	if err != nil {
		return nil, err
	}
	if !ok {
		return map[string]any{}, nil
	}
	j := r.JSON()
	return map[string]any{
		"level":      j.Level,
		"difficulty": *j.Difficulty,
		"stdErr":     *j.StdErr,
		"easier":     j.Easier,
		"ends":       []any{r.Ends[0].Expected, r.Ends[1].Expected},
		"scale":      map[string]any{"box": j.Scale.Box, "snakes": j.Scale.Snakes, "sampled": j.Scale.Sampled},
	}, nil
}

// Sheet returns the printable step sheet of the snake solved last, its
// first [SheetMost] solutions drawn, or "" when no snake was.
func (s *Session) Sheet(ctx context.Context) (string, error) {
	if s.last == nil {
		return "", nil
	}
	sh := s.shown
	if len(sh.Solutions) > SheetMost {
		sh.Solutions = sh.Solutions[:SheetMost]
	}
	var b strings.Builder
	if err := fold.WriteSheet(ctx, &b, []fold.Snake{sh}); err != nil {
		return "", err
	}
	return b.String(), nil
}

// list returns lines as a list of values.
func list(lines []string) []any {
	out := make([]any, len(lines))
	for i, l := range lines {
		out[i] = l
	}
	return out
}

// ints returns a list of numbers as a list of values.
func ints(p []int) []any {
	out := make([]any, len(p))
	for i, n := range p {
		out[i] = n
	}
	return out
}

// playerData returns the step player's data as plain values, the JSON
// encoding of d without its reflection, which the WebAssembly binary
// would carry.
func playerData(d fold.Data) map[string]any {
	snakes := make([]any, len(d.Snakes))
	for i, ds := range d.Snakes {
		sols := make([]any, len(ds.Solutions))
		for k, sol := range ds.Solutions {
			sols[k] = map[string]any{"startPos": ints(sol.StartPos[:]), "direction": ints(sol.Direction)}
		}
		m := map[string]any{"key": ds.Key, "solutions": sols}
		if ds.Box != nil {
			m["box"] = ints(ds.Box[:])
		}
		if ds.Total != 0 {
			m["total"] = ds.Total
		}
		if ds.Differ != "" {
			m["differ"] = ds.Differ
		}
		snakes[i] = m
	}
	return map[string]any{"box": ints(d.Box[:]), "snakes": snakes}
}
