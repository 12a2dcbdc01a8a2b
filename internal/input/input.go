// Package input reads the snakes people type, in any notation, settles
// the box each one folds into, and, for a snake that does not fold, finds
// what the person may have meant. The command line, the server and the
// static site all read typed snakes through it, so that they accept the
// same texts and give the same help.
//
// # Boxes
//
// A snake's box is the one [Options] give ([Options.Box]); without one,
// the cube of the snake's length, when that is a cube's (8, 27 or 64
// cubelets), or else the one of [Options.Boxes] of that volume.
//
// # Help
//
// [Read] fails with an [*Error] that says what is wrong and where, with a
// caret under the character at fault ([Error.Caret]). A run-length list
// one cubelet short of or past the box's length is told which single
// runs, one cubelet longer or shorter, would make a snake that folds
// ([Miscounted]). For a snake read but with no solution, [Advise] gives
// the reason found without searching, if any, the snakes one inner
// cubelet away that fold, and the other readings of the text that fold.
package input

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Options say how a text is read and which snakes are accepted. The zero
// value detects the notation and takes the cubes' lengths.
type Options struct {
	Notation notation.Notation
	// Box is the box of every snake; zero means the box of the snake's
	// length (see the package documentation).
	Box symmetry.Box
	// Boxes are the boxes, besides the cubes, that a length may stand
	// for when Box is zero: those of the catalogues a server holds.
	Boxes []symmetry.Box
	// SizeHint is how the caller gives another box, such as "-size
	// AxBxC", named when a snake's length is no box's; "" names none.
	SizeHint string
	// NotationFlag is the flag with which the caller names a notation,
	// such as "-notation", told where a text reads another way too; ""
	// on a page, which instead links the snake of each other reading,
	// given as its sequence of 0s and 1s.
	NotationFlag string
}

// BoxOf returns the box of a snake of l cubelets, and whether the options
// accept such a snake.
func (o Options) BoxOf(l int) (symmetry.Box, bool) {
	if o.Box.Len() > 0 {
		return o.Box, l == o.Box.Len()
	}
	if b, ok := symmetry.CubeOf(l); ok {
		return b, true
	}
	for _, b := range o.Boxes {
		if b.Len() == l {
			return b, true
		}
	}
	return symmetry.Box{}, false
}

// Snake is a snake as typed: the text, how it was read, and its box.
type Snake struct {
	Text string
	Seq  solver.Seq
	Box  symmetry.Box
	// Read is the reading used and the other readings of the text.
	Read notation.Result
	opts Options
}

// Notes returns what a person should know of how the text was read: the
// reading's own note (such as a move left out) and, when the text reads
// as other snakes too, which reading was used and the others, with how
// to ask for them ([Options.NotationFlag]).
func (s *Snake) Notes() []string {
	var notes []string
	if s.Read.Note != "" {
		notes = append(notes, s.Read.Note)
	}
	if a := s.Read.Ambiguity(s.opts.NotationFlag); a != "" {
		notes = append(notes, a)
	}
	return notes
}

// OnPage returns the snake as a page tells it: its notes and advice name
// no flag ([Options.NotationFlag]).
func (s *Snake) OnPage() *Snake {
	p := *s
	p.opts.NotationFlag = ""
	return &p
}

// Error is a text that does not read as a snake the options accept.
type Error struct {
	// Text is the text as typed.
	Text string
	// Err is the reader's error, a [*notation.Error] but for a text
	// too long to read.
	Err error
	msg string
}

func (e *Error) Error() string { return e.msg }
func (e *Error) Unwrap() error { return e.Err }

// Caret returns, when the error is at one character, the text and a line
// with a caret under that character, tabs shown as spaces; else "".
func (e *Error) Caret() string {
	var ne *notation.Error
	if !errors.As(e.Err, &ne) || ne.Column == 0 {
		return ""
	}
	text := strings.ReplaceAll(e.Text, "\t", " ")
	if ne.Column > utf8.RuneCountInString(text)+1 {
		return ""
	}
	return text + "\n" + strings.Repeat(" ", ne.Column-1) + "^"
}

// MaxText bounds a text: the longest notation of the longest snake, 64
// cubelets of F,T with spaces, takes a few hundred bytes.
const MaxText = 1 << 16

// Read reads text as a snake the options accept.
func Read(text string, o Options) (*Snake, error) {
	if len(text) > MaxText {
		return nil, &Error{Text: text[:64] + "...", Err: notation.ErrLength, msg: fmt.Sprintf("%d bytes, more than any snake takes (%d)", len(text), MaxText)}
	}
	r, err := notation.Read(text, o.Notation, o.BoxOf)
	if err != nil {
		return nil, &Error{Text: text, Err: err, msg: o.explain(text, err)}
	}
	q, err := solver.ParseSeq(r.Seq)
	if err != nil {
		return nil, &Error{Text: text, Err: err, msg: err.Error()}
	}
	b, _ := o.BoxOf(q.Len)
	return &Snake{Text: text, Seq: q, Box: b, Read: r, opts: o}, nil
}

// explain turns a notation error into a message that says what to do
// about it.
func (o Options) explain(text string, err error) string {
	msg := err.Error()
	if m := o.oneOff(text); m != "" && errors.Is(err, notation.ErrLength) {
		msg = m // its letters count the cubelets, whatever other readings count
	}
	var ne *notation.Error
	if errors.As(err, &ne) && errors.Is(err, notation.ErrLength) {
		hint := ": give the box for another"
		if o.SizeHint != "" {
			hint = ": use " + o.SizeHint + " for another box"
		}
		switch {
		case o.Box.Len() > 0:
			msg += fmt.Sprintf("; the %v box has %d cells", o.Box, o.Box.Len())
		case len(o.Boxes) > 0:
			msg += "; snakes of 8, 27 and 64 cubelets fold into 2x2x2, 3x3x3 and 4x4x4, and " + lengths(o.Boxes) + hint
		default:
			msg += "; snakes of 8, 27 and 64 cubelets fold into 2x2x2, 3x3x3 and 4x4x4" + hint
		}
	}
	if ne != nil {
		for _, r := range ne.Others {
			msg += fmt.Sprintf("; as %v (%s) it is %s, %d cubelets", r.Notation, r.Notation.Describe(), r.Seq, len(r.Seq))
			if o.NotationFlag != "" {
				msg += fmt.Sprintf(": use %s %v", o.NotationFlag, r.Notation)
			}
		}
	}
	return msg
}

// oneOff says, of a text of a letter per cubelet one letter short of or
// past a length the options accept, how many letters it has and how many
// the box has; else "".
func (o Options) oneOff(text string) string {
	bits, n, _, _, ok := notation.PerCubelet(text)
	if !ok || o.Notation != notation.Auto && o.Notation != n {
		return ""
	}
	if _, ok := o.BoxOf(len(bits)); ok {
		return ""
	}
	if b, ok := o.BoxOf(len(bits) + 1); ok {
		return fmt.Sprintf("%d letters, a cubelet each: one fewer than the %d cubelets of the %v box", len(bits), b.Len(), b)
	}
	if b, ok := o.BoxOf(len(bits) - 1); ok {
		return fmt.Sprintf("%d letters, a cubelet each: one more than the %d cubelets of the %v box", len(bits), b.Len(), b)
	}
	return ""
}

// lengths says which lengths boxes stand for: "24 cubelets 2x3x4".
func lengths(boxes []symmetry.Box) string {
	var s []string
	for _, b := range boxes {
		s = append(s, fmt.Sprintf("%d cubelets %v", b.Len(), b))
	}
	return strings.Join(s, ", ")
}

// Advice is what may help a person whose snake has no solution.
type Advice struct {
	// Why is a reason the snake cannot fold, found without searching;
	// "" when there is none to give.
	Why string
	// Near are the snakes one inner cubelet away that fold, in cubelet
	// order.
	Near []solver.Near
	// Readings are the other readings of the text that fold.
	Readings []Reading
	// Typos are the snakes with a cubelet added or taken out that fold,
	// for a text of a letter per cubelet one letter off ([Mistyped]),
	// read as a letter per move.
	Typos []Fix
}

// Lines returns the advice of the search as lines for a person, as solve
// prints them: the reason, and the snakes one cubelet away or that none
// folds.
func (a Advice) Lines(s *Snake) []string {
	lines := FixLines(a.Typos)
	if a.Why != "" {
		lines = append(lines, "why: "+a.Why)
	}
	if len(a.Near) == 0 {
		lines = append(lines, "no snake one cubelet away folds either")
	} else {
		lines = append(lines, "one cubelet off, it would fold:")
		for _, n := range a.Near {
			was, now := "turn", "straight"
			if !s.Seq.Turn(n.Cubelet) {
				was, now = now, was
			}
			lines = append(lines, fmt.Sprintf("  cubelet %d as a %s, not a %s: %v, %s", n.Cubelet+1, now, was, n.Snake, words.Plural(n.Solutions, "solution")))
		}
	}
	return lines
}

// ReadingLines returns the other readings of the advice that fold, as
// lines for a person.
func (a Advice) ReadingLines(s *Snake) []string {
	var lines []string
	for _, r := range a.Readings {
		if f := s.opts.NotationFlag; f != "" {
			lines = append(lines, fmt.Sprintf("read as %v it has no solution; as %v (%s) it has %s: use %s %v",
				s.Read.Notation, r.Notation, r.Notation.Describe(), words.Plural(int(r.Solutions), "solution"), f, r.Notation))
			continue
		}
		lines = append(lines, fmt.Sprintf("read as %v it has no solution; as %v (%s), %s, it has %s",
			s.Read.Notation, r.Notation, r.Notation.Describe(), r.Seq, words.Plural(int(r.Solutions), "solution")))
	}
	return lines
}

// FixLines returns fixes of a miscounted or mistyped text as lines for a
// person, as solve prints them after the error, each kind under a line
// that says what it is.
func FixLines(fixes []Fix) []string {
	var lines []string
	kind := ""
	for _, f := range fixes {
		k, line := f.words()
		if k != kind {
			lines = append(lines, k)
			kind = k
		}
		lines = append(lines, fmt.Sprintf("  %s: %v, %v box, %s", line, f.Seq, f.Box, words.Plural(int(f.Solutions), "solution")))
	}
	return lines
}

// words returns what kind of fix f is, as the line over fixes of its
// kind, and what it changes.
func (f Fix) words() (kind, change string) {
	switch {
	case f.Cubelet == 0:
		return "one run miscounted? With a single run one cubelet longer or shorter, it would fold:",
			fmt.Sprintf("run %d as %d, not %d", f.Run, f.Now, f.Was)
	case f.Added:
		return "one cubelet left out? With one more, it would fold:",
			fmt.Sprintf("%s added as cubelet %d", article(f.Letter), f.Cubelet)
	}
	return "one cubelet too many? Without it, it would fold:",
		fmt.Sprintf("cubelet %d, %s, taken out", f.Cubelet, article(f.Letter))
}

// article returns a letter as a person reads it in a sentence: "a 1",
// "an S".
func article(l string) string {
	if l != "" && strings.ContainsAny(l[:1], "AEFHILMNORSX8") {
		return "an " + l
	}
	return "a " + l
}

// Reading is another reading of a text that folds.
type Reading struct {
	notation.Reading
	Box       symmetry.Box
	Solutions uint64
}

// Advise finds what may help with snake s, which has no solution, on the
// given number of goroutines.
func Advise(ctx context.Context, s *Snake, workers int) (Advice, error) {
	a := Advice{Why: solver.Obstacle(s.Box, s.Seq)}
	var err error
	if a.Typos, err = Mistyped(ctx, s.Text, s.opts, workers); err != nil {
		return a, err
	}
	if a.Near, err = solver.NearSnakes(ctx, s.Box, s.Seq, workers); err != nil {
		return a, err
	}
	a.Readings, err = s.OtherReadings(ctx)
	return a, err
}

// OtherReadings returns the readings of the snake's text, in any
// notation, that give another snake of a length the options accept that
// folds.
func (s *Snake) OtherReadings(ctx context.Context) ([]Reading, error) {
	o, seq := s.opts, s.Seq
	all, err := notation.Read(s.Text, notation.Auto, o.BoxOf)
	if err != nil {
		return nil, nil // only the notation asked for reads the text
	}
	var out []Reading
	for _, r := range append([]notation.Reading{all.Reading}, all.Others...) {
		q, err := solver.ParseSeq(r.Seq)
		b, ok := o.BoxOf(q.Len)
		if err != nil || !ok || q == seq || solver.Obstacle(b, q) != "" {
			continue
		}
		c, err := solver.CountSolutions(ctx, b, q, solver.Options{Workers: 1})
		if err != nil {
			return nil, err
		}
		if c.Solutions > 0 {
			out = append(out, Reading{Reading: r, Box: b, Solutions: c.Solutions})
		}
	}
	return out, nil
}

// Fix is one run of a run-length list made one cubelet longer or
// shorter, or one cubelet added to or taken out of a text of a letter
// per cubelet, so that the snake has a length the options accept and
// folds.
type Fix struct {
	Notation notation.Notation
	// Run is the run changed, counted from 1; Was and Now are its entry
	// in the list as typed and as changed.
	Run, Was, Now int
	// Cubelet, for a letter added or taken out, is that letter's cubelet,
	// counted from 1, in the snake as changed (added) or as typed (taken
	// out); Letter is the letter, as the text writes a straight or a
	// turn. Cubelet is 0 for a run changed.
	Cubelet   int
	Added     bool
	Letter    string
	Seq       solver.Seq
	Box       symmetry.Box
	Solutions uint64
}

// Miscounted returns, for a text that reads as a run-length list (lengths,
// moves or once) one cubelet too short or too long for every box the
// options accept, the single runs that, one cubelet longer or shorter,
// give a snake that folds: the miscounted run a person most likely typed;
// then the fixes of [Mistyped]. It returns none for any other text. Each
// candidate is counted on one of workers goroutines.
func Miscounted(ctx context.Context, text string, o Options, workers int) ([]Fix, error) {
	if len(text) > MaxText {
		return nil, nil
	}
	typos, err := Mistyped(ctx, text, o, workers)
	if err != nil {
		return nil, err
	}
	runs, err := miscountedRuns(ctx, text, o, workers)
	return append(runs, typos...), err
}

// Mistyped returns, for a text of a letter per cubelet (0/1 and the other
// pairs of the cubelets notation, or E/S/C) whose letters are one too few
// or one too many for every box the options accept, the snakes with one
// cubelet added or taken out that fold, in cubelet order, each the first
// place where a letter makes that snake. Such a text, one letter short,
// may read as a letter per move and give a snake of the right length
// that does not fold: [Advise] offers these fixes then too. It returns
// none for any other text, or when the options name a notation of
// another kind.
func Mistyped(ctx context.Context, text string, o Options, workers int) ([]Fix, error) {
	if len(text) > MaxText {
		return nil, nil
	}
	bits, n, straight, turn, ok := notation.PerCubelet(text)
	if !ok || o.Notation != notation.Auto && o.Notation != n {
		return nil, nil
	}
	if _, ok := o.BoxOf(len(bits)); ok {
		return nil, nil // not one off: NearSnakes changes a letter
	}
	letter := map[byte]string{'0': straight, '1': turn}
	if straight == "" || turn == "" { // a text of one letter only: name both by the cubelets pair's words
		letter = map[byte]string{'0': cmp.Or(straight, "straight"), '1': cmp.Or(turn, "turn")}
	}
	type cand struct {
		seq     string
		cubelet int
		added   bool
		letter  string
	}
	var cands []cand
	seen := map[string]bool{}
	try := func(q string, c cand) {
		if len(q) < 2 || q[0] != '0' || q[len(q)-1] != '0' || seen[q] {
			return
		}
		seen[q] = true
		c.seq = q
		cands = append(cands, c)
	}
	if _, ok := o.BoxOf(len(bits) + 1); ok {
		for i := 0; i <= len(bits); i++ {
			for _, c := range []byte{'0', '1'} {
				try(bits[:i]+string(c)+bits[i:], cand{cubelet: i + 1, added: true, letter: letter[c]})
			}
		}
	}
	if _, ok := o.BoxOf(len(bits) - 1); ok {
		for i := range len(bits) {
			try(bits[:i]+bits[i+1:], cand{cubelet: i + 1, letter: letter[bits[i]]})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return a.cubelet - b.cubelet })
	var fixes []Fix
	for _, c := range cands {
		f, err := folds(ctx, c.seq, o, workers)
		if err != nil {
			return nil, err
		}
		if f.Solutions > 0 {
			f.Notation, f.Cubelet, f.Added, f.Letter = n, c.cubelet, c.added, c.letter
			fixes = append(fixes, f)
		}
	}
	return fixes, nil
}

// folds returns, for the snake of sequence seq, its box and its number
// of solutions, counted on workers goroutines: 0 for a sequence that is
// no snake or that cannot fold for a reason found without searching.
func folds(ctx context.Context, seq string, o Options, workers int) (Fix, error) {
	q, err := solver.ParseSeq(seq)
	if err != nil {
		return Fix{}, nil
	}
	b, _ := o.BoxOf(q.Len)
	if solver.Obstacle(b, q) != "" {
		return Fix{}, nil
	}
	c, err := solver.CountSolutions(ctx, b, q, solver.Options{Workers: workers})
	return Fix{Seq: q, Box: b, Solutions: c.Solutions}, err
}

// miscountedRuns returns the fixes of a run-length list one cubelet off.
func miscountedRuns(ctx context.Context, text string, o Options, workers int) ([]Fix, error) {
	n := o.Notation
	all, err := notation.Read(text, n, nil)
	if err != nil {
		return nil, nil
	}
	var fixes []Fix
	for _, r := range append([]notation.Reading{all.Reading}, all.Others...) {
		if r.Notation != notation.Lengths && r.Notation != notation.Moves && r.Notation != notation.Once {
			continue
		}
		if _, ok := o.BoxOf(len(r.Seq)); ok {
			continue // not miscounted
		}
		for _, d := range []int{-1, 1} {
			if _, ok := o.BoxOf(len(r.Seq) + d); !ok {
				continue
			}
			fs, err := fixRuns(ctx, r, d, o, workers)
			if err != nil {
				return nil, err
			}
			fixes = append(fixes, fs...)
		}
	}
	return fixes, nil
}

// fixRuns returns the changes of one run of r's snake by d moves that
// fold.
func fixRuns(ctx context.Context, r notation.Reading, d int, o Options, workers int) ([]Fix, error) {
	runs := runMoves(r.Seq)
	var fixes []Fix
	for k := range runs {
		if runs[k]+d < 1 {
			continue
		}
		changed := slices.Clone(runs)
		changed[k] += d
		f, err := folds(ctx, sequence(changed), o, workers)
		if err != nil {
			return nil, err
		}
		if f.Solutions > 0 {
			f.Notation, f.Run, f.Was, f.Now = r.Notation, k+1, entry(r.Notation, k, runs[k]), entry(r.Notation, k, changed[k])
			fixes = append(fixes, f)
		}
	}
	return fixes, nil
}

// runMoves returns the moves of each straight run of sequence seq.
func runMoves(seq string) []int {
	var runs []int
	last := 0
	for i := 1; i < len(seq); i++ {
		if i == len(seq)-1 || seq[i] == '1' {
			runs = append(runs, i-last)
			last = i
		}
	}
	return runs
}

// sequence returns the sequence of a snake whose runs have these moves.
func sequence(runs []int) string {
	var b strings.Builder
	b.WriteByte('0')
	for k, m := range runs {
		b.WriteString(strings.Repeat("0", m-1))
		if k < len(runs)-1 {
			b.WriteByte('1')
		}
	}
	b.WriteByte('0')
	return b.String()
}

// entry returns run k's entry in a list of notation n, for a run of m
// moves.
func entry(n notation.Notation, k, m int) int {
	if n == notation.Lengths || n == notation.Once && k == 0 {
		return m + 1
	}
	return m
}
