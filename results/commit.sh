#!/bin/sh
# Commits the results of the long runs as they stand (censuses, estimates,
# calibration, paths) with docs/BOXES.md's table, results/boxes.csv,
# results/calibration.csv and results/costs.csv made anew from exactly what is committed, while
# the runs go on writing: the tables are made from a copy of what git
# stages, not from the files, which may have grown since.
# SNAKECUBE names the binary (default: snakecube on the PATH). Run from
# the repository's top folder; the commit message is the arguments.
# Never git stash, checkout or reset the results while the runs write
# them: git puts a new file in place of the one a run appends to, and
# the run's later lines go to the old one, which no name reaches (a
# census redoes the sections lost when run again; an estimate, the
# descents).
set -eu
bin=${SNAKECUBE:-snakecube}
git add results
snap=$(mktemp -d)
trap 'rm -rf "$snap" results/boxes.csv.tmp results/calibration.csv.tmp results/costs.csv.tmp' EXIT
git checkout-index -a -q --prefix="$snap/"
table=$("$bin" census table "$snap/results")
doc=docs/BOXES.md
awk -v table="$table" '
	/^<!-- \$ snakecube census table results -->$/ { print; print table; skip = 1; next }
	/^<!-- end -->$/ && skip { skip = 0 }
	!skip { print }
' "$doc" > "$doc.tmp"
mv "$doc.tmp" "$doc"
"$bin" census table -format csv "$snap/results" > results/boxes.csv.tmp
mv results/boxes.csv.tmp results/boxes.csv
"$bin" census table -format calibration "$snap/results" > results/calibration.csv.tmp
mv results/calibration.csv.tmp results/calibration.csv
"$bin" census table -format costs "$snap/results" > results/costs.csv.tmp
mv results/costs.csv.tmp results/costs.csv
git add "$doc" results/boxes.csv results/calibration.csv results/costs.csv
git commit -q -m "${*:-results: the long runs as they stand}"
