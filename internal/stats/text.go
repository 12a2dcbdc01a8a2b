package stats

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/snakecube/snakecube/internal/words"
)

// CellClasses says how [ClassOf] classifies cells, for the outputs.
const CellClasses = "a cell is a corner, edge, face or centre cell when 3, 2, 1 or 0 of its coordinates are at 0 or at the side's last value; on a side of length 1 or 2 every coordinate is"

// WriteText writes the figures as aligned tables for a person to read.
func (s *Stats) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(bw, format, args...) }

	p("A catalogue of the %v box: %s, %s.\n", s.Box, words.Plural(s.Snakes, "snake"), words.Plural(s.Solutions, "solution"))
	p("%s.\n", wrap(upper(Convention), 76))

	most := "-"
	if len(s.MostSnakes) > 0 {
		most = keyList(s.MostSnakes)
	}
	straights := "-"
	switch {
	case s.Snakes == 0:
	case s.MinStraights == s.MaxStraights:
		straights = fmt.Sprint(s.MinStraights)
	default:
		straights = fmt.Sprintf("%d to %d", s.MinStraights, s.MaxStraights)
	}
	summary := &table{align: "lrl"}
	summary.add("snakes", words.Thousands(s.Snakes), "")
	summary.add("solutions", words.Thousands(s.Solutions), "")
	if s.Duplicates > 0 {
		summary.add("listed more than once", words.Thousands(s.Duplicates), "solutions the file repeats, counted once")
	}
	summary.add("palindromes", words.Thousands(s.Palindromes), "with "+words.Plural(s.PalindromeSolutions, "solution"))
	summary.add("one-solution snakes", words.Thousands(s.OneSolution()), "")
	summary.add("most solutions", words.Thousands(s.Most), most)
	summary.add("straights per snake", straights, "")
	p("\n")
	summary.write(bw)

	p("\nSolutions per snake, and how many snakes have that many:\n\n")
	s.histogramTable().write(bw)

	bins := s.Bins()
	p("\nSnakes by straights and solutions per snake:\n\n")
	s.straightsTable(s.ByStraights, bins).write(bw)
	p("\nPalindromes by straights and solutions per snake:\n\n")
	s.straightsTable(s.PalindromesByStraights, bins).write(bw)

	if !s.Skimmed {
		s.writeEnds(bw)
	}

	if len(s.Top) == 1 {
		p("\nThe snake with most solutions:\n\n")
	} else {
		p("\nThe %d snakes with most solutions:\n\n", len(s.Top))
	}
	top := &table{align: "rlrrl", header: []string{"rank", "snake", "solutions", "straights", ""}}
	for i, t := range s.Top {
		pal := ""
		if t.Key.Palindrome() {
			pal = "palindrome"
		}
		top.add(fmt.Sprint(i+1), t.Key.String(), words.Thousands(t.Solutions), fmt.Sprint(t.Key.Straights()), pal)
	}
	top.write(bw)
	if s.Difficulty != nil {
		s.writeDifficulty(bw)
	}
	return bw.Flush()
}

// histogramCols is the number of side-by-side column pairs of the
// histogram: four fit in 80 columns, and then the hundred distinct numbers
// of solutions of 3x3x3 fit on one screen.
const histogramCols = 4

// histogramTable lays the nonzero bars of the histogram out in columns,
// top to bottom, then left to right.
func (s *Stats) histogramTable() *table {
	var ns []int
	for n, c := range s.Histogram {
		if c > 0 {
			ns = append(ns, n)
		}
	}
	rows := (len(ns) + histogramCols - 1) / histogramCols
	cols := 1
	if rows > 0 {
		cols = (len(ns) + rows - 1) / rows
	}
	t := &table{}
	for c := range cols {
		if c > 0 { // an empty column widens the gap between pairs
			t.align += "l"
			t.header = append(t.header, "")
		}
		t.align += "rr"
		t.header = append(t.header, "solutions", "snakes")
	}
	for r := range rows {
		var row []string
		for c := range cols {
			if k := c*rows + r; k < len(ns) {
				if c > 0 {
					row = append(row, "")
				}
				row = append(row, fmt.Sprint(ns[k]), words.Thousands(s.Histogram[ns[k]]))
			}
		}
		t.add(row...)
	}
	return t
}

// straightsTable is a table of snakes, one row per number of straights,
// with a column per bin of solutions per snake, row totals and a total
// row.
func (s *Stats) straightsTable(tab [][]int, bins []Bin) *table {
	// Columns of bins are at least as wide as "1,000", so that the tables
	// of all snakes and of palindromes line up, and a space apart: 3x3x3
	// has 9 bins.
	t := &table{align: "r", header: []string{"straights"}, minWidth: []int{0}}
	for _, b := range bins {
		t.align += "n"
		t.header = append(t.header, b.String())
		t.minWidth = append(t.minWidth, 5)
	}
	t.align += "rr"
	t.header = append(t.header, "snakes", "solutions")
	total := make([]int, len(bins)+2)
	for k := s.MinStraights; k <= s.MaxStraights && s.Snakes > 0; k++ {
		row := Binned(tab, k, bins)
		snakes, sols := 0, 0
		if k < len(tab) {
			for n, c := range tab[k] {
				snakes += c
				sols += n * c
			}
		}
		row = append(row, snakes, sols)
		cells := []string{fmt.Sprint(k)}
		for i, c := range row {
			total[i] += c
			cells = append(cells, dash(c))
		}
		t.add(cells...)
	}
	cells := []string{"all"}
	for _, c := range total {
		cells = append(cells, dash(c))
	}
	t.add(cells...)
	return t
}

// dash writes 0 as "-", so that a sparse table shows its shape.
func dash(n int) string {
	if n == 0 {
		return "-"
	}
	return words.Thousands(n)
}

// table is a text table: columns aligned left ('l') or right ('r'),
// separated by two spaces, or right with one space before ('n'), for
// narrow columns of numbers.
type table struct {
	align    string
	minWidth []int // of the first columns, when wider than their cells
	header   []string
	rows     [][]string
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) write(w io.Writer) {
	all := t.rows
	if t.header != nil {
		all = append([][]string{t.header}, all...)
	}
	width := make([]int, len(t.align))
	copy(width, t.minWidth)
	for _, r := range all {
		for i, c := range r {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range all {
		var b strings.Builder
		for i, c := range r {
			switch {
			case i == 0:
			case t.align[i] == 'n':
				b.WriteString(" ")
			default:
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if t.align[i] != 'l' {
				b.WriteString(pad + c)
			} else {
				b.WriteString(c + pad)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// upper capitalises the first letter of s.
func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// wrap breaks s into lines of at most width characters, at spaces.
func wrap(s string, width int) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(s) {
		switch {
		case i == 0:
		case n+1+len(word) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

// writeEnds writes the table of where solutions start and end.
func (s *Stats) writeEnds(bw *bufio.Writer) {
	fmt.Fprintf(bw, "\nWhere solutions start and end: solutions by the cells of their first and\nlast cubelets, read along the key (a palindrome's along its canonical form).\n")
	fmt.Fprintf(bw, "%s.\n\n", wrap(upper(CellClasses), 76))
	ends := &table{align: "lrrrr", header: []string{"first \\ last", "corner", "edge", "face", "centre"}}
	for a := range Class(NumClasses) {
		row := []string{a.String()}
		for b := range Class(NumClasses) {
			row = append(row, words.Thousands(s.Ends[a][b]))
		}
		ends.add(row...)
	}
	ends.write(bw)
}
