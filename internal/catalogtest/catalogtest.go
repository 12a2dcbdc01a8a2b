// Package catalogtest gives tests the boxes they name and the encoded
// catalogues of small boxes, each computed once per test binary. Only
// tests import it.
package catalogtest

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Box returns the box s names, such as "3" or "2x2x3".
func Box(t testing.TB, s string) symmetry.Box {
	t.Helper()
	b, err := symmetry.ParseBox(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	mu    sync.Mutex
	files = map[string][]byte{} // box and format -> the file
)

// File returns the whole catalogue of the box size names, encoded in
// format f. The bytes are shared: callers must not change them.
func File(t testing.TB, size string, f export.Format) []byte {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	b := Box(t, size)
	name := b.String() + "." + f.String()
	if p, ok := files[name]; ok {
		return p
	}
	c, err := solver.Enumerate(context.Background(), b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := export.Encode(context.Background(), &buf, c, export.Options{Format: f}); err != nil {
		t.Fatal(err)
	}
	files[name] = buf.Bytes()
	return buf.Bytes()
}
