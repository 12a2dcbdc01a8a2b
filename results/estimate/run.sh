#!/bin/sh
# Runs the estimate plan (plan.tsv beside this script) in rounds, at the
# lowest priority: each round adds a step of descents to every box not
# yet at 2% for both snakes and one-solution snakes (over 1,000 descents
# at least; a box past 1,000 takes only as many more as its spread asks
# for, if fewer), into estimate-BOX-wWIDTH.jsonl beside it, or
# estimate-BOX-wWIDTH-cCAPACITY.jsonl for a capacity other than 4096.
# Resumable: run it again. The solutions of a box, from "snakecube
# paths" in ../paths/BOX.txt (a line "solutions N"), are the control
# variate when there. SNAKECUBE names the binary (default: snakecube on
# the PATH); further arguments go to every estimate (-j 1, say).
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
bin=${SNAKECUBE:-snakecube}
target=2.0
while :; do
	left=0
	for line in $(grep -v '^#' "$dir/plan.tsv" | tr '\t' ':'); do
		box=${line%%:*}; rest=${line#*:}; width=${rest%%:*}; rest=${rest#*:}
		capacity=${rest%%:*}; rest=${rest#*:}; step=${rest%%:*}
		f="$dir/estimate-$box-w$width.jsonl"
		[ "$capacity" -eq 4096 ] || f="$dir/estimate-$box-w$width-c$capacity.jsonl"
		have=0 rel=""
		[ -f "$f" ] && have=$(grep -c . "$f" || true)
		known=""
		p="$dir/../paths/$box.txt"
		[ -f "$p" ] && known="-solutions $(awk '$1 == "solutions" {print $2}' "$p")"
		if [ "$have" -ge 1000 ]; then
			# Done when both relative errors are at most the target, over
			# enough descents that the errors themselves are steady.
			rel=$(nice -n 19 "$bin" estimate -snakes -quiet -size "$box" -width "$width" -capacity "$capacity" -samples "$have" $known -o "$f" "$@" |
				awk '$1 == "snakes" || $1 == "one_solution_snakes" {gsub(/[()%]/, "", $NF); print $NF}' | sort -g | tail -1)
			if [ -n "$rel" ] && awk "BEGIN {exit !($rel > 0 && $rel <= $target)}"; then
				continue
			fi
		fi
		left=$((left + 1))
		want=$((have + step))
		if [ "$have" -ge 1000 ] && [ -n "$rel" ]; then
			# Near the target, only what the spread so far asks for (the
			# errors fall as the square root of the descents), a tenth
			# more, and at least 50: not a whole step.
			need=$(awk "BEGIN {n = $have * ($rel / $target)^2 * 1.1; print int(n) + 1}")
			[ "$need" -lt $((have + 50)) ] && need=$((have + 50))
			[ "$need" -lt "$want" ] && want=$need
		fi
		nice -n 19 "$bin" estimate -snakes -quiet -size "$box" -width "$width" -capacity "$capacity" -samples "$want" $known -o "$f" "$@" > /dev/null
	done
	[ "$left" -eq 0 ] && break
done
