package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/cli"
	"github.com/snakecube/snakecube/solver"
)

// TestCensusCheck recounts a 2x3x3 census by the enumerate route: all of
// it agrees and sums to what enumerate -count finds, a sample is the same
// for any -j, and a line whose counts were edited and whose checksum was
// made again, so that every reader accepts it, is caught, whichever figure
// was edited. (2x3x3, not 2x3x4: under -race, reading back every solution
// of 2x3x4 takes half a minute.)
func TestCensusCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "c.jsonl")
	runOK(t, "census", "-quiet", "-size", "2x3x3", "-depth", "5", "-o", file)
	out := runOK(t, "census", "check", "-quiet", "-sample", "1000", file)
	whole := regexp.MustCompile(`(?m)^snakes (\d+)\nsolutions (\d+)$`).FindSubmatch(runOK(t, "enumerate", "-size", "2x3x3", "-count"))
	want := fmt.Sprintf("# 16 sections recounted: 16 agree, 0 disagree; between them %s snakes, %s solutions\n", whole[1], whole[2])
	if !bytes.HasSuffix(out, []byte(want)) {
		t.Errorf("census check of the whole 2x3x3 census ends:\n%s\nwant %q", lastLine(out), want)
	}
	one := runOK(t, "census", "check", "-quiet", "-sample", "5", "-seed", "3", "-j", "1", file)
	three := runOK(t, "census", "check", "-quiet", "-sample", "5", "-seed", "3", "-j", "3", file)
	if !bytes.Equal(one, three) {
		t.Errorf("census check -j 1 printed\n%s\n-j 3 printed\n%s", one, three)
	}
	if n := len(regexp.MustCompile(`(?m)^section \d+ .*: agree$`).FindAll(one, -1)); n != 5 {
		t.Errorf("census check -sample 5 printed %d agreeing sections, want 5:\n%s", n, one)
	}

	recs, _, err := census.ReadFile(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	var r census.Record // section 13, prefix 01101: 44 snakes, 5 palindromes
	for _, x := range recs {
		if x.Section == 13 {
			r = x
		}
	}
	// Another snake of the section, not the one with most solutions, nor a
	// palindrome, which a census line of 5 palindromes could not name.
	var other string
	cat := runOK(t, "enumerate", "-quiet", "-size", "2x3x3", "-prefix", "01101", "-format", "jsonl", "-o", "-")
	for _, m := range regexp.MustCompile(`(?m)^\{"snake":"(0[01]+)"`).FindAllSubmatch(cat, -1) {
		if k, _ := solver.ParseSeq(string(m[1])); !k.Palindrome() && k.String() != r.MostKey {
			other = k.String()
			break
		}
	}
	if other == "" {
		t.Fatalf("no snake in section 13 to name instead of %s:\n%s", r.MostKey, cat)
	}
	for _, c := range []struct {
		field string
		edit  func(*census.Record) (was, now any)
	}{
		{"snakes", func(r *census.Record) (any, any) { r.Snakes--; return r.Snakes + 1, r.Snakes }},
		{"solutions", func(r *census.Record) (any, any) { r.Solutions += 2; return r.Solutions - 2, r.Solutions }},
		{"palindromes", func(r *census.Record) (any, any) { r.Palindromes++; return r.Palindromes - 1, r.Palindromes }},
		{"palindrome_solutions", func(r *census.Record) (any, any) {
			r.PalindromeSolutions++
			return r.PalindromeSolutions - 1, r.PalindromeSolutions
		}},
		{"one_solution_snakes", func(r *census.Record) (any, any) { r.OneSolution--; return r.OneSolution + 1, r.OneSolution }},
		{"most_solutions", func(r *census.Record) (any, any) { r.Most++; return r.Most - 1, r.Most }},
		{"most_solutions_snake", func(r *census.Record) (any, any) {
			was := r.MostKey
			r.MostKey = other
			return was, r.MostKey
		}},
	} {
		t.Run(c.field, func(t *testing.T) {
			edited := r
			was, now := c.edit(&edited)
			bad := filepath.Join(dir, c.field+".jsonl")
			if err := os.WriteFile(bad, edited.Line(), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, _, err := census.ReadFile(context.Background(), bad); err != nil {
				t.Fatalf("the edited line is refused before any recount: %v", err)
			}
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), []string{"census", "check", "-quiet", bad}, nil, &stdout, &stderr)
			if code := cli.ExitCode(err, &stderr); code != 1 {
				t.Errorf("census check of a line with %s edited exited %d, want 1", c.field, code)
			}
			want := fmt.Sprintf("DISAGREE: %s %v in the census, %v recounted\n", c.field, now, was)
			if !bytes.Contains(stdout.Bytes(), []byte("section 13 prefix 01101 ")) || !bytes.Contains(stdout.Bytes(), []byte(want)) {
				t.Errorf("census check of a line with %s edited printed:\n%s\nwant a line for section 13 ending %q", c.field, stdout.Bytes(), want)
			}
			if !bytes.Contains(stderr.Bytes(), []byte("1 of 1 sections disagree with the census")) {
				t.Errorf("census check of a line with %s edited said on stderr: %s", c.field, stderr.Bytes())
			}
		})
	}
}

// TestCensusCheckResume: census check -o keeps each recount as a census
// line and takes the sections its file holds from it, not recounting them:
// a kept recount edited to differ from the census is what the check
// reports, and a file of another census is refused.
func TestCensusCheckResume(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "c.jsonl")
	runOK(t, "census", "-quiet", "-size", "2x3x3", "-depth", "5", "-o", file)
	work := t.TempDir() // beside, not in, the census's folder
	kept := filepath.Join(work, "kept.jsonl")
	first := runOK(t, "census", "check", "-quiet", "-sample", "5", "-seed", "3", "-o", kept, file)
	recs, _, err := census.ReadFile(context.Background(), kept)
	if err != nil || len(recs) != 5 {
		t.Fatalf("census check -o kept %d recounts, %v; want 5", len(recs), err)
	}
	if again := runOK(t, "census", "check", "-quiet", "-sample", "5", "-seed", "3", "-o", kept, file); !bytes.Equal(again, first) {
		t.Errorf("census check resumed from a whole file printed\n%s\nthe first run\n%s", again, first)
	}

	// A recount kept with 2 solutions more, in a section where its counts
	// still agree with each other: the census line disagrees with it, so
	// the check took it from the file. (The file's lines come in the order
	// the recounts finished.)
	edited := census.Record{Section: -1}
	for _, r := range recs {
		r.Solutions += 2
		if r.Check() == nil && (edited.Section < 0 || r.Section < edited.Section) {
			edited = r
		}
	}
	if edited.Section < 0 {
		t.Fatalf("no kept recount takes 2 more solutions: %+v", recs)
	}
	var lines []byte
	for _, r := range recs {
		if r.Section == edited.Section {
			r = edited
		}
		lines = append(lines, r.Line()...)
	}
	if err := os.WriteFile(kept, lines, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	err = run(context.Background(), []string{"census", "check", "-quiet", "-sample", "5", "-seed", "3", "-o", kept, file}, nil, &stdout, &stderr)
	if code := cli.ExitCode(err, &stderr); code != 1 {
		t.Errorf("census check with an edited recount kept exited %d, want 1", code)
	}
	want := fmt.Sprintf("section %d prefix %s snakes %d solutions %d ", edited.Section, edited.Prefix, edited.Snakes, edited.Solutions)
	if !bytes.Contains(stdout.Bytes(), []byte(want)) {
		t.Errorf("census check with an edited recount kept printed:\n%s\nwant a line starting %q", stdout.Bytes(), want)
	}

	// One recount kept: the other four are made and appended.
	one := recs[0]
	if one.Section == edited.Section {
		one = recs[1]
	}
	if err := os.WriteFile(kept, one.Line(), 0o644); err != nil {
		t.Fatal(err)
	}
	if again := runOK(t, "census", "check", "-quiet", "-sample", "5", "-seed", "3", "-o", kept, file); !bytes.Equal(again, first) {
		t.Errorf("census check resumed from one recount printed\n%s\nthe first run\n%s", again, first)
	}
	if recs, _, err := census.ReadFile(context.Background(), kept); err != nil || len(recs) != 5 {
		t.Errorf("after resuming, the file keeps %d recounts, %v; want 5", len(recs), err)
	}

	// The census itself as the file of recounts would check nothing.
	for _, o := range []string{file, filepath.Join(dir, ".", "c.jsonl")} {
		for _, in := range []string{file, dir} {
			stderr.Reset()
			err = run(context.Background(), []string{"census", "check", "-quiet", "-o", o, in}, nil, &stdout, &stderr)
			if code := cli.ExitCode(err, &stderr); code != 2 || !bytes.Contains(stderr.Bytes(), []byte("one of the census files checked")) {
				t.Errorf("census check -o %s %s exited %d, said %s", o, in, code, stderr.Bytes())
			}
		}
	}

	other := filepath.Join(work, "other.jsonl")
	runOK(t, "census", "-quiet", "-size", "2x3x3", "-depth", "4", "-o", other)
	stderr.Reset()
	err = run(context.Background(), []string{"census", "check", "-quiet", "-o", other, file}, nil, &stdout, &stderr)
	if code := cli.ExitCode(err, &stderr); code != 1 || !bytes.Contains(stderr.Bytes(), []byte("not of 2x3x3 at depth 5")) {
		t.Errorf("census check -o with a census of another depth exited %d, said %s", code, stderr.Bytes())
	}
}

func lastLine(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return b[bytes.LastIndexByte(b, '\n')+1:]
}
