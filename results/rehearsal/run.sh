#!/bin/bash
# Runs the rehearsal of the exact 4x4x4 census over a random 1/10,000 of
# its sections (docs/CLUSTER.md, "A rehearsal over a random 1/10,000 of
# the sections") as printed there, over sessions, beside the other long
# runs: the block's GNU parallel line, its task list and priority aside
# (nice -n 19, -j JOBS, default 1), in FILES (default: files/ beside this
# script, which git does not track: a census file a task, some 150 MB in
# all, and parallel's job log rehearsal.log). Resumable: run it again,
# and parallel skips the tasks its log holds done, a census the sections
# its file holds. TASKS ("0 1 4711", say; default all 16,384) runs those
# tasks only. SNAKECUBE names the binary (default: snakecube on the PATH).
#
# Each run writes tasks.tsv beside this script, a task done a line, from
# its file: its sections, their nodes, the nodes of its largest section,
# and the wall and processor seconds its lines say; that is what is
# committed of the tasks (their files are made again by running a task
# again, the same by its seed). Once every task of TASKS is done, it runs
# the block's merge and check into merge.txt and check.txt beside this
# script: the census extrapolated from the sample, and 200 sections
# recounted by the other route.
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$dir/../.." && pwd)
source "$REPO/deploy/test/recipes.sh"
files=${FILES:-$dir/files}
tasks=${TASKS:-$(seq 0 16383)}
mapfile -t cmds < <(readme_commands 'parallel --joblog rehearsal.log')
if [ ${#cmds[@]} -ne 3 ] || [[ ${cmds[0]} != 'seq 0 16383 | parallel '* ]]; then
	echo "rehearsal: docs/CLUSTER.md has no block of the rehearsal's three commands, seq 0 16383 | parallel ..., census merge and census check" >&2
	exit 1
fi
mkdir -p "$files/.bin"
# The recipe calls snakecube by name, as a user's would.
ln -sf "$(command -v "${SNAKECUBE:-snakecube}")" "$files/.bin/snakecube"
export PATH=$files/.bin:$PATH
cd "$files"
# The printed line but for its task list and -j: parallel's own flags
# (--joblog rehearsal.log --resume-failed) and the job stay as printed.
# shellcheck disable=SC2116,SC2086 # the tasks, one a word
nice -n 19 bash -c "printf '%s\n' $(echo $tasks) | parallel -j ${JOBS:-1} ${cmds[0]#seq 0 16383 | parallel }"

# done_tasks prints the tasks of the job log that ended well, one a line.
done_tasks() {
	awk -F'\t' 'NR > 1 && $7 == 0 && match($9, /rehearsal-[0-9]+\.jsonl/) {
		print substr($9, RSTART + 10, RLENGTH - 16)
	}' rehearsal.log | sort -n -u
}
# A task's line of tasks.tsv sums its file; num(KEY) is the number of
# field KEY of a census line, 0 where the line has none (counts of zero,
# and cpu_seconds before 2026-12-07, are left out).
summary=$(done_tasks | while read -r t; do
	awk -v t="$t" '
		function num(key) {
			if (match($0, "\"" key "\":[0-9.e+-]+")) return substr($0, RSTART + length(key) + 3, RLENGTH - length(key) - 3) + 0
			return 0
		}
		{ n = num("nodes"); nodes += n; if (n > largest) largest = n; secs += num("seconds"); cpu += num("cpu_seconds") }
		END { printf "%d\t%d\t%.0f\t%.0f\t%.6f\t%.6f\n", t, NR, nodes, largest, secs, cpu }
	' "rehearsal-$t.jsonl"
done)
{
	printf 'task\tsections\tnodes\tlargest\tseconds\tcpu_seconds\n'
	[ -z "$summary" ] || printf '%s\n' "$summary"
} > "$dir/tasks.tsv.tmp"
mv "$dir/tasks.tsv.tmp" "$dir/tasks.tsv"

# shellcheck disable=SC2086
missing=$(comm -23 <(printf '%s\n' $tasks | sort -u) <(done_tasks | sort -u) | wc -l)
if [ "$missing" -gt 0 ]; then
	echo "rehearsal: $missing of $(echo $tasks | wc -w) tasks still to run; run again to go on" >&2
	exit 0
fi
bash -c "${cmds[1]}" > "$dir/merge.txt.tmp"
mv "$dir/merge.txt.tmp" "$dir/merge.txt"
bash -c "${cmds[2]}" > "$dir/check.txt.tmp"
mv "$dir/check.txt.tmp" "$dir/check.txt"
