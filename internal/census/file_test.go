package census

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// box234 and its sections of depth 6 are the census the tests write: 32
// sections, counted in milliseconds.
var box234, _ = symmetry.NewBox(2, 3, 4)

const depth234 = 6

// records counts the first n sections of 2x3x4 at depth 6.
func records(t testing.TB, n int) []Record { return recordsOf(t, box234, depth234, n) }

// recordsOf returns the records of the first n sections of box b's census
// at depth, each counted whole.
func recordsOf(t testing.TB, b symmetry.Box, depth, n int) []Record {
	t.Helper()
	recs := make([]Record, n)
	for k := range recs {
		p := solver.SectionAt(b, depth, k)
		c, err := solver.CountSection(context.Background(), b, p, solver.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		recs[k] = NewRecord(b, depth, k, p, c)
	}
	return recs
}

// fileOf returns the lines of recs, as a census writes them.
func fileOf(recs []Record) []byte {
	var b bytes.Buffer
	for _, r := range recs {
		b.Write(r.Line())
	}
	return b.Bytes()
}

func write(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLineRoundTrip reads back what Line writes, and refuses the line once
// a count is edited, with or without its checksum made again.
func TestLineRoundTrip(t *testing.T) {
	recs := records(t, 32)
	most := 0
	for k, r := range recs {
		got, err := decode(r.Line(), true)
		if err != nil || got != r {
			t.Fatalf("decode(%s) = %+v, %v; want %+v", r.Line(), got, err, r)
		}
		if r.Solutions > recs[most].Solutions {
			most = k
		}
	}
	r := recs[most]
	if r.Snakes < 2 || r.OneSolution == 0 || r.Most < 2 {
		t.Fatalf("the largest section of 2x3x4 at depth 6 is %+v: too small for the test", r)
	}
	line := string(r.Line())
	edited := strings.Replace(line, fmt.Sprintf(`"solutions":%d`, r.Solutions), fmt.Sprintf(`"solutions":%d`, r.Solutions+1), 1)
	if _, err := decode([]byte(edited), true); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("decode of a line whose solutions were edited = %v, want a checksum error", err)
	}
	noSum := line[:strings.Index(line, `,"sum"`)] + "}\n"
	if _, err := decode([]byte(noSum), true); !errors.Is(err, ErrNoSum) {
		t.Errorf("decode of a line without its sum = %v, want ErrNoSum", err)
	}
	if got, err := decode([]byte(noSum), false); err != nil || got != r {
		t.Errorf("decode of a first-format line = %+v, %v; want %+v", got, err, r)
	}
	if _, err := decode([]byte(strings.TrimSuffix(line, "\n")+" {}\n"), true); err == nil || err.Error() != "more than one JSON value on the line" {
		t.Errorf("decode of a line with two JSON values = %v, want more than one JSON value", err)
	}
}

// TestDecodeNotCensus: a line that is no census line of either format,
// such as a catalogue's, is refused as such, whether or not a sum is
// needed, and not taken for a census line of the first format; a census
// line of the first format still is one.
func TestDecodeNotCensus(t *testing.T) {
	for _, tc := range []struct{ line, says string }{
		{`{"box":"2x2x3"}`, `not a census line: it has no "depth", "section", "prefix", "nodes" or "seconds"`},
		{`{"snake":"0101010101","solutions":["abc"]}`, `not a census line: it has no "box", "depth", "section", "prefix", "nodes" or "seconds"`},
		{`{"box":"2x2x3","depth":4,"section":0,"prefix":"0000","nodes":12}`, `not a census line: it has no "seconds"`},
		{`{"box":"2x2x3","sum":"00000000"}`, `not a census line: it has no "depth"`},
		{`[1,2]`, `not a census line: not a JSON object`},
		{`snakes 17`, `not a census line: invalid character 's'`},
	} {
		for _, needSum := range []bool{true, false} {
			_, err := decode([]byte(tc.line+"\n"), needSum)
			if err == nil || errors.Is(err, ErrNoSum) || !strings.HasPrefix(err.Error(), tc.says) {
				t.Errorf("decode(%s, %v) = %v, want an error starting %q", tc.line, needSum, err, tc.says)
			}
		}
	}
	// A first-format line that does not check is still a census line.
	line := `{"box":"2x2x3","depth":4,"section":0,"prefix":"0001","nodes":12,"seconds":0}`
	if _, err := decode([]byte(line), false); err == nil || !strings.Contains(err.Error(), "section 0 has prefix 0000") {
		t.Errorf("decode(%s) = %v, want the wrong prefix", line, err)
	}
	for _, box := range []string{"0x3x4", "5x5x5", "2x2", ""} {
		line := `{"box":"` + box + `","depth":4,"section":0,"prefix":"0000","nodes":12,"seconds":0}`
		if _, err := decode([]byte(line), false); err == nil || !strings.Contains(err.Error(), "invalid box") {
			t.Errorf("decode(%s) = %v, want an invalid box", line, err)
		}
	}
	path := filepath.Join(t.TempDir(), "c.jsonl")
	write(t, path, []byte("{\"box\":\"2x2x3\"}\n{\"snake\":\"0101010101\",\"solutions\":[\"abc\"]}\n"))
	if _, _, err := ReadFile(context.Background(), path); err == nil || errors.Is(err, ErrNoSum) || !strings.Contains(err.Error(), path+": line 1: not a census line") {
		t.Errorf("ReadFile of a catalogue = %v, want not a census line at line 1", err)
	}
	if _, err := Upgrade(context.Background(), path); err == nil || !strings.Contains(err.Error(), path+": line 1: not a census line") {
		t.Errorf("Upgrade of a catalogue = %v, want not a census line at line 1", err)
	}
}

// TestCheck edits one thing at a time in a true record, each a lie that
// the counts or the prefix give away, and signs it again: Check refuses
// each.
func TestCheck(t *testing.T) {
	recs := records(t, 32)
	var r Record
	for _, q := range recs {
		if q.Solutions > r.Solutions {
			r = q
		}
	}
	if err := r.Check(); err != nil {
		t.Fatalf("Check(%+v) = %v", r, err)
	}
	for _, tc := range []struct {
		name string
		edit func(*Record)
		says string
	}{
		{"prefix of another section", func(r *Record) { r.Prefix = recs[0].Prefix }, "prefix"},
		{"section beyond the box's", func(r *Record) { r.Section = 32; r.Prefix = "000000" }, "sections 0 to 31"},
		{"depth beyond the box", func(r *Record) { r.Depth = 25 }, "depth 25"},
		{"no box", func(r *Record) { r.Box = symmetry.Box{} }, "box"},
		{"more one-solution snakes than snakes", func(r *Record) { r.OneSolution = r.Snakes + 1 }, "one-solution"},
		{"more snakes than solutions", func(r *Record) { r.Snakes = r.Solutions + 1 }, ""},
		{"solutions without snakes", func(r *Record) { r.Snakes, r.OneSolution, r.Palindromes = 0, 0, 0 }, ""},
		{"too few solutions", func(r *Record) { r.Solutions = r.Snakes }, "too few solutions"},
		{"more palindromes than snakes", func(r *Record) { r.Palindromes = r.Snakes + 1; r.PalindromeSolutions = r.Solutions }, "palindromes"},
		{"palindrome solutions without palindromes", func(r *Record) { r.Palindromes, r.PalindromeSolutions = 0, 1 }, "palindrome"},
		{"more palindrome solutions than solutions", func(r *Record) { r.Palindromes, r.PalindromeSolutions = 1, r.Solutions+1 }, "palindrome solutions"},
		{"most above solutions", func(r *Record) { r.Most = r.Solutions + 1 }, "more solutions"},
		{"most too small", func(r *Record) { r.Most = 2 }, "at most most_solutions each"},
		{"most 1", func(r *Record) { r.Most = 1 }, "more solutions than the snakes can have"},
		{"all one-solution snakes", func(r *Record) { r.OneSolution = r.Snakes }, "all of them one-solution snakes"},
		{"most snake missing", func(r *Record) { r.MostKey = "" }, "most_solutions_snake"},
		{"most snake of another section", func(r *Record) { r.MostKey = strings.Repeat("0", 24) }, "does not start with"},
		{"most snake not a key", func(r *Record) { r.MostKey = r.MostKey[:23] + "1" }, "most_solutions_snake"},
		{"most snake too short", func(r *Record) { r.MostKey = r.MostKey[:20] }, "most_solutions_snake"},
		{"a negative count", func(r *Record) { r.Palindromes = -1 }, "negative"},
		{"more snakes than keys", func(r *Record) { r.Snakes, r.Solutions, r.OneSolution, r.Most = 1<<20, 1<<20, 1<<20, 1 }, "more than the section's keys"},
	} {
		q := r
		tc.edit(&q)
		err := q.Check()
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: Check(%+v) = %v, want an error saying %q", tc.name, q, err, tc.says)
		}
		if _, err := decode(q.Line(), true); err == nil {
			t.Errorf("%s: decode accepted the line signed again", tc.name)
		}
	}
}

// TestOpenResumes opens a census file three times: new, with its records
// and a torn last line, which is dropped, and after an append.
func TestOpenResumes(t *testing.T) {
	ctx := context.Background()
	recs := records(t, 4)
	path := filepath.Join(t.TempDir(), "c.jsonl")
	f, err := Open(ctx, path, box234, depth234)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs[:3] {
		if err := f.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Append(recs[1]); err == nil {
		t.Error("Append of a section already there succeeded")
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	whole, _ := os.ReadFile(path)
	if !bytes.Equal(whole, fileOf(recs[:3])) {
		t.Fatalf("the file holds\n%s\nwant the three lines", whole)
	}
	torn := recs[3].Line()
	write(t, path, append(whole, torn[:len(torn)-1]...)) // all but the newline
	f, err = Open(ctx, path, box234, depth234)
	if err != nil {
		t.Fatal(err)
	}
	if f.Torn() != int64(len(torn)-1) || !f.Done(0) || !f.Done(2) || f.Done(3) || f.DoneIn(1, 3) != 2 {
		t.Errorf("Open after a torn line: torn %d, done 0 %v, 2 %v, 3 %v, in 1:3 %d; want %d, true, true, false, 2",
			f.Torn(), f.Done(0), f.Done(2), f.Done(3), f.DoneIn(1, 3), len(torn)-1)
	}
	if err := f.Append(recs[3]); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if b, _ := os.ReadFile(path); !bytes.Equal(b, fileOf(recs)) {
		t.Errorf("after resuming, the file holds\n%s\nwant the four lines", b)
	}
}

// TestOpenRefuses opens files that no run can append to: each is refused,
// with a message that says why, and left as it was.
func TestOpenRefuses(t *testing.T) {
	ctx := context.Background()
	recs := records(t, 3)
	good := fileOf(recs)
	other := fileOf([]Record{{Box: symmetry.MustParseBox("2x3x4"), Depth: 5, Section: 0, Prefix: "00000", Counts: Counts{Nodes: 1}}})
	for _, tc := range []struct {
		name string
		data []byte
		says string
	}{
		{"an ordinary file without a newline", []byte("my notes, which a typo named c.jsonl"), "no newline at its end"},
		{"a line of something else", []byte("my notes\n"), "line 1"},
		{"an edited count", bytes.Replace(good, []byte(`"nodes":`), []byte(`"nodes":1`), 1), "checksum"},
		{"an unknown field", bytes.Replace(good, []byte(`,"sum"`), []byte(`,"x"`), 1), "unknown field"},
		{"another census", other, "holds a census of 2x3x4 at depth 5, not of 2x3x4 at depth 6"},
		{"two censuses", append(other, good...), "line 2: a census of 2x3x4 at depth 6, but line 1 one of 2x3x4 at depth 5"},
		{"a section twice", append(good, recs[1].Line()...), "section 1 is there twice, on lines 2 and 4"},
		{"a line too long", append(good, bytes.Repeat([]byte(" "), 10000)...), "line 4: longer than 4096 bytes"},
	} {
		path := filepath.Join(t.TempDir(), "c.jsonl")
		write(t, path, tc.data)
		f, err := Open(ctx, path, box234, depth234)
		if err == nil {
			f.Close()
		}
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: Open = %v, want an error saying %q", tc.name, err, tc.says)
		}
		if b, _ := os.ReadFile(path); !bytes.Equal(b, tc.data) {
			t.Errorf("%s: Open changed the file to %q", tc.name, b)
		}
	}
}

// TestOpenNoSum refuses a file of the first format with ErrNoSum, which
// Upgrade brings forward.
func TestOpenNoSum(t *testing.T) {
	recs := records(t, 3)
	var old bytes.Buffer
	for _, r := range recs {
		line := string(r.Line())
		old.WriteString(line[:strings.Index(line, `,"sum"`)] + "}\n")
	}
	path := filepath.Join(t.TempDir(), "c.jsonl")
	write(t, path, old.Bytes())
	if _, err := Open(context.Background(), path, box234, depth234); !errors.Is(err, ErrNoSum) || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("Open of a first-format file = %v, want ErrNoSum at line 1", err)
	}
	if _, _, err := ReadFile(context.Background(), path); !errors.Is(err, ErrNoSum) {
		t.Errorf("ReadFile of a first-format file = %v, want ErrNoSum", err)
	}
}

// TestOpenLocked opens one file twice: the second is refused until the
// first is closed.
func TestOpenLocked(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.jsonl")
	f, err := Open(ctx, path, box234, depth234)
	if err != nil {
		t.Fatal(err)
	}
	if g, err := Open(ctx, path, box234, depth234); !errors.Is(err, ErrLocked) {
		if err == nil {
			g.Close()
		}
		t.Errorf("a second Open of a file open = %v, want ErrLocked", err)
	}
	if _, err := Upgrade(ctx, path); !errors.Is(err, ErrLocked) {
		t.Errorf("Upgrade of a file open = %v, want ErrLocked", err)
	}
	f.Close()
	g, err := Open(ctx, path, box234, depth234)
	if err != nil {
		t.Errorf("Open after Close: %v", err)
	} else {
		g.Close()
	}
}

// TestOpenNotRegular refuses a device and a named pipe, which a census
// would read forever or block on, whether it appends to the file, reads
// it or upgrades it.
func TestOpenNotRegular(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	for _, path := range []string{pipe, os.DevNull, "/dev/full", "/dev/zero"} {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		is := "a device"
		if path == pipe {
			is = "a named pipe"
		}
		want := path + ": " + is + ", not a census file"
		if _, err := Open(context.Background(), path, box234, depth234); err == nil || err.Error() != want {
			t.Errorf("Open(%s) = %v, want %q", path, err, want)
		}
		if _, _, err := ReadFile(context.Background(), path); err == nil || err.Error() != want {
			t.Errorf("ReadFile(%s) = %v, want %q", path, err, want)
		}
		if _, err := Upgrade(context.Background(), path); err == nil || err.Error() != want {
			t.Errorf("Upgrade(%s) = %v, want %q", path, err, want)
		}
	}
}

// TestReadCancelled stops reading a long file when the context is done.
func TestReadCancelled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.jsonl")
	write(t, path, bytes.Repeat([]byte("\n"), 1<<20))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := ReadFile(ctx, path); !errors.Is(err, context.Canceled) {
		t.Errorf("ReadFile with its context done = %v, want context.Canceled", err)
	}
	if _, err := Open(ctx, path, box234, depth234); !errors.Is(err, context.Canceled) {
		t.Errorf("Open with its context done = %v, want context.Canceled", err)
	}
}

// TestUpgrade brings a first-format file forward: the same records, each
// line with its checksum; a record repeated but for its seconds, and a
// torn last line, are dropped; a file with a lie in it is refused and left
// as it was.
func TestUpgrade(t *testing.T) {
	ctx := context.Background()
	recs := records(t, 5)
	first := func(rs ...Record) []byte {
		var b bytes.Buffer
		for _, r := range rs {
			line := string(r.Line())
			b.WriteString(line[:strings.Index(line, `,"sum"`)] + "}\n")
		}
		return b.Bytes()
	}
	again := recs[2]
	again.Seconds += 1
	path := filepath.Join(t.TempDir(), "c.jsonl")
	write(t, path, append(first(append(recs, again)...), `{"box":"2x3`...))
	u, err := Upgrade(ctx, path)
	if err != nil || u != (Upgraded{Records: 5, Duplicates: 1, Torn: 11}) {
		t.Errorf("Upgrade = %+v, %v; want 5 records, 1 duplicate, a torn line of 11 bytes", u, err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, fileOf(recs)) {
		t.Errorf("after Upgrade the file holds\n%s\nwant\n%s", b, fileOf(recs))
	}
	if u, err := Upgrade(ctx, path); err != nil || u.Records != 5 {
		t.Errorf("Upgrade of an upgraded file = %+v, %v", u, err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, fileOf(recs)) {
		t.Errorf("a second Upgrade changed the file to\n%s", b)
	}
	for _, tc := range []struct {
		name string
		data []byte
		says string
	}{
		{"a wrong prefix", bytes.Replace(first(recs...), []byte(`"prefix":"`+recs[3].Prefix+`"`), []byte(`"prefix":"`+recs[4].Prefix+`"`), 1), "line 4: section 3 has prefix"},
		{"a section twice, counted differently", first(append(recs, Record{Box: symmetry.MustParseBox("2x3x4"), Depth: 6, Section: 1, Prefix: recs[1].Prefix, Counts: Counts{Nodes: 1}})...), "section 1 is there twice with different counts"},
		{"an edited line of the present format", bytes.Replace(fileOf(recs), []byte(`"nodes":`), []byte(`"nodes":9`), 1), "checksum"},
	} {
		write(t, path, tc.data)
		if _, err := Upgrade(ctx, path); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: Upgrade = %v, want an error saying %q", tc.name, err, tc.says)
		}
		if b, _ := os.ReadFile(path); !bytes.Equal(b, tc.data) {
			t.Errorf("%s: the refused Upgrade changed the file", tc.name)
		}
	}
}

// TestReadBox reads a folder of 2x3x4 files as a census of 2x3x4, and
// refuses it as one of another box, naming the file and both boxes.
func TestReadBox(t *testing.T) {
	ctx := context.Background()
	recs := records(t, 4)
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.jsonl"), fileOf(recs[:2]))
	write(t, filepath.Join(dir, "b.jsonl"), fileOf(recs[2:]))
	c, err := ReadBox(ctx, box234, []string{dir})
	if err != nil || c.Have.Len() != 4 || c.Box.String() != "2x3x4" || c.Sections != 4 {
		t.Fatalf("ReadBox of 2x3x4 = %+v, %v; want the 4 sections of 2x3x4", c, err)
	}
	other, _ := symmetry.NewBox(3, 2, 4)
	want := filepath.Join(dir, "a.jsonl") + ": a census of 2x3x4, not of 3x2x4"
	if _, err := ReadBox(ctx, other, []string{dir}); err == nil || err.Error() != want {
		t.Errorf("ReadBox of 3x2x4 = %v, want %q", err, want)
	}
}
