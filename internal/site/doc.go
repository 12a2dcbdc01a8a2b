// Package site builds snakecube's static site: a folder of plain files
// that any static host, a USB stick served by python3 -m http.server, or
// the browser's own cache serves, in which the snakecube engine, compiled
// to WebAssembly, solves any snake in the visitor's browser. make site
// runs [Build] (go run ./internal/site/build -o site).
//
// # Files
//
//	index.html               the page
//	app.js                   the page's script
//	worker.js                the Web Worker that runs the engine
//	engine.wasm.gz           the engine, internal/site/wasm, gzipped twice
//	wasm_exec.js             the Go distribution's support for it
//	player.js                the step player, internal/fold's, as is
//	catalogue.js             serve's histogram and table, as is
//	catalogue.css            their style, serve's too
//	catalogue-3x3x3.bin      the index of the 3x3x3 catalogue
//	catalogue-3x3x3.json     its figures, as snakecube serve's /api/stats
//	style.css, icon.svg, manifest.webmanifest
//	icon-192.png, icon-512.png  the icon for home screens, drawn by Go at build time
//	sw.js                    the service worker, which keeps them all
//
// Nothing is fetched from anywhere else. The engine is shipped gzipped,
// twice, which is smaller than once, and inflated by the worker
// (DecompressionStream), so that every host serves it small without being
// configured; the service worker caches
// every file on its first visit, under a name that a hash of the files
// fixes, so a new build replaces the old files and the page works
// offline.
//
// # Links
//
// index.html#snake=TEXT opens the page with the snake TEXT, in any
// notation snakecube solve reads, solved; &size=AxBxC gives its box and
// &notation=NAME its notation, as solve's -size and -notation do. TEXT
// is percent-decoded, and a '+' in it is a plus, as in "+x +y". The form
// writes the same link for each snake it solves, so a puzzle is shared
// by its address.
//
// # The page's contract with scripts and tests
//
// Once a solve ends, the element #result holds the attribute
// data-solutions, the number of solutions (0 when there is none); it has
// none while a search runs. For a snake of no solution the help follows,
// from a search of its own: window.snakecube.searching() is false once
// it has come. When the text is no snake, the element #input-error, next
// to the input box, holds the attribute data-error, the message
// snakecube solve gives after "snake 1: ". Once a snake with solutions
// is shown, the button #rate asks how hard it is for a person to fold
// (package rate's Feel, on its box's scale; the engine's Feel): the
// element #difficulty then shows its level and the placements expected
// from each end, the easier first, and holds the attributes data-level
// (0 for a box whose scale is not made, which would take minutes) and
// data-easier, the cubelet of the easier end. window.snakecube also holds
// the promises ready, of the engine started, catalogue, of the catalogue
// loaded, and offline, of whether the service worker keeps the files
// (true once it is active, false when it failed to install); the times of the page's steps, in milliseconds
// (times.ready from the start of the page's load to the engine's being
// ready; times.solved, of the last solve, from its request to its answer
// shown; times.search, of its search in the worker); and player, the
// controller of the step player shown (see internal/fold).
//
// # The catalogue's index
//
// catalogue-3x3x3.bin lists every snake of the 3x3x3 box that folds and
// its number of solutions, as the engine counts them at build time:
// "SCI1", the box's three sides, one byte each, and the number of
// snakes; then for each snake in key order the gap from the snake before;
// then for each its number of solutions. Numbers are unsigned LEB128
// varints (Go's binary.AppendUvarint). A snake is numbered by its inner
// cubelets read as a binary number, the second cubelet first: key order
// is numeric order, and the first gap is from 0. Straights and
// palindromes follow from the key. For 3x3x3 it takes some 25 KB, 13 KB
// gzipped (a gap and a number of solutions after each other, 14 KB).
package site
