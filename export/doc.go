// Package export writes and reads snake catalogues: the wire contract of
// snakecube's solutions.json, and of its JSONL and Parquet forms; and
// [Search] writes the catalogue of a [Part] of a box as the search finds it.
//
// # The catalogue file
//
// A catalogue is one JSON object. Its names are snake keys, strings of '0'
// and '1' (see package solver), in ascending order, each on a line of its
// own; each value is the list of that snake's solutions in ascending order of
// canonical direction list (see package symmetry):
//
//	{
//	"01111110":[{"startPos":[0,0,0],"direction":[1,2,-1,3,2,1,-2],"path":[[[1,8],[4,5]],[[2,7],[3,6]]]},...]
//	}
//
// A solution has three fields:
//   - startPos: [x, y, z], the cell of cubelet 0.
//   - direction: the moves from cubelet 0, codes 1, -1, 2, -2, 3, -3 for
//     +x, -x, +y, -y, +z, -z. It is the canonical form, read along the key:
//     the cubelets where it turns are the key's '1's.
//   - path: path[x][y][z] is the 1-based index of the cubelet in cell
//     (x, y, z).
//
// The schema is that of the public Go enumerator oscar6echo/snake-cube-go,
// so tools written for its file read ours. It states the box by its shape
// alone, path[x][y][z] having the box's sides: a "box" member among the
// keys would break those tools (docs/CONVENTIONS.md).
//
// [FormatJSONL] writes a header line, {"box":"AxBxC"}, then the same
// solutions one snake per line, {"snake":KEY,"solutions":[...]}, for tools
// that read line by line. [Options.NoHeader] leaves the header out, for a
// line that is not a file.
//
// # Parquet
//
// [FormatParquet] writes one row per solution, in key order, then in
// order of canonical form, with the columns box, key, solutions,
// straights, palindrome (the snake's figures, on each of its rows),
// solution (its place in the snake's list, from 1), start_x, start_y,
// start_z (startPos) and direction (a list of the move codes); the path
// array is not stored, startPos and direction fixing it. The file's
// key-value metadata [BoxKey] states the box, so that an empty catalogue
// does too. Rows are written in row groups of 2^20, compressed with
// zstd, handed to the Parquet writer in batches of a fixed size, so that
// the bytes depend on the catalogue alone, not on how it was computed.
// With [Options.Snakes], [FormatParquet] and [FormatCSV] write the table
// of snakes instead: one row per snake with box, key, solutions,
// straights and palindrome. docs/CONVENTIONS.md has the schema.
//
// # Encoding and decoding
//
// [Writer] streams a catalogue snake by snake; [Encode] writes a whole
// [solver.Catalogue], encoding pieces on several cores and writing them in
// order, so the bytes never depend on scheduling. The numbers of a solution
// are written by a dedicated appender, from per-box tables: encoding through
// reflection costs more than the search that finds the solutions (see
// BenchmarkEncode3 and docs/SPEED.md). The output is checked in tests to
// be exactly what encoding/json and github.com/goccy/go-json write for
// the same values, on every shape of box up to 64 cells and by fuzzing. [Reader] reads catalogues, ours or others', with
// encoding/json's streaming decoder: goccy/go-json's package initialisers
// would otherwise run at the start of every command. A list of solutions
// is taken from the decoder as raw bytes and parsed by a parser of the
// writers' exact form, which gives encoding/json's values
// (FuzzParseSolutions); anything else goes to encoding/json. The lines of
// a JSONL catalogue in the writers' form are read without the decoder,
// which would scan each byte twice, until one is not: from there the
// decoder reads on, with the same entries and errors as though it had
// read all (FuzzReaderLines). It tells the format
// by the file's first bytes, and reads a Parquet file's rows a snake at
// a time, grouped by key; [Reader.Box] is the box a file states. A
// snake's rows stop at the solutions its first row states, and no entry
// lists more than [MaxSnakeSolutions]: past either the reading fails,
// naming the row, or the line and column of the solution past the bound,
// so that a small file of one snake's row or solution repeated cannot
// fill the memory. The decoder reads a list of solutions one at a time,
// and refuses a string or number longer than 64 KiB ([ErrToken]); the
// lines read without it are at most a mebibyte long. [Reader.Close] gives back the Parquet reader's
// buffers; the Reader closes itself at the end or at an error.
//
// Parquet is written and read by the package export/parquet, this
// project's own, streaming by row groups: a catalogue's few column types
// need little of the format, and a general library's initialisers cost
// every command its start-up. A file it cannot read, or whose schema is
// not a catalogue's, gives a [*SyntaxError] saying why, never a panic.
package export
