#!/usr/bin/env python3
"""Does the answer hold on a busy host? (issue 67) Reads the runs busy_host.sh made (quiet-N and busy-N, each the
default command's results.json) and sets the seed case's answer side by side, figure by figure: the smallest window
as traced and at the default margin, every library's verdict, the margins, and the ratios and costs. Writes
Reports/busy-host/README.md and figures.tsv.

Usage: busy_host.py RUNS OUT COMMIT MACHINE
"""
import json
import os
import sys

SEED = "kingfisher-720x720x150"


def figures(path):
    with open(os.path.join(path, "results.json")) as f:
        report = json.load(f)
    answer = next(a for a in report["replay"]["answers"] if a["gif"] == SEED and a["speed"] == 1)
    eager = answer["eager"]
    at_margin = (answer.get("at_margins") or [{}])[0]
    named = at_margin.get("smallest_window")
    out = {
        "smallest window": answer["smallest_window"]["label"] if answer.get("smallest_window") else "none",
        f"smallest window {at_margin.get('slowdown', 0):.0f}× slower": named["label"] if named else "none",
    }
    for library in answer["libraries"]:
        outcome = library["outcome"]
        verdict = "smooth" if outcome["stalls"] == 0 and outcome["dropped_frames"] == 0 else \
            f"{outcome['stalls']} stalls, {outcome['dropped_frames']} dropped"
        out[f"verdict: {library['label']}"] = verdict
    numbers = {}
    for setting in [answer["smallest_window"]] + answer["libraries"]:
        label = setting["label"]
        margin = (setting.get("margin") or {}).get("smooth_up_to")
        if margin is not None and (setting.get("margin") or {}).get("rough_from") is not None:
            numbers[f"margin: {label} (×)"] = margin
        numbers[f"peak ÷ eager: {label}"] = setting["peak_allocated_bytes"] / eager["peak_allocated_bytes"]
        numbers[f"CPU per loop: {label} (ms)"] = setting["steady_per_loop_seconds"] * 1e3
        numbers[f"one-time CPU: {label} (ms)"] = setting["one_time_seconds"] * 1e3
    numbers["one-time CPU: eager (ms)"] = eager["one_time_seconds"] * 1e3
    numbers["pacing factor (×)"] = answer.get("pacing_factor") or 1
    activity = report["metadata"].get("host_activity") or {}
    others = activity["others_seconds"] / activity["wall_seconds"] if activity.get("wall_seconds") else None
    return out, numbers, others


def main(runs, out, commit, machine):
    kinds = {"quiet": [], "busy": []}
    for name in sorted(os.listdir(runs)):
        kind = name.split("-")[0]
        if kind in kinds and os.path.exists(os.path.join(runs, name, "results.json")):
            kinds[kind].append((name, *figures(os.path.join(runs, name))))
    every = kinds["quiet"] + kinds["busy"]
    verdict_keys = list(every[0][1].keys())
    number_keys = list(every[0][2].keys())
    same = {k: len({run[1].get(k) for run in every}) == 1 for k in verdict_keys}
    lines = ["# Does the answer hold on a busy host?", "",
             f"Made by `Benchmarks/Scripts/busy_host.sh` at commit {commit} on {machine}: the default command "
             f"(`bench run`) {len(kinds['quiet'])} times on a quiet machine and {len(kinds['busy'])} times with two "
             "CPU-bound processes beside it (a shell loop each, on this 2-core machine). The seed case's answer, "
             "figure by figure.", "",
             "Other processes' CPUs while each run played (the report's own reading of /proc/stat): quiet "
             + ", ".join(f"{r[3]:.2f}" for r in kinds["quiet"] if r[3] is not None) + "; busy "
             + ", ".join(f"{r[3]:.2f}" for r in kinds["busy"] if r[3] is not None) + ".", "",
             f"**The smallest window as traced and every library's verdict: "
             f"{'the same in all ' + str(len(every)) + ' runs' if all(v for k, v in same.items() if 'slower' not in k) else 'not the same in every run'}.**"
             + " The smallest window at the margin: "
             + ", ".join(f"{v} in {sum(1 for r in every if r[1].get(k) == v)} of {len(every)}"
                         for k in verdict_keys if "slower" in k for v in sorted({r[1].get(k) for r in every}))
             + ".", "",
             "| figure | " + " | ".join(r[0] for r in every) + " |",
             "|---|" + "---|" * len(every)]
    for k in verdict_keys:
        lines.append(f"| {k} | " + " | ".join(str(r[1].get(k)) for r in every) + " |")
    lines += ["", "| figure | quiet (lowest–highest) | busy (lowest–highest) | busy ÷ quiet, medians |",
              "|---|---:|---:|---:|"]
    rows = []
    for k in number_keys:
        quiet = sorted(r[2][k] for r in kinds["quiet"] if k in r[2])
        busy = sorted(r[2][k] for r in kinds["busy"] if k in r[2])
        if not quiet or not busy:
            continue
        mq, mb = quiet[len(quiet) // 2], busy[len(busy) // 2]
        ratio = mb / mq if mq else float("nan")
        lines.append(f"| {k} | {quiet[0]:.3g}–{quiet[-1]:.3g} | {busy[0]:.3g}–{busy[-1]:.3g} | {ratio:.2f}× |")
        rows.append((k, quiet, busy))
    lines.append("")
    # --loops 1 against --loops 5: each figure's runs side by side.
    by_loops = {}
    for name in sorted(os.listdir(runs)):
        if name.startswith("loops") and os.path.exists(os.path.join(runs, name, "results.json")):
            by_loops.setdefault(name.split("-")[0], []).append(figures(os.path.join(runs, name))[1])
    if {"loops1", "loops5"} <= by_loops.keys():
        lines += ["## The same figures at 1 loop and at 5", "",
                  "The seed case alone, three runs at `--loops 1` and three at `--loops 5`, on the quiet host. "
                  "Steady CPU per loop and one-time CPU are meant not to depend on the loops played; the spread is "
                  "each setting's three runs.", "",
                  "| figure | --loops 1 (lowest–highest) | --loops 5 (lowest–highest) | 5 ÷ 1, medians |",
                  "|---|---:|---:|---:|"]
        for k in by_loops["loops1"][0]:
            if not (k.startswith("CPU per loop") or k.startswith("one-time") or k.startswith("margin")):
                continue
            one = sorted(r[k] for r in by_loops["loops1"] if k in r)
            five = sorted(r[k] for r in by_loops["loops5"] if k in r)
            if one and five:
                ratio = five[len(five) // 2] / one[len(one) // 2] if one[len(one) // 2] else float("nan")
                lines.append(f"| {k} | {one[0]:.3g}–{one[-1]:.3g} | {five[0]:.3g}–{five[-1]:.3g} | {ratio:.2f}× |")
        lines.append("")
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines))
    with open(os.path.join(out, "figures.tsv"), "w") as f:
        f.write("figure\tquiet\tbusy\n")
        for k, quiet, busy in rows:
            f.write(f"{k}\t{','.join(f'{v:.6g}' for v in quiet)}\t{','.join(f'{v:.6g}' for v in busy)}\n")
    print("\n".join(lines[6:9]))


if __name__ == "__main__":
    main(*sys.argv[1:5])
