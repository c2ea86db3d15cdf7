#!/usr/bin/env python3
"""Do a margin validation's misses repeat? (issue 67)

One real-time run a point leaves each verdict to one run. This plays every setting that missed in a validation's
pairs.tsv (margin_validation.py) COUNT more times at each of its two points, 0.8× and 1.25× of the margin the
validation found, as the validation played them (--cpus 1, 1 loop, memory sampled only at frame steps), and writes
OUT/README.md: how often each point played as the margin says it should (smooth at 0.8×, a stall or a dropped
frame at 1.25×).

Usage: repeat_points.py BENCH PAIRS OUT COMMIT MACHINE [COUNT [CONDITION]]   (repeat_points.sh runs it from a clean
tree; COUNT default 3; CONDITION, a sentence the report gives, says how the host was kept)
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from margin_validation import ABOVE, BELOW, GIFS, QUIET_SAMPLER, run  # noqa: E402


def gif_path(name):
    """The --gif value margin_validation.py played `name` by."""
    return next(g for g in GIFS if os.path.splitext(os.path.basename(g))[0] == name)


def main(bench, pairs, out, commit, machine, count="3", condition=""):
    runs = os.path.join(out, "runs")
    os.makedirs(runs, exist_ok=True)
    with open(pairs) as f:
        missed = [row for row in csv.DictReader(f, delimiter="\t") if row["holds"] == "no"]
    lines = ["# Do the margin validation's misses repeat?", "",
             f"Made by `Benchmarks/Scripts/repeat_points.sh` at commit {commit} on {machine}.", "",
             f"Each setting that missed in `{pairs}` played {count} more times at each of its two points, 0.8× and "
             "1.25× of the margin found there, as the validation played them (`--cpus 1`, 1 loop, memory sampled only "
             "at frame steps). A point plays as its margin says when it is smooth at 0.8× and stalls or drops a frame "
             "at 1.25×." + (" " + condition if condition else ""), "",
             "| GIF | setting | margin | 0.8×: smooth in | 1.25×: rough in | each run at 0.8× · at 1.25× |",
             "|---|---|---:|---:|---:|---|"]
    for row in missed:
        smooth = float(row["smooth_up_to"])
        outcomes = {}
        for key, factor in (("below", BELOW), ("above", ABOVE)):
            outcomes[key] = []
            for n in range(int(count)):
                slowdown = smooth * factor
                print(f"repeat-points: {row['gif']} · {row['policy']} at {slowdown:.2f}× slower, run {n + 1}",
                      file=sys.stderr)
                played = run(bench, ["--gif", gif_path(row["gif"]), "--policies", row["policy"], "--no-references",
                                     "--mode", "realtime", "--cpus", "1", "--loops", "1", "--repetitions", "1",
                                     *QUIET_SAMPLER, "--decode-slowdown", f"{slowdown:.4f}"],
                             os.path.join(runs, row["gif"], f"{row['policy'].replace(':', '-')}-{key}-{n + 1}"))
                result = played["results"][0]
                stalls, dropped = int(result.get("stalls", 0)), int(result.get("dropped_frames", 0))
                outcomes[key].append("failed" if result.get("failure") else
                                     "smooth" if stalls == 0 and dropped == 0 else f"{stalls}s/{dropped}d")
        smooth_runs = sum(o == "smooth" for o in outcomes["below"])
        rough_runs = sum(o not in ("smooth", "failed") for o in outcomes["above"])
        lines.append(f"| {row['gif']} | {row['setting']} | {smooth:.2f}× | {smooth_runs} of {count} "
                     f"| {rough_runs} of {count} | {', '.join(outcomes['below'])} · {', '.join(outcomes['above'])} |")
    lines += ["", "(`Ns/Md`: N stalls and M dropped frames.)", ""]
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main(*sys.argv[1:8])
