#!/bin/sh
# Runs the estimate plan (plan.tsv beside this script) in rounds, at the
# lowest priority: each round adds a step of descents to every box not
# yet at its target for both snakes and one-solution snakes (over 1,000
# descents at least; a box past 1,000 takes only as many more as its
# spread asks for, if fewer), into estimate-BOX-wWIDTH.jsonl beside it, or
# estimate-BOX-wWIDTH-cCAPACITY.jsonl for a capacity other than 4096, with
# -cut before .jsonl for a design that weighs with the cut, and -strata
# after it for one drawn in the strata of strata-BOX.tsv beside it, and
# -budget after those for one that stops within a budget (the plan's
# DEPTH:NODES, estimate -depth DEPTH -budget NODES), and -deepestE after
# that for one that counts the section at E cubelets whatever its size
# (the plan's DEPTH-E:NODES, estimate -deepest E).
# Resumable: run it again. The solutions of a box, from "snakecube
# paths" in ../paths/BOX.txt (a line "solutions N"), are the control
# variate when there. SNAKECUBE names the binary (default: snakecube on
# the PATH); BOXES, the boxes to run of the plan (default: all of them,
# "2x3x10 3x4x5" say), to finish some first; further arguments go to
# every estimate (-j 1, say).
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
bin=${SNAKECUBE:-snakecube}
while :; do
	left=0
	for line in $(grep -v '^#' "$dir/plan.tsv" | tr '\t' ':'); do
		box=${line%%:*}; rest=${line#*:}; width=${rest%%:*}; rest=${rest#*:}
		capacity=${rest%%:*}; rest=${rest#*:}; step=${rest%%:*}; rest=${rest#*:}
		target=${rest%%:*}; rest=${rest#*:}; cut=${rest%%:*}; rest=${rest#*:}
		strata=${rest%%:*}; rest=${rest#*:}
		budget=${rest%:*} # no, DEPTH:NODES or DEPTH-E:NODES: all but the estimated nodes
		case " ${BOXES:-$box} " in *" $box "*) ;; *) continue ;; esac
		f="$dir/estimate-$box-w$width"
		[ "$capacity" -eq 4096 ] || f="$f-c$capacity"
		design="-width $width -capacity $capacity"
		if [ "$cut" = yes ]; then
			f="$f-cut"
			design="$design -cut"
		fi
		if [ "$strata" = yes ]; then
			# The choices below the strata are those of the descents
			# drawn without them, where those passed: borrowed, not
			# weighed again.
			[ -f "$f.jsonl" ] && design="$design -borrow $f.jsonl"
			f="$f-strata"
			design="$design -strata $dir/strata-$box.tsv"
		fi
		if [ "$budget" != no ]; then
			from=${budget%%:*}
			f="$f-budget"
			design="$design -depth ${from%-*} -budget ${budget#*:}"
			case $from in *-*)
				f="$f-deepest${from#*-}"
				design="$design -deepest ${from#*-}" ;;
			esac
		fi
		f="$f.jsonl"
		have=0 need=""
		[ -f "$f" ] && have=$(grep -c . "$f" || true)
		known=""
		p="$dir/../paths/$box.txt"
		[ -f "$p" ] && known="-solutions $(awk '$1 == "solutions" {print $2}' "$p")"
		if [ "$have" -ge 1000 ]; then
			# Done when the descents so far are as many as both relative
			# errors need to reach the target, over enough descents that
			# the errors themselves are steady.
			need=$(nice -n 19 "$bin" estimate -snakes -quiet -size "$box" $design -samples "$have" $known -target "$target" -o "$f" "$@" |
				awk '$1 == "descents_for_target" && $2 ~ /^[0-9]+$/ {print $2}')
			if [ -n "$need" ] && [ "$need" -le "$have" ]; then
				continue
			fi
		fi
		left=$((left + 1))
		want=$((have + step))
		if [ -n "$need" ]; then
			# Near the target, only what the spread so far asks for, a
			# tenth more, and at least 50: not a whole step.
			need=$((need + need / 10 + 1))
			[ "$need" -lt $((have + 50)) ] && need=$((have + 50))
			[ "$need" -lt "$want" ] && want=$need
		fi
		nice -n 19 "$bin" estimate -snakes -quiet -size "$box" $design -samples "$want" $known -o "$f" "$@" > /dev/null
	done
	[ "$left" -eq 0 ] && break
done
