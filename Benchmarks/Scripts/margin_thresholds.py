#!/usr/bin/env python3
"""Where each SDWebImage play of a margin validation would have first stalled on its own decodes.

SDWebImage's player fetches one frame at a time, the next as the last is shown, and holds the playhead for a late
frame (PlayerModels/SDWebImageRule.swift). So a play's stalls follow from its decodes alone: this replays each
SDWebImage play that margin_validation.py left in OUT/runs from its own decode costs (its frame_costs, slowed as it
played), through a model of that rule written apart from the package's replay, on the display link's schedule
(Playback/Playhead.swift): a frame is shown at the first tick at or after its deadline; one not decoded holds the
playhead, goes on screen at the first tick it is ready and the schedule starts again there. Each fetch starts after
the play's own CPU per frame step on the playing thread (cpu_playing_thread_s over its frames).

For each play: its stalls, the stalls the model gives its own decodes (the model's check), and its own threshold, the
slowdown at which its decodes, all scaled alike, would first stall, beside the margin the validation predicted. A play
whose own threshold is below its slowdown stalled on what its decodes cost, whatever the prediction. Writes
OUT/thresholds.md.

Usage: margin_thresholds.py BENCH OUT   (after margin_validation.sh has written OUT; BENCH reads each GIF's delays)
"""
import json
import math
import os
import subprocess
import sys

import margin_validation as validation

# The display's refresh, as the validation plays (bench run's default).
REFRESH_HZ = 60.0
# The own threshold is found by bisection to within 1%.
RESOLUTION = 1.01


def delays(bench, case):
    """Each frame's effective delay in seconds, as `bench inspect` reads the GIF of a play's bench_case (its file, or
    the built-in GIF it names, whose file was temporary)."""
    path = case.get("path")
    source = path if path and os.path.exists(path) else case["gif"]
    facts = json.loads(subprocess.run([bench, "inspect", source, "--json"], check=True, capture_output=True,
                                      text=True).stdout)
    return [frame["delay_effective_ms"] / 1000 for frame in facts["frames"]]


def stalls(costs, frame_delays, step):
    """Stalls of one loop of SDWebImage's rule with decodes costing `costs` (seconds, frame 0 decoded up front), each
    fetch starting `step` seconds after the frame before it went on screen."""
    tick = 1 / REFRESH_HZ
    shown = 0.0
    deadline = frame_delays[0]
    count = 0
    for frame in range(1, len(costs)):
        ready = shown + step + costs[frame]
        at = math.ceil(deadline / tick - 1e-9) * tick
        if ready > at + 1e-12:
            count += 1
            at = math.ceil(ready / tick - 1e-9) * tick
            deadline = at
        shown = at
        deadline += frame_delays[frame]
    return count


def own_threshold(costs, frame_delays, step, slowdown):
    """The slowdown at which the play's decodes, scaled alike from its own `slowdown`, first stall: the largest
    smooth one found, to within RESOLUTION; None when they stall even 64 times cheaper or never 64 times dearer."""
    def smooth(factor):
        return stalls([c * factor for c in costs], frame_delays, step) == 0
    low, high = 1 / 64, 64.0
    if not smooth(low) or smooth(high):
        return None
    while high / low > RESOLUTION:
        middle = math.sqrt(low * high)
        low, high = (middle, high) if smooth(middle) else (low, middle)
    return low * slowdown


def main(bench, out):
    lines = ["# Where each SDWebImage play would have first stalled on its own decodes", "",
             validation.analysis_title(out, "margin_thresholds.py", "the real-time plays"), "",
             "Each SDWebImage play replayed from its own decode costs through a model of the player's rule written "
             "apart from the package's replay (the script's docstring says how). *Stalls replayed* checks the "
             "model: the stalls it gives the play's own decodes. *Own threshold* is the slowdown at which those "
             "decodes, all scaled alike, first stall; a play slowed beyond it stalled on what its decodes cost, "
             "whatever the prediction.", "",
             "| GIF | play | slowdown | predicted margin | stalls | stalls replayed | own threshold "
             "| own threshold ÷ predicted margin |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for gif, folder, _ in validation.validation_runs(out):
        frame_delays = None
        for name, report in validation.reports_in(folder, "sdwebimage-*"):
            played = report["results"][0]
            case = played["bench_case"]
            costs = [ns / 1e9 for ns in ((played.get("frame_costs") or {}).get("passes") or [[]])[0]]
            if not costs:
                continue
            frame_delays = frame_delays or delays(bench, case)
            if len(frame_delays) != len(costs):
                continue
            slowdown = case["decode_slowdown"]
            predicted = slowdown / (validation.BELOW if "-below" in name else validation.ABOVE)
            step = played.get("cpu_playing_thread_s", 0) / len(costs)
            own = own_threshold(costs, frame_delays, step, slowdown)
            lines.append(f"| {gif} | {name} | {slowdown:.2f}× | {predicted:.2f}× | {played['stalls']} "
                         f"| {stalls(costs, frame_delays, step)} | "
                         + ("–" if own is None else f"{own:.2f}×") + " | "
                         + ("–" if own is None else f"{own / predicted:.2f}×") + " |")
    lines.append("")
    validation.write_analysis(out, "thresholds.md", lines)


if __name__ == "__main__":
    main(*sys.argv[1:3])
