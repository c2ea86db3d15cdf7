#!/usr/bin/env python3
"""Judges a committed paired-time study again, offline, by other estimators (issue 26).

Reads each gate's rounds.csv in a study's data folder (Benchmarks/Scripts/paired_time_samples.sh writes them: per
round, each GIF's base and candidate CPU, the fastest of the samples) and decides as `bench gate` does, a row
regressed when its interval's lower end lies above the 1.5% band, with three intervals on the rounds' log ratios
(Student's t on the mean, the Wilcoxon signed-rank interval of the Hodges-Lehmann estimate, the sign-test interval of
the median) and two aggregates over the GIFs of a round (their mean, their median), at 99% (the gate's level) and 95%.
A gate alarms when any GIF's row or the aggregate regressed. The first line (t, mean, 99%) is the gate as it judged
the study, so it must match the study's own report.

    Benchmarks/Scripts/paired_rejudge.py DATA_DIR   e.g. Reports/paired-gate/time-samples-mean-aggregate-data
"""
import csv, glob, math, os, statistics as st, sys
from itertools import combinations

LIMIT = 0.015   # Thresholds.defaultPaired: cpu_total_s, limit 0.015
FLOOR = 0.02    # ... minimumCPUSeconds 0.02: a GIF under it is not judged


def betainc(a, b, x):
    """The regularised incomplete beta function (Numerical Recipes' continued fraction)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x))
    if x < (a + 1) / (a + b + 2):
        return front * fraction(a, b, x) / a
    return 1 - front * fraction(b, a, 1 - x) / b


def fraction(a, b, x):
    tiny = 1e-30
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for aa in (m * (b - m) * x / ((a - 1 + 2 * m) * (a + 2 * m)), -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 1 + 2 * m))):
            d = 1 + aa * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 3e-12:
            break
    return h


def t_quantile(p, df):
    def cdf(t):
        tail = 0.5 * betainc(df / 2, 0.5, df / (df + t * t))
        return 1 - tail if t > 0 else tail
    lo, hi = 0.0, 100.0
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid) < p else (lo, mid)
    return (lo + hi) / 2


def t_interval(xs, level):
    half = t_quantile(1 - (1 - level) / 2, len(xs) - 1) * st.stdev(xs) / math.sqrt(len(xs))
    return st.mean(xs) - half, st.mean(xs) + half


def hodges_lehmann_interval(xs, level):
    """[W(k), W(N+1-k)] of the sorted Walsh averages, k the first with P(T <= k-1) <= alpha/2 < P(T <= k) (exact)."""
    n = len(xs)
    walsh = sorted((a + b) / 2 for a, b in list(combinations(xs, 2)) + [(x, x) for x in xs])
    counts = [1] + [0] * (n * (n + 1) // 2)
    for i in range(1, n + 1):
        for s in range(len(counts) - 1, i - 1, -1):
            counts[s] += counts[s - i]
    cumulative, k = 0, 0
    while True:
        cumulative += counts[k]
        if cumulative / 2 ** n > (1 - level) / 2:
            break
        k += 1
    return walsh[k - 1], walsh[-k]


def sign_interval(xs, level):
    xs, n = sorted(xs), len(xs)
    cumulative, k = 0.0, 0
    while True:
        cumulative += math.comb(n, k) / 2 ** n
        if cumulative > (1 - level) / 2:
            break
        k += 1
    return xs[k - 1], xs[n - k]


INTERVALS = {"t": t_interval, "Hodges-Lehmann": hodges_lehmann_interval, "sign": sign_interval}


def alarms(path, interval, aggregate, level):
    cpu = {}
    for row in csv.DictReader(open(path)):
        if row["metric"] == "cpu_total_s":
            cpu.setdefault(row["gif"], {})[int(row["round"])] = (float(row["base"]), float(row["candidate"]))
    gifs = [gif for gif in cpu if st.median(base for base, _ in cpu[gif].values()) >= FLOOR]
    regressed = lambda logs: math.exp(interval(logs, level)[0]) - 1 > LIMIT
    count = sum(regressed([math.log(c / b) for b, c in cpu[gif].values()]) for gif in gifs)
    rounds = sorted(set.intersection(*(set(cpu[gif]) for gif in gifs)))
    per_round = [aggregate([math.log(cpu[gif][r][1] / cpu[gif][r][0]) for gif in gifs]) for r in rounds]
    return count + regressed(per_round)


def main():
    root = sys.argv[1]
    kinds = sorted({os.path.basename(d).rsplit("-", 1)[0] for d in glob.glob(os.path.join(root, "*-*")) if os.path.isdir(d)})
    print(f"Gates of `{root}` judged again (Benchmarks/Scripts/paired_rejudge.py): how many of each kind alarm.\n")
    print("| interval | aggregate of a round | level | " + " | ".join(f"{kind} gates alarming" for kind in kinds) + " |")
    print("|---|---|---|" + "---:|" * len(kinds))
    for level in (0.99, 0.95):
        for name, interval in INTERVALS.items():
            for label, aggregate in (("mean", st.mean), ("median", st.median)):
                cells = []
                for kind in kinds:
                    gates = sorted(d for d in glob.glob(os.path.join(root, kind + "-*")) if os.path.isdir(d))
                    cells.append(f"{sum(alarms(os.path.join(g, 'rounds.csv'), interval, aggregate, level) > 0 for g in gates)} of {len(gates)}")
                print(f"| {name} | {label} | {level:.0%} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
