// Command calibrate rates every snake of the 3x3x3 catalogue and writes
// the calibration of package rate's 1 to 10 scale as Go source; with
// -box, it makes the scale of a person's difficulty of each box named
// (rate.CalibrateBox) and writes them. go generate runs it in
// internal/rate, and TestScaleTable and TestBoxScaleTable check that the
// committed files are what it writes.
//
// Usage:
//
//	go run ./calibrate [-o FILE] [-j N] [-box BOX]...
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"

	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/symmetry"
)

// boxes is the list of -box flags.
type boxes []symmetry.Box

func (b *boxes) String() string { return fmt.Sprint(*b) }

func (b *boxes) Set(s string) error {
	x, err := symmetry.ParseBox(s)
	if err == nil {
		*b = append(*b, x)
	}
	return err
}

func main() {
	out := flag.String("o", "scale_table.go", "the file to write")
	workers := flag.Int("j", runtime.NumCPU(), "goroutines")
	var bs boxes
	flag.Var(&bs, "box", "make the scale of a person's difficulty of this box (repeated)")
	flag.Parse()
	var err error
	if len(bs) > 0 {
		var scales []rate.BoxScale
		for _, b := range bs {
			var s rate.BoxScale
			s, err = rate.CalibrateBox(context.Background(), b, *workers, func(done, total int) {
				if done*100/total != (done-1)*100/total {
					fmt.Fprintf(os.Stderr, "\r%v: %d of %d snakes", b, done, total)
				}
			})
			fmt.Fprintln(os.Stderr)
			if err != nil {
				break
			}
			scales = append(scales, s)
		}
		if err == nil {
			err = write(*out, rate.BoxScalesSource(scales))
		}
	} else {
		var c rate.Calibration
		c, err = rate.Calibrate(context.Background(), *workers)
		if err == nil {
			err = write(*out, c.Source())
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "calibrate:", err)
		os.Exit(1)
	}
}

// write puts src in the file at path whole or not at all: a failed or
// interrupted run leaves the committed table, and the build, as they were.
func write(path string, src []byte) error {
	f, err := atomicfile.Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(src); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Commit()
}
