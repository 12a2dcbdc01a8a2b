// Package verify checks a catalogue file against the definitions, without
// trusting whoever wrote it, and reports every problem it finds.
//
// [Verify] reads the file through the one catalogue reader
// ([catalog.Reader]), which checks each key and each solution (see package
// catalog for the list), and reports each problem that reader attaches to
// a snake: keys out of order or repeated, a key that is no snake of the box
// or not the smaller reading, a snake with no solution, a solution that is
// wrong, and a solution listed twice up to symmetry and reversal.
//
// With [Options.Complete], the catalogue is also compared, key by key in a
// merge walk, with a fresh search of the whole box ([solver.Enumerate]):
// snakes the search finds that the file lacks, snakes of the file the
// search does not find, and solutions missing from either side, matched by
// canonical form. When keys are out of order, a snake found out of place is
// also reported missing at the place it belongs.
//
// Each problem is a [*catalog.Problem] naming the key as the file writes
// it, and the solution's place in the key's list, counted from 1 in its
// text. A file that is not JSON, or not a catalogue, ends the check with
// the reader's [*export.SyntaxError], which gives the line, the column
// and the byte offset.
package verify
