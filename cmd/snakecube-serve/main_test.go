package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/snakecube/snakecube/internal/cli/clitest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"snakecube-serve": main})
}

// TestScript runs the command-line scenarios in testdata/script.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Cmds: clitest.Cmds})
}
