#!/usr/bin/env python3
"""Each real-time decode beside the replay's charge for it, frame by frame (issue 67).

A library's player margin hangs on its first frames: its queue decodes them while no frame is buffered yet, each
into a buffer the process never touched. The replay charges a library's decode its LZW decode, drawing and copy (a
fresh copy as a typical, median, one), each times its pacing factor, and the first touch of a fresh buffer's pages,
as traced, to each decode that holds one frame more than the player ever held.

For each GIF: one throughput run (windows 1 and 2, Kingfisher's and FLAnimatedImage's players; 1 loop,
3 repetitions), whose answer gives the pacing factors and each setting's margin; then each player in real time on
one CPU (--cpus 1, 1 loop, memory sampled only at frame steps) with every decode slowed by --decode-slowdown to 0.8×
of its margin, so it plays smoothly and its trace is whole. A copy at least twice its run's typical copy, its excess
at least half the largest, wrote into fresh pages; what it cost beyond the typical copy is its first touch. The
report sets real time's first touches beside the trace's, and the first frames' real decodes beside their charges.
Writes OUT/README.md.

Usage: frame_charges.py BENCH OUT COMMIT MACHINE   (frame_charges.sh runs it from a clean tree)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from margin_validation import (QUIET_SAMPLER, charges, fresh_copies, full_speed_answer, median, run,  # noqa: E402
                               trace_of)

GIFS = ["Tests/Fixtures/deb-python3-elgato-streamdeck__RGB_color_space_animated_view.gif", "kingfisher-720x720x150",
        "Tests/Fixtures/deb-firmware-microbit-micropython-doc__scroll-hello.gif"]
PLAYERS = ["kingfisher", "flanimatedimage"]
FIRST = 12
BELOW = 0.8


def us(seconds):
    return f"{seconds * 1e6:.0f}"


def main(bench, out, commit, machine):
    runs = os.path.join(out, "runs")
    lines = ["# Each real-time decode beside its charge", "",
             f"Made by `Benchmarks/Scripts/frame_charges.sh` at commit {commit} on {machine}.", "",
             "For each GIF, a throughput run (1 loop, 3 repetitions) gives the pacing factors, each player's trace "
             "(the median of its three rows, frame by frame) and its margin; each player then plays in real time on "
             "one CPU (`--cpus 1`, 1 loop, memory sampled only at frame steps) with every decode slowed to 0.8× of "
             "its margin. A copy at least twice its run's typical (median) copy, its excess at least half the "
             "largest, wrote into fresh pages; its *first touch* is what it cost beyond the typical copy. The replay "
             "charges a library's decode its steps times their pacing factors, a fresh copy as a typical one, and "
             "the trace's first touch (the median over its fresh copies) on each decode that holds one frame more "
             "than the player ever held. Costs are in microseconds at 1×: a real decode is divided by its slowdown "
             "(its steps are timed before the stretch).", ""]
    summary = []
    for gif in GIFS:
        name = os.path.splitext(os.path.basename(gif))[0]
        print(f"frame-charges: {name}: throughput", file=sys.stderr)
        throughput = run(bench, ["--gif", gif, "--policies", ",".join(["windowed:1", "windowed:2", *PLAYERS]),
                                 "--no-references", "--loops", "1", "--repetitions", "3"],
                         os.path.join(runs, name, "throughput"))
        answer = full_speed_answer(throughput)
        step = answer["pacing_by_step"]
        lines += [f"## {name}", "",
                  "Pacing factors: " + " · ".join(f"{k} {step[k]:.2f}×" for k in ("lzw", "draw", "copy", "whole")),
                  ""]
        for player in PLAYERS:
            setting = next(s for s in answer["measured"] if s["label"].startswith(player))
            margin = (setting.get("margin") or {}).get("smooth_up_to")
            if not margin or margin * BELOW < 1:
                lines += [f"{setting['label']}: no margin of at least 1.25× to play below.", ""]
                continue
            slowdown = margin * BELOW
            print(f"frame-charges: {name} · {player} at {slowdown:.2f}× slower", file=sys.stderr)
            played = run(bench, ["--gif", gif, "--policies", player, "--no-references", "--mode", "realtime",
                                 "--cpus", "1", "--loops", "1", "--repetitions", "1", *QUIET_SAMPLER,
                                 "--decode-slowdown", f"{slowdown:.4f}"],
                         os.path.join(runs, name, player))["results"][0]
            outcome = "smooth" if played["stalls"] == 0 and played["dropped_frames"] == 0 else \
                f"{played['stalls']} stalls, {played['dropped_frames']} dropped"
            held = setting["outcome"]["held_frames_max"]
            lines += [f"### {setting['label']}: margin {margin:.2f}×, played at {slowdown:.2f}× ({outcome})", ""]
            traced, library, reused = trace_of(throughput, played["bench_case"]["decoder"])
            costs = played.get("frame_costs") or {}
            if not traced or not costs.get("copy") or len(costs["copy"][0]) != len(traced[0]):
                lines += ["The real-time run left no whole trace to compare.", ""]
                continue
            whole, _, copy = traced
            real = [ns / 1e9 / slowdown for ns in costs["passes"][0]]
            real_copy = [ns / 1e9 for ns in costs["copy"][0]]
            charged, fresh, touch, usual = charges(traced, step, library, reused)
            real_usual, real_fresh = fresh_copies(real_copy)
            real_touches = list(real_fresh.values())
            lines += [f"- Trace: typical copy {us(usual)} µs; {len(fresh)} fresh copies, first touch "
                      f"{us(touch)} µs (median).",
                      f"- Real time: typical copy {us(real_usual)} µs; {len(real_touches)} fresh copies"
                      + (f", first touch {us(median(real_touches))} µs (median; "
                         f"{median(real_touches) / touch:.2f}× the trace's)" if real_touches and touch else "") + ".",
                      f"- The replay held at most {held} frames at 1×: {held} decodes charged a first touch.", "",
                      "| frame | traced (copy) | charge | real (copy) | real ÷ charge |", "|---:|---:|---:|---:|---:|"]
            for i in range(min(FIRST, len(real))):
                charge = charged[i] + (touch if i < held else 0)
                lines.append(f"| {i} | {us(whole[i])} ({us(copy[i])}) | {us(charge)} | {us(real[i])} "
                             f"({us(real_copy[i])}) | {real[i] / charge:.2f}× |")
            lines.append("")
            if real_touches and touch:
                summary.append((f"{name} · {player}", len(real_touches), len(fresh), held,
                                median(real_touches) / touch))
    if summary:
        ratios = [s[4] for s in summary]
        lines[6:6] = [f"**Real time's first touch of a fresh buffer cost {min(ratios):.2f}× to {max(ratios):.2f}× "
                      f"the trace's** (median over each run's fresh copies), in {len(summary)} runs. Fresh copies, "
                      "real time · trace · charged by the replay:", ""] + \
                     [f"- {label}: {r} · {t} · {h}" for label, r, t, h, _ in summary] + [""]
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines[6:8]))


if __name__ == "__main__":
    main(*sys.argv[1:5])
