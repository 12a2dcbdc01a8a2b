package main

import (
	"strings"
	"testing"

	"github.com/snakecube/snakecube/internal/cli"
)

// TestUsageLines: every command's help text starts its usage block with
// the command itself, so that a usage error points to its own -h, and
// that block is short.
func TestUsageLines(t *testing.T) {
	for name, text := range map[string]string{
		"": usage, "census": censusUsage, "convert": convertUsage, "design": designUsage,
		"enumerate": enumerateUsage, "estimate": estimateUsage, "kit": kitUsage,
		"merge": mergeUsage, "paths": pathsUsage, "rate": rateUsage, "serve": serveUsage,
		"solve": solveUsage, "stats": statsUsage, "verify": verifyUsage,
	} {
		got := cli.UsageLines(text)
		want := "\nRun '" + strings.TrimSpace("snakecube "+name) + " -h' for more.\n"
		if !strings.HasPrefix(got, "Usage:\n") || !strings.HasSuffix(got, want) {
			t.Errorf("%s: a usage error prints %q, want the usage block and %q", name, got, want)
		}
		if n := strings.Count(got, "\n"); n > 10 {
			t.Errorf("%s: a usage error prints %d lines of help", name, n)
		}
	}
}
