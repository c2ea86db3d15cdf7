#!/usr/bin/env python3
"""Sets each model's replayed feed beside its measured one, for the runs feed_replay.sh made.

Usage: feed_replay.py OUT COMMIT MACHINE   (OUT holds one folder per run, each with the feed.json of `bench feed --replay`)
Writes OUT/README.md and OUT/pairs.tsv.
"""
import json
import os
import sys


def within(real, replay):
    """Stall or drop counts that agree: within 1, or within 10% of the larger."""
    return abs(real - replay) <= max(1, 0.1 * max(real, replay))


def main():
    out, commit, machine = sys.argv[1:4]
    pairs = []
    for run in sorted(os.listdir(out)):
        path = os.path.join(out, run, "feed.json")
        if not os.path.isfile(path):
            continue
        report = json.load(open(path, encoding="utf-8"))
        measured = {result["feed"]["model"]: result for result in report["results"] if not result.get("failure")}
        for replay in report.get("replays", []):
            real = measured.get(replay["model"])
            if replay.get("failure") or real is None:
                continue
            def figures(players):
                return (sum(p["stalls"] for p in players), sum(p["dropped_frames"] for p in players),
                        sum(p.get("held_frames_max", 0) for p in players),
                        max((p.get("first_frame_seconds", 0) for p in players), default=0))
            pairs.append((run, replay["model"], figures(real["players"]), figures(replay["players"])))
    if not pairs:
        sys.exit("feed_replay.py: no run with both a replay and a measured feed in " + out)
    with open(os.path.join(out, "pairs.tsv"), "w", encoding="utf-8") as tsv:
        tsv.write("run\tmodel\tstalls_real\tstalls_replay\tdropped_real\tdropped_replay\theld_real\theld_replay\t"
                  "first_frame_real_s\tfirst_frame_replay_s\n")
        for run, model, real, replay in pairs:
            tsv.write(f"{run}\t{model}\t{real[0]}\t{replay[0]}\t{real[1]}\t{replay[1]}\t{real[2]}\t{replay[2]}\t{real[3]:.4f}\t{replay[3]:.4f}\n")
    held = sum(real[2] == replay[2] for _, _, real, replay in pairs)
    counts = sum(within(real[0], replay[0]) and within(real[1], replay[1]) for _, _, real, replay in pairs)
    verdicts = sum((real[0] + real[1] == 0) == (replay[0] + replay[1] == 0) for _, _, real, replay in pairs)
    n = len(pairs)
    lines = [
        "# Does the replay predict a feed?", "",
        f"Made by `Benchmarks/Scripts/feed_replay.sh` at commit {commit} on {machine}: five feeds of the default models "
        "(`bench feed --replay --repetitions 1`), each model replayed on a virtual clock from what one throughput case of "
        "each GIF traced (2 loops), and played for real once. Per model: `pairs.tsv`; each run's own report is in its folder.", "",
        "| target | result |", "|---|---|",
        f"| smooth or not (no stall and no dropped frame), models | {verdicts} of {n} ({100 * verdicts // n}%) |",
        f"| held frames (each player's most, summed) equal, models | {held} of {n} ({100 * held // n}%) |",
        f"| stalls and dropped frames within 1 or 10%, models | {counts} of {n} ({100 * counts // n}%) |", "",
        "| run | model | stalls, real / replay | dropped, real / replay | held frames, real / replay | slowest first frame, real / replay |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for run, model, real, replay in pairs:
        lines.append(f"| {run} | {model} | {real[0]} / {replay[0]} | {real[1]} / {replay[1]} | {real[2]} / {replay[2]} | "
                     f"{1000 * real[3]:.1f} / {1000 * replay[3]:.1f} ms |")
    lines += ["", "The first frame is where the two part most: a real player's decoder is built on a thread that must be "
              "created and scheduled, and its first frame shown at the display tick after, where the replay counts only "
              "the traced decodes.", ""]
    open(os.path.join(out, "README.md"), "w", encoding="utf-8").write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
