package symmetry

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestMemo checks that every call for a box, at once or after, gets the
// same value, and that each box gets its own.
func TestMemo(t *testing.T) {
	var made atomic.Int32
	m := NewMemo(func(b Box) *int {
		made.Add(1)
		n := b.Len()
		return &n
	})
	boxes := []string{"2x2x2", "3x3x3", "2x3x4"}
	got := make([][]*int, len(boxes))
	var wg sync.WaitGroup
	for i, s := range boxes {
		b, err := ParseBox(s)
		if err != nil {
			t.Fatal(err)
		}
		got[i] = make([]*int, 8)
		for k := range got[i] {
			wg.Go(func() { got[i][k] = m.Of(b) })
		}
	}
	wg.Wait()
	for i, s := range boxes {
		b, _ := ParseBox(s)
		for _, p := range append(got[i], m.Of(b)) {
			if p != got[i][0] {
				t.Fatalf("%s: two values %p and %p", s, p, got[i][0])
			}
		}
		if *got[i][0] != b.Len() {
			t.Errorf("%s: value %d, want %d", s, *got[i][0], b.Len())
		}
	}
	if n := made.Load(); n < int32(len(boxes)) {
		t.Errorf("made %d values for %d boxes", n, len(boxes))
	}
}
