// Package fold shows a folding to a person: in words, as hand-level
// steps, as a printable SVG step sheet and as an offline HTML step player.
//
// A folding is given as its moves, a []symmetry.Dir from cubelet 1, as
// solver.Solve returns them; cubelets are numbered from 1 wherever a
// person reads them.
//
// # Hand-level steps
//
// [Steps] tells a folding as a person holding the toy feels it, whatever
// way they hold it. The first [Step] (Twist [Start]) is cubelet 1 and the
// cubelets that run straight from it to the first turn. Each later step is
// a turn cubelet, how the chain turns there, and Run, how many cubelets
// follow to the next turn or the end. The first turn is a [Bend]. Each
// later turn is told against the turn before it:
//
//   - [U]: the same way. The new run is parallel to the run that led into
//     the turn before, going back: the chain curls back.
//   - [Zigzag]: the opposite way. The new run is parallel to that run,
//     going on: a staircase.
//   - [Left], [Right]: a quarter twist out of the plane of those two runs.
//     Left and right are as seen looking along the chain from the turn
//     before towards this one, held so that the run that led into the
//     turn before points up from it. In vectors: with p the move before
//     the turn before and c the move between the two turns, the new move
//     is -p for U, p for Zigzag, p × c for Right and c × p for Left.
//
// A mirror image of a folding swaps Left and Right and keeps every other
// step. [Replay] rebuilds the moves from the steps and the directions of
// the first two runs, the frame they are told in.
//
// # Text
//
// [WriteText] writes a folding for a terminal: the start cell, the moves in
// words and arrows, the steps, and the box layer by layer; [Legend] says
// what the words mean, once per output.
//
// # Step sheet
//
// [WriteSheet] writes one SVG of A4 pages (210 mm wide, 297 mm a page,
// stacked); its style asks a printing browser for A4 paper without
// margins, so each page of the sheet prints as one page. Each solution is a titled
// grid of small isometric pictures, one per step in reading order: the
// cubelets placed so far, the step's own cubelets in orange, every
// cubelet numbered; a new cubelet hidden behind older ones is outlined
// and numbered over them. The sheet holds no script and loads nothing.
//
// # Step player
//
// The player is one JavaScript file, embedded in this package and
// returned by [Script]. It needs no library and loads nothing. It defines
// the global SnakePlayer:
//
//	var player = SnakePlayer.mount(element, data, options);
//
// data is the JSON of [Data]:
//
//	{"box": [A, B, C],
//	 "snakes": [{"key": "0011...", "box": [A, B, C], "solutions": [{"startPos": [x, y, z], "direction": [1, 2, -1, ...]}, ...]}, ...]}
//
// A snake's "box" is optional and overrides the top-level one, and
// "differ", when set, is said over the picture: where solutions that
// share most of the folding differ ([Differences]). startPos is
// the cell of cubelet 1 and direction the moves as catalogue codes (1, -1,
// 2, -2, 3, -3 for +x, -x, +y, -y, +z, -z), so a catalogue's solutions
// can be passed as they are (other fields are ignored). Any box of 2 to 64
// cells works, flat ones included. options.interval is the time between
// cubelets while playing, in milliseconds (default 650).
//
// mount fills element with a chooser of snake and solution, the box drawn
// in 3D on a canvas (chequered cubelets numbered from 1, a line through
// their centres, the current cubelet in orange and outlined, seen through
// or solid, or only the last three steps with the cubelets before them
// faint, as a box of 64 cells starts so that see-through does not
// clutter), step back and forward, first and last, play and pause, a
// slider, turning by dragging, and the text steps beside the picture,
// the current one marked. It injects its own style sheet (classes sp-*,
// under .snake-player) once per document. Bad data shows a message in
// element and throws.
//
// Right under the picture (beside it on a phone held sideways) is the
// folding view, for a person holding the toy in both hands: the current
// step in words, in large type (the element [data-step-now], whose
// attribute data-step-now is the step's [Step.String]), and Back and
// Next ([data-back], [data-next]) as large buttons that show the step
// before or the next step whole, to the last cubelet of its run. A tap
// on the picture, space, the arrow keys and a page clicker's page keys
// (while the picture is in sight and no field has the focus) step the
// same way; shift+space steps back, P plays. The picture, the words and
// Next fit in a phone's screen, upright or sideways, and stepping
// scrolls them into sight. While a person steps, the screen is kept on
// (the Screen Wake Lock API where the browser has it, asked for again
// when the page shows again; data-awake on element says whether it is
// held), and with "speak the steps" ticked (off at first, shown where
// the browser can speak), each step is said aloud.
//
// mount returns a controller: state() returns {snake, solution, cubelet,
// cell, count, playing, yaw, pitch, recent, error}, numbers from 1 and
// cubelet being the highlighted one; next() and previous() step as
// Next and Back do; go(n), forward(), back(), play(),
// pause(), select(snake, solution), turn(yaw, pitch) and recent(on)
// drive it. The same state is
// written, read-only, on element's attributes data-snake, data-solution,
// data-cubelet, data-cell ("x,y,z") and data-count, and each step's text
// ([Step.String]) on its list item's data-step. SnakePlayer.steps(direction)
// computes the steps as [Steps] does.
//
// [WritePage] writes the standalone page: the script, the data of
// [NewData] and a call to mount, all inline. A server serves [Script] as
// a file of its own or inlines it, and mounts the player on data of its
// own in the same shape.
package fold
