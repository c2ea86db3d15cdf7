"""The report of Benchmarks/Scripts/pass_sensitivity.sh, from each gate's gate.md, stderr and status.tsv.

  pass_sensitivity.py WORK COMMIT RUNS X MACHINE FINISHED   the Markdown report on stdout
"""
import re
import sys

from paired_sensitivity import verdicts


def rows(work, name, setting):
    """Each case row of `setting` for cpu_total_s in gate.md: (gif, change and interval, verdict)."""
    found = []
    for part in open(f"{work}/{name}/gate.md").read().split("\n## ")[1:]:
        title = part.split("\n")[0].strip()
        if not title.endswith("· " + setting) or title.startswith("all GIFs"):
            continue
        for line in part.split("\n"):
            if line.startswith("| cpu_total_s"):
                cells = [c.strip() for c in line.split("|")]
                found.append((title.split(" · ")[0], cells[4], cells[5].split(" (")[0]))
    return found


def report(work, commit, runs, time_x, machine, finished):
    status = {line.split()[0]: (int(line.split()[1]), int(line.split()[2])) for line in open(f"{work}/status.tsv")}
    out = ["# The pass-by-pass gate's sensitivity", "",
           f"Made by `Benchmarks/Scripts/pass_sensitivity.sh {runs} {time_x}` at commit {commit}, on {machine}, with a second",
           "CPU-bound process (`while :; do :; done`) running beside every gate. The base is a copy of the same build (A/A), so an",
           "alarm in a clean gate is noise. Each gate plays the quick suite's nine GIFs in every setting and judges CPU time",
           "pass by pass in warm workers (`bench gate`'s default: 16 pairs of workers a case, 2 s of passes a case), time alone:",
           f"no instruction counts. The planted gates add `--slow-windowed {time_x}` to the candidate: one more LZW decode (by",
           f"giflib) per {round(1 / float(time_x))} windowed frames, so a one-loop pass of a GIF under {round(1 / float(time_x))} frames decodes no frame more",
           "(the planted compositor's own set-up, a second giflib reader, still costs every pass a little).",
           "Exit 1 is an alarm.", "", f"Runs finished: {finished} of {runs}. Seconds per gate are wall time, the base already built.", ""]
    for kind, title in (("clean", "clean"), ("time", f"planted {time_x}")):
        flagged, seconds = 0, []
        out += [f"## {title}", "", "| run | exit | seconds | windowed time, all GIFs | alarms |", "|---:|---:|---:|---|---|"]
        for run in range(1, int(runs) + 1):
            name = f"{kind}-{run}"
            if name not in status:
                continue
            alarms, time_row, _ = verdicts(work, name)
            code, took = status[name]
            flagged += code == 1
            seconds.append(took)
            out.append(f"| {run} | {code} | {took} | {time_row} | {len(alarms)}: " + "; ".join(a.replace("|", "/") for a in alarms[:3]) + " |")
        if seconds:
            out += ["", f"{flagged} of {len(seconds)} gates failed; each took {min(seconds)} to {max(seconds)} s.", ""]
    last = max((r for r in range(1, int(runs) + 1) if f"time-{r}" in status), default=None)
    if last:
        out += [f"## The windowed cases of planted gate {last}", "", "| GIF | change [99% interval] | verdict |", "|---|---|---|"]
        out += [f"| {gif} | {change} | {verdict} |" for gif, change, verdict in rows(work, f"time-{last}", "windowed w=4")]
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(report(*sys.argv[1:7]))
