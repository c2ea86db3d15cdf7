#!/usr/bin/env python3
"""Sets each real-time verdict of player_validation.sh beside its replay and renders Reports/player-validation/.

Usage: player_validation.py RUNS OUT COMMIT MACHINE

RUNS holds throughput/ (whose results.json carries the replay of every setting at every speed) and realtime-quiet/.
Writes OUT/pairs.tsv, one line per GIF x speed x player with the real-time and replayed stalls, dropped frames and
held frames, and OUT/README.md: per player, how many of its GIF x speed pairs agree on the verdict (smooth or not),
on held frames, and on stalls and dropped frames within 1 or 10%, as Reports/replay-validation/ judges the iOS
libraries.
"""
import csv
import json
import os
import sys

from replay_validation import agree

PLAYERS = ["webkit", "chromium", "firefox", "glide", "fresco", "android"]


def replayed(runs):
    report = json.load(open(os.path.join(runs, "throughput", "results.json")))
    table = {}
    for answer in report["replay"]["answers"]:
        for setting in answer["measured"]:
            name = setting["label"].split()[0].rstrip(":")
            if name in PLAYERS:
                table[(answer["gif"], float(answer["speed"]), name)] = setting["outcome"]
    return table


def realtime(runs):
    rows = {}
    for row in csv.DictReader(open(os.path.join(runs, "realtime-quiet", "results.csv"))):
        if row["status"] != "ok" or row["decoder"] not in PLAYERS:
            continue
        rows[(row["gif"], float(row["speed"]), row["decoder"])] = {
            "stalls": int(float(row["stalls"])), "dropped": int(float(row.get("dropped_frames") or 0)),
            "held": int(float(row["held_frames_max"])) if row.get("held_frames_max") else None}
    return rows


def main():
    runs, out, commit, machine = sys.argv[1:5]
    replay, real = replayed(runs), realtime(runs)
    pairs = []
    for key in sorted(real):
        if key in replay:
            predicted = replay[key]
            pairs.append((key, real[key], {"stalls": predicted["stalls"], "dropped": predicted["dropped_frames"],
                                           "held": predicted["held_frames_max"]}))
    with open(os.path.join(out, "pairs.tsv"), "w") as tsv:
        tsv.write("gif\tspeed\tplayer\trealtime_stalls\treplay_stalls\trealtime_dropped\treplay_dropped\t"
                  "realtime_held\treplay_held\n")
        for (gif, speed, name), r, p in pairs:
            tsv.write(f"{gif}\t{speed:g}\t{name}\t{r['stalls']}\t{p['stalls']}\t{r['dropped']}\t{p['dropped']}\t"
                      f"{'' if r['held'] is None else r['held']}\t{p['held']}\n")
    smooth = lambda m: m["stalls"] == 0 and m["dropped"] == 0
    lines = ["# Does the replay predict real time for the browsers' and Android's players?", "",
             f"Made by `Benchmarks/Scripts/player_validation.sh` at commit {commit} on {machine}: the synthetic corpus and "
             "the real GIFs of Tests/Fixtures (`--corpus all`), the six players of issue 69 at their defaults, speeds 1, 2 "
             "and 4, one loop. The replay plays each from the frame costs a throughput run of 3 repetitions traced (the "
             "median, frame by frame); real time plays it once with every child pinned to one CPU (`--cpus 1`). "
             "Per-pair figures: `pairs.tsv`.", "",
             "| player | pairs | verdict equal (smooth or not) | held frames equal | stalls and dropped within 1 or 10% |",
             "|---|---:|---:|---:|---:|"]
    share = lambda part, whole: f"{part} of {whole} ({100 * part / max(whole, 1):.0f}%)"
    totals = [0, 0, 0, 0]
    for name in PLAYERS:
        mine = [p for p in pairs if p[0][2] == name]
        verdict = sum(smooth(r) == smooth(p) for _, r, p in mine)
        held = [p for p in mine if p[1]["held"] is not None]
        held_equal = sum(r["held"] == p["held"] for _, r, p in held)
        close = sum(agree(r["stalls"], p["stalls"]) and agree(r["dropped"], p["dropped"]) for _, r, p in mine)
        totals = [totals[0] + len(mine), totals[1] + verdict, totals[2] + held_equal, totals[3] + close]
        lines.append(f"| {name} | {len(mine)} | {share(verdict, len(mine))} | {share(held_equal, len(held))} | "
                     f"{share(close, len(mine))} |")
    lines += [f"| all | {totals[0]} | {share(totals[1], totals[0])} | {share(totals[2], totals[0])} | "
              f"{share(totals[3], totals[0])} |", ""]
    off = [p for p in pairs if smooth(p[1]) != smooth(p[2]) or not (agree(p[1]["stalls"], p[2]["stalls"])
                                                                   and agree(p[1]["dropped"], p[2]["dropped"]))]
    if off:
        lines += ["Pairs whose verdict differs, or whose stalls or dropped frames differ beyond 1 and 10%:", "",
                  "| GIF | speed | player | stalls, real / replay | dropped, real / replay | held, real / replay |",
                  "|---|---:|---|---|---|---|"]
        for (gif, speed, name), r, p in off:
            lines.append(f"| {gif} | {speed:g}x | {name} | {r['stalls']} / {p['stalls']} | {r['dropped']} / "
                         f"{p['dropped']} | {r['held']} / {p['held']} |")
        lines.append("")
    open(os.path.join(out, "README.md"), "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
