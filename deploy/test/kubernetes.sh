#!/usr/bin/env bash
# Runs the shell command of each manifest in deploy/kubernetes, taken from
# the manifest itself, once per completion index, as the pods of its
# Indexed Job would, in a folder standing for the shared volume (the
# manifests' workingDir), with only BOX, DEPTH, TASKS and SHARDS made
# smaller:
#   - enumerate-shards.yaml: the parts merged and compared byte for byte
#     with one run;
#   - census.yaml: the ranges must tile the sections exactly, and merged
#     with -complete give the counts of one run; with the manifest's own
#     numbers (2^33 sections, 16384 tasks) against a snakecube that prints
#     its arguments, the ranges must tile too.
# The manifests must name the image that make image builds.
# With ENGINE_RUN set (by container.sh: the words that run a command in
# the image, the shared folder mounted on the manifests' workingDir), the
# pods' commands run in the image instead of on this machine.
source "$(dirname "$0")/lib.sh"

ENUMERATE=$REPO/deploy/kubernetes/enumerate-shards.yaml
CENSUS=$REPO/deploy/kubernetes/census.yaml
WHERE=${ENGINE_RUN:+in the image}
WHERE=${WHERE:-with /bin/sh on this machine}
# The shared volume of each job, a new one for each run.
VOLUME=$TEST_WORK/kubernetes${ENGINE_RUN:+-image}

static_checks() {
	local f want
	want=$(sed -n 's/^IMAGE ?= //p' "$REPO/Makefile")
	for f in "$ENUMERATE" "$CENSUS"; do
		[ "$(manifest_value "$f" image)" = "$want" ] || die "$f names image $(manifest_value "$f" image), not $want (make image)"
		[ "$(manifest_value "$f" workingDir)" = /data ] || die "$f: workingDir is not /data, the shared volume"
		grep -qF 'command: ["/bin/sh", "-c"]' "$f" || die "$f: the command is not /bin/sh -c"
		# The API server refuses a Job that limits its retries by index or
		# has a pod failure policy unless its pods never restart in place.
		if grep -qE '^  (backoffLimitPerIndex|podFailurePolicy):' "$f"; then
			[ "$(manifest_value "$f" restartPolicy)" = Never ] ||
				die "$f: backoffLimitPerIndex and podFailurePolicy need restartPolicy Never, not $(manifest_value "$f" restartPolicy)"
		fi
	done
	[ "$(manifest_value "$ENUMERATE" completions)" = "$(manifest_value "$ENUMERATE" SHARDS)" ] ||
		die "$ENUMERATE: completions and SHARDS differ"
	[ "$(manifest_value "$CENSUS" completions)" = "$(manifest_value "$CENSUS" TASKS)" ] ||
		die "$CENSUS: completions and TASKS differ"
}

# pods DIR FILE N VAR=VALUE... runs the manifest's command for the
# completion indexes 0 to N-1, two at a time, in DIR, with the given
# environment and nothing else of ours.
pods() {
	local dir=$1 name cmd n=$3 i pids=() rc=0 kv envs
	name=$(basename "$2")
	cmd=$(manifest_command "$2")
	shift 3
	[ -n "$cmd" ] || die "$name: no command under args"
	chmod 777 "$dir" # what fsGroup does for the pods' volume
	for ((i = 0; i < n; i++)); do
		if [ -n "${ENGINE_RUN:-}" ]; then
			envs=()
			for kv in "$@" "JOB_COMPLETION_INDEX=$i"; do envs+=(-e "$kv"); done
			# shellcheck disable=SC2086 # ENGINE_RUN is words
			$ENGINE_RUN -v "$dir:/data" -w /data "${envs[@]}" --entrypoint /bin/sh "$IMAGE" -c "$cmd" &
		else
			(cd "$dir" && env -i PATH="$TEST_WORK/bin:/usr/bin:/bin" "$@" JOB_COMPLETION_INDEX="$i" /bin/sh -c "$cmd") &
		fi
		pids+=($!)
		if [ ${#pids[@]} -ge 2 ]; then
			wait "${pids[0]}" || rc=1
			pids=("${pids[@]:1}")
		fi
	done
	for i in "${pids[@]}"; do wait "$i" || rc=1; done
	[ $rc -eq 0 ] || die "a pod of $name failed"
}

enumerate_job() {
	local dir=$VOLUME-enumerate
	rm -rf "$dir" && mkdir -p "$dir"
	pods "$dir" "$ENUMERATE" "$TEST_ENUM_SHARDS" BOX="$TEST_ENUM_BOX" SHARDS="$TEST_ENUM_SHARDS"
	snakecube merge -size "$TEST_ENUM_BOX" -o "$dir/solutions.jsonl" "$dir"/part-*.jsonl
	check_catalogue "$dir/solutions.jsonl"
}

census_job() {
	local dir=$VOLUME-census i files=()
	rm -rf "$dir" && mkdir -p "$dir"
	pods "$dir" "$CENSUS" "$TEST_CENSUS_TASKS" BOX="$TEST_CENSUS_BOX" DEPTH="$TEST_CENSUS_DEPTH" TASKS="$TEST_CENSUS_TASKS"
	for ((i = 0; i < TEST_CENSUS_TASKS; i++)); do
		files+=("$dir/census-$i.jsonl")
	done
	check_tiling $((1 << (TEST_CENSUS_DEPTH - 1))) "${files[@]}"
	check_census "${files[@]}"
}

# The manifest's own numbers, against a stub.
census_pod() {
	env -i PATH="$STUB:/usr/bin:/bin" BOX="$(manifest_value "$CENSUS" BOX)" \
		DEPTH="$(manifest_value "$CENSUS" DEPTH)" TASKS="$(manifest_value "$CENSUS" TASKS)" \
		JOB_COMPLETION_INDEX="$1" /bin/sh -c "$(manifest_command "$CENSUS")"
}

STUB=$(stub_snakecube)
static_checks
[ -n "${ENGINE_RUN:-}" ] || check_ranges deploy/kubernetes/census.yaml \
	$((1 << ($(manifest_value "$CENSUS" DEPTH) - 1))) "$(manifest_value "$CENSUS" TASKS)" census_pod
reference_enumerate >/dev/null
reference_census >/dev/null
timed "enumerate-shards.yaml: $TEST_ENUM_BOX in $TEST_ENUM_SHARDS pods $WHERE, merged" enumerate_job
timed "census.yaml: $TEST_CENSUS_BOX depth $TEST_CENSUS_DEPTH in $TEST_CENSUS_TASKS pods $WHERE" census_job
say "ok ($WHERE)"
