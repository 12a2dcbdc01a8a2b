// Command snakecube enumerates, solves and analyses snake-cube puzzles.
//
// Usage:
//
//	snakecube <command> [flags] [arguments]
//
// The commands:
//
//	enumerate  every snake of a box that folds, with all its solutions
//	solve      every solution of snakes typed in any notation, shown to fold
//	rate       how hard snakes are to fold by hand, on a 1 to 10 scale
//	design     new puzzles: snakes with one solution, or K, of a chosen difficulty
//	merge      join the shards of an enumeration into one catalogue
//	convert    a catalogue in another format: JSON, JSONL, Parquet; a table of snakes
//	estimate   the size of a box's search, by random probes
//	census     exact counts section by section, resumable; merge and extrapolate
//	verify     check a catalogue file, and with -complete that nothing is missing
//	stats      the figures of a catalogue: tables, JSON, CSV or an SVG picture
//	serve      a local web page and JSON API to browse catalogues
//	paths      exact counts of a box's Hamiltonian paths and solutions, by transfer matrix
//
// Run "snakecube <command> -h" for a command's flags. Solutions are counted once up to
// the box's rotations and reflections and up to reading the snake from
// its other end.
//
// Exit status: 0 on success, 1 on failure, 2 for a usage error, 130 when
// interrupted.
package main

import "github.com/snakecube/snakecube/internal/cli"

func main() {
	cli.Main(run)
}
