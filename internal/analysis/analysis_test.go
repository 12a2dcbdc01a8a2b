package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/boxes"
	"github.com/snakecube/snakecube/internal/census"
	"github.com/snakecube/snakecube/internal/paths"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

// duckdbDir holds the Node program that runs DuckDB, outside the Go
// packages: go.mod's ignore directive keeps go from walking its
// node_modules.
const duckdbDir = "duckdb"

// sqlBlock is a block of docs/ANALYSIS.md: ```sql ... ```, after an
// optional line <!-- check: NAME --> naming the figures it must return.
var sqlBlock = regexp.MustCompile("(?s)(?:<!-- check: ([a-z-]+) -->\n)?```sql\n(.*?)```")

type query struct {
	Name  string `json:"name"`
	SQL   string `json:"sql"`
	check string
}

// queries returns the SQL blocks of docs/ANALYSIS.md, in order.
func queries(t *testing.T) []query {
	t.Helper()
	doc, err := os.ReadFile("../../docs/ANALYSIS.md")
	if err != nil {
		t.Fatal(err)
	}
	var qs []query
	for i, m := range sqlBlock.FindAllSubmatch(doc, -1) {
		q := query{Name: fmt.Sprintf("block %d", i+1), SQL: string(m[2]), check: string(m[1])}
		if q.check != "" {
			q.Name += " (" + q.check + ")"
		}
		qs = append(qs, q)
	}
	if len(qs) == 0 {
		t.Fatal("docs/ANALYSIS.md has no ```sql block")
	}
	return qs
}

// result is what DuckDB returned for a query.
type result struct {
	Name    string   `json:"name"`
	Columns []string `json:"columns"`
	Rows    [][]any  `json:"rows"`
	Error   string   `json:"error"`
}

// duckdb returns the path of node, or skips the test saying what is
// missing; under CI, which installs both, it fails instead.
func duckdb(t *testing.T) string {
	t.Helper()
	missing := ""
	node, err := exec.LookPath("node")
	if err != nil {
		missing = "node is not on the PATH"
	} else if _, err := os.Stat(filepath.Join(duckdbDir, "node_modules", "@duckdb", "node-api")); err != nil {
		missing = "@duckdb/node-api is not installed: npm ci --prefix internal/analysis/" + duckdbDir
	}
	switch {
	case missing != "" && os.Getenv("CI") == "true":
		t.Fatalf("DuckDB cannot run, and CI installs it: %s", missing)
	case missing != "":
		fmt.Fprintf(os.Stderr, "SKIP %s: DuckDB cannot run: %s\n", t.Name(), missing)
		t.Skipf("SKIPPED, DuckDB cannot run: %s", missing)
	}
	return node
}

// run runs the queries through DuckDB in folder dir.
func run(t *testing.T, node, dir string, qs []query) []result {
	t.Helper()
	job, err := json.Marshal(qs)
	if err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs(filepath.Join(duckdbDir, "run.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, script)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(job)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node run.mjs: %v\n%s", err, &stderr)
	}
	var rs []result
	if err := json.Unmarshal(out, &rs); err != nil {
		t.Fatalf("node run.mjs printed %q: %v", out, err)
	}
	return rs
}

// text writes a value DuckDB returned as the figures are compared.
func text(v any) string {
	switch v := v.(type) {
	case nil:
		return "NULL"
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case string:
		return v
	}
	return fmt.Sprint(v)
}

// files writes, in dir, the files docs/ANALYSIS.md reads for box b: the
// catalogue as solutions.parquet, the table of snakes as snakes.parquet
// and snakes.csv, and a census of it at depth 8 in census/. It returns
// the figures stats computes from the Parquet catalogue.
func files(t *testing.T, dir string, b symmetry.Box) *stats.Stats {
	t.Helper()
	ctx := context.Background()
	c, err := solver.Enumerate(ctx, b, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, opts export.Options) []byte {
		var buf bytes.Buffer
		if err := export.Encode(ctx, &buf, c, opts); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	pq := write("solutions.parquet", export.Options{Format: export.FormatParquet})
	write("snakes.parquet", export.Options{Format: export.FormatParquet, Snakes: true})
	write("snakes.csv", export.Options{Format: export.FormatCSV, Snakes: true})

	depth := min(8, b.Len()-2)
	var lines bytes.Buffer
	err = solver.CountSections(ctx, b, solver.Sections(b, solver.Seq{}, depth), solver.Options{}, func(p solver.Seq, n solver.Count) error {
		lines.Write(census.NewRecord(b, depth, solver.SectionIndex(b, p), p, n).Line())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "census"), 0o755); err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("census-%v-d%d.jsonl", b, depth)
	if err := os.WriteFile(filepath.Join(dir, "census", name), lines.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	// The table of boxes, boxes.csv, as census table -format csv makes it
	// of a results folder holding this census and the box's paths file.
	res := filepath.Join(dir, "results")
	for _, sub := range []string{filepath.Join("census", b.String()), "paths"} {
		if err := os.MkdirAll(filepath.Join(res, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(res, "census", b.String(), name), lines.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	pc, err := paths.Solutions(ctx, b, paths.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var text, table bytes.Buffer
	if err := pc.WriteText(&text, false); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(res, "paths", b.String()+".txt"), text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	rows, err := boxes.Read(ctx, res)
	if err != nil {
		t.Fatal(err)
	}
	if err := boxes.WriteCSV(&table, rows); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "boxes.csv"), table.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	st, err := stats.Compute(ctx, bytes.NewReader(pq), stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// want returns the rows a checked query must return, from the figures.
func want(st *stats.Stats, check string) ([][]string, bool) {
	n := strconv.Itoa
	var rows [][]string
	switch check {
	case "summary", "summary-csv":
		return [][]string{{n(st.Snakes), n(st.Solutions), n(st.OneSolution()), n(st.Palindromes), n(st.PalindromeSolutions), n(st.Most)}}, true
	case "count":
		return [][]string{{n(st.Snakes), n(st.Solutions)}}, true
	case "histogram":
		for k, snakes := range st.Histogram {
			if snakes > 0 {
				rows = append(rows, []string{n(k), n(snakes)})
			}
		}
	case "by-straights":
		for s, row := range st.ByStraights {
			snakes, sols := 0, 0
			for k, m := range row {
				snakes += m
				sols += k * m
			}
			if snakes > 0 {
				rows = append(rows, []string{n(s), n(snakes), n(sols)})
			}
		}
	case "palindromes":
		for s, row := range st.PalindromesByStraights {
			for k, m := range row {
				if m > 0 {
					rows = append(rows, []string{n(s), n(k), n(m)})
				}
			}
		}
	case "top":
		for _, s := range st.Top {
			rows = append(rows, []string{s.Key.String(), n(s.Solutions), n(s.Key.Straights()), strconv.FormatBool(s.Key.Palindrome())})
		}
	case "start-cells":
		type cls struct {
			name string
			sols int
		}
		var cs []cls
		for a := range stats.NumClasses {
			sum := 0
			for b := range stats.NumClasses {
				sum += st.Ends[a][b]
			}
			if sum > 0 {
				cs = append(cs, cls{stats.Class(a).String(), sum})
			}
		}
		slices.SortStableFunc(cs, func(x, y cls) int { return y.sols - x.sols })
		for _, c := range cs {
			rows = append(rows, []string{c.name, n(c.sols)})
		}
	case "census":
		return [][]string{{st.Box.String(), n(st.Snakes), n(st.Solutions), n(st.OneSolution())}}, true
	case "boxes":
		return [][]string{{st.Box.String(), n(st.Box.Len()), n(st.Snakes), n(st.Solutions), n(st.OneSolution())}}, true
	default:
		return nil, false
	}
	return rows, true
}

// TestAnalysisSQL runs every SQL block of docs/ANALYSIS.md through DuckDB
// on the files the engine writes for 2x2x2 (no one-solution snake, so no
// census line has that field), 2x3x4 and 3x3x3: each runs without error,
// and each block marked with a check returns the figures stats computes.
func TestAnalysisSQL(t *testing.T) {
	node := duckdb(t)
	qs := queries(t)
	for _, size := range []string{"2", "2x3x4", "3"} {
		b := symmetry.MustParseBox(size)
		t.Run(b.String(), func(t *testing.T) {
			dir := t.TempDir()
			st := files(t, dir, b)
			rs := run(t, node, dir, qs)
			if len(rs) != len(qs) {
				t.Fatalf("DuckDB answered %d queries of %d", len(rs), len(qs))
			}
			checked := 0
			for i, r := range rs {
				q := qs[i]
				if r.Error != "" {
					t.Errorf("%s of docs/ANALYSIS.md fails in DuckDB: %s\n%s", q.Name, r.Error, q.SQL)
					continue
				}
				w, ok := want(st, q.check)
				if q.check != "" && !ok {
					t.Errorf("%s: no figures known for check %q", q.Name, q.check)
				}
				if !ok {
					continue
				}
				checked++
				var got [][]string
				for _, row := range r.Rows {
					var g []string
					for _, v := range row {
						g = append(g, text(v))
					}
					got = append(got, g)
				}
				if !slices.EqualFunc(got, w, slices.Equal) {
					t.Errorf("%s of docs/ANALYSIS.md returns, in DuckDB, %v\nwhere stats says %v\n%s", q.Name, got, w, q.SQL)
				}
			}
			if checked < 8 {
				t.Errorf("only %d blocks of docs/ANALYSIS.md are checked against stats", checked)
			}
		})
	}
}

// TestDuckDBWrites: a catalogue DuckDB writes from ours, with a column of
// its own and every column optional, as it writes them, reads as ours:
// the same figures.
func TestDuckDBWrites(t *testing.T) {
	node := duckdb(t)
	b := symmetry.MustParseBox("2x3x4")
	dir := t.TempDir()
	st := files(t, dir, b)
	rs := run(t, node, dir, []query{{Name: "copy", SQL: `COPY (SELECT 'from DuckDB' AS note, * FROM 'solutions.parquet' ORDER BY key, solution) TO 'duckdb.parquet' (FORMAT parquet)`}})
	if rs[0].Error != "" {
		t.Fatalf("DuckDB: %s", rs[0].Error)
	}
	data, err := os.ReadFile(filepath.Join(dir, "duckdb.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := stats.Compute(context.Background(), bytes.NewReader(data), stats.Options{})
	if err != nil {
		t.Fatalf("stats of the catalogue DuckDB wrote: %v", err)
	}
	var a, w bytes.Buffer
	got.WriteJSON(&a)
	st.WriteJSON(&w)
	if a.String() != w.String() {
		t.Errorf("the figures of the catalogue DuckDB wrote differ from ours:\n%s\nwant:\n%s", &a, &w)
	}
}

// TestDuckDBForeign: Parquet files DuckDB writes that are no catalogue,
// a table of its own, a census and our table of snakes, are refused by
// the catalogue reader with a *export.SyntaxError that says what is
// missing, not read as an empty or wrong catalogue.
func TestDuckDBForeign(t *testing.T) {
	node := duckdb(t)
	b := symmetry.MustParseBox("2x2x3")
	dir := t.TempDir()
	files(t, dir, b)
	want := map[string]string{
		"other.parquet":  "the Parquet file has no column box: not a catalogue",
		"census.parquet": "the Parquet file has no column key: not a catalogue",
		"snakes.parquet": "the Parquet file has no column direction: a table of snakes, not a catalogue of solutions",
	}
	rs := run(t, node, dir, []query{
		{Name: "other", SQL: `COPY (SELECT 42 AS answer, 'snake' AS word) TO 'other.parquet' (FORMAT parquet)`},
		{Name: "census", SQL: `COPY (SELECT * FROM read_json_auto('census/*.jsonl')) TO 'census.parquet' (FORMAT parquet)`},
		{Name: "snakes", SQL: `COPY (SELECT * FROM 'snakes.csv') TO 'snakes.parquet' (FORMAT parquet)`},
	})
	for _, r := range rs {
		if r.Error != "" {
			t.Fatalf("DuckDB, %s: %s", r.Name, r.Error)
		}
	}
	for name, msg := range want {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		_, err = stats.Compute(context.Background(), bytes.NewReader(data), stats.Options{})
		var se *export.SyntaxError
		if !errors.As(err, &se) || err.Error() != msg {
			t.Errorf("stats of the %s DuckDB wrote: %v, want a *export.SyntaxError saying %q", name, err, msg)
		}
	}
}

// TestAnalysisColumns: docs/CONVENTIONS.md has a row for every column of
// the Parquet catalogue the engine writes.
func TestAnalysisColumns(t *testing.T) {
	conv, err := os.ReadFile("../../docs/CONVENTIONS.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{"box", "key", "solutions", "straights", "palindrome", "solution", "start_x", "start_y", "start_z", "direction"} {
		if !strings.Contains(string(conv), "| `"+col+"` |") {
			t.Errorf("docs/CONVENTIONS.md has no row for column %s in its schema table", col)
		}
	}
}
