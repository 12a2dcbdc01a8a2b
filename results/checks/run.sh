#!/bin/sh
# Recounts a sample of every complete census by another route, cheapest
# box first (the census plan's order), at the lowest priority:
#   snakecube census check -sample 200 -seed 1 -o BOX.recounts.jsonl ../census/BOX > BOX.txt
# 200 sections drawn by seed 1 (all of them for a box of fewer), each
# written as a catalogue, read back, checked and counted, and compared
# with its census line. A box whose census is under way, or whose check
# is done, is passed over. Each recount is kept in BOX.recounts.jsonl as
# it is made, and each part of a section recounted in parts (one of more
# than 2^19 solutions) in BOX.recounts.jsonl.parts, both committed with
# the results, so that a check stopped half-way resumes there, losing at
# most the parts it was in. Once BOX.txt is written the parts go and the
# recounts become BOX.recounted.jsonl, the record of what the check cost
# (each line its seconds and processor seconds; results/costs.csv), which
# a check run again, BOX.txt removed, does not read. A check
# stopped or disagreeing leaves BOX.txt.tmp, which is never committed,
# and the script, once it has gone on to the other boxes, exits 1.
# Arguments, if any, name the only boxes to check; those that start with
# '-' go to every census check instead: -j=1 recounts one section at a
# time, which halves the memory (3x4x4's check, two at a time, took
# 18.4 GB, docs/RESEARCH.md). SNAKECUBE names the
# binary (default: snakecube on the PATH).
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
bin=${SNAKECUBE:-snakecube}
flags='' only=''
for a; do
	case $a in
	-*) flags="$flags $a" ;;
	*) only="$only $a" ;;
	esac
done
grep -v '^#' "$dir/../census/plan.tsv" | {
failed=0
while read -r box _; do
	[ -z "$only" ] || case "$only " in *" $box "*) ;; *) continue ;; esac
	out=$dir/$box.txt
	[ -e "$out" ] && continue
	[ -d "$dir/../census/$box" ] || continue
	"$bin" census merge -complete "$dir/../census/$box" >/dev/null 2>&1 || continue
	if nice -n 19 "$bin" census check -quiet -sample 200 -seed 1 $flags -o "$dir/$box.recounts.jsonl" "$dir/../census/$box" >"$out.tmp"; then
		mv "$out.tmp" "$out"
		rm -f "$dir/$box.recounts.jsonl.parts"
		mv "$dir/$box.recounts.jsonl" "$dir/$box.recounted.jsonl"
	else
		echo "checks: $box: the recount disagrees with the census, or failed: see $out.tmp" >&2
		failed=1
	fi
done
exit $failed
}
