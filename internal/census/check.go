package census

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"strconv"
	"strings"
	"sync"

	"github.com/snakecube/snakecube/internal/journal"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// ErrNoSum reports a line without a checksum: a census file of the first
// format, which [Upgrade] brings forward.
var ErrNoSum = errors.New("no checksum: a census file of the first format")

// castagnoli is made on first use: its tables take a visible share of the
// start-up of every command otherwise.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// checksum returns the "sum" of a canonical line.
func checksum(canonical []byte) string {
	return fmt.Sprintf("%08x", crc32.Checksum(canonical, castagnoli()))
}

// decode reads one line of a census file, checks its checksum (or, unless
// needSum, its absence) and its record, and returns the record without its
// sum. A line that is no census line of either format, a catalogue's
// say, is refused as such, not as a census line of the first format or
// one that does not check.
func decode(line []byte, needSum bool) (Record, error) {
	r, err := decodeLine(line, needSum)
	// A line whose checksum is right was written whole by [Record.Line].
	if err != nil || r.Sum == "" {
		if nc := notCensus(line); nc != nil {
			return Record{}, nc
		}
	}
	r.Sum = ""
	return r, err
}

// censusKeys are the fields of every census line, of the first format
// and of the present one alike.
var censusKeys = []string{"box", "depth", "section", "prefix", "nodes", "seconds"}

// notCensus returns what makes line no census line, of either format: it
// is not a JSON object, or it lacks fields that every census line has. It
// returns nil for a line that may be a census line, however wrong. Only
// lines that fail to decode or have no checksum are looked at, so a census
// of the present format costs nothing more to read.
func notCensus(line []byte) error {
	var fields map[string]json.RawMessage // of the line's first value
	if err := json.NewDecoder(bytes.NewReader(line)).Decode(&fields); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) {
			return fmt.Errorf("not a census line: %w", err)
		}
		return errors.New("not a census line: not a JSON object")
	}
	var missing []string
	for _, k := range censusKeys {
		if _, ok := fields[k]; !ok {
			missing = append(missing, strconv.Quote(k))
		}
	}
	switch n := len(missing); n {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("not a census line: it has no %s", missing[0])
	default:
		return fmt.Errorf("not a census line: it has no %s or %s", strings.Join(missing[:n-1], ", "), missing[n-1])
	}
}

// decodeLine is decode but for telling a line that is no census line, and
// it leaves the record's sum as the line had it.
func decodeLine(line []byte, needSum bool) (Record, error) {
	var r Record
	if err := journal.Decode(line, &r); err != nil {
		return r, err
	}
	switch {
	case r.Sum == "" && needSum:
		return r, ErrNoSum
	case r.Sum != "":
		if err := checkSum(&r, &r.Sum); err != nil {
			return r, err
		}
	}
	return r, r.Check()
}

// checkSum checks the checksum *sum of v, a line's fields as decoded
// (see summed), and leaves *sum as it was.
func checkSum(v any, sum *string) error {
	got := *sum
	*sum = ""
	b, _ := json.Marshal(v)
	*sum = got
	if want := checksum(b); got != want {
		return fmt.Errorf("checksum %s, but the line's fields sum to %s: the line was changed after it was written", got, want)
	}
	return nil
}

// Check returns an error saying what is wrong when r cannot be the census
// of a section: a box or depth out of range, a section number beyond the
// box's sections, a prefix other than the section's, or counts that
// contradict each other.
func (r Record) Check() error {
	b := r.Box
	if b.Len() == 0 {
		return errors.New("no box")
	}
	n := b.Len()
	if r.Depth < 1 || r.Depth > n {
		return fmt.Errorf("depth %d: want 1 to %d for the %v box", r.Depth, n, b)
	}
	if m := solver.NumSections(b, r.Depth); r.Section < 0 || r.Section >= m {
		return fmt.Errorf("section %d: the %v box has sections 0 to %d at depth %d", r.Section, b, m-1, r.Depth)
	}
	p := solver.SectionAt(b, r.Depth, r.Section)
	if r.Prefix != p.String() {
		return fmt.Errorf("section %d has prefix %s, not %q", r.Section, p, r.Prefix)
	}
	if err := r.checkCounts(n); err != nil {
		return fmt.Errorf("section %d: %w", r.Section, err)
	}
	return r.checkMost(b, p)
}

// checkCounts checks the counts against each other, for a box of n cells.
func (r Record) checkCounts(n int) error {
	if r.Snakes < 0 || r.Solutions < 0 || r.Palindromes < 0 || r.PalindromeSolutions < 0 ||
		r.OneSolution < 0 || r.Most < 0 || r.Seconds < 0 || r.CPU < 0 {
		return errors.New("a negative count")
	}
	// The keys that start with the prefix: the characters after it are
	// free but for the last, an end.
	if free := n - 1 - r.Depth; free >= 0 && free < 62 && r.Snakes > int64(1)<<free ||
		free < 0 && r.Snakes > 1 {
		return fmt.Errorf("%d snakes, more than the section's keys", r.Snakes)
	}
	several := r.Snakes - r.OneSolution // snakes with 2 solutions or more
	for _, c := range []struct {
		ok   bool
		says string
	}{
		{r.OneSolution <= r.Snakes, "more one-solution snakes than snakes"},
		{r.Palindromes <= r.Snakes, "more palindromes than snakes"},
		{r.Snakes <= r.Solutions, "fewer solutions than snakes"},
		{several <= (r.Solutions-r.OneSolution)/2, "too few solutions for the snakes with more than one"},
		{r.Palindromes <= r.PalindromeSolutions, "fewer palindrome solutions than palindromes"},
		{r.Palindromes > 0 || r.PalindromeSolutions == 0, "palindrome solutions without palindromes"},
		{r.PalindromeSolutions <= r.Solutions, "more palindrome solutions than solutions"},
		{r.Most <= r.Solutions, "a snake with more solutions than the section"},
		{(r.Snakes > 0) == (r.Most > 0), "most solutions given without snakes, or snakes without it"},
		{several > 0 || r.Solutions == r.OneSolution, "more solutions than snakes, all of them one-solution snakes"},
		{several == 0 || ceilDiv(r.Solutions-r.OneSolution, several) <= r.Most, "more solutions than the snakes can have with at most most_solutions each"},
	} {
		if !c.ok {
			return errors.New(c.says)
		}
	}
	return nil
}

// checkMost checks the snake with most solutions: a key of the box in
// section p.
func (r Record) checkMost(b symmetry.Box, p solver.Seq) error {
	if (r.Most > 0) != (r.MostKey != "") {
		return fmt.Errorf("section %d: most_solutions %d but most_solutions_snake %q", r.Section, r.Most, r.MostKey)
	}
	if r.MostKey == "" {
		return nil
	}
	k, err := solver.ParseSeq(r.MostKey)
	if err == nil {
		err = k.Valid(b)
	}
	switch {
	case err != nil:
	case !k.IsKey():
		err = errors.New("not a key: its reverse is smaller")
	case k.Bits&(1<<p.Len-1) != p.Bits:
		err = fmt.Errorf("not in the section: it does not start with %s", p)
	case k.Palindrome() && (r.Palindromes == 0 || r.PalindromeSolutions < r.Most):
		err = errors.New("a palindrome with more solutions than the section's palindromes")
	}
	if err != nil {
		return fmt.Errorf("section %d: most_solutions_snake %s: %w", r.Section, r.MostKey, err)
	}
	return nil
}

// ceilDiv returns a/b rounded up, for a >= 0 and b > 0.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}
