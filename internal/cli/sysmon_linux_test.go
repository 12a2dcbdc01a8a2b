package cli

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestCalmSysmon checks that CalmSysmon nices one thread, the runtime's
// first after the main one, and no other. A test process may have been
// idle long enough for sysmon to sleep on a futex, where CalmSysmon
// leaves it: the test keeps a processor busy and tries again.
func TestCalmSysmon(t *testing.T) {
	if _, err := os.ReadFile("/proc/self/syscall"); err != nil {
		t.Skipf("no thread's system call to read: %v", err)
	}
	var first int
	var niced []int
	for try := 0; try < 100 && len(niced) == 0; try++ {
		for start := time.Now(); time.Since(start) < 100*time.Microsecond; {
		}
		CalmSysmon()
		first, niced = nicedThreads(t)
	}
	if len(niced) != 1 || niced[0] != first {
		t.Errorf("niced threads %v, want the first after the main one, %d", niced, first)
	}
}

// nicedThreads returns the process's first thread after the main one,
// and the threads whose nice value is not 0.
func nicedThreads(t *testing.T) (first int, niced []int) {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	pid := os.Getpid()
	for _, e := range tasks {
		tid, err := strconv.Atoi(e.Name())
		if err != nil {
			t.Fatal(err)
		}
		if tid != pid && (first == 0 || tid < first) {
			first = tid
		}
		b, err := os.ReadFile("/proc/self/task/" + e.Name() + "/stat")
		if err != nil {
			continue // the thread is gone
		}
		// The fields after the command's closing parenthesis: nice is
		// the 17th of them.
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if f[16] != "0" {
			niced = append(niced, tid)
		}
	}
	return first, niced
}
