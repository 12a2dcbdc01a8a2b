package kit

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/snakecube/snakecube/internal/atomicfile"
	"github.com/snakecube/snakecube/internal/design"
	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// Options say what kit to make.
type Options struct {
	Geometry
	// Seed and Draw, when Designed is set, are the design the snake came
	// from: they join its id.
	Designed bool
	Seed     uint64
	Draw     int
	// Workers is how many goroutines solve and rate the snake; 0 means
	// all cores.
	Workers int
}

// ErrNoSolution is the error of a snake that does not fold: there is no
// puzzle to make.
var ErrNoSolution = errors.New("the snake does not fold: there is no puzzle to make")

// Kit is a puzzle ready to make: its maker's sheet, with its solutions
// and rating, and the cubelets' colours.
type Kit struct {
	Options
	Sheet design.Sheet
	// cells are the cells of the first solution, cubelet by cubelet.
	cells [][3]int
}

// New makes the kit of snake q of box b with options o; r, when not nil,
// is its rating, else it is rated (by design.NewSheet). A snake with no
// solution is [ErrNoSolution].
func New(ctx context.Context, b symmetry.Box, q solver.Seq, r *rate.Felt, o Options) (*Kit, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	sh, err := design.NewSheet(ctx, b, q, r, o.Workers)
	if err != nil {
		return nil, err
	}
	if sh.Total == 0 {
		return nil, ErrNoSolution
	}
	start, _ := b.Start(sh.Solutions[0])
	cells, err := b.Cells(start, sh.Solutions[0])
	if err != nil {
		return nil, err
	}
	k := &Kit{Options: o, Sheet: sh, cells: cells}
	k.Sheet.Build = k.build()
	return k, nil
}

// Colour is a cubelet's colour: light or dark.
type Colour int

const (
	Light Colour = iota
	Dark
)

func (c Colour) String() string { return [...]string{"light", "dark"}[c] }

// Colour returns the colour of cubelet i, counted from 0: the chequer of
// the folded puzzle, read off the first solution's cells. Light are the
// cells whose x+y+z has the parity of cubelet 1's cell (x+y+z even, for
// a box of an odd number of cells), dark the others; cubelets next to
// each other in the folded puzzle differ.
func (k *Kit) Colour(i int) Colour {
	p, q := k.cells[i], k.cells[0]
	return Colour((p[0] + p[1] + p[2] + q[0] + q[1] + q[2]) % 2)
}

// Cubelets returns the cubelets of colour c, counted from 0, in the
// order of the chain.
func (k *Kit) Cubelets(c Colour) []int {
	var is []int
	for i := range k.Sheet.Seq.Len {
		if k.Colour(i) == c {
			is = append(is, i)
		}
	}
	return is
}

// ID returns the puzzle's id: its box and key, and the design's seed
// and draw when it came from one.
func (k *Kit) ID() string {
	id := fmt.Sprintf("%v %v", k.Sheet.Box, k.Sheet.Seq.Key())
	if k.Designed {
		id += fmt.Sprintf(" seed %d draw %d", k.Seed, k.Draw)
	}
	return id
}

// Elastic returns the length of elastic to cut, in millimetres: from
// the centre of cubelet 1 to the centre of the last, a cube's side for
// each cubelet between (a corner's channel, centre to face twice, is as
// long as a straight's), and [KnotLength] at each end.
func (k *Kit) Elastic() (centres, total float64) {
	centres = float64(k.Sheet.Seq.Len-1) * k.Cube
	return centres, centres + 2*KnotLength
}

// columns returns the columns of a grid of n cubelets on a plate: the
// nearest to a square.
func columns(n int) int { return max(1, int(math.Ceil(math.Sqrt(float64(n))))) }

// place returns where the j-th of n cubelets on a plate stands: its
// corner nearest the origin. They lie in rows of columns(n) from the
// origin, along x, then the next row along y, Gap apart.
func (g Geometry) place(j, n int) (x, y float64) {
	cols := columns(n)
	pitch := g.Cube + Gap
	return float64(j%cols) * pitch, float64(j/cols) * pitch
}

// plateSize returns the width and depth of a plate of n cubelets.
func (g Geometry) plateSize(n int) (w, d float64) {
	cols := columns(n)
	rows := (n + cols - 1) / cols
	return float64(cols)*g.Cube + float64(cols-1)*Gap, float64(rows)*g.Cube + float64(rows-1)*Gap
}

// plate says how much of a print plate n cubelets take.
func (g Geometry) plate(n int) string {
	w, d := g.plateSize(n)
	return fmt.Sprintf("%s x %s mm", mm(w), mm(d))
}

// Files are the kit's files, in the order written.
var Files = []string{"light.stl", "dark.stl", "plate.3mf", "sheet.svg", "card.svg"}

// write writes the kit's file name to w.
func (k *Kit) write(ctx context.Context, w io.Writer, name string) error {
	switch name {
	case "light.stl":
		return k.WriteSTL(w, Light)
	case "dark.stl":
		return k.WriteSTL(w, Dark)
	case "plate.3mf":
		return k.Write3MF(w)
	case "sheet.svg":
		return design.WriteSheet(ctx, w, []design.Sheet{k.Sheet})
	default:
		return k.WriteCard(w)
	}
}

// ErrNotEmpty is the error of a folder to write into that holds files.
var ErrNotEmpty = errors.New("holds files")

// Make makes the kit of snake q of box b, r its rating when known, and
// writes it into dir as [Kit.WriteDir] does.
func Make(ctx context.Context, dir string, force bool, b symmetry.Box, q solver.Seq, r *rate.Felt, o Options) (*Kit, error) {
	k, err := New(ctx, b, q, r, o)
	if err != nil {
		return nil, err
	}
	return k, k.WriteDir(ctx, dir, force)
}

// WriteDir writes the kit's [Files] into folder dir: into a new folder
// beside it first, which then takes dir's place whole, so that a run that
// fails leaves dir as it was. A dir that holds anything is refused with
// [ErrNotEmpty] unless force is set, and then replaced, all it held
// removed; but never a folder that holds the working folder, nor the
// root.
func (k *Kit) WriteDir(ctx context.Context, dir string, force bool) error {
	if err := Replaceable(dir, force); err != nil {
		return err
	}
	clean := filepath.Clean(dir)
	tmp, err := os.MkdirTemp(filepath.Dir(clean), "."+filepath.Base(clean)+".tmp-")
	if err != nil {
		return fmt.Errorf("write %s: %w", dir, err)
	}
	defer os.RemoveAll(tmp)
	for _, name := range Files {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := k.writeFile(ctx, filepath.Join(tmp, name), name); err != nil {
			return err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := atomicfile.ReplaceDir(tmp, clean); err != nil {
		return fmt.Errorf("write %s: %w", dir, err)
	}
	return nil
}

// writeFile writes the kit's file name at path.
func (k *Kit) writeFile(ctx context.Context, path, name string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	err = k.write(ctx, bw, name)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}

// Replaceable reports whether the kit may be written into folder dir: a
// dir that does not exist or is empty, or with force any folder but the
// root or one that holds the working folder.
func Replaceable(dir string, force bool) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !st.IsDir():
		return fmt.Errorf("%s: is a file, not a folder", dir)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(abs, wd); err == nil && !strings.HasPrefix(rel, "..") || filepath.Dir(abs) == abs {
		return fmt.Errorf("%s: holds the working folder, which a kit never replaces", dir)
	}
	names, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(names) > 0 && !force {
		return fmt.Errorf("%s: %w (%d); -force replaces it and all it holds", dir, ErrNotEmpty, len(names))
	}
	return nil
}

// build returns what the kit adds to the maker's sheet.
func (k *Kit) build() *design.Build {
	g := k.Geometry
	centres, total := k.Elastic()
	var counts [3][2]int
	for i := range k.Sheet.Seq.Len {
		counts[kindRow(design.KindOf(k.Sheet.Seq, i))][k.Colour(i)]++
	}
	light, dark := k.Cubelets(Light), k.Cubelets(Dark)
	b := &design.Build{
		ID: k.ID(),
		Facts: [][2]string{
			{"cubelets", fmt.Sprintf("%s mm cubes, %s mm apart on the plates", mm(g.Cube), mm(Gap))},
			{"colours", "light: cubelet 1 and every other one; dark: the others. They are the chequer of the folded puzzle, the cells of cubelet 1's parity of x+y+z in its first solution, on page 3"},
			{"channel", fmt.Sprintf("%s mm across: a teardrop around a %s mm circle, its peak %s mm from the axis", mm(g.Hole), mm(g.Hole), mm(reach(g.Hole/2)))},
			{"end's well", fmt.Sprintf("%s mm across, %s mm deep: room for the knot", mm(g.Well()), mm(g.WellDepth()))},
			{"elastic", fmt.Sprintf("cut %s mm of round elastic %s mm thick or less: %s mm centre to centre and %s mm for each knot", mm(total), mm(g.Hole-1), mm(centres), mm(KnotLength))},
			{"folded", fmt.Sprintf("%s x %s x %s mm", mm(float64(k.Sheet.Box.Size[0])*g.Cube), mm(float64(k.Sheet.Box.Size[1])*g.Cube), mm(float64(k.Sheet.Box.Size[2])*g.Cube))},
			{"plates", fmt.Sprintf("light.stl %s, dark.stl %s, plate.3mf %s", k.plate(len(light)), k.plate(len(dark)), k.plate(k.Sheet.Seq.Len))},
			{"files", "light.stl and dark.stl, a plate of each colour; plate.3mf, both on one plate with their two materials; card.svg, the solution for whoever solves it"},
		},
		Pieces: counts,
		Notes: []string{
			"Print the cubelets as they lie on the plates, without support. A straight has its channel upright. A corner's channel goes down from the top face to the centre and out at the middle of a side face; that level leg's teardrop has its peak up, so no overhang is steeper than 45 degrees. An end has a blind well down from its top face.",
			fmt.Sprintf("Clearances: the channel leaves 0.5 mm a side around an elastic 1 mm thinner than it; the cubelets touch face to face and need none, so the folded puzzle is the cubes' size exactly (use the slicer's first-layer compensation so that the bottom faces do not flare). The thinnest wall, from the well to a face, is %s mm.", mm(g.Wall())),
			"Thread the cubelets in the order of the chain, taking them from the plates row by row from the front left, light and dark in turn, each corner with its two openings toward its neighbours. Knot the elastic, push the knot into the first end's well with a drop of glue, pull the elastic tight through the chain and knot it into the last end's well.",
		},
		Plates: []design.Plate{
			{Name: fmt.Sprintf("light.stl: %d light cubelets", len(light)), Cols: columns(len(light)), Cubelets: light},
			{Name: fmt.Sprintf("dark.stl: %d dark cubelets", len(dark)), Cols: columns(len(dark)), Cubelets: dark},
		},
	}
	return b
}

// kindRow is a kind's row in design.Build's Pieces: straight, corner,
// end.
func kindRow(kd design.Kind) int {
	switch kd {
	case design.Straight:
		return 0
	case design.Corner:
		return 1
	}
	return 2
}

// steps returns the first solution's hand-level steps.
func (k *Kit) steps() []fold.Step { return fold.Steps(k.Sheet.Solutions[0]) }

// Contents says what the kit's files hold, a line a file, and the
// elastic to cut.
func (k *Kit) Contents() []string {
	_, elastic := k.Elastic()
	n := k.Sheet.Seq.Len
	return []string{
		fmt.Sprintf("light.stl  %d light cubelets, %s mm", len(k.Cubelets(Light)), mm(k.Cube)),
		fmt.Sprintf("dark.stl   %d dark cubelets, %s mm", len(k.Cubelets(Dark)), mm(k.Cube)),
		fmt.Sprintf("plate.3mf  all %d cubelets on one plate, in two materials", n),
		fmt.Sprintf("sheet.svg  the maker's sheet: %s, a %s mm channel, %s mm of elastic", k.pieces(), mm(k.Hole), mm(elastic)),
		"card.svg   the solution card",
	}
}

// pieces counts the cubelets of each kind.
func (k *Kit) pieces() string {
	var n [3]int
	for i := range k.Sheet.Seq.Len {
		n[kindRow(design.KindOf(k.Sheet.Seq, i))]++
	}
	return fmt.Sprintf("%s, %s, %s", words.Plural(n[0], "straight"), words.Plural(n[1], "corner"), words.Plural(n[2], "end"))
}
