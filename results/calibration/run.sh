#!/bin/sh
# Runs the calibration plan (plan.tsv beside this script) in rounds, at the
# lowest priority: each round adds a step of descents to every seed's file
# of every box, estimate-BOX-wWIDTH-cCAPACITY[-cut][-budget[-deepestE]]-sSEED.jsonl
# beside it,
# for the seeds the plan lists for the box, until each seed's file holds
# the box's descents over the number of its seeds, rounded up (a file that
# holds more already is left as it is). Resumable: run it again; a run
# stopped mid-round loses at most the descent it was in. The solutions of
# a box, from "snakecube paths" in ../paths/BOX.txt (a line "solutions
# N"), are the control variate. SNAKECUBE names the binary (default:
# snakecube on the PATH); BOXES, the boxes to run of the plan (default: all
# of them); SEEDS, the seeds to run (default: all of them; "1001 1002" say,
# to share the plan between runs); further arguments go to every estimate
# (-j 1, say).
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
bin=${SNAKECUBE:-snakecube}
# seeds LIST prints the seeds of a plan's list, "1001-1004,1101-1108" say,
# one a line.
seeds() {
	for r in $(echo "$1" | tr ',' ' '); do
		case $r in
		*-*) seq "${r%-*}" "${r#*-}" ;;
		*) echo "$r" ;;
		esac
	done
}
while :; do
	left=0
	for line in $(grep -v '^#' "$dir/plan.tsv" | tr '\t' ':'); do
		box=${line%%:*}; rest=${line#*:}; width=${rest%%:*}; rest=${rest#*:}
		capacity=${rest%%:*}; rest=${rest#*:}; cut=${rest%%:*}; rest=${rest#*:}
		budget=${rest%%:*}; rest=${rest#*:}
		# A budget is no, or DEPTH:NODES or DEPTH-DEEPEST:NODES, whose
		# colon the tabs' took.
		[ "$budget" = no ] || { budget=$budget:${rest%%:*}; rest=${rest#*:}; }
		seeds=${rest%%:*}; rest=${rest#*:}; step=${rest%%:*}; total=${rest#*:}
		case " ${BOXES:-$box} " in *" $box "*) ;; *) continue ;; esac
		design="-width $width -capacity $capacity"
		name="estimate-$box-w$width-c$capacity"
		if [ "$cut" = yes ]; then
			design="$design -cut"
			name="$name-cut"
		fi
		if [ "$budget" != no ]; then
			from=${budget%%:*}
			design="$design -depth ${from%-*} -budget ${budget#*:}"
			name="$name-budget"
			case $from in *-*)
				design="$design -deepest ${from#*-}"
				name="$name-deepest${from#*-}" ;;
			esac
		fi
		known="-solutions $(awk '$1 == "solutions" {print $2}' "$dir/../paths/$box.txt")"
		list=$(seeds "$seeds")
		n=$(echo "$list" | wc -w)
		per=$(( (total + n - 1) / n ))
		for seed in $list; do
			case " ${SEEDS:-$seed} " in *" $seed "*) ;; *) continue ;; esac
			f="$dir/$name-s$seed.jsonl"
			have=0
			[ -f "$f" ] && have=$(grep -c . "$f" || true)
			[ "$have" -ge "$per" ] && continue
			left=$((left + 1))
			want=$((have + step))
			[ "$want" -gt "$per" ] && want=$per
			nice -n 19 "$bin" estimate -snakes -quiet -size "$box" $design -seed "$seed" -samples "$want" $known -o "$f" "$@" > /dev/null
		done
	done
	[ "$left" -eq 0 ] && break
done
