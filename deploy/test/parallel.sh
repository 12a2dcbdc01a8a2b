#!/usr/bin/env bash
# Runs docs/CLUSTER.md's GNU parallel recipes as they are printed there, the
# size of the search only made smaller:
#   - the shards of "Big searches: sections and shards", merged and
#     compared byte for byte with one run, then run again, which must do
#     nothing (--resume-failed, every job done);
#   - the census ranges of "The exact 4x4x4 census on a cluster", one job
#     killed mid-way, the same line run again, which must rerun that job
#     alone; merged with -complete and compared with the counts of one run;
#   - the rehearsal over a random 1/10,000 of the 4x4x4 sections, at full
#     size: the arithmetic of all 16,384 tasks, and TEST_REHEARSAL_TASKS of
#     them run for real, run again (nothing to do), merged and checked.
# Needs Debian's parallel, which it installs when missing (as root).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/recipes.sh"

# subst TEXT FROM TO COUNT prints TEXT with FROM replaced by TO, failing
# unless FROM occurs exactly COUNT times: the recipe changed and the test
# must follow.
subst() {
	local n
	n=$(grep -oF -- "$2" <<<"$1" | wc -l)
	[ "$n" -eq "$4" ] || die "docs/CLUSTER.md recipe: \"$2\" occurs $n times, not $4, in: $1"
	printf '%s\n' "${1//"$2"/"$3"}"
}

need parallel:parallel || skip "no GNU parallel"
# moreutils has a parallel of its own, with other flags.
parallel --version 2>/dev/null | grep -q '^GNU parallel' ||
	die "$(command -v parallel) is not GNU parallel (moreutils'?): install Debian's parallel"
say "$(parallel --version | head -n 1)"

# --- the shards on one machine
shards_recipe() {
	local dir=$TEST_WORK/parallel-shards run merge n
	mapfile -t cmds < <(readme_commands 'parallel --joblog shards.log')
	[ ${#cmds[@]} -eq 2 ] || die "docs/CLUSTER.md: no block of two commands, parallel then merge, for the shards"
	run=$(subst "${cmds[0]}" 3x3x4 "$TEST_ENUM_BOX" 1)
	merge=$(subst "${cmds[1]}" 3x3x4 "$TEST_ENUM_BOX" 1)
	[[ $run == *--joblog*--resume-failed* ]] || die "docs/CLUSTER.md: the shards' parallel line has no --joblog and --resume-failed"
	rm -rf "$dir" && mkdir -p "$dir"
	say "running: $run"
	(cd "$dir" && bash -c "$run")
	n=$(wc -l <"$dir"/shards.log)
	(cd "$dir" && bash -c "$run")
	[ "$(wc -l <"$dir"/shards.log)" -eq "$n" ] || die "the second run of the shards ran jobs again"
	say "running: $merge"
	(cd "$dir" && bash -c "$merge")
	check_catalogue "$dir/solutions.jsonl"
}

# --- the census ranges, one job killed
M=$((1 << (TEST_CENSUS_DEPTH - 1)))
census_lines() {
	mapfile -t cmds < <(readme_commands 'parallel --joblog census.log')
	[ ${#cmds[@]} -eq 2 ] || die "docs/CLUSTER.md: no block of two commands, parallel then census merge, for the census"
	run=${cmds[0]}
	[[ $run == *--joblog*--resume-failed* ]] || die "docs/CLUSTER.md: the census' parallel line has no --joblog and --resume-failed"
	run=$(subst "$run" 16383 $((TEST_CENSUS_TASKS - 1)) 1)
	run=$(subst "$run" 16384 "$TEST_CENSUS_TASKS" 2)
	run=$(subst "$run" '1<<33' "1<<$((TEST_CENSUS_DEPTH - 1))" 1)
	run=$(subst "$run" '-size 4 ' "-size $TEST_CENSUS_BOX " 1)
	run=$(subst "$run" '-depth 34 ' "-depth $TEST_CENSUS_DEPTH " 1)
	merge=${cmds[1]}
}

# The docs/CLUSTER.md line with its own numbers: the job command between the
# quotes, {} replaced by the task, run against a snakecube that prints
# its arguments.
readme_task() {
	local job=${cmds[0]#*\'}
	job=${job%\'*}
	PATH="$STUB:$PATH" sh -c "${job//\{\}/$1}"
}

descendants() {
	local p
	for p in $(ps -o pid= --ppid "$1"); do
		echo "$p"
		descendants "$p"
	done
}

# victim PID finds a census job under PID that has counted some but not
# all of its sections: VICTIM its pid, VICTIM_FILE its file, VICTIM_SIZE
# its number of sections.
victim() {
	local p args a b n
	for p in $(descendants "$1"); do
		[ "$(cat /proc/"$p"/comm 2>/dev/null)" = snakecube ] || continue
		mapfile -t args < <(tr '\0' '\n' </proc/"$p"/cmdline 2>/dev/null)
		[[ " ${args[*]} " == *" census "* ]] || continue
		a= b=
		VICTIM_FILE=
		for ((n = 0; n < ${#args[@]} - 1; n++)); do
			case ${args[n]} in
			-sections) IFS=: read -r a b <<<"${args[n + 1]}" ;;
			-o) VICTIM_FILE=$2/${args[n + 1]} ;;
			esac
		done
		[ -f "$VICTIM_FILE" ] || continue
		n=$(wc -l <"$VICTIM_FILE")
		if [ "$n" -gt 0 ] && [ "$n" -lt $((b - a)) ]; then
			VICTIM=$p VICTIM_SIZE=$((b - a))
			return 0
		fi
	done
	return 1
}

# kill_midway PID DIR stops a census job of the parallel run PID (SIGSTOP,
# so that it cannot finish while we look: its state is awaited, T), checks
# that it is mid-way, and ends it with SIGTERM, as a crash or a preemption
# would.
kill_midway() {
	local n2
	wait_until 300 "a census job mid-way" victim "$1" "$2"
	kill -STOP "$VICTIM" || die "the census job mid-way finished before it could be stopped"
	wait_until 120 "the census job $VICTIM to stop" stopped_or_gone "$VICTIM"
	stopped "$VICTIM" || die "the census job mid-way finished before it could be stopped: use a bigger TEST_CENSUS_BOX"
	n2=$(wc -l <"$VICTIM_FILE")
	[ "$n2" -lt "$VICTIM_SIZE" ] || die "the job finished before it was stopped: use a bigger TEST_CENSUS_BOX"
	kill -TERM "$VICTIM"
	kill -CONT "$VICTIM"
	say "job writing $(basename "$VICTIM_FILE") killed mid-way: $n2 of its $VICTIM_SIZE sections counted"
}

# failed_jobs prints the Seq and Exitval of the job log's failed jobs.
failed_jobs() { awk -F'\t' 'NR > 1 && $7 != 0 { print $1, $7 }' "$1"; }

census_recipe() {
	local dir=$TEST_WORK/parallel-census pid rc=0 failed got i files=()
	rm -rf "$dir" && mkdir -p "$dir"
	say "running: $run"
	(cd "$dir" && exec bash -c "$run") &
	pid=$!
	kill_midway "$pid" "$dir"
	wait "$pid" || rc=$?
	[ "$rc" -eq 1 ] || die "parallel exited $rc, not 1 (one job failed)"
	failed=$(failed_jobs "$dir/census.log")
	if [ "$(wc -l <<<"$failed")" -ne 1 ] || [ "${failed#* }" != 130 ]; then
		die "the job log does not show one job interrupted (exit 130): $failed"
	fi
	say "running again: $run"
	(cd "$dir" && bash -c "$run") || die "the resumed run failed"
	[ "$(wc -l <"$dir/census.log")" -eq $((TEST_CENSUS_TASKS + 2)) ] ||
		die "the resumed run did not run exactly the one failed job again"
	[ "$(tail -n 1 "$dir/census.log" | cut -f1,7)" = "${failed% *}	0" ] ||
		die "the job log's last line is not the killed job, done"
	for ((i = 0; i < TEST_CENSUS_TASKS; i++)); do
		files+=("$dir/census-$i.jsonl")
	done
	check_tiling "$M" "${files[@]}"
	say "running: $merge"
	got=$(cd "$dir" && bash -c "$merge" | grep -Ev '^(cpu_)?seconds ')
	diff "$(reference_census)" - <<<"$got" >&2 || die "docs/CLUSTER.md's census merge differs from the one-machine census"
	say "census merge -complete: the same counts as one machine"
}

# --- the rehearsal over 1/10,000 of the sections, at full size
REHEARSAL_M=$((1 << 33))
REHEARSAL_TASKS=16384
rehearsal_lines() {
	mapfile -t rcmds < <(readme_commands 'parallel --joblog rehearsal.log')
	[ ${#rcmds[@]} -eq 3 ] || die "docs/CLUSTER.md: no block of three commands, parallel, census merge and census check, for the rehearsal"
	[[ ${rcmds[0]} == *--joblog*--resume-failed* ]] || die "docs/CLUSTER.md: the rehearsal's parallel line has no --joblog and --resume-failed"
	[[ ${rcmds[0]} == *"-size 4 -depth 34 "* ]] || die "docs/CLUSTER.md: the rehearsal is not of 4x4x4 at depth 34"
	rrun=$(subst "${rcmds[0]}" 'seq 0 16383' "printf '%s\\n' $TEST_REHEARSAL_TASKS" 1)
}

# rehearsal_arithmetic runs the rehearsal's job for every one of its tasks
# in one shell, snakecube a function printing its arguments, and checks
# what they pass: ranges tiling the 2^33 sections, samples of 52 or 53
# sections (a 10,000th of the range, rounded down or up), one seed a
# task, and 858,993 sections in all, a 10,000th of 2^33 rounded down.
rehearsal_arithmetic() {
	local job=${rcmds[0]#*\'} got
	job=${job%\'*}
	got=$(bash -c "snakecube() { printf '%s\\n' \"\$*\"; }
		for t in \$(seq 0 $((REHEARSAL_TASKS - 1))); do ${job//\{\}/\$t}; done" |
		awk -v m=$REHEARSAL_M '
			{
				for (i = 1; i < NF; i++) {
					if ($i == "-sections") { split($(i + 1), r, ":"); a = r[1]; b = r[2] }
					if ($i == "-sample") n = $(i + 1)
					if ($i == "-seed") s = $(i + 1)
				}
				if (a != next_a) { print "task " NR - 1 " starts at " a ", not " next_a; exit 1 }
				if (a >= b) { print "task " NR - 1 " has the empty range " a ":" b; exit 1 }
				if (n < 52 || n > 53) { print "task " NR - 1 " draws " n " sections, not 52 or 53"; exit 1 }
				if (s in seen) { print "tasks " seen[s] " and " NR - 1 " share the seed " s; exit 1 }
				seen[s] = NR - 1; next_a = b; total += n
			}
			BEGIN { next_a = 0 }
			END { if (next_a != m) { print "the ranges end at " next_a ", not " m; exit 1 }; print NR, total }
		') || die "docs/CLUSTER.md's rehearsal: $got"
	[ "$got" = "$REHEARSAL_TASKS $((REHEARSAL_M / 10000))" ] ||
		die "docs/CLUSTER.md's rehearsal: $got (tasks, sections), not $REHEARSAL_TASKS tasks and $((REHEARSAL_M / 10000)) sections"
	say "docs/CLUSTER.md's rehearsal: its $REHEARSAL_TASKS tasks tile the $REHEARSAL_M sections, each drawing 52 or 53 with a seed of its own, $((REHEARSAL_M / 10000)) in all"
}

rehearsal_recipe() {
	local dir=$TEST_WORK/parallel-rehearsal t n a b got lines=0 out
	rm -rf "$dir" && mkdir -p "$dir"
	say "running: $rrun"
	(cd "$dir" && bash -c "$rrun") || die "the rehearsal's tasks failed"
	n=$(wc -l <"$dir/rehearsal.log")
	(cd "$dir" && bash -c "$rrun") || die "the rehearsal run again failed"
	[ "$(wc -l <"$dir/rehearsal.log")" -eq "$n" ] || die "the rehearsal run again ran tasks again"
	for t in $TEST_REHEARSAL_TASKS; do
		a=$((REHEARSAL_M * t / REHEARSAL_TASKS)) b=$((REHEARSAL_M * (t + 1) / REHEARSAL_TASKS))
		n=$((REHEARSAL_M * (t + 1) / (REHEARSAL_TASKS * 10000) - REHEARSAL_M * t / (REHEARSAL_TASKS * 10000)))
		got=$(census_sections "$dir/rehearsal-$t.jsonl" | awk -v a="$a" -v b="$b" '$1 < a || $1 >= b { bad++ } END { print NR, bad + 0 }')
		[ "$got" = "$n 0" ] || die "rehearsal-$t.jsonl: $got (sections, outside $a:$b), not $n sections of its range"
		lines=$((lines + n))
	done
	say "running: ${rcmds[1]}"
	out=$(cd "$dir" && bash -c "${rcmds[1]}" 2>&1) || die "the rehearsal's merge failed: $out"
	grep -q "^# extrapolated from a random sample of $lines of the $REHEARSAL_M sections" <<<"$out" ||
		die "the rehearsal's merge does not extrapolate its $lines sections: $out"
	say "running: ${rcmds[2]}"
	out=$(cd "$dir" && bash -c "${rcmds[2]} -quiet" 2>&1) || die "the rehearsal's check failed: $out"
	got=$(grep -o '^# [0-9]* sections recounted: [0-9]* agree, 0 disagree' <<<"$out") ||
		die "the rehearsal's check prints no recount with none disagreeing: $out"
	say "rehearsal: tasks $TEST_REHEARSAL_TASKS, $lines sections of 4x4x4 at depth 34, merged and extrapolated; ${got#\# }"
}

STUB=$(stub_snakecube)
rehearsal_lines
rehearsal_arithmetic
census_lines
check_ranges "docs/CLUSTER.md's parallel census" $((1 << 33)) 16384 readme_task
reference_enumerate >/dev/null
reference_census >/dev/null
timed "docs/CLUSTER.md shards: enumerate $TEST_ENUM_BOX in 8 jobs, run twice, merged" shards_recipe
timed "docs/CLUSTER.md census: $TEST_CENSUS_BOX depth $TEST_CENSUS_DEPTH in $TEST_CENSUS_TASKS jobs, one killed, resumed" census_recipe
timed "docs/CLUSTER.md rehearsal: 4x4x4 depth 34, tasks $TEST_REHEARSAL_TASKS of 16384, each 1/10,000 of its range" rehearsal_recipe
say "ok"
