#!/usr/bin/env python3
"""Sets a calibration box's descents against its census, region by region.

    python3 results/calibration/regions.py BOX DEPTH [DESIGN]

from the repository's top folder: the descents of
results/calibration/estimate-BOX-DESIGN-s*.jsonl (DESIGN w65536-c65536 by
default; w65536-c65536-cut for 2x2x16) grouped by the first DEPTH
cubelets of their prefix, each group's share of the snakes' estimate (its
descents' weighted snakes summed over all descents) against the snakes the
census under results/census/BOX holds under that prefix; and how skewed
the descents are: the median descent over the census, the share below
their mean, what the top 1% carry, the largest over the mean. Only the
standard library.
"""
import collections
import glob
import json
import math
import statistics
import sys

box, depth = sys.argv[1], int(sys.argv[2])
design = sys.argv[3] if len(sys.argv) > 3 else "w65536-c65536"

census = collections.Counter()
for name in glob.glob(f"results/census/{box}/census-*.jsonl"):
    for line in open(name):
        r = json.loads(line)
        census[r["prefix"][:depth]] += r.get("snakes", 0)
total = sum(census.values())

descents = []
for name in sorted(glob.glob(f"results/calibration/estimate-{box}-{design}-s*.jsonl")):
    for line in open(name):
        r = json.loads(line)
        descents.append((r["prefix"][:depth], r.get("snakes", 0) / r["probability"]))
n = len(descents)
if n < 2 or total == 0:
    sys.exit(f"{box}: {n} descents, {total} snakes in the census: nothing to set against")

by = collections.defaultdict(list)
for p, v in descents:
    by[p].append(v)
mean = sum(v for _, v in descents) / n
print(f"{box} {design}: {n} descents, estimate {mean:.6g}, census {total}, ratio {mean / total:.4f}")
print("region census estimate ratio z descents")
rows = []
for p in sorted(set(census) | set(by)):
    vs = by.get(p, [])
    e = sum(vs) / n  # the region's share, an unbiased estimate of census[p]
    var = (sum(v * v for v in vs) / n - e * e) / (n - 1)
    se = math.sqrt(max(var, 0))
    rows.append((p, census[p], e, se, len(vs)))
rows.sort(key=lambda r: -r[1])
for p, c, e, se, k in rows:
    ratio = f"{e / c:.3f}" if c else "-"
    z = f"{(e - c) / se:+.2f}" if se > 0 else "-"
    print(f"{p} {c} {e:.6g} {ratio} {z} {k}")
filled = [r for r in rows if r[1] > 0]
print(f"regions with snakes: {len(filled)}, unvisited: {sum(1 for r in filled if r[4] == 0)}, "
      f"below the census: {sum(1 for r in filled if r[2] < r[1])}, above: {sum(1 for r in filled if r[2] >= r[1])}")
vs = sorted((v for _, v in descents), reverse=True)
s = sum(vs)
print(f"median descent over the census: {statistics.median(vs) / total:.3f}; "
      f"descents below their mean: {sum(1 for v in vs if v < s / n) / n:.0%}; "
      f"the top 1% carry {sum(vs[:max(1, n // 100)]) / s:.1%}; largest over the mean: {vs[0] / (s / n):.1f}")
