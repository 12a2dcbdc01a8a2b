package export

// SetMaxSnakeRows sets the most rows, or solutions, one snake may have,
// for a test of the bound, and returns what sets it back.
func SetMaxSnakeRows(n int) (restore func()) {
	old := maxSnakeRows
	maxSnakeRows = n
	return func() { maxSnakeRows = old }
}
