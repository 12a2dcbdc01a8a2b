#!/usr/bin/env python3
"""Sets the analogue runs (run.sh) against their census.

Usage: summary.py DIR BOX WIDTH CAPACITY [CENSUS_DIR]. Reads the seeds'
files DIR/estimate-BOX-wW-cC-sSEED.jsonl, the exact counts from
"snakecube census merge -complete CENSUS_DIR/BOX" (SNAKECUBE names the
binary), and prints, for the snakes, the one-solution snakes and the
solutions: the mean over seeds of each seed's estimate (the mean of its
descents' count / probability) with the standard error of that mean
(the seeds' spread, sqrt(var/S)), its z against the census; the descents
pooled as one run, with the usual standard error, and its z; the median
descent over the census and the share of descents below it; how many of
the seeds' own 95% intervals (Student's t) hold the census and the mean
of their z; and the share of runs of n consecutive descents, pooled over
seeds, whose own |z| is at most 2, for n of 50, 100, 200, ..."""
import glob, json, math, os, re, statistics, subprocess, sys

T975 = {2: 12.71, 3: 4.30, 5: 2.78, 10: 2.26, 20: 2.09, 30: 2.05, 50: 2.01, 100: 1.98}


def t975(n):
    dof = n - 1
    for k in sorted(T975):
        if dof <= k:
            return T975[k]
    return 1.96


def exact(box, census):
    binary = os.environ.get("SNAKECUBE", "snakecube")
    files = sorted(glob.glob(os.path.join(census, box, "*.jsonl")))
    out = subprocess.run([binary, "census", "merge", "-complete", *files], capture_output=True, text=True, check=True).stdout
    got = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 2 and f[0] in ("snakes", "one_solution_snakes", "solutions"):
            got[f[0]] = int(f[1])
    return got


def mean_se(xs):
    m = statistics.fmean(xs)
    return m, (statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf)


def main():
    d, box, width, cap = sys.argv[1:5]
    census = sys.argv[5] if len(sys.argv) > 5 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "census")
    truth = exact(box, census)
    seeds = {}
    for path in glob.glob(os.path.join(d, f"estimate-{box}-w{width}-c{cap}-s*.jsonl")):
        seed = int(re.search(r"-s(\d+)\.jsonl$", path).group(1))
        with open(path) as fh:
            seeds[seed] = [json.loads(l) for l in fh if l.strip()]
    order = sorted(seeds)
    n = sum(len(seeds[s]) for s in order)
    print(f"# {box} width {width} capacity {cap}: {len(order)} seeds, {n} descents ({min(len(seeds[s]) for s in order)} to {max(len(seeds[s]) for s in order)} a seed)")
    print("quantity\texact\tmean_of_seeds\tse_of_seeds\tz_seeds\tpooled\tpooled_se\tz_pooled\tmedian_descent_over_exact\tdescents_below\tseed_intervals_holding\tmean_seed_z\truns_within_2_at_n")
    for q in ("snakes", "one_solution_snakes", "solutions"):
        x = truth[q]
        per = {s: [r.get(q, 0) / r["probability"] for r in seeds[s]] for s in order}
        ms = [statistics.fmean(per[s]) for s in order]
        m, se = mean_se(ms)
        alld = [y for s in order for y in per[s]]
        pm, pse = mean_se(alld)
        med = statistics.median(alld) / x
        below = sum(y < x for y in alld) / len(alld)
        hold, zs = 0, []
        for s in order:
            sm, sse = mean_se(per[s])
            zs.append((sm - x) / sse)
            if abs(sm - x) <= t975(len(per[s])) * sse:
                hold += 1
        runs = []
        k = 50
        while k <= len(alld) // 4:
            # runs of k consecutive descents of the seeds in order, each
            # seed's descents in order, as the calibration's files pool
            ok = tot = 0
            for i in range(0, len(alld) - k + 1, k):
                rm, rse = mean_se(alld[i:i + k])
                tot += 1
                ok += abs(rm - x) <= 2 * rse
            runs.append(f"{k}:{ok}/{tot}")
            k *= 2
        print(f"{q}\t{x}\t{m:.6g}\t{se:.3g}\t{(m - x) / se:+.2f}\t{pm:.6g}\t{pse:.3g}\t{(pm - x) / pse:+.2f}\t{med:.3f}\t{below:.3f}\t{hold}/{len(order)}\t{statistics.fmean(zs):+.2f}\t{' '.join(runs)}")


main()
