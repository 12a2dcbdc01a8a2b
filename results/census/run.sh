#!/bin/sh
# Runs the census plan (plan.tsv beside this script) box by box, cheapest
# first, at the lowest priority, into BOX/census-BOX-dDEPTH-FROM-TO.jsonl
# beside it. Resumable: run it again and every census skips the sections
# its file already holds, and counts in parts (kept in FILE.parts) a
# section it was stopped in after a minute or more. SNAKECUBE names the
# binary (default: snakecube on the PATH); further arguments are passed to
# every census (-j 1, say).
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
bin=${SNAKECUBE:-snakecube}
grep -v '^#' "$dir/plan.tsv" | while read -r box depth per _; do
	total=$((1 << (depth - 1)))
	mkdir -p "$dir/$box"
	from=0
	while [ "$from" -lt "$total" ]; do
		to=$((from + per))
		[ "$to" -gt "$total" ] && to=$total
		f=$(printf '%s/%s/census-%s-d%d-%05d-%05d.jsonl' "$dir" "$box" "$box" "$depth" "$from" "$to")
		nice -n 19 "$bin" census -quiet -size "$box" -depth "$depth" -sections "$from:$to" -o "$f" "$@"
		from=$to
	done
done
