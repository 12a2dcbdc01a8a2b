// Package serve is the local web app and JSON API over snake catalogues:
// snakecube serve. It indexes each catalogue once, keeping a few bytes a
// snake ([Catalogue]), reads a snake's solutions from the file when they
// are asked for, and answers a page that filters, sorts and pages the
// snakes, draws how many snakes have each number of solutions, shows a
// snake's solutions and solves any snake typed in.
//
// # Catalogues
//
// Each catalogue is named by its box, "3x3x3"; a second catalogue of the
// same box by its box and its place among them, "3x3x3-2". Every request
// takes the parameter catalogue=NAME, and without it addresses the first
// catalogue served.
//
// # API
//
// Every answer is JSON. A bad parameter, an unknown one or one given twice
// answers 400 and {"error": "..."}; so does a value longer than 1024
// bytes or a query longer than 4096.
//
//   - GET /api/catalogues: [{name, box, cells, file, format, snakes,
//     solutions, rated, scale}], the catalogues served; rated tells a
//     catalogue whose snakes were rated ([Catalogue.Rate]), and scale,
//     for one, which snakes its levels are the tenths of, {box, snakes,
//     sampled}: the box's whole catalogue, or a sample drawn at random
//     (package rate, ScaleOf).
//   - GET /api/snakes: the snakes that match, {"total": N, "snakes":
//     [{"key", "solutions", "straights", "palindrome"}]}, where total
//     counts every match and snakes are the page asked for; in a
//     catalogue rated, each snake has too how hard it is for a person to
//     fold (package rate, Feel): "level", 1 to 10 on its box's scale,
//     "difficulty", the placements expected from the easier end,
//     "stdErr", its standard error (left out when exact), "easier", the
//     cubelet that end starts from, 1 or the last, and "ends", the
//     placements expected from cubelet 1 and from the last. Parameters: solutions (exactly), min_solutions,
//     max_solutions, straights, palindrome (true or false), level
//     (exactly), min_level, max_level (0 to 10; a catalogue rated only),
//     prefix (what keys start with, 0s and 1s), sort (key, solutions,
//     straights, or difficulty for a catalogue rated, a leading - for
//     descending; ties in key order; default key), limit (0 to
//     [MaxLimit], default [DefaultLimit]) and offset (default 0).
//   - GET /api/snakes/{key}: the snake and its solutions, as the
//     catalogue writer writes a line of JSONL (package export):
//     {"snake": KEY, "solutions": [{"startPos", "direction", "path"}]},
//     solutions read from the file, checked and in canonical form, and,
//     when solutions share most of the folding, "differ", where they
//     differ, a sentence (package fold's Differences); in a catalogue
//     rated, "level", "difficulty", "stdErr", "easier" and "ends" as
//     /api/snakes lists them, stdErr always. {key} may be the
//     snake read from either end; 404 when the catalogue does not hold
//     it.
//   - GET /api/stats: the catalogue's figures, as stats -format json
//     writes them, counted from the index: "skimmed": true, and no ends
//     or duplicates, which would need every solution read; for a
//     catalogue rated, the figures of difficulty (stats -rate).
//   - GET /api/solve?snake=TEXT: every solution of a snake typed in any
//     notation (package notation; notation=NAME to name it), in the form
//     of /api/snakes/{key}, the snake named by its sequence as typed, and
//     three more members: "box", "notes" (how the text was read, where
//     that is not plain: a move left out, another reading and how to ask
//     for it) and "help" (for a snake with no solution: why, the snakes
//     one cubelet away that fold, the other readings that fold), lines
//     as solve prints them (package input). The box is size=AxBxC, else
//     the cube of the snake's length, else the box of a catalogue served
//     with that many cells; a text that is no snake answers 400, a
//     run-length list one cubelet off saying which single run would fold.
//     The search runs on one core, at most [Options.Solvers] at once,
//     stops when the client goes away and gives up after
//     [Options.SolveTimeout] with 503. Of a snake with more than
//     [Options.MaxSolutions] solutions, the first are answered, with
//     "total", their number, and a note saying so. A snake that folds,
//     of a box whose scale of difficulty is at hand (rate.AtHand: 3x3x3,
//     4x4x4, or a box of at most 18 cells), is rated for a person too,
//     within the same time: the members "level", "difficulty", "stdErr",
//     "easier" and "ends" of a catalogue rated, and "scale" ({"box",
//     "snakes", "sampled"}), the snakes its levels are the tenths of.
//
// # The page
//
// GET / is one self-contained HTML page, with its styles and scripts in
// it: it loads nothing from the network. A snake opened from a catalogue
// rated shows its level and the placements expected from each end, the
// easier first, in the element #difficulty (data-level, data-easier).
package serve
