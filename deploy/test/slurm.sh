#!/usr/bin/env bash
# Runs deploy/slurm/*.sbatch, unchanged, on a real single-node Slurm that
# it brings up in a temporary folder (munged, slurmctld, slurmd, each with
# its own socket, ports and state, nothing of the machine's configuration
# used), and stops by pid when it ends:
#   - enumerate-shards.sbatch as a job array of TEST_ENUM_SHARDS shards,
#     merged and compared byte for byte with one run;
#   - census.sbatch as a job array of TEST_CENSUS_TASKS ranges, one task
#     stopped mid-way, cancelled, then requeued; merged with -complete and
#     compared with the counts of one run.
# Needs root (the daemons) and Debian's slurm-wlm and munge, which it
# installs when missing; otherwise it says why it skips.
source "$(dirname "$0")/lib.sh"

# The census script's own arithmetic, with its full-size defaults, before
# anything that needs Slurm.
census_task() {
	mkdir -p "$TEST_WORK/ranges" && cd "$TEST_WORK/ranges" &&
		env -u SNAKECUBE_BOX -u SNAKECUBE_DEPTH -u SNAKECUBE_TASKS -u SNAKECUBE_BIN \
			PATH="$STUB:$PATH" SLURM_ARRAY_TASK_ID="$1" bash "$REPO/deploy/slurm/census.sbatch"
}
STUB=$(stub_snakecube)
check_ranges deploy/slurm/census.sbatch $((1 << 33)) 16384 census_task

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
	wait_until 30 "munged to answer" sh -c "munge -n -S '$T/munge/socket' | unmunge -S '$T/munge/socket' >/dev/null 2>&1"
	write_conf
	SNAKECUBE_SLURM_TEST=$T slurmctld -D -i >"$T/log/slurmctld.out" 2>&1 &
	SLURMCTLD=$!
	SNAKECUBE_SLURM_TEST=$T slurmd -D -N "$HOST" >"$T/log/slurmd.out" 2>&1 &
	SLURMD=$!
	wait_until 60 "the node to be idle" sh -c 'sinfo -h -N -o %T 2>/dev/null | grep -qx idle'
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

# states JOB prints "TASK STATE" for each task of the array.
states() { squeue -h -r -t all -j "$1" -o '%K %T' 2>/dev/null | sort -n; }

finished() {
	local s
	s=$(states "$1")
	[ "$(wc -l <<<"$s")" -eq "$2" ] &&
		! grep -qvE ' (COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE|PREEMPTED)$' <<<"$s"
}

# await JOB N DIR waits for the N tasks of the array and fails unless all
# completed.
await() {
	wait_until 600 "job $1 to finish" finished "$1" "$2"
	if grep -qv ' COMPLETED$' < <(states "$1"); then
		states "$1" >&2
		tail -n 5 "$3"/slurm-*.out "$3"/*/slurm-*.out 2>/dev/null >&2 || true
		die "job $1: not every task completed"
	fi
}

enumerate_array() {
	local dir=$T/enumerate job
	mkdir -p "$dir"
	# The binary is found on the PATH here, through SNAKECUBE_BIN in the census.
	job=$(submit "$dir" "1-$TEST_ENUM_SHARDS" enumerate-shards.sbatch \
		SNAKECUBE_BOX="$TEST_ENUM_BOX" SNAKECUBE_SHARDS="$TEST_ENUM_SHARDS")
	await "$job" "$TEST_ENUM_SHARDS" "$dir"
	snakecube merge -size "$TEST_ENUM_BOX" -o "$dir/solutions.jsonl" "$dir"/part-*.jsonl
	check_catalogue "$dir/solutions.jsonl"
}

M=$((1 << (TEST_CENSUS_DEPTH - 1)))
range_size() { echo $((M * ($1 + 1) / TEST_CENSUS_TASKS - M * $1 / TEST_CENSUS_TASKS)); }
lines() { if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi; }

# victim JOB DIR prints a running task that has counted some but not all
# of its sections.
victim() {
	local i state n
	while read -r i state; do
		[ "$state" = RUNNING ] || continue
		n=$(lines "$2/census/census-$i.jsonl")
		[ "$n" -gt 0 ] && [ "$n" -lt "$(range_size "$i")" ] && echo "$i" && return 0
	done < <(states "$1")
	return 1
}

# kill_midway JOB DIR stops a running task mid-way (SIGSTOP, so that it
# cannot finish while we look), cancels it, checks that its sections are
# not all counted, and requeues it.
kill_midway() {
	local job=$1 dir=$2 i n1 n2 f
	wait_until 300 "a task of job $job to be mid-way" victim "$job" "$dir"
	i=$(victim "$job" "$dir") || die "the task mid-way finished before it could be stopped"
	f=$dir/census/census-$i.jsonl
	scancel --batch --signal=STOP "${job}_$i"
	sleep 1
	n1=$(lines "$f")
	sleep 1
	n2=$(lines "$f")
	[ "$n1" -eq "$n2" ] || die "task $i went on counting after SIGSTOP ($n1, then $n2 sections)"
	[ "$n2" -lt "$(range_size "$i")" ] || die "task $i finished before it was stopped: use a bigger TEST_CENSUS_BOX"
	scancel "${job}_$i"
	wait_until 60 "task $i to be cancelled" sh -c "squeue -h -t all -j ${job}_$i -o %T | grep -qx CANCELLED"
	n2=$(lines "$f")
	[ "$n2" -lt "$(range_size "$i")" ] || die "task $i counted all its sections before it was cancelled"
	say "task $i cancelled mid-way: $n2 of its $(range_size "$i") sections counted"
	scontrol requeue "${job}_$i"
	# A requeued job waits two minutes before it may start again.
	scontrol update JobId="${job}_$i" StartTime=now
	KILLED=$i
}

census_array() {
	local dir=$T/census job i files=()
	mkdir -p "$dir/census"
	job=$(submit "$dir" "0-$((TEST_CENSUS_TASKS - 1))" census.sbatch SNAKECUBE_BIN="$SNAKECUBE_BIN" \
		SNAKECUBE_BOX="$TEST_CENSUS_BOX" SNAKECUBE_DEPTH="$TEST_CENSUS_DEPTH" SNAKECUBE_TASKS="$TEST_CENSUS_TASKS")
	kill_midway "$job" "$dir"
	await "$job" "$TEST_CENSUS_TASKS" "$dir"
	scontrol show job "${job}_$KILLED" | grep -q 'Restarts=1 ' || die "task $KILLED was not restarted once"
	[ "$(lines "$dir/census/census-$KILLED.jsonl")" -eq "$(range_size "$KILLED")" ] ||
		die "task $KILLED's file does not hold its $(range_size "$KILLED") sections once each"
	grep -q 'snakecube: interrupted' "$dir/census/slurm-${job}_$KILLED.out" ||
		die "task $KILLED's log does not show that its first run was interrupted"
	for ((i = 0; i < TEST_CENSUS_TASKS; i++)); do
		files+=("$dir/census/census-$i.jsonl")
	done
	check_tiling "$M" "${files[@]}"
	check_census "${files[@]}"
}

reference_enumerate >/dev/null
reference_census >/dev/null
timed "enumerate $TEST_ENUM_BOX, array of $TEST_ENUM_SHARDS shards, merged" enumerate_array
timed "census $TEST_CENSUS_BOX depth $TEST_CENSUS_DEPTH, array of $TEST_CENSUS_TASKS, one task killed and requeued" census_array
say "ok"
