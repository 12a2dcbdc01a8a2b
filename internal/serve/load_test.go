package serve

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// heap returns the bytes of live heap, after collecting twice (the second
// collection frees what finalizers of the first released).
func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// quiet waits for the number of goroutines to hold still for a while,
// connections closed, and returns it.
func quiet() int {
	n := runtime.NumGoroutine()
	for still := 0; still < 5; still++ {
		time.Sleep(20 * time.Millisecond)
		if m := runtime.NumGoroutine(); m != n {
			n, still = m, 0
		}
	}
	return n
}

// settle waits for the goroutines to come back to at most n, and returns
// how many there are.
func settle(n int) int {
	deadline := time.Now().Add(2 * time.Minute) // a guard against a leak
	for runtime.NumGoroutine() > n && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	return runtime.NumGoroutine()
}

// load is what each client asks, in turn, with the answer's status.
var load = []struct {
	path string
	code int
}{
	{"/api/snakes?sort=-solutions&limit=200", 200},
	{"/api/snakes?straights=6&sort=straights&offset=100&limit=100", 200},
	{"/api/snakes?prefix=0010&palindrome=false&sort=-key", 200},
	{"/api/snakes/011111101010101111111111110", 200},
	{"/api/snakes/" + strings.Repeat("0", 27), 404},
	{"/api/stats", 200},
	{"/api/solve?snake=ECCCCCCE", 200}, // 2x2x2: the search under the race detector stays short
	{"/api/snakes?limit=100000", 400},
	{"/", 200},
}

// TestConcurrentClients: 50 clients at once, each asking everything a
// few times, get their answers, all the same for the same question, and
// leave the server's heap and goroutines as they found them, whatever the
// catalogue's format.
func TestConcurrentClients(t *testing.T) {
	for _, size := range []string{"3", "3.jsonl", "3.parquet"} {
		t.Run(size, func(t *testing.T) { concurrentClients(t, size) })
	}
}

func concurrentClients(t *testing.T, size string) {
	f := newFixture(t, Options{}, size)
	const rounds = 4
	ask := func(c *http.Client, path string) (int, string, error) {
		resp, err := c.Get(f.srv.URL + path)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body), err
	}
	c := f.srv.Client()
	want := make([]string, len(load))
	for i, l := range load { // warm up: the first answers, and what they allocate once
		code, body, err := ask(c, l.path)
		if err != nil || code != l.code {
			t.Fatalf("GET %s: %d, %v; want %d", l.path, code, err, l.code)
		}
		want[i] = body
	}
	c.CloseIdleConnections()
	g0, h0 := quiet(), heap()

	var wg sync.WaitGroup
	errs := make(chan error, 50*len(load)*rounds)
	for k := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cl := &http.Client{Transport: &http.Transport{}}
			defer cl.CloseIdleConnections()
			for r := range rounds {
				for j := range load {
					i := (j + k + r) % len(load) // clients ask in different orders
					code, body, err := ask(cl, load[i].path)
					switch {
					case err != nil:
						errs <- err
					case code != load[i].code || body != want[i]:
						errs <- fmt.Errorf("client %d: GET %s: %d, an answer of %d bytes, not the %d bytes answered alone", k, load[i].path, code, len(body), len(want[i]))
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	g1, h1 := settle(g0), heap()
	t.Logf("heap %d -> %d bytes, goroutines %d -> %d", h0, h1, g0, g1)
	// Each request allocates tens of kilobytes (a page of 200 rows is
	// 16 KB), all garbage once answered; the live heap
	// moved by less than 100 KB either way in trials. A bound of 256 KB
	// over 1,800 requests catches 150 bytes kept per request; a kilobyte
	// kept by /api/snakes alone, 600 of them, failed it.
	if g1 > g0 || h1 > h0+256<<10 {
		t.Errorf("after %d requests: %d goroutines and %d KB of heap, before %d and %d KB", 50*rounds*len(load), g1, h1>>10, g0, h0>>10)
	}
}

// TestDisconnect: clients that go away mid-answer, or while their snake
// is searched or waits for a search, leave no goroutine, no search and no
// memory behind, and the server answers the next client.
func TestDisconnect(t *testing.T) {
	f := newFixture(t, Options{Solvers: 1}, "3")
	addr := strings.TrimPrefix(f.srv.URL, "http://")
	f.srv.Client().Get(f.srv.URL + "/api/snakes?limit=1000") // warm up
	f.srv.Client().CloseIdleConnections()
	g0, h0 := quiet(), heap()

	// Go away after the first bytes of a long answer.
	for range 50 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "GET /api/snakes?limit=1000&sort=-solutions HTTP/1.1\r\nHost: x\r\n\r\n")
		line, err := bufio.NewReader(conn).ReadString('\n')
		if err != nil || !strings.Contains(line, "200") {
			t.Fatalf("status line %q, %v", line, err)
		}
		conn.Close()
	}
	// Go away while the search waits for the only solver, taken here, and
	// while it runs: a 64-cubelet snake searched on one core.
	f.s.solvers <- struct{}{}
	for _, taken := range []bool{true, false} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		req, _ := http.NewRequestWithContext(ctx, "GET", f.srv.URL+"/api/solve?snake="+ft64, nil)
		resp, err := f.srv.Client().Do(req)
		if err == nil {
			resp.Body.Close()
			if taken {
				t.Errorf("solve while the solver is taken: answered %d before the client went away", resp.StatusCode)
			}
		}
		cancel()
		if taken {
			<-f.s.solvers
		}
	}
	f.srv.Client().CloseIdleConnections()
	g1, h1 := settle(g0), heap()
	t.Logf("heap %d -> %d bytes, goroutines %d -> %d", h0, h1, g0, g1)
	if len(f.s.solvers) != 0 {
		t.Errorf("%d searches still run after their clients went away", len(f.s.solvers))
	}
	if g1 > g0 || h1 > h0+256<<10 { // as in TestConcurrentClients
		t.Errorf("after clients went away: %d goroutines and %d KB of heap, before %d and %d KB", g1, h1>>10, g0, h0>>10)
	}
	var p page
	if f.get(t, "/api/snakes?limit=1", &p); p.Total != 11487 {
		t.Errorf("after clients went away: %d snakes, want 11487", p.Total)
	}
}

// ft64 is the 4x4x4 snake of docs/CONVENTIONS.md, in F/T notation.
const ft64 = "F,F,T,T,F,T,T,T,F,F,T,T,F,T,T,F,T,T,F,T,T,T,T,T,T,T,T,T,F,T,F,T,T,T,T,T,T,F,T,F,F,T,T,T,T,F,F,T,T,F,T,T,T,T,T,T,T,T,T,T,F,F,T"
