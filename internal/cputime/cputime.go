// Package cputime measures the processor time a process spends, so that
// the long runs' files (census sections, estimate descents) can say what
// each line cost in seconds of a core, which the wall clock of a shared
// machine overstates.
package cputime

import "sync"

// Process returns the processor seconds, user and system, this process
// has spent so far, to the microsecond, and false where the system does
// not say.
func Process() (float64, bool) {
	us, ok := micros()
	return float64(us) / 1e6, ok
}

// A Meter hands out the processor time of its process in turns: each
// [Meter.Take] returns the seconds spent since the one before, or since
// [Start]. The turns of one run add up to all it spent, whatever its
// goroutines do meanwhile; with one goroutine at work, a turn is that
// work's cost, and the writing of the line before.
type Meter struct {
	mu   sync.Mutex
	last int64 // microseconds
	ok   bool
}

// Start returns a meter whose first turn starts now.
func Start() *Meter {
	m := &Meter{}
	m.last, m.ok = micros()
	return m
}

// Take returns the processor seconds spent since the last turn, to the
// microsecond, and starts the next; 0 where the system does not say.
func (m *Meter) Take() float64 {
	if !m.ok {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now, _ := micros()
	d := max(now-m.last, 0)
	m.last = max(now, m.last)
	return float64(d) / 1e6
}
