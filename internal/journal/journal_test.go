package journal

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var testKind = Kind{Name: "test", MaxLine: 64}

func TestOpen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	if err := os.WriteFile(path, []byte("one\n\ntwo\nthr"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	f, err := Open(ctx, path, testKind, func(n int, text []byte) error {
		got = append(got, strings.TrimSpace(string(text)))
		return nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != "one,two" || f.Torn() != 3 {
		t.Errorf("Open read %q and a torn line of %d bytes, want one,two and 3", got, f.Torn())
	}
	if _, err := Open(ctx, path, testKind, func(int, []byte) error { return nil }, nil); !errors.Is(err, ErrLocked) {
		t.Errorf("a second Open of a file open = %v, want ErrLocked", err)
	}
	if err := f.Append([]byte("three\n"), nil); err != nil {
		t.Fatal(err)
	}
	if err := f.Append([]byte("four\n"), func() error { return errors.New("no") }); err == nil {
		t.Error("Append went on after its check refused")
	}
	f.Close()
	if b, _ := os.ReadFile(path); string(b) != "one\n\ntwo\nthree\n" {
		t.Errorf("the file holds %q", b)
	}
}

// TestOpenRefuses: a file refused by its lines or its check, or a torn
// line with no whole line before it, is left as it was.
func TestOpenRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, tc := range []struct {
		name, data, want string
		line             func(int, []byte) error
		check            func() error
	}{
		{"torn alone", "notes without newline", "line 1: no newline at its end, and no test record before it: not a test file", nil, nil},
		{"bad line", "ok\nbad\nto", "line 2: bad", func(_ int, b []byte) error {
			if string(b) == "bad\n" {
				return errors.New("bad")
			}
			return nil
		}, nil},
		{"checked", "ok\nto", "refused", nil, func() error { return errors.New("refused") }},
		{"long", strings.Repeat("x", 100) + "\n", "line 1: longer than 64 bytes, which no test line is", nil, nil},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
		if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		line := tc.line
		if line == nil {
			line = func(int, []byte) error { return nil }
		}
		if _, err := Open(ctx, path, testKind, line, tc.check); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Open = %v, want an error saying %q", tc.name, err, tc.want)
		}
		if b, _ := os.ReadFile(path); string(b) != tc.data {
			t.Errorf("%s: the refused file became %q", tc.name, b)
		}
	}
	if _, err := Open(ctx, dir, testKind, nil, nil); err == nil || !strings.Contains(err.Error(), ": a folder, not a ") {
		t.Errorf("Open of a folder = %v", err)
	}
}

// TestDecode reads a line of one JSON object into a struct, and refuses
// a field the struct lacks, a second value and what is no JSON.
func TestDecode(t *testing.T) {
	type rec struct {
		A int    `json:"a"`
		B string `json:"b"`
	}
	var r rec
	if err := Decode([]byte(`{"a":1,"b":"x"}`+"\n"), &r); err != nil || r != (rec{1, "x"}) {
		t.Errorf("Decode = %+v, %v; want {1 x}", r, err)
	}
	for line, says := range map[string]string{
		`{"a":1,"c":2}`:   `unknown field "c"`,
		`{"a":1} {"a":2}`: "more than one JSON value",
		`{"a":1} x`:       "more than one JSON value",
		`{"a":`:           "unexpected EOF",
		`[1]`:             "cannot unmarshal array",
	} {
		if err := Decode([]byte(line), &r); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("Decode(%s) = %v, want an error saying %q", line, err, says)
		}
	}
}
