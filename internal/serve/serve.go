package serve

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"math"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/snakecube/snakecube/export"
	"github.com/snakecube/snakecube/internal/fold"
	"github.com/snakecube/snakecube/internal/input"
	"github.com/snakecube/snakecube/internal/notation"
	"github.com/snakecube/snakecube/internal/rate"
	"github.com/snakecube/snakecube/internal/stats"
	"github.com/snakecube/snakecube/internal/words"
	"github.com/snakecube/snakecube/solver"
	"github.com/snakecube/snakecube/symmetry"
)

//go:embed page.html
var pages embed.FS

// pageTemplate is parsed when first served, not when snakecube starts:
// every command links this package.
var pageTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.ParseFS(pages, "page.html"))
})

//go:embed catalogue.js
var viewsJS string

// Script returns the catalogue views' JavaScript: the histogram and the
// table of the page, which the static site draws with the same code. It
// defines the global SnakeCatalogue and loads nothing.
func Script() []byte { return []byte(viewsJS) }

//go:embed catalogue.css
var viewsCSS string

// Style returns the catalogue views' style sheet, which the page inlines
// and the static site links. It uses the page's colours (--bar, --accent,
// --mute) and loads nothing.
func Style() []byte { return []byte(viewsCSS) }

// Options tune a [Server]. The zero value is ready to use.
type Options struct {
	// SolveTimeout bounds the search of one /api/solve, at most
	// [MaxSolveTimeout]; 0 means [DefaultSolveTimeout].
	SolveTimeout time.Duration
	// Solvers is how many /api/solve searches run at once, one core each;
	// 0 means runtime.GOMAXPROCS(0). Others wait their turn within their
	// time.
	Solvers int
	// MaxSolutions is the most solutions one /api/solve answers, and so
	// the most its search holds, whatever its time; 0 means
	// [DefaultMaxSolutions]. Of a snake with more, the first are
	// answered, with their number.
	MaxSolutions int
}

// DefaultMaxSolutions bounds an answer: 10,000 solutions of 64 cubelets
// are some 6 MB of JSON, and their search holds a few megabytes.
const DefaultMaxSolutions = 10_000

// DefaultSolveTimeout leaves room to spare for the snakes a person types,
// cubes up to 4x4x4, whose searches take well under a second (make bench
// measures them); a search of a bigger box that would run for hours gives
// way.
const DefaultSolveTimeout = 10 * time.Second

// MaxSolveTimeout bounds Options.SolveTimeout: a day, far past any answer
// a person waits for, and short enough that the server's write timeout
// (it plus half a minute) cannot overflow.
const MaxSolveTimeout = 24 * time.Hour

// Bounds of a request, each far above what the page sends.
const (
	// MaxLimit is the most snakes one /api/snakes answers.
	MaxLimit = 1000
	// DefaultLimit is the page size when limit is not given.
	DefaultLimit = 50
	// maxQuery bounds a query string, maxValue one parameter's value: a
	// 64-cubelet snake in the longest notation, F,T with spaces, is under
	// 200 characters.
	maxQuery = 4096
	maxValue = 1024
)

// Server answers the page and the API over catalogues.
type Server struct {
	cats    []*Catalogue
	opts    Options
	solvers chan struct{} // a token per search running
	mux     *http.ServeMux
}

// New returns a Server of the catalogues cats; the first answers requests
// that name none.
func New(cats []*Catalogue, opts Options) *Server {
	if opts.SolveTimeout <= 0 {
		opts.SolveTimeout = DefaultSolveTimeout
	}
	opts.SolveTimeout = min(opts.SolveTimeout, MaxSolveTimeout)
	if opts.Solvers <= 0 {
		opts.Solvers = runtime.GOMAXPROCS(0)
	}
	if opts.MaxSolutions <= 0 {
		opts.MaxSolutions = DefaultMaxSolutions
	}
	s := &Server{cats: cats, opts: opts, solvers: make(chan struct{}, opts.Solvers), mux: http.NewServeMux()}
	s.mux.HandleFunc("GET /{$}", s.page)
	s.mux.HandleFunc("GET /api/catalogues", s.catalogues)
	s.mux.HandleFunc("GET /api/snakes", s.snakes)
	s.mux.HandleFunc("GET /api/snakes/{key}", s.snake)
	s.mux.HandleFunc("GET /api/stats", s.stats)
	s.mux.HandleFunc("GET /api/solve", s.solve)
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.mux.ServeHTTP(w, r)
}

// Serve answers requests on ln until ctx is done, then lets the requests
// under way finish for a few seconds.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      s.opts.SolveTimeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	hs.Shutdown(sctx)
	return ctx.Err()
}

// badRequest is a parameter that is not what it should be: 400.
type badRequest struct{ msg string }

func (e *badRequest) Error() string { return e.msg }

func bad(format string, args ...any) error { return &badRequest{fmt.Sprintf(format, args...)} }

// fail writes err as {"error": "..."} with status, or 400 for a
// [badRequest], or 500 when status is 0.
func fail(w http.ResponseWriter, status int, err error) {
	var b *badRequest
	switch {
	case errors.As(err, &b):
		status = http.StatusBadRequest
	case status == 0:
		status = http.StatusInternalServerError
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(struct {
		Error string `json:"error"`
	}{err.Error()})
}

// reply writes v as JSON. A client gone mid-answer is no failure of ours.
func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// query reads the request's parameters: each one of known, given once,
// of at most maxValue bytes.
func query(r *http.Request, known ...string) (url.Values, error) {
	if len(r.URL.RawQuery) > maxQuery {
		return nil, bad("query of %d bytes, more than %d", len(r.URL.RawQuery), maxQuery)
	}
	v, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, bad("query: %v", err)
	}
	for name, vals := range v {
		switch {
		case !slices.Contains(known, name):
			return nil, bad("unknown parameter %.40q; known: %s", name, strings.Join(known, ", "))
		case len(vals) > 1:
			return nil, bad("parameter %s given %d times", name, len(vals))
		case len(vals[0]) > maxValue:
			return nil, bad("parameter %s of %d bytes, more than %d", name, len(vals[0]), maxValue)
		}
	}
	return v, nil
}

// catalogue returns the catalogue the parameter catalogue names, or the
// first.
func (s *Server) catalogue(v url.Values) (*Catalogue, error) {
	name := v.Get("catalogue")
	if name == "" {
		if len(s.cats) == 0 {
			return nil, errors.New("no catalogue served")
		}
		return s.cats[0], nil
	}
	for _, c := range s.cats {
		if c.Name == name {
			return c, nil
		}
	}
	names := make([]string, len(s.cats))
	for i, c := range s.cats {
		names[i] = c.Name
	}
	return nil, bad("catalogue %q: no such catalogue; served: %s", name, strings.Join(names, ", "))
}

// info describes a catalogue in /api/catalogues and the page.
type info struct {
	Name      string `json:"name"`
	Box       string `json:"box"`
	Cells     int    `json:"cells"`
	File      string `json:"file"`
	Format    string `json:"format"`
	Snakes    int    `json:"snakes"`
	Solutions int    `json:"solutions"`
	Rated     bool   `json:"rated"`
	// Scale tells, in a catalogue rated, which snakes its levels are the
	// tenths of: the box's whole catalogue or a sample drawn at random.
	Scale *scaleInfo `json:"scale,omitempty"`
}

// scaleInfo is a box's scale of difficulty in /api/catalogues.
type scaleInfo struct {
	Box     string `json:"box"`
	Snakes  int    `json:"snakes"`
	Sampled bool   `json:"sampled"`
}

func (s *Server) infos() []info {
	out := []info{}
	for _, c := range s.cats {
		in := info{c.Name, c.Box.String(), c.Box.Len(), c.base(), c.Format.String(), c.Len(), c.stats.Solutions, c.Rated(), nil}
		if c.Rated() {
			in.Scale = &scaleInfo{c.scale.Box.String(), c.scale.Snakes, c.scale.Sampled}
		}
		out = append(out, in)
	}
	return out
}

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:")
	pageTemplate().Execute(w, struct {
		Catalogues []info
		Convention string
		MaxLimit   int
		Player     template.JS
		Views      template.JS
		ViewsStyle template.CSS
		Levels     []int
	}{s.infos(), stats.Convention, MaxLimit, template.JS(fold.Script()), template.JS(viewsJS), template.CSS(viewsCSS), levels()})
}

// levels lists the levels of difficulty, 1 to 10, for the page's filters.
func levels() []int {
	l := make([]int, rate.Levels)
	for k := range l {
		l[k] = k + 1
	}
	return l
}

func (s *Server) catalogues(w http.ResponseWriter, r *http.Request) {
	if _, err := query(r); err != nil {
		fail(w, 0, err)
		return
	}
	reply(w, s.infos())
}

func (s *Server) stats(w http.ResponseWriter, r *http.Request) {
	if _, c, ok := s.request(w, r, "catalogue"); ok {
		w.Header().Set("Content-Type", "application/json")
		c.stats.WriteJSON(w)
	}
}

// request reads a request's parameters, the allowed ones, and the
// catalogue it addresses. When either is wrong it answers the error and
// reports false.
func (s *Server) request(w http.ResponseWriter, r *http.Request, allowed ...string) (url.Values, *Catalogue, bool) {
	v, err := query(r, allowed...)
	if err != nil {
		fail(w, 0, err)
		return nil, nil, false
	}
	c, err := s.catalogue(v)
	if err != nil {
		fail(w, 0, err)
		return nil, nil, false
	}
	return v, c, true
}

// snakesParams are the parameters of /api/snakes.
var snakesParams = []string{"catalogue", "solutions", "min_solutions", "max_solutions", "straights", "palindrome", "level", "min_level", "max_level", "prefix", "sort", "limit", "offset"}

func (s *Server) snakes(w http.ResponseWriter, r *http.Request) {
	v, c, ok := s.request(w, r, snakesParams...)
	if !ok {
		return
	}
	q, err := parseQuery(v, c.Box)
	if err == nil && q.byDifficulty() && !c.Rated() {
		err = bad("catalogue %s: %v", c.Name, ErrNotRated)
	}
	if err != nil {
		fail(w, 0, err)
		return
	}
	total, rows, err := c.Select(r.Context(), q)
	if err != nil {
		return // the client has gone
	}
	if rows == nil {
		rows = []Row{}
	}
	reply(w, struct {
		Total  int   `json:"total"`
		Snakes []Row `json:"snakes"`
	}{total, rows})
}

// number reads parameter name as an integer from 0 to most, or returns
// def when it is not given.
func number(v url.Values, name string, def, most int) (int, error) {
	t := v.Get(name)
	if t == "" {
		return def, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n > most {
		return 0, bad("%s=%.40q: want a whole number from 0 to %d", name, t, most)
	}
	return n, nil
}

// maxOffset bounds offset: any catalogue a box of 64 cells can have has
// fewer snakes than that.
const maxOffset = 1 << 62

// parseQuery reads the parameters of /api/snakes for a catalogue of box b.
func parseQuery(v url.Values, b symmetry.Box) (Query, error) {
	q := AnyQuery(DefaultLimit)
	var err error
	num := func(name string, def, most int) int {
		n, e := number(v, name, def, most)
		if err == nil {
			err = e
		}
		return n
	}
	lo := num("min_solutions", 0, math.MaxUint32)
	hi := num("max_solutions", math.MaxUint32, math.MaxUint32)
	if v.Get("solutions") != "" {
		n := num("solutions", 0, math.MaxUint32)
		lo, hi = max(lo, n), min(hi, n)
	}
	q.MinSolutions, q.MaxSolutions = uint32(lo), uint32(hi)
	q.Straights = num("straights", -1, symmetry.MaxCells)
	q.MinLevel = num("min_level", 0, rate.Levels)
	q.MaxLevel = num("max_level", rate.Levels, rate.Levels)
	if v.Get("level") != "" {
		n := num("level", 0, rate.Levels)
		q.MinLevel, q.MaxLevel = max(q.MinLevel, n), min(q.MaxLevel, n)
	}
	q.Limit = num("limit", DefaultLimit, MaxLimit)
	q.Offset = num("offset", 0, maxOffset)
	if err != nil {
		return Query{}, err
	}
	switch p := v.Get("palindrome"); p {
	case "":
	case "true":
		q.Palindrome = 1
	case "false":
		q.Palindrome = 0
	default:
		return Query{}, bad("palindrome=%.40q: want true or false", p)
	}
	if p := v.Get("prefix"); p != "" {
		if q.Prefix, err = solver.ParsePrefix(p, b); err != nil {
			return Query{}, bad("prefix=%.70q: %v", p, err)
		}
	}
	sort := v.Get("sort")
	q.Desc = strings.HasPrefix(sort, "-")
	switch strings.TrimPrefix(sort, "-") {
	case "", "key":
		q.Sort = ByKey
	case "solutions":
		q.Sort = BySolutions
	case "straights":
		q.Sort = ByStraights
	case "difficulty":
		q.Sort = ByDifficulty
	default:
		return Query{}, bad("sort=%.40q: want key, solutions, straights or difficulty, with a leading - for descending", sort)
	}
	return q, nil
}

func (s *Server) snake(w http.ResponseWriter, r *http.Request) {
	_, c, ok := s.request(w, r, "catalogue")
	if !ok {
		return
	}
	text := r.PathValue("key")
	q, err := solver.ParseSeq(text)
	if err == nil {
		err = q.Valid(c.Box)
	}
	if err != nil {
		fail(w, 0, bad("key %.70q: not a snake of the %v box: %v", text, c.Box, err))
		return
	}
	sn, ok, err := c.Snake(q.Key())
	switch {
	case err != nil:
		fail(w, http.StatusInternalServerError, err)
		return
	case !ok:
		fail(w, http.StatusNotFound, fmt.Errorf("snake %v is not in the %s catalogue", q, c.Name))
		return
	}
	writeSnake(w, c.Box, sn, false, c.rating(q.Key()))
}

// rating returns the members of a snake's answer that tell how hard it
// is for a person to fold, in a catalogue rated: those of its [Row],
// "level", "difficulty", "stdErr", "easier" and "ends"; nothing
// otherwise.
func (c *Catalogue) rating(key solver.Seq) []byte {
	i := c.find(key)
	if c.ratings == nil || i < 0 {
		return nil
	}
	r := c.row(i)
	j, _ := json.Marshal(struct {
		Level      int       `json:"level"`
		Difficulty float64   `json:"difficulty"`
		StdErr     float64   `json:"stdErr"`
		Easier     int       `json:"easier"`
		Ends       []float64 `json:"ends"`
	}{r.Level, r.Difficulty, r.StdErr, r.Easier, r.Ends}) // numbers always encode
	return append([]byte{','}, j[1:len(j)-1]...)
}

// differ returns the member "differ" of an answer's line: where the
// snake's solutions that share most of the folding differ, or nothing.
func differ(sn fold.Snake) []byte {
	d := sn.Differences()
	if d == "" {
		return nil
	}
	j, _ := json.Marshal(d) // strings always encode
	return fmt.Appendf(nil, `,"differ":%s`, j)
}

// writeSnake writes a snake and its solutions as the catalogue writer
// writes a line of FormatJSONL: {"snake":KEY,"solutions":[...]}, and the
// members more, each after a comma. A snake as typed (asTyped) is named
// by its sequence, which may not be a key.
func writeSnake(w http.ResponseWriter, b symmetry.Box, sn solver.Snake, asTyped bool, more []byte) {
	p, err := snakeLine(fold.Snake{Box: b, Seq: sn.Seq, Solutions: sn.Solutions}, asTyped)
	if err != nil {
		fail(w, http.StatusInternalServerError, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(append(p, more...), "}\n"...))
}

// snakeLine returns a snake's line as the catalogue writer writes it, open
// for more members: without its closing brace, with "differ" when its
// solutions share most of the folding.
func snakeLine(sn fold.Snake, asTyped bool) ([]byte, error) {
	var line bytes.Buffer
	ew := export.NewWriter(&line, sn.Box, export.Options{Format: export.FormatJSONL, Unordered: asTyped, NoHeader: true})
	if err := ew.Write(solver.Snake{Seq: sn.Seq, Solutions: sn.Solutions}); err != nil {
		return nil, err
	}
	if err := ew.Close(); err != nil {
		return nil, err
	}
	return append(bytes.TrimSuffix(line.Bytes(), []byte("}\n")), differ(sn)...), nil
}

// solveParams are the parameters of /api/solve.
var solveParams = []string{"snake", "notation", "size"}

func (s *Server) solve(w http.ResponseWriter, r *http.Request) {
	v, err := query(r, solveParams...)
	if err != nil {
		fail(w, 0, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.SolveTimeout)
	defer cancel()
	sn, err := s.typed(ctx, v)
	if err != nil {
		fail(w, 0, err)
		return
	}
	sv, err := s.search(ctx, sn.Box, sn.Seq)
	switch {
	case r.Context().Err() != nil:
		return // the client has gone
	case errors.Is(err, context.DeadlineExceeded):
		fail(w, http.StatusServiceUnavailable, fmt.Errorf("snake %v: no answer within %v, the longest this server searches a snake", sn.Seq, s.opts.SolveTimeout))
		return
	case err != nil:
		fail(w, http.StatusInternalServerError, err)
		return
	}
	var help []string
	var felt []byte
	if sv.Total == 0 {
		// What may help, within what is left of the time.
		a, err := s.advise(ctx, sn)
		if err != nil {
			help = append(help, "(the search for snakes one cubelet away ran out of time)")
		}
		help = append(append(help, a.Lines(sn)...), a.ReadingLines(sn)...)
	} else {
		// How hard it is for a person, where the box's scale is at hand,
		// within what is left of the time; else the answer goes without.
		felt = s.feel(ctx, sn)
	}
	writeSolved(w, sn, sv, help, felt)
}

// feel returns the members of a snake's answer that tell how hard it is
// for a person to fold, as a catalogue rated answers them, with the
// scale its level is of: "level", "difficulty", "stdErr", "easier",
// "ends" and "scale"; nothing for a box whose scale is not at hand
// (rate.AtHand), or when the time ran out.
func (s *Server) feel(ctx context.Context, sn *input.Snake) []byte {
	var r rate.Felt
	ok := false
	if !s.onSolver(ctx, func() { r, ok, _ = rate.AtHand(ctx, sn.Box, sn.Seq) }) || !ok {
		return nil
	}
	j := r.JSON()
	b, err := json.Marshal(struct {
		Level      int            `json:"level"`
		Difficulty float64        `json:"difficulty"`
		StdErr     float64        `json:"stdErr"`
		Easier     int            `json:"easier"`
		Ends       [2]float64     `json:"ends"`
		Scale      rate.ScaleJSON `json:"scale"`
	}{j.Level, *j.Difficulty, *j.StdErr, j.Easier, [2]float64{r.Ends[0].Expected, r.Ends[1].Expected}, j.Scale})
	if err != nil {
		return nil
	}
	return append([]byte{','}, b[1:len(b)-1]...)
}

// advise finds what may help with a snake of no solution, on one core
// when one is free.
func (s *Server) advise(ctx context.Context, sn *input.Snake) (a input.Advice, err error) {
	if !s.onSolver(ctx, func() { a, err = input.Advise(ctx, sn, 1) }) {
		return a, ctx.Err()
	}
	return a, err
}

// onSolver runs f once one of the solvers' cores is free, and reports
// whether it ran before ctx was done.
func (s *Server) onSolver(ctx context.Context, f func()) bool {
	select {
	case s.solvers <- struct{}{}:
		defer func() { <-s.solvers }()
	case <-ctx.Done():
		return false
	}
	f()
	return true
}

// writeSolved writes a snake solved as typed: the line of /api/snakes/{key}
// named by the sequence as typed, with its "box", "notes", how the text
// was read where that is not plain, and "help", what may help with a
// snake of no solution.
// Of a snake with more solutions than the answer holds, "total" is their
// number, and a note says the first are shown.
func writeSolved(w http.ResponseWriter, sn *input.Snake, sv *solver.Solved, help []string, felt []byte) {
	shown := fold.Snake{Box: sn.Box, Seq: sv.Snake.Seq, Solutions: sv.Snake.Solutions, Total: sv.Total}
	b, err := snakeLine(shown, true)
	if err != nil {
		fail(w, http.StatusInternalServerError, err)
		return
	}
	lines := append([]string{}, sn.Notes()...)
	if n := len(sv.Snake.Solutions); sv.Total > uint64(n) {
		lines = append(lines, fmt.Sprintf("This snake has %s; the first %s are shown here.", words.Plural(int(sv.Total), "solution"), words.Thousands(n)))
		b = fmt.Appendf(b, `,"total":%d`, sv.Total)
	}
	notes, _ := json.Marshal(lines) // strings always encode
	more, _ := json.Marshal(append([]string{}, help...))
	b = fmt.Appendf(b, `,"box":"%v","notes":%s,"help":%s%s}`+"\n", sn.Box, notes, more, felt)
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// search solves snake q of box b on one core, when one is free.
func (s *Server) search(ctx context.Context, b symmetry.Box, q solver.Seq) (sv *solver.Solved, err error) {
	// The search counts every solution and holds the first the answer can.
	if !s.onSolver(ctx, func() { sv, err = solver.Solve(ctx, b, q, solver.Options{Workers: 1, Most: s.opts.MaxSolutions}) }) {
		return nil, ctx.Err()
	}
	return sv, err
}

// typed reads the snake of /api/solve and its box: the size parameter's,
// else the cube of the snake's length, else the box of a catalogue served
// with that many cells. A run-length list one cubelet off is told which
// single runs would make it fold.
func (s *Server) typed(ctx context.Context, v url.Values) (*input.Snake, error) {
	text := v.Get("snake")
	if strings.TrimSpace(text) == "" {
		return nil, bad("snake: give a snake in any notation, such as 001110110111010111101010100")
	}
	n, err := notation.ParseNotation(v.Get("notation"))
	if err != nil {
		return nil, bad("notation: %v", err)
	}
	// The hint names the page's size field, which is the parameter size.
	o := input.Options{Notation: n, SizeHint: "the size field, such as 2x3x4,"}
	if t := v.Get("size"); t != "" {
		if o.Box, err = symmetry.ParseBox(t); err != nil {
			return nil, bad("size %.40q: %v", t, err)
		}
	}
	for _, c := range s.cats {
		o.Boxes = append(o.Boxes, c.Box)
	}
	sn, err := input.Read(text, o)
	if err == nil {
		return sn, nil
	}
	msg := "snake: " + err.Error()
	if errors.Is(err, notation.ErrLength) {
		var fixes []input.Fix
		s.onSolver(ctx, func() { fixes, _ = input.Miscounted(ctx, text, o, 1) })
		for _, l := range input.FixLines(fixes) {
			msg += " " + strings.TrimSpace(l)
		}
	}
	return nil, bad("%s", msg)
}
