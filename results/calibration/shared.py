#!/usr/bin/env python3
"""How far the calibration boxes are independent evidence, and where a lean enters.

    python3 results/calibration/shared.py [snakes|solutions|one_solution_snakes] [BOX:DESIGN ...]

from the repository's top folder, over the committed descents of
results/calibration and the censuses under results/census, of the boxes
and designs given (default: the plan's, 3x4x4, 2x5x5, 2x4x6 and 2x2x15
at w65536-c65536 and 2x2x16 at w65536-c65536-cut). The boxes taken
together below are the thick ones, 3x4x4, 2x5x5 and 2x4x6, by default,
and the first two given otherwise. Only the standard library.

A seed draws the same random numbers on every box: descent k of seed s
takes its steps with the stream (s, k). So the descents of one seed and
index on two boxes are not independent, and this prints:

- the correlation of the weighted counts (count over probability) of
  descents of one seed and index, box against box, Pearson's and of the
  ranks; and within a box, descent k against k+1, k+2, k+10 and against
  the next seed's descent k, which are independent draws;
- z of each box, and of the thick boxes taken together twice: as if independent, and with the covariance of their
  means that the shared descents carry;
- the choices against their probabilities, box by box: the sum over
  every step of every descent of (child taken is '1') minus the
  probability of '1', over its standard deviation; 0 give or take 1 were
  the steps independent draws of their probabilities (they are, within a
  box; the boxes share them);
- the martingale of the descents: at each depth j the census knows
  (its sections' prefixes and theirs), the mean of T(p_j) / P_j, where
  p_j is the descent's prefix of j cubelets, P_j the probability of
  reaching it and T the census's count under it. It is 1 in expectation
  at every depth; where it leaves 1 is where a descent's lean comes from.
"""
import collections
import glob
import json
import math
import sys

QUANTITY = (sys.argv[1] if len(sys.argv) > 1 else "snakes").lower()
if QUANTITY not in ("snakes", "solutions", "one_solution_snakes"):
    sys.exit(f"{QUANTITY}: want snakes, solutions or one_solution_snakes")
BOXES = [tuple(a.split(":", 1)) for a in sys.argv[2:]] or [
    ("3x4x4", "w65536-c65536"),
    ("2x5x5", "w65536-c65536"),
    ("2x4x6", "w65536-c65536"),
    ("2x2x15", "w65536-c65536"),
    ("2x2x16", "w65536-c65536-cut"),
]
if any(len(b) != 2 for b in BOXES):
    sys.exit("want BOX:DESIGN, 3x4x4:w65536-c65536 say")
# The thick boxes, taken together: those whose descents correlate most
# (the calibration's three of 48 to 50 cells); given boxes, the first two.
THICK = ["3x4x4", "2x5x5", "2x4x6"] if len(sys.argv) <= 2 else [b for b, _ in BOXES[:2]]


def census(box):
    under = collections.Counter()
    depth = 0
    for name in glob.glob(f"results/census/{box}/*.jsonl"):
        for line in open(name):
            r = json.loads(line)
            p = r["prefix"]
            depth = max(depth, len(p))
            for j in range(1, len(p) + 1):
                under[p[:j]] += r.get(QUANTITY, 0)
    return under, depth


def descents(box, design):
    out = {}
    for name in sorted(glob.glob(f"results/calibration/estimate-{box}-{design}-s*.jsonl")):
        for line in open(name):
            r = json.loads(line)
            out[(r["seed"], r["descent"])] = r
    return out


def corr(a, b):
    n = len(a)
    ma, mb = sum(a) / n, sum(b) / n
    sab = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    sa = sum((x - ma) ** 2 for x in a)
    sb = sum((y - mb) ** 2 for y in b)
    return sab / math.sqrt(sa * sb) if sa > 0 and sb > 0 else 0.0


def ranks(v):
    order = sorted(range(len(v)), key=lambda i: v[i])
    r = [0] * len(v)
    for pos, i in enumerate(order):
        r[i] = pos
    return r


def mean_se(ys):
    n = len(ys)
    m = sum(ys) / n
    return m, math.sqrt(sum((y - m) ** 2 for y in ys) / (n - 1) / n)


data, totals, depths = {}, {}, {}
for box, design in BOXES:
    ds = descents(box, design)
    if len(ds) < 2:
        sys.exit(f"{box}: fewer than two descents in results/calibration")
    under, depth = census(box)
    if under["0"] == 0:
        sys.exit(f"{box}: no census under results/census/{box}")
    data[box], totals[box], depths[box] = ds, under, depth

# Each descent's weighted count over the census: 1 in expectation.
ratio = {
    box: {k: r.get(QUANTITY, 0) / r["probability"] / totals[box]["0"] for k, r in ds.items()}
    for box, ds in data.items()
}
names = [b for b, _ in BOXES]

print(f"{QUANTITY}: descents of one seed and index, box against box (Pearson / ranks, descents in common)")
print("        " + "".join(f"{n:>20s}" for n in names[1:]))
for i, a in enumerate(names[:-1]):
    cells = []
    for b in names[1:]:
        if names.index(b) <= i:
            cells.append(" " * 20)
            continue
        ks = sorted(set(ratio[a]) & set(ratio[b]))
        if len(ks) < 3:
            cells.append(f"{'-':>20s}")
            continue
        x, y = [ratio[a][k] for k in ks], [ratio[b][k] for k in ks]
        cells.append(f"{corr(x, y):+.2f} / {corr(ranks(x), ranks(y)):+.2f} ({len(ks)})".rjust(20))
    print(f"{a:8s}" + "".join(cells))

print("\nwithin a box, independent draws (Pearson): k+1, k+2, k+10, the next seed's k")
for box in names:
    r = ratio[box]
    cells = []
    for ds, dk in ((0, 1), (0, 2), (0, 10), (1, 0)):
        ks = [k for k in r if (k[0] + ds, k[1] + dk) in r]
        cells.append(f"{corr([r[k] for k in ks], [r[(k[0] + ds, k[1] + dk)] for k in ks]):+.3f}" if len(ks) > 2 else "-")
    print(f"  {box:8s} " + " ".join(cells))

print("\nz of each box: (mean - 1) / se over its descents")
means = {}
for box in names:
    m, se = mean_se(list(ratio[box].values()))
    means[box] = (m, se, len(ratio[box]))
    print(f"  {box:8s} descents {len(ratio[box]):6d} mean {m:.4f} se {se:.4f} z {(m - 1) / se:+.2f}")

# The thick boxes together: the mean of their z's, whose variance is
# that of independent z's plus twice their covariances, each the
# correlation of the shared descents times the share they make.
zs = [(means[b][0] - 1) / means[b][1] for b in THICK]
cov = 0.0
for a in THICK:
    for b in THICK:
        if a == b:
            cov += 1
            continue
        ks = sorted(set(ratio[a]) & set(ratio[b]))
        if len(ks) < 3:
            continue
        rho = corr([ratio[a][k] for k in ks], [ratio[b][k] for k in ks])
        cov += rho * len(ks) / math.sqrt(means[a][2] * means[b][2])
print(
    f"  thick boxes together: z {sum(zs) / math.sqrt(len(zs)):+.2f} were they independent, "
    f"{sum(zs) / math.sqrt(cov):+.2f} with the covariance their shared descents carry"
)

print("\nchoices against their probabilities: sum of ('1' taken - q1) / its standard deviation")
for box in names:
    dev = var = 0.0
    steps = 0
    for r in data[box].values():
        p = r["prefix"]
        for i, q in enumerate(r["choices"]):
            dev += (p[i + 1] == "1") - q
            var += q * (1 - q)
            steps += 1
    print(f"  {box:8s} steps {steps:7d} z {dev / math.sqrt(var):+.2f}")

print("\nthe martingale T(p_j) / P_j: mean over the descents, z against 1, at depths the census knows")
for box in names:
    cells = []
    depth = depths[box]
    for j in sorted(j for j in {2, 4, 8, 12, depth} if j <= depth):
        ys = []
        for r in data[box].values():
            p, prob = r["prefix"], 1.0
            if len(p) < j:
                sys.exit(f"{box}: a descent to {p}, above the census's depth {depth}: nothing to set it against")
            for i in range(j - 1):
                q = r["choices"][i]
                prob *= q if p[i + 1] == "1" else 1 - q
            ys.append(totals[box][p[:j]] / prob / totals[box]["0"])
        m, se = mean_se(ys)
        cells.append(f"{j}: {m:.4f} ({(m - 1) / se:+.2f})" if se > 0 else f"{j}: {m:.4f}")
    m, se = means[box][0], means[box][1]
    cells.append(f"section: {m:.4f} ({(m - 1) / se:+.2f})")
    print(f"  {box:8s} " + "  ".join(cells))
