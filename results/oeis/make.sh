#!/bin/sh
# Writes the b-files of the families AxBxn (2x2xn, 2x3xn, 2x4xn, 3x3xn)
# beside this script, in OEIS's format (a line "n a(n)"), from the exact
# counts of the whole censuses that "snakecube census table -format csv"
# reads from the results folder (default: the one above this script):
# snakes-AxBxn.txt, solutions-AxBxn.txt and one-solution-snakes-AxBxn.txt,
# from n = 2 for as long as every box AxBxn is counted whole. Only the
# census's counts are written, never an estimate. SNAKECUBE names the
# binary (default: snakecube on the PATH). README.md defines the
# sequences.
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
bin=${SNAKECUBE:-snakecube}
results=${1:-$dir/..}
csv=$(mktemp)
trap 'rm -f "$csv" "$dir"/*.txt.tmp' EXIT
"$bin" census table -format csv "$results" > "$csv"
for family in 2x2 2x3 2x4 3x3; do
	a=${family%x*} b=${family#*x}
	for q in snakes solutions one-solution-snakes; do
		f="$dir/$q-${family}xn.txt"
		# The columns by name, the box's sides sorted as the csv
		# writes them; a term for each n from 2 until a box is not
		# counted whole.
		awk -F, -v a="$a" -v b="$b" -v q="$q" '
			NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
			$col["how"] == "census" {
				v = q == "snakes" ? $col["snakes"] : q == "solutions" ? $col["solutions"] : $col["one_solution_snakes"]
				n[$col["box"]] = v
			}
			function box(x, y, z,   t) {
				if (x > y) { t = x; x = y; y = t }
				if (y > z) { t = y; y = z; z = t }
				if (x > y) { t = x; x = y; y = t }
				return x "x" y "x" z
			}
			END {
				for (k = 2; box(a, b, k) in n; k++)
					print k, n[box(a, b, k)]
			}
		' "$csv" > "$f.tmp"
		mv "$f.tmp" "$f"
	done
done
