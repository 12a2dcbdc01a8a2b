#!/usr/bin/env python3
"""The skew of a descent, exactly: reads the exact distribution of one
descent that the estimate package's TestDistribution writes (a line per
nonempty section a descent can reach: its probability, snakes,
one-solution snakes, solutions; every other descent counts 0), with the
census's snakes, one-solution snakes and solutions, and prints for each
its expectation (which equals the census: no bias), the exact relative
variance of a descent, the median descent over the census, and the
chance a descent falls below the census; then, by REPS simulated runs of
n descents drawn from that distribution, the median z of a run's pooled
estimate (its own standard error, as a run reports it), the share of
runs with |z| <= 2, with z < -2, and the median of the relative variance
a run of n reports. Usage: skew.py FILE SNAKES ONE SOLUTIONS [REPS]."""
import bisect, math, random, statistics, sys

rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
truth = [int(x) for x in sys.argv[2:5]]
reps = int(sys.argv[5]) if len(sys.argv) > 5 else 400
P = [float(r[0]) for r in rows]
cum, acc = [], 0.0
for p in P:
    acc += p
    cum.append(acc)
names = ("snakes", "one_solution_snakes", "solutions")
print(f"# {sys.argv[1]}: {len(rows)} nonempty sections reachable, together drawn with probability {acc:.3f}")
print("quantity\texpectation\texact\trel_var\tmedian_descent_over_exact\tP(descent<exact)\tn:median_z:share_abs_z_le_2:share_z_lt_-2:median_reported_rel_var")
rng = random.Random(1)
ns = (50, 100, 200, 500, 1000, 2000, 5000, 10000)
for j, q in enumerate(names):
    c = [int(r[j + 1]) for r in rows]
    x = truth[j]
    e = sum(c)
    e2 = sum(ci * ci / p for ci, p in zip(c, P))
    ys = [ci / p for ci, p in zip(c, P)]
    srt = sorted(zip(ys, P))
    below = 1 - acc + sum(p for y, p in srt if y < x)
    med, a = 0.0, 1 - acc
    if a < 0.5:
        for y, p in srt:
            a += p
            if a >= 0.5:
                med = y
                break
    out = []
    for n in ns:
        zs, rv = [], []
        for _ in range(reps):
            s = s2 = 0.0
            for _ in range(n):
                k = bisect.bisect_right(cum, rng.random())
                y = ys[k] if k < len(ys) else 0.0
                s += y
                s2 += y * y
            m = s / n
            var = max(s2 / n - m * m, 0) * n / (n - 1)
            se = math.sqrt(var / n)
            zs.append((m - x) / se if se > 0 else -math.inf)
            rv.append(var / (m * m) if m > 0 else math.nan)
        ok = sum(abs(z) <= 2 for z in zs) / reps
        low = sum(z < -2 for z in zs) / reps
        out.append(f"{n}:{statistics.median(zs):+.2f}:{ok:.2f}:{low:.2f}:{statistics.median(rv):.3g}")
    print(f"{q}\t{e}\t{x}\t{e2 / e / e - 1:.4g}\t{med / x:.3f}\t{below:.3f}\t{' '.join(out)}")
