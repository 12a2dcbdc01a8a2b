// Package clitest holds what the command-line tests of the snakecube
// binaries share: testscript commands.
package clitest

import (
	"errors"
	"os/exec"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"
)

// Cmds are the testscript commands of the scripts:
//
//	exits N CMD ARGS...
//
// runs CMD and checks that it exits with status N.
var Cmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"exits": exits,
}

func exits(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: exits N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		got = ee.ExitCode()
	} else if err != nil {
		ts.Fatalf("%v", err)
	}
	if (got == want) == neg {
		ts.Fatalf("%s exited with %d, want %d", args[1], got, want)
	}
}
