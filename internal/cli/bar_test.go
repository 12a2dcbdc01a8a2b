package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestBar draws a bar only once a step is done, erases it on Clear and
// Finish, and a spinner the same once stopped.
func TestBar(t *testing.T) {
	var w bytes.Buffer
	b := NewBar(&w, "draws")
	b.Clear()
	b.Finish()
	if w.Len() != 0 {
		t.Errorf("a bar with no step drew %q", w.String())
	}
	b.Step(1, 4)
	if !strings.Contains(w.String(), "draws") || !strings.Contains(w.String(), "1/4") {
		t.Errorf("after a step of 4: %q", w.String())
	}
	w.Reset()
	b.Clear()
	if s := w.String(); !strings.HasPrefix(s, "\r") || strings.Trim(s, "\r ") != "" {
		t.Errorf("Clear wrote %q, want the line blanked", s)
	}
	var sw bytes.Buffer
	stop := Spin(&sw, "rating")
	stop()
	if s := sw.String(); !strings.Contains(s, "rating") || !strings.HasSuffix(strings.TrimRight(s, " "), "\r") {
		t.Errorf("a spinner stopped wrote %q, want it drawn then blanked", s)
	}
}
