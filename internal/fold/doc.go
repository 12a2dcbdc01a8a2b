// Package fold shows a folding to a person: in words, as hand-level
// steps, as a printable SVG step sheet and as an offline HTML step player.
package fold
