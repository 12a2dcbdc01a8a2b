#!/usr/bin/env bash
# Runs deploy/slurm/*.sbatch, unchanged, on a real single-node Slurm that
# it brings up in a temporary folder (munged, slurmctld, slurmd, each with
# its own socket, ports and state, nothing of the machine's configuration
# used), and stops by pid when it ends:
#   - enumerate-shards.sbatch as a job array of TEST_ENUM_SHARDS shards,
#     merged and compared byte for byte with one run;
#   - census.sbatch in TEST_CENSUS_TASKS ranges, submitted as arrays of 2
#     tasks each told its first by SNAKECUBE_FIRST, as the full-size
#     recipe submits arrays of 1000; one task stopped mid-way, cancelled,
#     then requeued; merged with -complete and compared with the counts of
#     one run.
# Needs root (the daemons) and Debian's slurm-wlm and munge, which it
# installs when missing; otherwise it says why it skips.
source "$(dirname "$0")/lib.sh"

# The census script's own arithmetic, with its full-size defaults, before
# anything that needs Slurm.
# Task i is index i % 1000 of the array whose first task is i - i % 1000.
census_task() {
	mkdir -p "$TEST_WORK/ranges" && cd "$TEST_WORK/ranges" &&
		env -u SNAKECUBE_BOX -u SNAKECUBE_DEPTH -u SNAKECUBE_TASKS -u SNAKECUBE_BIN \
			PATH="$STUB:$PATH" SNAKECUBE_FIRST=$(($1 - $1 % 1000)) SLURM_ARRAY_TASK_ID=$(($1 % 1000)) \
			bash "$REPO/deploy/slurm/census.sbatch"
}
STUB=$(stub_snakecube)
check_ranges deploy/slurm/census.sbatch $((1 << 33)) 8000 census_task

[ "$(id -u)" -eq 0 ] || skip "a Slurm of our own needs root, to run munged, slurmctld and slurmd"
need slurmctld:slurm-wlm slurmd:slurm-wlm sbatch:slurm-wlm munged:munge munge:munge unmunge:munge ||
	skip "no slurm-wlm and munge"

T=$(mktemp -d /tmp/snakecube-slurm.XXXXXX)
chmod 755 "$T"
mkdir -p "$T/munge" "$T/state" "$T/spool" "$T/log"
at_exit 'rm -rf "$T"'
export SLURM_CONF=$T/slurm.conf
HOST=$(hostname -s)

# free_ports N prints N TCP ports that nothing listens on.
free_ports() {
	local used p n=0
	used=" $(awk 'NR > 1 && $4 == "0A" { split($2, a, ":"); print a[2] }' /proc/net/tcp /proc/net/tcp6 2>/dev/null |
		while read -r h; do echo $((16#$h)); done | tr '\n' ' ') "
	for ((p = 20000 + RANDOM % 20000; n < $1; p++)); do
		[[ $used == *" $p "* ]] && continue
		echo $p
		n=$((n + 1))
	done
}

write_conf() {
	local ports mem
	mapfile -t ports < <(free_ports 2)
	mem=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
	# No cgroups (a container's may not be ours to use): processes are
	# tracked through their parents, tasks are not bound; no accounting
	# database: squeue and scontrol tell the jobs' states.
	cat >"$SLURM_CONF" <<-EOF
		ClusterName=snakecube-test
		SlurmctldHost=$HOST(127.0.0.1)
		SlurmctldPort=${ports[0]}
		SlurmdPort=${ports[1]}
		SlurmUser=root
		SlurmdUser=root
		AuthType=auth/munge
		CredType=cred/munge
		AuthInfo=socket=$T/munge/socket
		StateSaveLocation=$T/state
		SlurmdSpoolDir=$T/spool
		SlurmctldPidFile=$T/slurmctld.pid
		SlurmdPidFile=$T/slurmd.pid
		SlurmctldLogFile=$T/log/slurmctld.log
		SlurmdLogFile=$T/log/slurmd.log
		ProctrackType=proctrack/linuxproc
		TaskPlugin=task/none
		JobAcctGatherType=jobacct_gather/none
		AccountingStorageType=accounting_storage/none
		MpiDefault=none
		SelectType=select/cons_tres
		SelectTypeParameters=CR_CPU
		ReturnToService=2
		MinJobAge=3600
		KillWait=5
		NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
		PartitionName=test Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
	EOF
}

# leftovers prints the pids of processes that came from our slurmd or
# from our jobs: their environment carries this test's mark.
leftovers() {
	local d
	for d in /proc/[0-9]*; do
		grep -qsaF "SNAKECUBE_SLURM_TEST=$T" "$d/environ" && echo "${d#/proc/}"
	done
	return 0
}

stop_all() {
	local pid
	[ -n "$(squeue -h 2>/dev/null)" ] && scancel --user="$(id -un)" 2>/dev/null
	for pid in $SLURMD $SLURMCTLD $MUNGED; do stop_pid "$pid" daemon; done
	for pid in $(leftovers); do stop_pid "$pid" "leftover process"; done
}

start_slurm() {
	local f
	dd if=/dev/urandom of="$T/munge/key" bs=1024 count=1 status=none
	chmod 600 "$T/munge/key"
	munged --foreground --force --socket="$T/munge/socket" --key-file="$T/munge/key" \
		--pid-file="$T/munge/pid" --seed-file="$T/munge/seed" >"$T/log/munged.out" 2>&1 &
	MUNGED=$!
	wait_until 120 "munged to answer" sh -c "munge -n -S '$T/munge/socket' | unmunge -S '$T/munge/socket' >/dev/null 2>&1"
	write_conf
	SNAKECUBE_SLURM_TEST=$T slurmctld -D -i >"$T/log/slurmctld.out" 2>&1 &
	SLURMCTLD=$!
	SNAKECUBE_SLURM_TEST=$T slurmd -D -N "$HOST" >"$T/log/slurmd.out" 2>&1 &
	SLURMD=$!
	wait_until 120 "the node to be idle" sh -c 'sinfo -h -N -o %T 2>/dev/null | grep -qx idle'
	say "Slurm $(sinfo -V | cut -d' ' -f2) up on $HOST: munged $MUNGED, slurmctld $SLURMCTLD, slurmd $SLURMD"
}

on_failure() {
	local f
	for f in "$T"/log/*; do
		echo "--- $f (last lines)" >&2
		tail -n 15 "$f" >&2
	done
}

MUNGED= SLURMCTLD= SLURMD=
at_exit stop_all
at_exit '[ $EXIT_STATUS -eq 0 ] || on_failure'
timed "bring up munged, slurmctld, slurmd" start_slurm

# submit DIR ARRAY SCRIPT [VAR=VALUE...] submits a job array of a deploy
# script from DIR, with the size parameters in its environment, and prints
# the job id.
submit() {
	local dir=$1 array=$2 script=$3
	shift 3
	(cd "$dir" && env "$@" SNAKECUBE_SLURM_TEST="$T" sbatch --parsable --array="$array" "$REPO/deploy/slurm/$script")
}

# states JOB... prints "JOB INDEX STATE" for each task of the arrays.
states() {
	local job
	for job in "$@"; do
		squeue -h -r -t all -j "$job" -o "$job %K %T" 2>/dev/null | sort -n -k2
	done
}

finished() {
	local n=$1 s
	shift
	s=$(states "$@")
	[ "$(wc -l <<<"$s")" -eq "$n" ] &&
		! grep -qvE ' (COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE|PREEMPTED)$' <<<"$s"
}

# await DIR N JOB... waits for the N tasks of the arrays and fails unless
# all completed.
await() {
	local dir=$1 n=$2
	shift 2
	wait_until 600 "jobs $* to finish" finished "$n" "$@"
	if grep -qv ' COMPLETED$' < <(states "$@"); then
		states "$@" >&2
		tail -n 5 "$dir"/slurm-*.out "$dir"/*/slurm-*.out 2>/dev/null >&2 || true
		die "jobs $*: not every task completed"
	fi
}

enumerate_array() {
	local dir=$T/enumerate job
	mkdir -p "$dir"
	# The binary is found on the PATH here, through SNAKECUBE_BIN in the census.
	job=$(submit "$dir" "1-$TEST_ENUM_SHARDS" enumerate-shards.sbatch \
		SNAKECUBE_BOX="$TEST_ENUM_BOX" SNAKECUBE_SHARDS="$TEST_ENUM_SHARDS")
	await "$dir" "$TEST_ENUM_SHARDS" "$job"
	snakecube merge -size "$TEST_ENUM_BOX" -o "$dir/solutions.jsonl" "$dir"/part-*.jsonl
	check_catalogue "$dir/solutions.jsonl"
}

# The full-size submission of census.sbatch, as its header writes it, held
# and cancelled at once: Slurm, as configured by default, must accept it.
full_size_submission() {
	local dir=$T/full line jobs ids
	mkdir -p "$dir/census"
	line=$(sed -n 's/^#   \(for first in .*\)$/\1/p' "$REPO/deploy/slurm/census.sbatch")
	[ -n "$line" ] || die "census.sbatch: no submission loop in its header"
	[[ $line == *"sbatch --array"*" deploy/slurm/census.sbatch"* ]] || die "census.sbatch: unexpected submission: $line"
	line=${line/sbatch --array/sbatch --hold --parsable --array}
	line=${line/ deploy\/slurm\/census.sbatch/ $REPO/deploy/slurm/census.sbatch}
	# sbatch retries for long when the queue is full: a time limit.
	jobs=$(cd "$dir" && SNAKECUBE_SLURM_TEST=$T timeout 120 bash -c "$line") || die "Slurm refused the full-size submission: $line"
	mapfile -t ids <<<"$jobs"
	scancel "${ids[@]}"
	say "the full-size submission of census.sbatch: ${#ids[@]} arrays accepted (MaxArraySize $(scontrol show config | awk '/^MaxArraySize/ { print $3 }')), then cancelled"
}

M=$((1 << (TEST_CENSUS_DEPTH - 1)))
range_size() { echo $((M * ($1 + 1) / TEST_CENSUS_TASKS - M * $1 / TEST_CENSUS_TASKS)); }
lines() { if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi; }
declare -A FIRST # the task number of each census array's index 0

# victim DIR JOB... prints "JOB INDEX TASK" of a running task that has
# counted some but not all of its sections.
victim() {
	local dir=$1 job k state n i
	shift
	while read -r job k state; do
		[ "$state" = RUNNING ] || continue
		i=$((FIRST[$job] + k))
		n=$(lines "$dir/census/census-$i.jsonl")
		[ "$n" -gt 0 ] && [ "$n" -lt "$(range_size "$i")" ] && echo "$job $k $i" && return 0
	done < <(states "$@")
	return 1
}

# task_pid DIR TASK prints the pid of the census process of task TASK,
# which the batch script became (exec): the snakecube working in DIR that
# writes census/census-TASK.jsonl.
task_pid() {
	local p
	for p in $(pgrep -x snakecube); do
		[ "$(readlink /proc/"$p"/cwd 2>/dev/null)" = "$(realpath "$1")" ] || continue
		tr '\0' '\n' </proc/"$p"/cmdline 2>/dev/null | grep -x "census/census-$2.jsonl" >/dev/null && echo "$p" && return 0
	done
	return 1
}

# kill_midway DIR JOB... stops a running task mid-way (SIGSTOP, so that it
# cannot finish while we look: its process's state is awaited, T),
# cancels it, checks that its sections are not all counted, and requeues
# it; KILLED is its "JOB INDEX TASK".
kill_midway() {
	local dir=$1 job k i n2 f pid t
	shift
	wait_until 300 "a census task to be mid-way" victim "$dir" "$@"
	read -r job k i < <(victim "$dir" "$@") || die "the task mid-way finished before it could be stopped"
	f=$dir/census/census-$i.jsonl
	scancel --batch --signal=STOP "${job}_$k"
	pid=$(task_pid "$dir" "$i") || die "task $i finished before it could be stopped: use a bigger TEST_CENSUS_BOX"
	wait_until 120 "task $i (pid $pid) to stop" stopped_or_gone "$pid"
	stopped "$pid" || die "task $i finished before it could be stopped: use a bigger TEST_CENSUS_BOX"
	n2=$(lines "$f")
	[ "$n2" -lt "$(range_size "$i")" ] || die "task $i finished before it was stopped: use a bigger TEST_CENSUS_BOX"
	scancel "${job}_$k"
	wait_until 120 "task $i to be cancelled" sh -c "squeue -h -t all -j ${job}_$k -o %T | grep -qx CANCELLED"
	t=$(date +%s)
	n2=$(lines "$f")
	[ "$n2" -lt "$(range_size "$i")" ] || die "task $i counted all its sections before it was cancelled"
	say "task $i (${job}_$k) cancelled mid-way: $n2 of its $(range_size "$i") sections counted"
	# slurmd takes a credential made in the second of the kill, or before,
	# for a revoked one ("already killed, do not launch batch job"), and the
	# task would be held: the requeued task starts in a later second than
	# the one its cancel was seen in, which is after the kill.
	wait_until 120 "a second after $t" sh -c "[ \$(date +%s) -gt $t ]"
	scontrol requeue "${job}_$k"
	# A requeued job waits two minutes before it may start again.
	scontrol update JobId="${job}_$k" StartTime=now
	KILLED="$job $k $i"
}

# census_arrays submits the census in arrays of 2 tasks, SNAKECUBE_FIRST
# telling each its first task, as the full-size recipe does with 1000.
census_arrays() {
	local dir=$T/census first job jobs=() k i files=()
	mkdir -p "$dir/census"
	for ((first = 0; first < TEST_CENSUS_TASKS; first += 2)); do
		job=$(submit "$dir" "0-$((first + 1 < TEST_CENSUS_TASKS ? 1 : 0))" census.sbatch SNAKECUBE_BIN="$SNAKECUBE_BIN" \
			SNAKECUBE_BOX="$TEST_CENSUS_BOX" SNAKECUBE_DEPTH="$TEST_CENSUS_DEPTH" \
			SNAKECUBE_TASKS="$TEST_CENSUS_TASKS" SNAKECUBE_FIRST="$first")
		FIRST[$job]=$first
		jobs+=("$job")
	done
	kill_midway "$dir" "${jobs[@]}"
	await "$dir" "$TEST_CENSUS_TASKS" "${jobs[@]}"
	read -r job k i <<<"$KILLED"
	scontrol show job "${job}_$k" | grep -q 'Restarts=1 ' || die "task $i was not restarted once"
	[ "$(lines "$dir/census/census-$i.jsonl")" -eq "$(range_size "$i")" ] ||
		die "task $i's file does not hold its $(range_size "$i") sections once each"
	grep -q 'snakecube: interrupted' "$dir/census/slurm-${job}_$k.out" ||
		die "task $i's log does not show that its first run was interrupted"
	for ((i = 0; i < TEST_CENSUS_TASKS; i++)); do
		files+=("$dir/census/census-$i.jsonl")
	done
	check_tiling "$M" "${files[@]}"
	check_census "${files[@]}"
}

reference_enumerate >/dev/null
reference_census >/dev/null
full_size_submission
timed "enumerate $TEST_ENUM_BOX, array of $TEST_ENUM_SHARDS shards, merged" enumerate_array
timed "census $TEST_CENSUS_BOX depth $TEST_CENSUS_DEPTH, arrays of 2 tasks, one killed and requeued" census_arrays
say "ok"
