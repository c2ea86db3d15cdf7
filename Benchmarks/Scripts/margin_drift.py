#!/usr/bin/env python3
"""How far the throughput runs behind each of a margin validation's predictions moved, and where the plays fell.

margin_validation.py takes a setting's margin as the median of the latest RUNS throughput runs and plays it at 0.8×
and 1.25× of that. This reads the runs it left in OUT/runs and gives, for each setting played, every throughput run's
margin behind the median (oldest first) and the 0.8× point over the latest run's own margin: a point at or above 1 was
a stall by the latest run's replay too, so a miss there comes from the runs' spread, not from the model's playback.
Writes OUT/drift.md.

Usage: margin_drift.py OUT RUNS   (RUNS as margin_validation.sh was given it)
"""
import glob
import os
import sys

import margin_validation as validation


def margin_of(report, policy):
    """The setting `policy` plays: its label and its margin (smooth up to) in `report`'s answer at 1×."""
    setting = next((s for s in validation.full_speed_answer(report)["measured"]
                    if validation.policy_of(s["label"]) == policy), None)
    return (setting["label"], (setting.get("margin") or {}).get("smooth_up_to")) if setting else (None, None)


def main(out, runs):
    runs = int(runs)
    header = validation.made_by(out)
    lines = ["# How far the throughput runs behind each prediction moved", "",
             "Made by `Benchmarks/Scripts/margin_drift.py` from the runs of the margin validation in this folder"
             + (f" ({header})" if header else "") + ".", "",
             f"Each setting's margin was the median of the latest {runs} throughput runs' margins, listed oldest "
             "first. The last column is the slowdown of the plays at 0.8× of that median over the latest run's own "
             "margin: at 1.00× or above, the latest run's replay stalled there too.", "",
             "| GIF | setting | throughput runs' margins | median | 0.8× point ÷ the latest run's margin |",
             "|---|---|---|---:|---:|"]
    for gif_folder in sorted(glob.glob(os.path.join(out, "runs", "*"))):
        gif = os.path.basename(gif_folder)
        throughputs = sorted((validation.load(t) for t in glob.glob(os.path.join(gif_folder, "throughput*"))
                              if os.path.exists(os.path.join(t, "results.json"))),
                             key=lambda r: r["metadata"]["date"])
        plays = sorted((validation.load(p) for p in glob.glob(os.path.join(gif_folder, "*-below"))
                        if os.path.exists(os.path.join(p, "results.json"))),
                       key=lambda r: r["metadata"]["date"])
        for play in plays:
            case = play["results"][0]["bench_case"]
            window = (case["decoder"].get("windowed") or {}).get("window")
            policy = case["policy"] if window is None else f"windowed:{window}"
            behind = [t for t in throughputs if t["metadata"]["date"] <= play["metadata"]["date"]][-runs:]
            margins = [margin_of(t, policy) for t in behind]
            if not margins or any(m is None for _, m in margins):
                continue
            label = margins[-1][0]
            slowdown = case["decode_slowdown"]
            lines.append(f"| {gif} | {label} | {' · '.join(f'{m:.2f}×' for _, m in margins)} "
                         f"| {slowdown / validation.BELOW:.2f}× | {slowdown / margins[-1][1]:.2f}× |")
    lines.append("")
    with open(os.path.join(out, "drift.md"), "w") as f:
        f.write("\n".join(lines))
    print(f"margin-drift: {os.path.join(out, 'drift.md')}", file=sys.stderr)


if __name__ == "__main__":
    main(*sys.argv[1:3])
