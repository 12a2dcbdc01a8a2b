package cli

import (
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Bar is a progress bar that lines written to the same terminal can
// interrupt: Clear erases it, and the next step draws it again. Step may
// be called from any goroutine; Clear and Finish from the one that steps
// it last.
type Bar struct {
	w    io.Writer
	what string
	once sync.Once
	bar  *progressbar.ProgressBar
}

// NewBar returns a bar of the given name drawn on w at its first step.
func NewBar(w io.Writer, what string) *Bar { return &Bar{w: w, what: what} }

// Step counts a step done of total, as a progress callback.
func (b *Bar) Step(done, total int) {
	b.once.Do(func() {
		b.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(b.w),
			progressbar.OptionSetDescription(b.what),
			progressbar.OptionShowCount(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(100*time.Millisecond),
		)
	})
	b.bar.Add(1)
}

// Clear erases the bar, if drawn, until its next step.
func (b *Bar) Clear() {
	if b.bar != nil {
		b.bar.Clear()
	}
}

// Spin draws a spinner of the given name on w, with the time elapsed,
// until stop is called: for work that takes seconds and counts no steps.
func Spin(w io.Writer, what string) (stop func()) {
	bar := progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSpinnerType(14),
	)
	bar.RenderBlank()
	return func() { bar.Finish() }
}

// Finish erases the bar for good.
func (b *Bar) Finish() {
	if b.bar != nil {
		b.bar.Finish()
	}
}
