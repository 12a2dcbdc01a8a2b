#!/bin/sh
# await.sh TEST ARGS: tries TEST until it holds, 100 times a second, for
# at least a minute (a guard against a hang, not a timing: the events
# awaited come in milliseconds); then says it never held. The tests:
#   tmp PREFIX       a file of this folder is named PREFIX...
#   caught PID       process PID is snakecube and catches SIGINT: its
#                    handler is in place (bit 2 of SigCgt, in
#                    /proc/PID/status). Between the shell's fork and its
#                    exec, PID is still the shell, whose handlers the
#                    exec resets: the name is read first.
#   locked PID FILE  process PID holds a lock on FILE (/proc/locks)
tmp() { ls -A | grep -q "^$(printf '%s' "$1" | sed 's/\./\\./g')"; }
locked() {
	ino=$(stat -c %i "$2" 2>/dev/null)
	[ -n "$ino" ] && grep -q " $1 [^ ]*:$ino " /proc/locks
}
caught() {
	a=$(tr '\0' '\n' <"/proc/$1/cmdline" 2>/dev/null | head -n 1)
	[ "${a##*/}" = snakecube ] || return 1
	m=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
	case $m in *[2367abef]) return 0 ;; esac
	return 1
}
i=0
until "$@"; do
	i=$((i + 1))
	if [ $i -ge 6000 ]; then
		echo "await.sh: $* never held" >&2
		exit 1
	fi
	sleep 0.01
done
