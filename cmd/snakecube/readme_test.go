package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
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
