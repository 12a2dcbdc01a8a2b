package cputime

import (
	"math"
	"strconv"
	"sync"
	"testing"
)

// spin burns about n iterations of processor time.
func spin(n int) int {
	x := 1
	for i := range n {
		x = x*31 + i
	}
	return x
}

var sink int

// The turns of a meter add up to the process's own count over the same
// span, however many goroutines take them, and work shows in the turn
// that did it.
func TestTurnsAddUp(t *testing.T) {
	before, ok := Process()
	if !ok {
		t.Skip("this system does not report processor time")
	}
	m := Start()
	var mu sync.Mutex
	var sum float64
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 20 {
				x := spin(200_000)
				d := m.Take()
				mu.Lock()
				sum += d
				sink += x
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	sum += m.Take()
	after, _ := Process()
	if sum < 0 || sum > after-before {
		t.Errorf("turns add to %v s, the process spent %v s meanwhile", sum, after-before)
	}
	// Between Start and the last Take the process spent all of sum; only
	// what ran before Start or after the last Take is outside it.
	if after-before-sum > 0.05 {
		t.Errorf("turns add to %v s of the %v s spent", sum, after-before)
	}
	// A turn that did 0.2 s of work or more shows it.
	m.Take()
	sink += spin(50_000_000)
	d := m.Take()
	if d < 0.01 {
		t.Errorf("a turn of %d spins took %v s of processor time", 50_000_000, d)
	}
	// Whole microseconds, as a line prints them: 0.001741, not
	// 0.0017409999999999995.
	if us := d * 1e6; math.Abs(us-math.Round(us)) > 1e-6 || strconv.FormatFloat(d, 'g', -1, 64) != strconv.FormatFloat(math.Round(us)/1e6, 'g', -1, 64) {
		t.Errorf("a turn of %v s, not whole microseconds", d)
	}
}
