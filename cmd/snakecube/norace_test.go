//go:build !race

package main

// raceOn reports whether the tests run under the race detector.
const raceOn = false
