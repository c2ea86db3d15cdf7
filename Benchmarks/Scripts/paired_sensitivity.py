"""Reads paired gates' rounds.csv and gate.md for Benchmarks/Scripts/paired_sensitivity.sh.

  windowed-instructions ROUNDS.csv TARGET   exit 0 when windowed w=4's instructions, summed over GIFs, rose by TARGET
  summary WORK COMMIT RUNS ROUNDS TIME_X COUNT_X CPU FINISHED   the Markdown report on stdout
  samples-summary WORK COMMIT RUNS ROUNDS SAMPLES TIME_X MACHINE FINISHED   paired_time_samples.sh's report on stdout
"""
import collections
import csv
import math
import re
import statistics
import sys

# The windowed decoder's setting as the gate names it, pinned (", 1 CPU") or not.
WINDOWED = r"windowed w=4(, \d+ CPUs?)?"


def windowed_change(rounds_csv, metric="instructions"):
    base = candidate = 0.0
    for row in csv.DictReader(open(rounds_csv)):
        if row["metric"] == metric and re.fullmatch(WINDOWED, row["setting"]):
            base += float(row["base"])
            candidate += float(row["candidate"])
    return candidate / base - 1 if base else float("nan")


def time_change(rounds_csv):
    """Mean over rounds of the mean log ratio over windowed cases of 20 ms or more: the aggregate the gate judges."""
    by_round = collections.defaultdict(list)
    for row in csv.DictReader(open(rounds_csv)):
        if row["metric"] == "cpu_total_s" and re.fullmatch(WINDOWED, row["setting"]) and float(row["base"]) >= 0.02:
            by_round[row["round"]].append(math.log(float(row["ratio"])))
    means = [sum(v) / len(v) for v in by_round.values() if v]
    return math.exp(sum(means) / len(means)) - 1 if means else float("nan")


def verdicts(work, name):
    """(alarms, windowed aggregate time row, windowed aggregate instructions row) from gate.md and stderr."""
    errors = open(f"{work}/{name}.err").read()
    alarms = re.findall(r"error: gate: (.*)", errors)
    gate = open(f"{work}/{name}/gate.md").read()
    section = gate.split("## all GIFs")[1:] if "## all GIFs" in gate else []
    time_row = count_row = ""
    for part in section:
        if re.search(WINDOWED + "$", part.split("\n")[0].strip()):
            for line in part.split("\n"):
                if line.startswith("| cpu_total_s"):
                    time_row = line.split("|")[4].strip() + " " + line.split("|")[5].strip()
                if line.startswith("| instructions"):
                    count_row = line.split("|")[4].strip() + " " + line.split("|")[5].strip()
    return alarms, time_row, count_row


def summary(work, commit, runs, rounds, time_x, count_x, cpu, finished):
    status = {line.split()[0]: (int(line.split()[1]), int(line.split()[2])) for line in open(f"{work}/status.tsv")}
    out = [f"# The paired gate's sensitivity", "",
           f"Made by `Benchmarks/Scripts/paired_sensitivity.sh {runs} {rounds}` at commit {commit}, on {cpu} (2 cores), with a",
           "second CPU-bound process (`while :; do :; done`) running beside every gate. The base is a copy of the same build",
           "(A/A), so an alarm in a clean run is noise. Each gate plays the quick suite; the instruction gates count the five",
           "smaller GIFs under Callgrind, as CI does. Exit 1 is an alarm (a regression, or a case the gate could not judge).", "",
           f"Planted sizes, measured on the windowed decoder's instructions summed over those GIFs: `--slow-windowed {time_x}`",
           f"(time target, about 3%) and `--slow-windowed {count_x}` (instruction target, about 1%).", "",
           f"Runs finished: {finished} of {runs}. Seconds per gate are wall time, the Callgrind counts included.", ""]
    for name in sorted(n for n in status if n.startswith("calibrate-")):
        out.append(f"- calibration `{name}`: windowed instructions summed over the five GIFs "
                   f"{windowed_change(f'{work}/{name}/rounds.csv'):+.2%}")
    out.append("")
    for kind, title in (("clean", f"clean, {rounds} rounds"), ("time", f"planted {time_x}, {rounds} rounds"),
                        ("countclean", "clean, 3 rounds and instructions"), ("count", f"planted {count_x}, 3 rounds and instructions")):
        flagged = 0
        out += [f"## {title}", "", "| run | exit | seconds | windowed time, all GIFs | windowed instructions, all GIFs | alarms |",
                "|---:|---:|---:|---|---|---|"]
        for run in range(1, int(runs) + 1):
            name = f"{kind}-{run}"
            if name not in status:
                continue
            alarms, time_row, count_row = verdicts(work, name)
            code, seconds = status[name]
            flagged += code == 1
            out.append(f"| {run} | {code} | {seconds} | {time_row} | {count_row} | {len(alarms)}: "
                       + "; ".join(a.replace('|', '/') for a in alarms[:3]) + " |")
        done = [f"{kind}-{r}" for r in range(1, int(runs) + 1) if f"{kind}-{r}" in status]
        changes = [time_change(f"{work}/{name}/rounds.csv") for name in done]
        changes = [c for c in changes if c == c]
        mean = f"; the windowed time change the rounds measured, over the cases of 20 ms or more, averages {sum(changes) / len(changes):+.1%} over these gates (from {min(changes):+.1%} to {max(changes):+.1%})" if changes else ""
        out += ["", f"{flagged} of {len(done)} gates failed{mean}.", ""]
    return "\n".join(out)


def samples_summary(work, commit, runs, rounds, samples, time_x, machine, finished, cpus=""):
    """paired_time_samples.sh's report: paired time alone, each side's figure the fastest of SAMPLES children."""
    status = {line.split()[0]: (int(line.split()[1]), int(line.split()[2])) for line in open(f"{work}/status.tsv")}
    out = ["# Paired time with the fastest of several samples", "",
           f"Made by `Benchmarks/Scripts/paired_time_samples.sh {runs} {rounds} {samples}"
           + (f" {time_x} {cpus}" if cpus else "") + f"` at commit {commit}, on {machine}, with a",
           "second CPU-bound process (`while :; do :; done`) running beside every gate. The base is a copy of the same build",
           "(A/A), so an alarm in a clean run is noise. Each gate plays the windowed decoder (`--decoders windowed`) on the quick",
           f"suite's four GIFs long enough to time (20 ms of CPU or more) with `--samples {samples}`: in each round each side plays",
           f"every case in {samples} child process{'es' if samples != '1' else ''}, and",
           "the fastest counts. The planted slowdown is the one `paired_sensitivity.sh` picked for its time target (about 3%",
           f"of the windowed decoder's instructions on the five smaller GIFs): `--slow-windowed {time_x}`. Exit 1 is an alarm.", ""]
    if cpus:
        out += [f"Every child on both sides is pinned to the first {cpus} CPU{'s' if cpus != '1' else ''} (`--cpus {cpus}`, "
                "in the baseline's cases too): the windowed decoder's prefetch thread and its player share it.", ""]
    out += [
           f"Runs finished: {finished} of {runs}. Seconds per gate are wall time.", ""]
    measured = {}
    for kind, title in (("clean", f"clean, {rounds} rounds × {samples} samples"), ("time", f"planted {time_x}, {rounds} rounds × {samples} samples")):
        flagged = 0
        out += [f"## {title}", "", "| run | exit | seconds | windowed time, all GIFs | alarms |", "|---:|---:|---:|---|---|"]
        done = []
        for run in range(1, int(runs) + 1):
            name = f"{kind}-{run}"
            if name not in status:
                continue
            done.append(name)
            alarms, time_row, _ = verdicts(work, name)
            code, seconds = status[name]
            flagged += code == 1
            out.append(f"| {run} | {code} | {seconds} | {time_row} | {len(alarms)}: " + "; ".join(a.replace('|', '/') for a in alarms[:3]) + " |")
        changes = [c for c in (time_change(f"{work}/{name}/rounds.csv") for name in done) if c == c]
        mean = f"; the windowed time change the rounds measured averages {sum(changes) / len(changes):+.1%} (from {min(changes):+.1%} to {max(changes):+.1%})" if changes else ""
        out += ["", f"{flagged} of {len(done)} gates failed{mean}.", ""]
        measured[kind] = (done, changes)
    out += projection(work, *measured["clean"][:1], measured["time"][1])
    return "\n".join(out)


def round_spread(rounds_csv):
    """The standard deviation over rounds of a round's aggregate: its median log ratio over the windowed cases of 20 ms
    or more, as the gate takes it."""
    by_round = collections.defaultdict(list)
    for row in csv.DictReader(open(rounds_csv)):
        if row["metric"] == "cpu_total_s" and re.fullmatch(WINDOWED, row["setting"]) and float(row["base"]) >= 0.02:
            by_round[row["round"]].append(math.log(float(row["ratio"])))
    medians = [statistics.median(v) for v in by_round.values() if v]
    return statistics.stdev(medians) if len(medians) > 1 else float("nan")


def projection(work, clean, changes):
    """What the clean gates' spread allows: the rounds at which the planted change would clear the band 9 times in 10."""
    spreads = [x for x in (round_spread(f"{work}/{name}/rounds.csv") for name in clean) if x == x]
    if not spreads or not changes:
        return []
    # Pooled, not the median gate's: a few gates of a noisy spell are the ones a 9-in-10 target must survive.
    spread = math.sqrt(sum(x * x for x in spreads) / len(spreads))
    change = math.log1p(sum(changes) / len(changes))
    band = math.log1p(0.015)
    needed = (f"clears the gate's 1.5% band in 9 gates of 10 at about {math.ceil(((2.576 + 1.282) * spread / (change - band)) ** 2)} rounds"
              if change > band else "never clears the gate's 1.5% band, at any number of rounds")
    return ["## What the spread allows", "",
            f"In the clean gates a round's aggregate (its median log ratio over the GIFs) spreads ±{math.expm1(spread):.1%} (the standard",
            f"deviation over the rounds, pooled over the gates). At that spread a change of {math.expm1(change):+.1%}, the planted one's average,",
            f"{needed}. That is a projection, not a measurement:",
            "((2.576 + 1.282) × spread ÷ (change − band))², with the normal quantiles of a one-sided 99.5% interval and of",
            "9 in 10.", ""]


if __name__ == "__main__":
    if sys.argv[1] == "samples-summary":
        print(samples_summary(*sys.argv[2:11]))
        sys.exit(0)
    if sys.argv[1] == "windowed-instructions":
        change = windowed_change(sys.argv[2])
        print(f"windowed instructions {change:+.2%}", file=sys.stderr)
        sys.exit(0 if change >= float(sys.argv[3]) else 1)
    print(summary(*sys.argv[2:10]))
