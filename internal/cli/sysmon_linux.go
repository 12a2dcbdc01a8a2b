package cli

import (
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// CalmSysmon lowers to the least the scheduling priority of the Go
// runtime's monitor thread, sysmon, which has no goroutine to run and
// wakes every 20 microseconds for the first milliseconds of a busy
// process (it sleeps longer only after 50 wakes with nothing to do). On
// a virtual machine each wake costs much more than the sleep: on this
// project's 2-core KVM guest, 34 wakes took 0.59 ms of a core in a 3x3x3
// count, taken from one of the two workers that keep both cores busy.
// Niced, sysmon waits for a core instead of preempting a worker, and
// still runs within the scheduler's period: its duties (preempting a
// goroutine that runs for 10 ms, handing on the processor of one stuck in
// a system call) come late by at most that. Paired runs on two workers,
// 101 pairs: the 3x3x3 count 0.97-0.98 of the time, snake 2 of the
// benchmarks from its small end 0.97 (0.93 on one worker). A thread that
// sysmon itself starts, when it hands on a processor and no thread is
// idle, inherits the nice value: it then runs Go code at the least
// priority, which matters only if other programs keep every core busy.
//
// sysmon is the runtime's first thread after the main one, started
// before any package is initialised: the lowest thread id but the
// process's, unless ids wrapped around. It is changed only if it is asleep
// in nanosleep, as sysmon sleeps, or running; the other threads of the
// runtime wait on futexes. snakecube calls it first thing; the web
// server, whose monitor also polls the network, does not.
func CalmSysmon() {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return
	}
	pid, first := os.Getpid(), 0
	for _, t := range tasks {
		if tid, err := strconv.Atoi(t.Name()); err == nil && tid != pid && (first == 0 || tid < first) {
			first = tid
		}
	}
	if first == 0 {
		return
	}
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(first) + "/syscall")
	if err != nil {
		return
	}
	if state, _, _ := strings.Cut(string(b), " "); state == strconv.Itoa(unix.SYS_NANOSLEEP) || state == "running\n" || state == "running" {
		unix.Setpriority(unix.PRIO_PROCESS, first, 19)
	}
}
