// Package clitest holds what the command-line tests of the snakecube
// binaries share: testscript commands.
package clitest

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"
)

// Cmds are the testscript commands of the scripts:
//
//	exits N CMD ARGS...
//
// runs CMD and checks that it exits with status N;
//
//	validjson FILE
//
// checks with the standard library's encoding/json that FILE is one JSON
// value, or with -lines a JSON value a line.
var Cmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"exits":     exits,
	"validjson": validJSON,
}

func validJSON(ts *testscript.TestScript, neg bool, args []string) {
	lines := len(args) == 2 && args[0] == "-lines"
	if len(args) != 1 && !lines {
		ts.Fatalf("usage: validjson [-lines] FILE")
	}
	data := []byte(ts.ReadFile(args[len(args)-1]))
	ok := json.Valid(data)
	if lines {
		ok = len(data) > 0 && data[len(data)-1] == '\n'
		for l := range bytes.Lines(data) {
			ok = ok && json.Valid(l)
		}
	}
	if ok == neg {
		ts.Fatalf("%s: valid JSON is %v", args[len(args)-1], ok)
	}
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
