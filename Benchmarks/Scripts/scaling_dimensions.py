#!/usr/bin/env python3
"""How the harness's own cost grows along four more dimensions than a GIF's frames (issue 68; frames are
scaling_frames.py's). Each doubles (or nearly) across its range, every other dimension held:

  GIFs per run    1 to 1,000 GIFs of 10 one-pixel frames (each its own bytes) in one folder, `bench run --gif DIR
                  --quick --repetitions 1 --warmup 0 --decoders windowed` (eager beside it)
  feed players    1 to 64 players of one GIF of 10 frames of 100 ms, `bench feed --players N --policies windowed --loops 1`
  windows swept   1 to 256 windows of a 512-frame one-pixel GIF, `bench run --windows 1,...,N --no-references`
                  (eager beside them)
  canvas pixels   0.1 to 16 Mpx: 10 one-pixel frames on a square screen of that many pixels, `bench run --quick
                  --repetitions 1 --warmup 0 --decoders windowed` (eager beside it)

For each run: the wall time, the CPU of the whole tree (wait4's ru_utime + ru_stime, which counts every child the
command waited for), the parent's CPU where the report gives it (metadata.parent.cpu_seconds) and the peak resident
memory of the largest process of the tree (wait4's ru_maxrss). Each figure's growth exponent is the slope of a
least-squares line through log(figure) against log(size), with its 95% interval. Writes
Reports/scaling/dimensions.{md,tsv}.

Usage: scaling_dimensions.py BENCH OUT COMMIT MACHINE
"""
import math
import os
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from scaling_frames import slope  # noqa: E402


def gif(frames, side=1, variant=0, centiseconds=2):
    """`frames` one-pixel frames of 20 ms (or `centiseconds`) on a side x side screen; `variant` changes the palette,
    so every file's bytes differ. Short delays keep the pacing probe short: it sleeps each of 8 frames' delays, once
    per GIF."""
    palette = bytes([0, 0, 0, variant & 0xff, (variant >> 8) & 0xff, 255])
    out = bytearray(b"GIF89a" + struct.pack("<HH", side, side) + bytes([0x80, 0, 0]) + palette)
    out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    for i in range(frames):
        out += b"\x21\xf9\x04\x00" + bytes([centiseconds]) + b"\x00\x00\x00" + b"\x2c" + struct.pack("<HHHH", i % side, 0, 1, 1) + b"\x00"
        out += b"\x02\x02" + bytes([0x44 if i % 2 else 0x4c]) + b"\x01\x00"
    return bytes(out + b"\x3b")


def measure(arguments, folder):
    started = time.monotonic()
    child = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    errors = child.stderr.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - started
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"scaling: {' '.join(arguments)} failed: {errors.strip().splitlines()[-1:]}")
    parent = None
    results = os.path.join(folder, "results.json")
    if os.path.exists(results):
        # Read in a process of its own: a child started later inherits this process's peak resident figure (exec
        # folds the vforked memory's high-water mark into it), and a report of 1,000 GIFs is a large JSON to hold.
        parent = float(subprocess.run([sys.executable, "-c", "import json, sys; print(json.load(open(sys.argv[1]))"
                                       "['metadata']['parent']['cpu_seconds'])", results],
                                      capture_output=True, text=True, check=True).stdout)
    return wall, usage.ru_utime + usage.ru_stime, parent, usage.ru_maxrss / 1024


def write(work, name, data):
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def main(bench, out, commit, machine):
    bench = os.path.abspath(bench)
    quick = ["--quick", "--repetitions", "1", "--warmup", "0"]
    dimensions = []
    with tempfile.TemporaryDirectory() as work:
        def run(label, sizes, arguments_for):
            rows = []
            for size in sizes:
                print(f"scaling: {label} {size:,}", file=sys.stderr)
                folder = os.path.join(work, f"out-{label}-{size}".replace(" ", "-"))
                rows.append((size,) + measure(arguments_for(size) + ["--out", folder, "--quiet"], folder))
            dimensions.append((label, rows))

        def folder_of(count):
            folder = os.path.join(work, f"gifs-{count}")
            os.makedirs(folder)
            for i in range(count):
                write(folder, f"g{i:04d}.gif", gif(10, side=1, variant=i))
            return folder
        run("GIFs per run", [1, 4, 16, 64, 256, 1000],
            lambda n: [bench, "run", "--gif", folder_of(n), *quick, "--decoders", "windowed"])
        # A second of animation, 10 frames of 100 ms: long enough for the players' decoding to show.
        ten = write(work, "ten.gif", gif(10, centiseconds=10))
        run("feed players", [1, 2, 4, 8, 16, 32, 64],
            lambda n: [bench, "feed", "--gif", ten, "--players", str(n), "--policies", "windowed", "--loops", "1"])
        long = write(work, "long.gif", gif(512))
        run("windows swept", [1, 4, 16, 64, 256],
            lambda n: [bench, "run", "--gif", long, *quick, "--decoders", "windowed", "--no-references",
                       "--windows", ",".join(str(w) for w in range(1, n + 1))])
        run("canvas pixels", [100_000, 400_000, 1_600_000, 6_400_000, 16_000_000],
            lambda px: [bench, "run", "--gif", write(work, f"canvas-{px}.gif", gif(10, side=round(math.sqrt(px)))),
                        *quick, "--decoders", "windowed"])
    names = ["wall (s)", "CPU, whole tree (s)", "parent CPU (s)", "largest process's peak resident (MiB)"]
    lines = ["# The harness's cost as GIFs, players, windows and canvas pixels grow", "",
             f"Made by `Benchmarks/Scripts/scaling_dimensions.sh` at commit {commit} on {machine}. Frames per GIF are "
             "in [frames.md](frames.md).", "",
             "Each dimension grows with every other held; the commands are in the script's docstring. The exponent is "
             "the slope of log(figure) against log(size), with its 95% interval: 1 grows in proportion, 0 not at "
             "all. The parent's CPU is given where the report records it (`bench run`'s `metadata.parent`).", ""]
    tsv = ["dimension\tsize\twall_s\ttree_cpu_s\tparent_cpu_s\tpeak_mib"]
    for label, rows in dimensions:
        lines += [f"## {label}", "", f"| {label} | " + " | ".join(names) + " |", "|---:|" + "---:|" * len(names)]
        for size, *figures in rows:
            cells = ["–" if v is None else f"{v:.3g}" for v in figures]
            lines.append(f"| {size:,} | " + " | ".join(cells) + " |")
            tsv.append("\t".join([label, str(size)] + ["" if v is None else str(v) for v in figures]))
        lines += ["", "| figure | growth exponent |", "|---|---:|"]
        for i, name in enumerate(names):
            points = [(r[0], r[i + 1]) for r in rows if r[i + 1] is not None]
            if len(points) < 2:
                continue
            b, half = slope([p[0] for p in points], [max(p[1], 1e-9) for p in points])
            lines.append(f"| {name} | {b:.2f} ± {half:.2f} |")
        lines.append("")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "dimensions.md"), "w") as f:
        f.write("\n".join(lines))
    with open(os.path.join(out, "dimensions.tsv"), "w") as f:
        f.write("\n".join(tsv) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main(*sys.argv[1:5])
