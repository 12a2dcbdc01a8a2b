package solver_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// api is what package solver exports: the searches and what they take and
// give, and the estimator's machinery that internal/estimate and the
// estimate command use. A name added here is a promise to every caller.
var api = []string{
	"Catalogue", "Count", "CountSection", "CountSections", "CountSolutions", "CountTotal", "Counted",
	"Enumerate", "ErrCatalogueTooBig", "Estimate", "EstimateTree", "Frontier", "FrontierStream", "HeldFor",
	"MaxFound", "MaxShards", "MaxTallied", "MaxWorkers", "Near", "NearSnakes", "NewFrontier", "NumSections",
	"Obstacle", "Options", "ParsePrefix", "ParseSeq", "Profile", "SearchFor", "SectionAt", "SectionIndex", "Sections",
	"Seq", "SeqOf", "ShardDepth", "Shards", "Snake", "Solve", "Solved", "Stream", "TreeSize",
}

// TestAPI checks that solver exports its API and nothing else.
func TestAPI(t *testing.T) {
	var names []string
	for _, f := range sources(t) {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					names = append(names, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						if sp.Name.IsExported() {
							names = append(names, sp.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.IsExported() {
								names = append(names, n.Name)
							}
						}
					}
				}
			}
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, api) {
		t.Errorf("solver exports %v,\nwant %v", names, api)
	}
}

// TestImports checks that solver's code imports, of this module, only the
// packages below it: symmetry and sequencer, never internal/ nor a package
// that builds on solver.
func TestImports(t *testing.T) {
	const module = "github.com/snakecube/snakecube/"
	allowed := []string{module + "symmetry", module + "solver/sequencer"}
	for name, f := range sources(t) {
		for _, im := range f.Imports {
			path, err := strconv.Unquote(im.Path.Value)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(path, module) && !slices.Contains(allowed, path) {
				t.Errorf("%s imports %s; solver may import only %v of this module", name, path, allowed)
			}
		}
	}
}

// sources parses solver's code, its files but the tests, by name.
func sources(t *testing.T) map[string]*ast.File {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	return files
}
