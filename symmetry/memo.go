package symmetry

import "sync"

// A Memo holds one value per box, made by its function the first time the
// box is asked for and shared after: the tables a package derives from a
// box, which a batch of jobs on one box should build once, not once a
// job. It is safe for concurrent use.
type Memo[T any] struct {
	make func(Box) *T
	m    sync.Map // Box -> *T
}

// NewMemo returns a memo that makes the value of a box with make.
func NewMemo[T any](make func(Box) *T) *Memo[T] {
	return &Memo[T]{make: make}
}

// Of returns the value of box b. Calls at once for a box not seen before
// may each make a value; one is kept, and every call returns that one.
func (m *Memo[T]) Of(b Box) *T {
	if v, ok := m.m.Load(b); ok {
		return v.(*T)
	}
	v, _ := m.m.LoadOrStore(b, m.make(b))
	return v.(*T)
}
