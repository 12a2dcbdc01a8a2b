// Package stats computes the figures of a snake catalogue and writes them
// as text, JSON, CSV or an SVG picture.
//
// # Figures
//
// [Compute] reads a catalogue, JSON, JSONL or Parquet (see package
// export), as a stream and keeps only counts. Solutions are counted by [Convention]:
// once up to the box's rotations and reflections and up to reading the
// snake from its other end. Each solution is checked and put in canonical
// form by [catalog.Reader] on the way, so a file that states solutions in
// other readings, or lists one twice, gives the same figures; a solution
// that is not one, or keys out of order, stop Compute with an error naming
// the snake. It does not check that the catalogue is complete: that is
// verify's job.
//
// Cells are classed by [ClassOf]: a corner, edge, face or centre cell has
// 3, 2, 1 or 0 coordinates at 0 or at the side's last value, and on a side
// of length 1 or 2 every coordinate counts as such ([CellClasses]).
//
// A [Counter] counts the same figures snake by snake for a caller that reads
// the catalogue itself. Counted from a skim ([catalog.Skimmer]), which
// lists solutions without reading them, the figures are [Stats.Skimmed]:
// no ends, no duplicates.
//
// # JSON
//
// [Stats.WriteJSON] writes one object; lists leave out zero counts:
//
//   - box: "AxBxC"; convention: [Convention]; cellClasses: [CellClasses].
//   - snakes, solutions: the totals. duplicates: solutions the file lists
//     again, counted once; left out when skimmed.
//   - skimmed: true when the figures come from a skim; left out when not.
//   - palindromes, palindromeSolutions: snakes that read the same from
//     both ends, and their solutions.
//   - oneSolutionSnakes: snakes with exactly one solution.
//   - most: {solutions, snakes}: the largest number of solutions of a
//     snake, and the keys of the snakes that have it, ascending.
//   - straights: {min, max}: the range of the snakes' numbers of straight
//     cubelets.
//   - histogram: [{solutions, snakes}]: how many snakes have each number of
//     solutions, ascending.
//   - byStraights, palindromesByStraights: [{straights, solutions,
//     snakes}]: how many snakes, or palindromes, have each number of
//     straights and of solutions, by straights then solutions.
//   - ends: [{first, last, solutions}]: solutions by the classes of the
//     cells of their first and last cubelets, read along the key (a
//     palindrome's in the direction of its canonical form); left out when
//     skimmed.
//   - top: [{snake, solutions, straights, palindrome}]: the [TopN] snakes
//     with most solutions, most first, ties in key order.
//   - difficulty, when the snakes were rated ([Options.Rate]): {scale,
//     rated, levels, placements, easiest, hardest}: {box, snakes,
//     sampled}, the box's 1 to 10 scale of package rate (ScaleOf): the
//     box and how many snakes it is made of, its whole catalogue or a
//     sample drawn at random; how many snakes were rated; [{level,
//     snakes}], how many are at each level of that scale; [{lo, hi,
//     snakes}], how many have a difficulty, in placements expected
//     rounded to a whole number, from lo to hi, in ranges that double;
//     [{snake, solutions, difficulty, stdErr, level, easier, ends}], the
//     [EndsN] easiest and hardest snakes, the easiest and the hardest
//     first, ties in key order: difficulty is a person's (rate.Feel),
//     the placements expected from the easier end, stdErr its standard
//     error (0 when exact), easier the cubelet that end starts from (1
//     or the last), ends [{from, expected}] each end's placements
//     expected, from cubelet 1 then from the last. Left out when not
//     rated.
//
// # CSV
//
// [Stats.WriteCSV] writes the same figures in long form, one value a
// record, under the header table,row,column,value:
//
//   - summary: row is a figure (box, convention, cell_classes, snakes,
//     solutions, duplicates, palindromes, palindrome_solutions,
//     one_solution_snakes, most_solutions, min_straights, max_straights), column
//     empty.
//   - most: row is a snake with most solutions, value its solutions.
//   - histogram: row is a number of solutions, value the snakes.
//   - by_straights, palindromes_by_straights: row is a number of
//     straights, column a number of solutions, value the snakes.
//   - ends: row is the class of the first cubelet's cell, column that of
//     the last, value the solutions.
//   - top: row is the rank from 1, column the snake, value its solutions.
//   - when rated: summary rows rated, scale_box, scale_snakes and
//     scale_sampled; levels: row is a level, value the
//     snakes; placements: row is a range lo-hi, value the snakes;
//     easiest, hardest: row is the rank from 1, column the snake, value
//     its difficulty.
//
// Zero counts are left out, as in JSON.
//
// # Text and SVG
//
// [Stats.WriteText] writes aligned tables for a person, where the table by
// straights groups numbers of solutions in ranges that double ([Stats.Bins]),
// and, when rated, lists the easiest and hardest snakes and draws the
// snakes by range of placements as bars of # signs.
// [Stats.WriteSVG] draws the histogram as bars on a logarithmic scale and
// the table by straights as a heat map, in one self-contained SVG file.
package stats
