#!/usr/bin/env python3
"""How the harness's own cost grows with the frames of a GIF (issue 68): GIFs of 1,000 to 64,000 one-pixel frames
(made here, a few bytes a frame), each run as `bench run --gif G --quick --repetitions 1 --warmup 0 --decoders
windowed` (eager beside it as the reference, every setting replayed with its margin). For each: the wall time, the
parent's CPU (metadata.parent.cpu_seconds: reading the results, the replay, the reports), the children's CPU (each
case's cpu_total_s) and the parent's peak resident memory; then each figure's growth exponent, the slope of a
least-squares line through log(figure) against log(frames), with its 95% interval. Writes
Reports/scaling/frames.{md,tsv}.

Usage: scaling_frames.py BENCH OUT COMMIT MACHINE
"""
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import time

FRAMES = [1000, 2000, 4000, 8000, 16000, 20000, 32000, 64000]
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31}


def one_pixel_gif(frames):
    out = bytearray(b"GIF89a" + struct.pack("<HH", 1, 1) + bytes([0x80, 0, 0, 0, 0, 0, 255, 255, 255]))
    out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    for i in range(frames):
        out += b"\x21\xf9\x04\x00\x02\x00\x00\x00" + b"\x2c" + struct.pack("<HHHH", 0, 0, 1, 1) + b"\x00"
        out += b"\x02\x02" + bytes([0x44 if i % 2 else 0x4c]) + b"\x01\x00"
    return bytes(out + b"\x3b")


def slope(xs, ys):
    """Least-squares slope of log y on log x, and its 95% half-interval."""
    lx, ly = [math.log(x) for x in xs], [math.log(y) for y in ys]
    n = len(lx)
    mx, my = sum(lx) / n, sum(ly) / n
    sxx = sum((x - mx) ** 2 for x in lx)
    b = sum((x - mx) * (y - my) for x, y in zip(lx, ly)) / sxx
    a = my - b * mx
    if n < 3:
        return b, float("nan")
    residual = sum((y - a - b * x) ** 2 for x, y in zip(lx, ly)) / (n - 2)
    return b, T95.get(n - 2, 2.0) * math.sqrt(residual / sxx)


def main(bench, out, commit, machine):
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for frames in FRAMES:
            path = os.path.join(work, f"one-pixel-{frames}.gif")
            with open(path, "wb") as f:
                f.write(one_pixel_gif(frames))
            print(f"scaling: {frames} frames", file=sys.stderr)
            started = time.monotonic()
            subprocess.run([bench, "run", "--gif", path, "--quick", "--repetitions", "1", "--warmup", "0",
                            "--decoders", "windowed", "--timeout", "300", "--out", os.path.join(work, str(frames))],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wall = time.monotonic() - started
            with open(os.path.join(work, str(frames), "results.json")) as f:
                report = json.load(f)
            parent = report["metadata"]["parent"]
            children = sum(r.get("cpu_total_s", 0) for r in report["results"])
            rows.append((frames, wall, parent["cpu_seconds"], children, parent["peak_resident_bytes"] / 2**20))
    names = ["wall (s)", "parent CPU (s)", "children's CPU (s)", "parent peak resident (MiB)"]
    lines = ["# The harness's cost as a GIF's frames double", "",
             f"Made by `Benchmarks/Scripts/scaling_frames.sh` at commit {commit} on {machine}.", "",
             "One-pixel GIFs of 1,000 to 64,000 frames (and 20,000, the target's), each played by `bench run --quick --repetitions 1 --warmup 0 "
             "--decoders windowed` (eager beside it), every setting replayed with its margin. The exponent is the "
             "slope of log(figure) against log(frames), with its 95% interval: 1 grows in proportion to the frames.",
             "", "| frames | " + " | ".join(names) + " |", "|---:|" + "---:|" * len(names)]
    for frames, *figures in rows:
        lines.append(f"| {frames:,} | " + " | ".join(f"{v:.3g}" for v in figures) + " |")
    lines += ["", "| figure | growth exponent |", "|---|---:|"]
    for i, name in enumerate(names):
        b, half = slope([r[0] for r in rows], [max(r[i + 1], 1e-9) for r in rows])
        lines.append(f"| {name} | {b:.2f} ± {half:.2f} |")
    first = next(r for r in rows if r[0] == 4000)
    last = next(r for r in rows if r[0] == 16000)
    twenty = next(r for r in rows if r[0] == 20000)
    lines += ["", f"From 4,000 to 16,000 frames the parent's CPU grows {last[2] / first[2]:.2f}× (target: at most "
              f"4.5×); at 20,000 frames it is {twenty[2]:.2f} s (target: under 2 s).", ""]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "frames.md"), "w") as f:
        f.write("\n".join(lines))
    with open(os.path.join(out, "frames.tsv"), "w") as f:
        f.write("frames\twall_s\tparent_cpu_s\tchildren_cpu_s\tparent_peak_mib\n")
        for row in rows:
            f.write("\t".join(str(v) for v in row) + "\n")
    print("\n".join(lines[-(len(names) + 5):]))


if __name__ == "__main__":
    main(*sys.argv[1:5])
