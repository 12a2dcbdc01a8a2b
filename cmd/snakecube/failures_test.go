package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/snakecube/snakecube/internal/catalogtest"
	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// fullDisk is standard output on a full disk: it takes room bytes, then
// fails every write.
type fullDisk struct{ room int }

var errFull = errors.New("disk full")

func (d *fullDisk) Write(p []byte) (int, error) {
	if len(p) <= d.room {
		d.room -= len(p)
		return len(p), nil
	}
	n := d.room
	d.room = 0
	return n, errFull
}

// TestFailedWrite runs every command that writes on standard output with a
// standard output that fails, at once and after a few bytes: each exits 1
// and names the failure.
func TestFailedWrite(t *testing.T) {
	dir := t.TempDir()
	file := func(name string) string { return filepath.Join(dir, name) }
	for _, args := range [][]string{
		{"enumerate", "-quiet", "-size", "2", "-o", file("c2.json")},
		{"enumerate", "-quiet", "-size", "2", "-shard", "1/2", "-o", file("p1.json")},
		{"enumerate", "-quiet", "-size", "2", "-shard", "2/2", "-o", file("p2.json")},
		{"census", "-quiet", "-size", "2x3x4", "-depth", "4", "-o", file("c.jsonl")},
	} {
		var stderr bytes.Buffer
		if err := run(context.Background(), args, nil, &stderr, &stderr); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, &stderr)
		}
	}
	for _, cmd := range []string{
		"-h",
		"solve -h",
		"solve 001110110111010111101010100",
		"solve -format json 001110110111010111101010100",
		"solve -count 001110110111010111101010100",
		"solve 00000000",
		"enumerate -quiet -size 2x3x4 -count",
		"enumerate -quiet -size 2 -o -",
		"estimate -size 2 -probes 1000",
		"census merge " + file("c.jsonl"),
		"merge -o - " + file("p1.json") + " " + file("p2.json"),
		"stats " + file("c2.json"),
		"stats -format json " + file("c2.json"),
		"stats -format csv " + file("c2.json"),
		"stats -svg - " + file("c2.json"),
		"verify -h",
	} {
		for _, room := range []int{0, 20} {
			var stderr bytes.Buffer
			err := run(context.Background(), strings.Fields(cmd), nil, &fullDisk{room: room}, &stderr)
			if code := cli.ExitCode(err, &stderr); code != 1 || !strings.Contains(stderr.String(), "standard output: disk full") {
				t.Errorf("snakecube %s, standard output full after %d bytes: exit %d, %q; want exit 1 and the failure named",
					cmd, room, code, &stderr)
			}
		}
	}
}

// TestCensusUnlisted starts a census of every section of 4x4x4 at depth
// 64, 2^62 of them, which it must not list, and interrupts it.
func TestCensusUnlisted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer time.AfterFunc(200*time.Millisecond, cancel).Stop()
	var stderr bytes.Buffer
	err := run(ctx, []string{"census", "-quiet", "-j", "1", "-size", "4", "-depth", "64", "-o", filepath.Join(t.TempDir(), "c.jsonl")},
		nil, &stderr, &stderr)
	if code := cli.ExitCode(err, &stderr); code != 130 {
		t.Errorf("an interrupted census of 2^62 sections exited %d, %q; want 130", code, &stderr)
	}
}

// TestCensusLocked runs a census on a file that another census holds: it
// fails, and the file is as it was.
func TestCensusLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.jsonl")
	b, _ := symmetry.NewBox(2, 3, 4)
	f, err := census.Open(context.Background(), path, b, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stderr bytes.Buffer
	err = run(context.Background(), []string{"census", "-quiet", "-size", "2x3x4", "-depth", "4", "-o", path}, nil, &stderr, &stderr)
	if code := cli.ExitCode(err, &stderr); code != 1 || !strings.Contains(stderr.String(), "locked by another run: one file takes one run at a time") {
		t.Errorf("a census on a file another holds: exit %d, %q; want exit 1, locked", code, &stderr)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != 0 {
		t.Errorf("the file held by another census is %v, %v; want it empty still", st, err)
	}
}

// TestEnumerateBounds checks that enumerate -h and census -h state the
// bounds on a catalogue's section and a count's table that the engine
// holds to.
func TestEnumerateBounds(t *testing.T) {
	for _, u := range []struct {
		name, text string
		bounds     []int
	}{
		{"enumerate", enumerateUsage, []int{solver.MaxFound, solver.MaxTallied}},
		{"census", censusUsage, []int{solver.MaxTallied}},
	} {
		text := strings.Join(strings.Fields(u.text), " ")
		for _, n := range u.bounds {
			if !strings.Contains(text, " "+words.Thousands(n)+" ") {
				t.Errorf("%s -h does not say %s, a bound of the engine", u.name, words.Thousands(n))
			}
		}
	}
}

// TestTokenBound: a JSON or JSONL catalogue holding a string or a number
// of a mebibyte is refused at its start, the file named, by every command
// that reads a catalogue; serve's skim refuses the key sooner.
func TestTokenBound(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("1", 1<<20)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, tc := range []struct {
		name, text string
		serve      bool // a key, which serve's skim reads
	}{
		{"key.jsonl", `{"box":"3x3x3"}` + "\n" + `{"snake":"` + long + `","solutions":[]}` + "\n", true},
		{"key.json", "{\n\"" + long + "\":[]\n}\n", true},
		{"number.jsonl", `{"box":"3x3x3"}` + "\n" + `{"snake":"001010101111010111011011100","solutions":[{"startPos":[` + long + `]}]}` + "\n", false},
	} {
		f := filepath.Join(dir, tc.name)
		if err := os.WriteFile(f, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		at := strings.Index(tc.text, long)
		if tc.text[at-1] == '"' {
			at--
		}
		line := strings.LastIndexByte(tc.text[:at], '\n')
		place := fmt.Sprintf("line %d, column %d (byte %d)", strings.Count(tc.text[:at], "\n")+1, at-line, at)
		want := fmt.Sprintf("%s: %s: a string or number of more than 65536 bytes: not a catalogue", f, place)
		cmds := [][]string{
			{"verify", f},
			{"stats", f},
			{"convert", f, filepath.Join(dir, "out.parquet")},
			{"merge", "-o", filepath.Join(dir, "out.jsonl"), f, f},
		}
		if tc.serve {
			cmds = append(cmds, []string{"serve", "-addr", "127.0.0.1:0", f})
		}
		for _, args := range cmds {
			var stdout, stderr bytes.Buffer
			err := run(ctx, args, nil, &stdout, &stderr)
			w := want
			if args[0] == "serve" {
				w = f + ": " // the skim's own words: a key of 64 characters at most
			}
			if code := cli.ExitCode(err, &stderr); code != 1 || !strings.Contains(stderr.String(), w) {
				t.Errorf("snakecube %s: exit %d, %.300q; want exit 1 and %q", strings.Join(args, " "), code, &stderr, w)
			}
		}
	}
}

// TestSnakeRowsBound: a Parquet catalogue whose first snake has more rows
// than the solution its first row states is refused at the row past it,
// the file and the row named, by every command that reads a catalogue.
func TestSnakeRowsBound(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.parquet")
	if err := os.WriteFile(bad, catalogtest.Repeated(t, "2x2x3", 3, 1), 0o644); err != nil {
		t.Fatal(err)
	}
	key := catalogtest.Rows(t, "2x2x3")[0].Key
	want := fmt.Sprintf("%s: row 2: snake %s has more rows than the 1 solution its first row, row 1, states", bad, key)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a guard: serve would run until then
	defer cancel()
	for _, args := range [][]string{
		{"verify", bad},
		{"stats", bad},
		{"convert", bad, filepath.Join(dir, "out.jsonl")},
		{"merge", "-o", filepath.Join(dir, "out.parquet"), bad, bad},
		{"serve", "-addr", "127.0.0.1:0", bad},
	} {
		var stdout, stderr bytes.Buffer
		err := run(ctx, args, nil, &stdout, &stderr)
		if code := cli.ExitCode(err, &stderr); code != 1 || !strings.Contains(stderr.String(), want) {
			t.Errorf("snakecube %s: exit %d, %q; want exit 1 and %q", strings.Join(args, " "), code, &stderr, want)
		}
	}
}
