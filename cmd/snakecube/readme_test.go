package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/snakecube/snakecube/internal/cli"
)

// readmeBlock is a block of a document that shows a command and what it
// prints: "$ snakecube ARGS" on its first line, the output after it; or
// what a command prints as Markdown, a table say, between the comments
// "<!-- $ snakecube ARGS -->" and "<!-- end -->".
var readmeBlock = regexp.MustCompile("(?s)```\n\\$ snakecube ([^\n]*)\n(.*?)```|<!-- \\$ snakecube ([^\n]*) -->\n(.*?)<!-- end -->")

// slowBlocks are the README's commands that take seconds: run without
// -short only.
var slowBlocks = map[string]string{
	"enumerate -size 3x3x4 -count": "the whole 3x3x4 search",
	"estimate -size 4":             "68 million probes of 4x4x4",
}

// measured are the lines of a command's output that measure this machine,
// not the program: compared by their name only.
var measured = regexp.MustCompile(`^(node rate|full search, core-\w+) `)

// TestDocs runs every command the README and the documents under docs
// show with their output, and checks that each shows exactly what the
// command prints. With -update, it writes what the commands print into
// the documents instead (go test ./cmd/snakecube -run TestDocs -update,
// without -short for the slow ones).
func TestDocs(t *testing.T) {
	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	catalogue := sync.OnceValues(func() (string, error) { return readmeCatalogue(t.TempDir()) })
	for _, path := range append([]string{"../../README.md"}, docs...) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			if n := checkDoc(t, path, catalogue); n == 0 && filepath.Base(path) == "README.md" {
				t.Errorf("the README shows no command with its output, where it shows several")
			}
		})
	}
}

// checkDoc runs the blocks of the document at path and returns how many
// there are.
func checkDoc(t *testing.T, path string, catalogue func() (string, error)) int {
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var updated bytes.Buffer
	last, n := 0, 0
	for _, m := range readmeBlock.FindAllSubmatchIndex(readme, -1) {
		n++
		if m[2] < 0 { // the second form
			m = []int{m[0], m[1], m[6], m[7], m[8], m[9]}
		}
		line, shown := string(readme[m[2]:m[3]]), readme[m[4]:m[5]]
		got := shown
		t.Run(line, func(t *testing.T) {
			if why := slowBlocks[line]; why != "" && testing.Short() {
				t.Skipf("%s: not in -short", why)
			}
			got = runBlock(t, line, shown, catalogue)
			if *update {
				return
			}
			if !sameOutput(got, shown) {
				t.Errorf("%s shows for snakecube %s:\n%s\nbut it prints:\n%s", filepath.Base(path), line, shown, got)
			}
		})
		updated.Write(readme[last:m[4]])
		updated.Write(got)
		last = m[5]
	}
	updated.Write(readme[last:])
	if *update && !bytes.Equal(updated.Bytes(), readme) {
		if err := os.WriteFile(path, updated.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("updated %s", path)
	}
	return n
}

// runBlock runs the command line of a README block and returns what it
// prints: standard output, and when the README shows messages (lines
// starting "snakecube: "), standard error too, in the order written, as a
// terminal shows them. "| head -N" keeps the first N lines; "> FILE"
// sends standard output to a file, so the block shows nothing;
// "solutions.json" is the 3x3x3 catalogue and "results/" the
// repository's (an estimate's file there resumes with nothing left to
// do); any other "-o FILE" writes into a temporary folder; 'single
// quotes' hold spaces.
func runBlock(t *testing.T, line string, shown []byte, catalogue func() (string, error)) []byte {
	line, head, piped := strings.Cut(line, " | head -")
	line, _, toFile := strings.Cut(line, " > ")
	var args []string
	for _, a := range shellWords(line) {
		switch {
		case len(args) > 0 && args[len(args)-1] == "-o" && a != "-" && !strings.HasPrefix(a, "results/"):
			a = filepath.Join(t.TempDir(), filepath.Base(a)) // never into the source tree
		case a == "solutions.json":
			var err error
			if a, err = catalogue(); err != nil {
				t.Fatal(err)
			}
		case a == "results" || strings.HasPrefix(a, "results/"):
			a = "../../" + a // the test runs in cmd/snakecube
		}
		args = append(args, a)
	}
	if args[0] == "-h" {
		args = args[:1]
	}
	var out, stderr bytes.Buffer
	messages := regexp.MustCompile(`(?m)^snakecube: `).Match(shown)
	if messages {
		err := run(context.Background(), args, nil, &out, &out)
		cli.ExitCode(err, &out)
	} else if err := run(context.Background(), args, nil, &out, &stderr); err != nil {
		t.Fatalf("snakecube %s: %v\n%s", line, err, &stderr)
	}
	if toFile {
		if out.Len() == 0 {
			t.Errorf("snakecube %s wrote nothing", line)
		}
		return nil
	}
	if !piped {
		return out.Bytes()
	}
	n := 0
	for _, c := range head {
		n = 10*n + int(c-'0')
	}
	lines := bytes.SplitAfter(out.Bytes(), []byte("\n"))
	return bytes.Join(lines[:min(n, len(lines))], nil)
}

// shellWords splits a command line into words at spaces, but not within
// 'single quotes'.
func shellWords(line string) []string {
	var words []string
	var w strings.Builder
	quoted, in := false, false
	for _, c := range line {
		switch {
		case c == '\'':
			quoted, in = !quoted, true
		case c == ' ' && !quoted:
			if in {
				words = append(words, w.String())
			}
			w.Reset()
			in = false
		default:
			w.WriteRune(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words
}

// sameOutput compares two outputs line by line, the lines that measure the
// machine by their name only.
func sameOutput(got, shown []byte) bool {
	a, b := strings.Split(string(got), "\n"), strings.Split(string(shown), "\n")
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if m := measured.FindString(a[i]); m != "" && strings.HasPrefix(b[i], m) {
			continue
		}
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// readmeCatalogue writes the 3x3x3 catalogue the README's examples read
// into dir.
func readmeCatalogue(dir string) (string, error) {
	path := filepath.Join(dir, "solutions.json")
	var stderr bytes.Buffer
	if err := run(context.Background(), []string{"enumerate", "-quiet", "-o", path}, nil, &stderr, &stderr); err != nil {
		return "", fmt.Errorf("enumerate: %v\n%s", err, &stderr)
	}
	return path, nil
}

// TestBoxesCSV checks that results/boxes.csv is the table of BOXES.md as
// census table -format csv makes it of the results committed, and
// results/calibration.csv and results/costs.csv what -format
// calibration and -format costs make of them, as make results-commit
// writes them; -update writes them.
func TestBoxesCSV(t *testing.T) {
	for _, tc := range []struct{ format, path string }{
		{"csv", "../../results/boxes.csv"},
		{"calibration", "../../results/calibration.csv"},
		{"costs", "../../results/costs.csv"},
	} {
		var out, stderr bytes.Buffer
		if err := run(context.Background(), []string{"census", "table", "-format", tc.format, "../../results"}, nil, &out, &stderr); err != nil {
			t.Fatalf("census table -format %s: %v\n%s", tc.format, err, &stderr)
		}
		if *update {
			if err := os.WriteFile(tc.path, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		committed, err := os.ReadFile(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		have, made := strings.Split(string(committed), "\n"), strings.Split(out.String(), "\n")
		for i := range max(len(have), len(made)) {
			if i >= len(have) || i >= len(made) || have[i] != made[i] {
				at := func(l []string) string {
					if i < len(l) {
						return l[i]
					}
					return "(no line)"
				}
				t.Errorf("%s is not what census table -format %s makes of the results (make results-commit writes it): line %d is\n%s\nwhere it makes\n%s", tc.path, tc.format, i+1, at(have), at(made))
				break
			}
		}
	}
}
