# What the cluster tests share: sourced by the scripts beside it, never run.
#
# Every part runs the repo's recipes as a user would (deploy/slurm,
# deploy/kubernetes, docs/CLUSTER.md's GNU parallel lines), changing only the
# size of the search, and compares what they make with one run of the
# same search on this machine: the same bytes for a catalogue, the same
# counts for a census. The sizes come from the environment:
#
#   TEST_ENUM_BOX, TEST_ENUM_SHARDS     enumerate in shards (2x3x4, 5)
#   TEST_CENSUS_BOX, TEST_CENSUS_DEPTH, TEST_CENSUS_TASKS
#                                       census in ranges (2x2x10, 12, 3)
#   TEST_REHEARSAL_TASKS                the tasks of the 4x4x4 rehearsal
#                                       run for real (0 1 4711 9001 12345)
#   SNAKECUBE_BIN                       the binary (default: build/snakecube)
#   TEST_WORK                           a folder for the one-machine runs
#                                       and the timings (default: a new one)
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# A shard may be empty (3x3x3's shard 1 of 8 is): its file is the header
# line alone, and merges as a part with no snake, which
# cmd/snakecube/testdata/script/empty.txtar tests.
TEST_ENUM_BOX=${TEST_ENUM_BOX:-2x3x4}
TEST_ENUM_SHARDS=${TEST_ENUM_SHARDS:-5}
TEST_CENSUS_BOX=${TEST_CENSUS_BOX:-2x2x10}
TEST_CENSUS_DEPTH=${TEST_CENSUS_DEPTH:-12}
# 3 does not divide the 2^11 sections: a range formula that only tiles
# [0, M) for a power of two leaves a gap and fails the test.
TEST_CENSUS_TASKS=${TEST_CENSUS_TASKS:-3}
# Five tasks of the 16,384 whose sections take about a second in all
# (docs/CLUSTER.md, the rehearsal): the first two, and three picked among
# those timed there; 8191 and 16383 hold sections of minutes and more.
TEST_REHEARSAL_TASKS=${TEST_REHEARSAL_TASKS:-0 1 4711 9001 12345}
SNAKECUBE_BIN=$(realpath "${SNAKECUBE_BIN:-$REPO/build/snakecube}")
PART=$(basename "$0" .sh)

# at_exit CMD has CMD run when the script ends, however it ends; the
# last registered runs first, and $EXIT_STATUS is the script's status.
EXIT_HOOKS=()
at_exit() { EXIT_HOOKS+=("$*"); }
run_exit_hooks() {
	EXIT_STATUS=$?
	local i
	for ((i = ${#EXIT_HOOKS[@]} - 1; i >= 0; i--)); do
		eval "${EXIT_HOOKS[i]}" || true
	done
}
trap run_exit_hooks EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

if [ -z "${TEST_WORK:-}" ]; then
	TEST_WORK=$(mktemp -d "${TMPDIR:-/tmp}/snakecube-test.XXXXXX")
	at_exit 'rm -rf "$TEST_WORK"'
fi
export TEST_WORK
# The recipes call "snakecube" by name, as a user's would.
mkdir -p "$TEST_WORK/bin"
ln -sf "$SNAKECUBE_BIN" "$TEST_WORK/bin/snakecube"
PATH=$TEST_WORK/bin:$PATH
[ -x "$SNAKECUBE_BIN" ] || { echo "cluster-test: no binary at $SNAKECUBE_BIN (make static)" >&2; exit 1; }

say() {
	if [ "$PART" = cluster-test ]; then
		echo "cluster-test: $*" >&2
	else
		echo "cluster-test: $PART: $*" >&2
	fi
}
die() {
	say "FAIL: $*"
	exit 1
}
# skip ends a part that cannot run on this machine, saying why.
skip() {
	say "SKIP: $*"
	echo "$PART: $*" >>"$TEST_WORK/skipped"
	exit 0
}

# timed LABEL CMD... runs CMD and appends "PART LABEL SECONDS" to the
# timings that cluster-test.sh prints at the end.
timed() {
	local label=$1 t0
	shift
	t0=$(date +%s.%N)
	"$@"
	awk -v p="$PART" -v l="$label" -v a="$t0" -v b="$(date +%s.%N)" \
		'BEGIN { printf "%s\t%s\t%.1f\n", p, l, b - a }' >>"$TEST_WORK/timings"
}

# wait_until SECONDS WHAT CMD... polls CMD every 0.2 s until it succeeds,
# and fails the part after SECONDS.
wait_until() {
	local limit=$1 what=$2 end
	shift 2
	end=$(($(date +%s) + limit))
	until "$@" >/dev/null; do
		[ "$(date +%s)" -lt "$end" ] || die "timed out after ${limit}s waiting for $what"
		sleep 0.2
	done
}

# stopped PID holds once process PID is stopped by a signal, every
# thread of it (state T in /proc/PID/task/*/stat): from then on it writes
# nothing.
stopped() {
	local f st
	[ -d /proc/"$1"/task ] || return 1
	for f in /proc/"$1"/task/*/stat; do
		st=$(sed 's/^.*) //' "$f" 2>/dev/null) || return 1
		[ "${st%% *}" = T ] || return 1
	done
}

# stopped_or_gone PID holds once process PID is stopped or has ended.
stopped_or_gone() { stopped "$1" || [ ! -e /proc/"$1" ]; }

# stop_pid PID NAME stops a process this test started: TERM, then KILL
# after 10 s.
stop_pid() {
	local pid=$1 name=$2 n
	kill -0 "$pid" 2>/dev/null || return 0
	kill -TERM "$pid" 2>/dev/null || true
	for n in $(seq 50); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.2
	done
	say "$name (pid $pid) ignored TERM for 10 s: KILL"
	kill -KILL "$pid" 2>/dev/null || true
}

# need CMD:PACKAGE... makes sure each CMD is there, installing the Debian
# PACKAGEs of the missing ones when running as root with apt-get; it
# returns 1, saying why, when it cannot.
need() {
	local pair missing=() pkgs=()
	for pair in "$@"; do
		command -v "${pair%%:*}" >/dev/null && continue
		missing+=("${pair%%:*}")
		pkgs+=("${pair#*:}")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
		say "missing ${missing[*]}, and only root with apt-get installs them (apt-get install ${pkgs[*]})"
		return 1
	fi
	say "installing ${pkgs[*]} for ${missing[*]}"
	mapfile -t pkgs < <(printf '%s\n' "${pkgs[@]}" | sort -u)
	apt_install "${pkgs[@]}" || {
		say "apt-get install ${pkgs[*]} failed"
		return 1
	}
	for pair in "$@"; do
		command -v "${pair%%:*}" >/dev/null || { say "${pair%%:*} still missing after installing ${pair#*:}"; return 1; }
	done
}

# apt_install installs Debian packages without asking and without
# starting their services (a policy-rc.d refuses them while it runs, unless
# the machine has one of its own).
apt_install() {
	local policy=/usr/sbin/policy-rc.d ours=0 rc=0
	if [ ! -e $policy ]; then
		printf '#!/bin/sh\nexit 101\n' >$policy && chmod +x $policy && ours=1
	fi
	export DEBIAN_FRONTEND=noninteractive
	if ! ls /var/lib/apt/lists/*_Packages* >/dev/null 2>&1 ||
		! timeout 600 apt-get install -y --no-install-recommends "$@" </dev/null >"$TEST_WORK/apt.log" 2>&1; then
		timeout 300 apt-get update </dev/null >"$TEST_WORK/apt.log" 2>&1 &&
			timeout 600 apt-get install -y --no-install-recommends "$@" </dev/null >>"$TEST_WORK/apt.log" 2>&1 || rc=$?
	fi
	[ $ours -eq 1 ] && rm -f $policy
	[ $rc -eq 0 ] || tail -n 20 "$TEST_WORK/apt.log" >&2
	return $rc
}

# reference_enumerate prints the path of the one-machine catalogue of
# TEST_ENUM_BOX, as JSON Lines, computing it on first use.
reference_enumerate() {
	local f=$TEST_WORK/reference-$TEST_ENUM_BOX.jsonl
	if [ ! -s "$f" ]; then
		timed "one machine: enumerate $TEST_ENUM_BOX" \
			snakecube enumerate -quiet -size "$TEST_ENUM_BOX" -format jsonl -o "$f"
	fi
	echo "$f"
}

# reference_census prints the path of the one-machine census summary of
# TEST_CENSUS_BOX (census merge -complete, without its timing line),
# computing it on first use.
reference_census() {
	local f=$TEST_WORK/reference-$TEST_CENSUS_BOX-d$TEST_CENSUS_DEPTH
	if [ ! -s "$f.txt" ]; then
		rm -f "$f.jsonl"
		timed "one machine: census $TEST_CENSUS_BOX depth $TEST_CENSUS_DEPTH" \
			snakecube census -quiet -size "$TEST_CENSUS_BOX" -depth "$TEST_CENSUS_DEPTH" -o "$f.jsonl"
		census_summary "$f.jsonl" >"$f.txt"
	fi
	echo "$f.txt"
}

# census_summary FILE... prints census merge -complete of the files
# without the lines of seconds and of processor seconds, the lines that
# differ between runs.
census_summary() {
	snakecube census merge -complete "$@" | grep -Ev '^(cpu_)?seconds '
}

# check_catalogue FILE fails the part unless FILE is byte for byte the
# one-machine catalogue.
check_catalogue() {
	local ref
	ref=$(reference_enumerate)
	cmp "$ref" "$1" || die "$1 differs from the one-machine catalogue $ref"
	say "catalogue of $TEST_ENUM_BOX: the same $(wc -c <"$1") bytes as one machine"
}

# check_census FILE... fails the part unless the census files sum to the
# counts of the one-machine census, every section there exactly once.
check_census() {
	local ref got
	ref=$(reference_census)
	got=$(census_summary "$@") || die "census merge -complete refused $*"
	diff "$ref" - <<<"$got" >&2 || die "census of $* differs from the one-machine census"
	say "census of $TEST_CENSUS_BOX: the same counts as one machine ($(grep '^snakes ' <<<"$got"))"
}

# census_sections FILE prints the section numbers in a census file, sorted.
census_sections() {
	grep -o '"section":[0-9]*' "$1" | cut -d: -f2 | sort -n
}

# check_tiling M FILE... fails unless the census files, in order, hold
# contiguous ranges of sections that tile [0, M): no gap, no overlap.
check_tiling() {
	local m=$1 next=0 f lo hi n
	shift
	for f in "$@"; do
		read -r lo hi n < <(census_sections "$f" | awk 'NR == 1 { lo = $1 } { hi = $1; n++ } END { print lo, hi, n }')
		[ "$lo" = "$next" ] || die "$f starts at section $lo, not $next"
		[ "$n" -eq $((hi - lo + 1)) ] || die "$f holds $n sections between $lo and $hi"
		next=$((hi + 1))
	done
	[ "$next" -eq "$m" ] || die "the ranges end at section $next, not $m"
	say "the $# ranges tile the $m sections exactly"
}

# check_ranges NAME M N RUNNER checks a recipe's range arithmetic with its
# own full-size parameters: RUNNER I prints the arguments that task I (0 to
# N-1) passes to snakecube, and for a spread of tasks, the first and the
# last among them, each range must begin where the previous one ends, the
# first at 0 and the last at M.
check_ranges() {
	local name=$1 m=$2 n=$3 runner=$4 i a b prev_i=-2 prev_b=
	for i in $(printf '%s\n' 0 1 2 3 $((n / 2 - 1)) $((n / 2)) $((n - 2)) $((n - 1)) | sort -nu); do
		a= b=
		read -r a b < <("$runner" "$i" | awk '/^-sections$/ { getline; split($0, r, ":"); print r[1], r[2] }') || true
		[ -n "$a" ] || die "$name: task $i passes no -sections"
		[ "$a" -lt "$b" ] || die "$name: task $i has the empty range $a:$b"
		[ "$i" -ne 0 ] || [ "$a" -eq 0 ] || die "$name: task 0 starts at $a, not 0"
		[ "$prev_i" -ne $((i - 1)) ] || [ "$prev_b" -eq "$a" ] ||
			die "$name: task $prev_i ends at $prev_b, task $i starts at $a"
		prev_i=$i prev_b=$b
	done
	[ "$b" -eq "$m" ] || die "$name: the last task ends at $b, not $m"
	say "$name: the full-size recipe's $n tasks tile the $m sections (checked at tasks 0-3, the middle and the end)"
}

# stub_snakecube makes a folder whose snakecube prints its arguments, one
# a line, and prints the folder.
stub_snakecube() {
	local d=$TEST_WORK/stub
	mkdir -p "$d"
	printf '#!/bin/sh\nprintf "%%s\\n" "$@"\n' >"$d/snakecube"
	chmod +x "$d/snakecube"
	echo "$d"
}

# manifest_command FILE prints the shell command of a manifest in
# deploy/kubernetes: the folded scalar (>-) under "args:", its lines
# joined by spaces as YAML folds them.
manifest_command() {
	awk '
		/^ *args:$/ { args = 1; next }
		args && /^ *- >-$/ { indent = index($0, "-"); folded = 1; next }
		folded && (match($0, /[^ ]/) <= indent || /^ *$/) { exit }
		folded { sub(/^ +/, ""); out = out (out == "" ? "" : " ") $0 }
		END { print out }
	' "$1"
}

# manifest_value FILE KEY prints the value of the first "KEY: value" in
# the manifest, or of the env entry named KEY, without quotes.
manifest_value() {
	awk -v key="$2" '
		$1 == key ":" { v = $2; found = 1; exit }
		$1 == "-" && $2 == "name:" && $3 == key { getline; v = $2; found = 1; exit }
		END { gsub(/"/, "", v); print v; exit !found }
	' "$1"
}
