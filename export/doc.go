// Package export writes and reads snake catalogues: the wire contract of
// snakecube's solutions.json.
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
// so tools written for its file read ours. [FormatJSONL] writes the same
// solutions one snake per line, {"snake":KEY,"solutions":[...]}, for tools
// that read line by line.
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
// would otherwise run at the start of every command.
package export
