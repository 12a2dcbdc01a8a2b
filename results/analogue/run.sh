#!/bin/sh
# The calibration's cheap analogues: estimate -snakes on a small exact box
# (2x2x10 to 2x2x12), many independent seeds of a few descents each, at a
# narrow design whose descents spread as 2x2x15's and 2x2x16's do at width
# and capacity 65,536, so that the mean over seeds, each seed's shared
# levels weighed once, can be set against the census (summary.py beside
# this script). Usage: run.sh BOX WIDTH CAPACITY SEEDS DESCENTS [FIRST_SEED]
# [more estimate flags]; the descents files go to $OUT (default
# /tmp/analogue), estimate-BOX-wW-cC-sSEED.jsonl, resumable. SNAKECUBE
# names the binary (default: snakecube on the PATH).
set -eu
box=$1 width=$2 capacity=$3 seeds=$4 descents=$5
first=${6:-2001}
shift 5
[ $# -gt 0 ] && shift
out=${OUT:-/tmp/analogue}
bin=${SNAKECUBE:-snakecube}
mkdir -p "$out"
seed=$first
while [ "$seed" -lt $((first + seeds)) ]; do
	nice -n 15 "$bin" estimate -snakes -quiet -size "$box" -width "$width" -capacity "$capacity" \
		-seed "$seed" -samples "$descents" -j 1 -o "$out/estimate-$box-w$width-c$capacity-s$seed.jsonl" "$@" > /dev/null
	seed=$((seed + 1))
done
