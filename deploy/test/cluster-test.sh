#!/usr/bin/env bash
# make cluster-test: the scale-out recipes of docs/CLUSTER.md and deploy/ run
# for real on this machine, at sizes that take minutes (see lib.sh for the
# sizes and how to change them). Each part runs under a time limit; a part
# that cannot run here says why and is counted as skipped, not passed. At
# the end, what each part did and how long it took.
source "$(dirname "$0")/lib.sh"
exec </dev/null

t0=$(date +%s)
say "binary $SNAKECUBE_BIN; enumerate $TEST_ENUM_BOX in $TEST_ENUM_SHARDS shards;" \
	"census $TEST_CENSUS_BOX at depth $TEST_CENSUS_DEPTH in $TEST_CENSUS_TASKS ranges; $(nproc) cores"
reference_enumerate >/dev/null
reference_census >/dev/null
failed=()
for part in kubernetes parallel slurm container; do
	rc=0
	timeout -k 30 900 bash "$(dirname "$0")/$part.sh" || rc=$?
	[ $rc -eq 0 ] || failed+=("$part (exit $rc$([ $rc -eq 124 ] && echo ', timed out after 900 s'))")
done

echo "cluster-test: seconds, on $(nproc) cores:" >&2
awk -F'\t' '{ printf "  %-12s %6.1f  %s\n", $1, $3, $2 }' "$TEST_WORK/timings" >&2
echo "cluster-test: $(($(date +%s) - t0)) s in all" >&2
[ ! -s "$TEST_WORK/skipped" ] || sed 's/^/cluster-test: SKIPPED /' "$TEST_WORK/skipped" >&2
[ ${#failed[@]} -eq 0 ] || die "${failed[*]}"
say "ok"
