#!/usr/bin/env python3
"""How much does a replayed margin move from run to run? (issue 67)

The margin validation checks each setting's margin by one throughput run, then real time at 0.8x and 1.25x of it: a
margin that moves by more than that from one identical run to the next cannot hold in 90% of settings, whatever the
replay's model. This plays the margin validation's throughput run (the same GIFs, settings, loops and repetitions)
RUNS times over and sets each setting's margins side by side, with the pacing factors each run measured.
Writes OUT/{margins.tsv,README.md}.

Usage: margin_spread.py BENCH OUT COMMIT MACHINE RUNS [BENCH-ARGS...]   (margin_spread.sh runs it from a clean tree)
BENCH-ARGS are added to every throughput run, e.g. --cpus 1 to pin it as the validation's real-time runs are.
"""
import json
import os
import subprocess
import sys

from margin_validation import GIFS, full_speed_answer, throughput_args


def throughput(bench, gif, out, extra):
    """One throughput run as the margin validation plays it, with `extra` arguments, played afresh; its report."""
    subprocess.run([bench, "run", *throughput_args(gif), *extra, "--out", out], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(os.path.join(out, "results.json")) as f:
        return json.load(f)


def main(bench, out, commit, machine, runs, extra):
    scratch = os.path.join(out, "runs")
    rows, factors = [], []
    for gif in GIFS:
        name = os.path.splitext(os.path.basename(gif))[0]
        margins = {}
        for turn in range(runs):
            print(f"margin-spread: {name}: run {turn + 1} of {runs}", file=sys.stderr)
            report = throughput(bench, gif, os.path.join(scratch, name, f"run-{turn + 1}"), extra)
            answer = full_speed_answer(report)
            factors.append((name, turn + 1, answer.get("pacing_by_step") or {}))
            for setting in answer["measured"]:
                margins.setdefault(setting["label"], []).append((setting.get("margin") or {}).get("smooth_up_to"))
        for label, values in margins.items():
            rows.append((name, label, values))
    write(out, rows, factors, commit, machine, runs, extra)


def spread(values):
    """Largest over smallest of the finite margins at least 1, or None."""
    finite = [v for v in values if v is not None and 1 <= v < 1024]
    return max(finite) / min(finite) if len(finite) == len(values) and finite else None


def write(out, rows, factors, commit, machine, runs, extra):
    with open(os.path.join(out, "margins.tsv"), "w") as f:
        f.write("gif\tsetting\t" + "\t".join(f"run_{i + 1}" for i in range(runs)) + "\n")
        for name, label, values in rows:
            f.write(f"{name}\t{label}\t" + "\t".join("" if v is None else f"{v:.2f}" for v in values) + "\n")
    spreads = [s for s in (spread(v) for _, _, v in rows) if s is not None]
    wide = [s for s in spreads if s > 1.25 / 0.8]
    lines = ["# How much does a replayed margin move from run to run?", "",
             f"Made by `Benchmarks/Scripts/margin_spread.sh` at commit {commit} on {machine}.", "",
             f"The margin validation's throughput run (1 loop, 3 repetitions, the same GIFs and settings"
             + (f", and `{' '.join(extra)}`" if extra else "") + f"), played {runs} times over. Each setting's "
             "margin is the replay's \"smooth up to\". The validation plays each setting in real time at 0.8× and "
             "1.25× of one run's margin: a setting whose margins span more than 1.25 ÷ 0.8 = 1.56× between "
             "identical runs can miss on either side from the noise alone.", "",
             f"**{len(wide)} of {len(spreads)} settings with finite margins span more than 1.56×**; "
             + (f"the spread (largest ÷ smallest) runs from {min(spreads):.2f}× to {max(spreads):.2f}×, "
                f"median {sorted(spreads)[len(spreads) // 2]:.2f}×." if spreads else "none has a finite margin."), "",
             "| GIF | setting | " + " | ".join(f"run {i + 1}" for i in range(runs)) + " | spread |",
             "|---|---|" + "---:|" * (runs + 1)]
    for name, label, values in rows:
        s = spread(values)
        lines.append(f"| {name} | {label} | " + " | ".join("–" if v is None else f"{v:.2f}×" for v in values)
                     + f" | {'–' if s is None else f'{s:.2f}×'} |")
    lines += ["", "The pacing factors each run's probes gave (LZW · drawing · copy · whole):", "",
              "| GIF | run | factors |", "|---|---:|---|"]
    for name, turn, f in factors:
        lines.append(f"| {name} | {turn} | " + " · ".join(f"{f[k]:.2f}×" for k in ("lzw", "draw", "copy", "whole")
                                                          if k in f) + " |")
    lines.append("")
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines[6:7]))


if __name__ == "__main__":
    main(*sys.argv[1:5], int(sys.argv[5]), sys.argv[6:])
