#!/usr/bin/env python3
"""Renders paired_time_levers.sh's report: per lever, how wide paired time's interval is and what the gates decided.

    Benchmarks/Scripts/paired_levers.py WORK COMMIT MACHINE X LEVER...

WORK holds status.tsv ("NAME EXIT SECONDS" per gate) and each gate's NAME/rounds.csv, as the study's data folder keeps
them, so the report can be rendered again from Reports/paired-gate/time-levers-data. Per lever, from its clean gates:
the spread of one round's log ratio for one GIF (its standard deviation over the rounds, the median over GIFs and
gates), and the half-width of the 99% t interval the gate draws over 10 rounds, per GIF and for the aggregate (a
round's median over the GIFs). From its planted gates: the aggregate change they measured and how many failed.
"""
import collections, csv, importlib.util, math, os, statistics as st, sys

spec = importlib.util.spec_from_file_location("rejudge", os.path.join(os.path.dirname(__file__), "paired_rejudge.py"))
rejudge = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rejudge)


def rounds(work, name):
    """{gif: {round: log ratio}} and {gif: [base CPU s]} for cpu_total_s."""
    logs, base = collections.defaultdict(dict), collections.defaultdict(list)
    for row in csv.DictReader(open(f"{work}/{name}/rounds.csv")):
        if row["metric"] == "cpu_total_s":
            logs[row["gif"]][row["round"]] = math.log(float(row["ratio"]))
            base[row["gif"]].append(float(row["base"]))
    return logs, base


def half_width(xs):
    return rejudge.t_quantile(0.995, len(xs) - 1) * st.stdev(xs) / math.sqrt(len(xs))


def aggregate(logs):
    common = set.intersection(*(set(v) for v in logs.values()))
    return [st.median(logs[gif][r] for gif in logs) for r in sorted(common)]


def pct(x):
    return f"{math.expm1(x) * 100:+.1f}%" if x == x else "n/a"


def main(work, commit, machine, x, *levers):
    status = {}
    for line in open(f"{work}/status.tsv"):
        name, code, seconds = line.split()
        status[name] = (int(code), int(seconds))
    out = [
        "# What narrows paired time's interval",
        "",
        f"Made by `Benchmarks/Scripts/paired_time_levers.sh` at commit {commit} on {machine}, a second CPU-bound process",
        "beside every gate. Each gate: 10 rounds of the windowed decoder on the quick suite's four GIFs long enough to time,",
        f"against an A/A base (a copy of the same build); the planted gates add `--slow-windowed {x}` to the candidate. The",
        "gate fails a case, or the aggregate (a round's median log ratio over the GIFs), when the lower end of the 99% t",
        "interval over the rounds lies above +1.5%. Spread and half-widths come from the clean gates: the spread is one",
        "round's log ratio for one GIF (its standard deviation over the rounds; the median over GIFs and gates), the",
        "half-widths the median over the clean gates.",
        "",
        "| lever | gates (clean + planted) | seconds a gate | base CPU a case | spread of one round, one GIF | half-width, one GIF | half-width, aggregate | clean gates failing | planted change measured | planted gates failing |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for lever in levers:
        clean = sorted(n for n in status if n.startswith(f"{lever}-clean-"))
        planted = sorted(n for n in status if n.startswith(f"{lever}-time-"))
        if not clean and not planted:
            continue
        spreads, gif_widths, agg_widths, base_cpu, changes = [], [], [], [], []
        for name in clean + planted:
            if not os.path.exists(f"{work}/{name}/rounds.csv"):
                continue
            logs, base = rounds(work, name)
            agg = aggregate(logs)
            if name in clean:
                spreads += [st.stdev(v.values()) for v in logs.values() if len(v) > 1]
                gif_widths += [half_width(list(v.values())) for v in logs.values() if len(v) > 2]
                if len(agg) > 2:
                    agg_widths.append(half_width(agg))
                base_cpu += [b for v in base.values() for b in v]
            elif agg:
                changes.append(st.mean(agg))
        seconds = st.median(status[n][1] for n in clean + planted)
        failing = lambda names: f"{sum(status[n][0] == 1 for n in names)} of {len(names)}"
        out.append(
            f"| {lever} | {len(clean)} + {len(planted)} | {seconds:.0f} s | {st.median(base_cpu) * 1000:.1f} ms |"
            f" ±{math.expm1(st.median(spreads)) * 100:.1f}% | ±{math.expm1(st.median(gif_widths)) * 100:.1f}% |"
            f" ±{math.expm1(st.median(agg_widths)) * 100:.1f}% | {failing(clean)} |"
            f" {pct(st.mean(changes)) if changes else 'n/a'} | {failing(planted)} |")
    out += [
        "",
        "Catching a planted change in 9 gates of 10 at 99% needs the aggregate's half-width well under the change less the",
        "1.5% band; with a 3% change that is a half-width near ±1%.",
    ]
    return "\n".join(out)


if __name__ == "__main__":
    print(main(*sys.argv[1:]))
