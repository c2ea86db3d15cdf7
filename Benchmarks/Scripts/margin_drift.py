#!/usr/bin/env python3
"""How far the throughput runs behind each of a margin validation's predictions moved, and where the plays fell.

margin_validation.py takes a setting's margin as the median of the latest RUNS throughput runs' (at 0795e66, each
brought to the latest run's speed) and plays it at 0.8× and 1.25× of that. This reads the runs it left in OUT/runs and
gives, for each setting played, every throughput run's margin behind the median and what a frame of the setting cost
in it (oldest first), and the 0.8× point over the latest run's own margin: a point at or above 1 was a stall by the
latest run's replay too, so a miss there comes from the runs' spread, not from the model's playback.
Writes OUT/drift.md.

Usage: margin_drift.py OUT RUNS   (RUNS as margin_validation.sh was given it)
"""
import os
import sys

import margin_validation as validation


def margin_of(report, case):
    """The setting a run of `case` played: its label and its margin (smooth up to) in `report`'s answer at 1×."""
    setting = validation.setting_played(report, case)
    return (setting["label"], (setting.get("margin") or {}).get("smooth_up_to")) if setting else (None, None)


def main(out, runs):
    runs = int(runs)
    # A validation made before margin_validation.py brought each run to the latest run's speed took the plain median.
    readme = os.path.join(out, "README.md")
    brought = False
    if os.path.exists(readme):
        with open(readme) as f:
            brought = "brought to the latest run's speed" in f.read()
    lines = ["# How far the throughput runs behind each prediction moved", "",
             validation.analysis_title(out, "margin_drift.py", "the runs"), "",
             f"Each setting's margin was the median of the latest {runs} throughput runs' margins, listed oldest "
             "first" + (", each brought to the latest run's speed (times what a frame of the setting cost in it, as "
                        "the replay charges it, over what it cost in the latest)" if brought else "")
             + ". Beside them, what a frame of the setting cost in each run, as the replay charges it. The last "
             "column is the slowdown of the plays at 0.8× of the median over the latest run's own margin: at 1.00× "
             "or above, the latest run's replay stalled there too.", "",
             "| GIF | setting | throughput runs' margins | what a frame cost in them | median"
             + (", brought to the latest" if brought else "") + " | 0.8× point ÷ the latest run's margin |",
             "|---|---|---|---|---:|---:|"]
    for gif, gif_folder, throughputs in validation.validation_runs(out):
        for _, play in validation.reports_in(gif_folder, "*-below"):
            case = play["results"][0]["bench_case"]
            behind = validation.made_before(throughputs, play)[-runs:]
            margins = [margin_of(t, case) for t in behind]
            if not margins or any(m is None for _, m in margins):
                continue
            label = margins[-1][0]
            slowdown = case["decode_slowdown"]
            speeds = [validation.speed_of(t, label) for t in behind]
            costs = " · ".join("–" if v is None else f"{v * 1e3:.3f} ms" for v in speeds)
            lines.append(f"| {gif} | {label} | {' · '.join(f'{m:.2f}×' for _, m in margins)} | {costs} "
                         f"| {slowdown / validation.BELOW:.2f}× | {slowdown / margins[-1][1]:.2f}× |")
    lines.append("")
    validation.write_analysis(out, "drift.md", lines)

if __name__ == "__main__":
    main(*sys.argv[1:3])
