package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEUsage checks that each "$ snakecube CMD -h" block of the
// README shows exactly what the command prints.
func TestREADMEUsage(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```\n\\$ snakecube ([a-z]*) ?-h\n(.*?)```").FindAllSubmatch(readme, -1)
	seen := map[string]bool{}
	for _, m := range blocks {
		cmd := string(m[1])
		seen[cmd] = true
		args := []string{"-h"}
		if cmd != "" {
			args = []string{cmd, "-h"}
		}
		var out bytes.Buffer
		if err := run(context.Background(), args, nil, &out, &out); err != nil {
			t.Fatalf("snakecube %s -h: %v", cmd, err)
		}
		if !bytes.Equal(out.Bytes(), m[2]) {
			t.Errorf("README's usage of %q differs from what -h prints:\n%s", cmd, out.String())
		}
	}
	for _, c := range commands {
		if !seen[c.name] {
			t.Errorf("README shows no usage of %q", c.name)
		}
	}
}

// TestREADMECensus checks that the 4x4x4 figures the README publishes are
// what census merge makes of the sample committed in testdata.
func TestREADMECensus(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```\n\\$ snakecube census merge ([^\n]*testdata/[^\n]*)\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README shows no census merge of a sample in testdata")
	}
	args := []string{"census", "merge"}
	for _, a := range strings.Fields(string(m[1])) {
		if strings.HasPrefix(a, "testdata/") {
			a = "../../" + a // the test runs in cmd/snakecube
		}
		args = append(args, a)
	}
	var out bytes.Buffer
	if err := run(context.Background(), args, nil, &out, &out); err != nil {
		t.Fatalf("census merge %s: %v", m[1], err)
	}
	if !bytes.Equal(out.Bytes(), m[2]) {
		t.Errorf("README's census of %s differs from what census merge prints:\n%s", m[1], out.String())
	}
}
