#!/usr/bin/env python3
"""Each command held to its own limits (issue 68): the kinds of file a held-out script found a command over its
limits with, made here, each given to the command that was over, with the flags the issue names. For each: the exit
status, the wall time, the peak resident memory of the largest process of the command's tree (wait4's ru_maxrss, which
counts a waited-for child), and the first line on stderr that says "error" or "skipping". Writes
Reports/limits/README.md.

Usage: command_limits.py BENCH OUT COMMIT MACHINE
"""
import os
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from scaling_frames import one_pixel_gif  # noqa: E402


def still_on_a_screen(side):
    """One 1x1 frame on a side x side screen: a few dozen bytes that decode to side^2 x 4 bytes."""
    out = b"GIF89a" + struct.pack("<HH", side, side) + bytes([0x80, 0, 0, 0, 0, 0, 255, 255, 255])
    return out + b"\x2c" + struct.pack("<HHHH", 0, 0, 1, 1) + b"\x00\x02\x02\x4c\x01\x00\x3b"


def frames_on_a_screen(side, frames):
    """`frames` one-pixel frames of 10 ms on a side x side screen."""
    gif = bytearray(one_pixel_gif(frames))
    gif[6:10] = struct.pack("<HH", side, side)
    return bytes(gif)


def measure(arguments, work):
    started = time.monotonic()
    child = subprocess.Popen(arguments, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    errors = child.stderr.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - started
    line = next((l for l in errors.splitlines() if "error" in l or "skipping" in l), "")
    return os.waitstatus_to_exitcode(status), wall, usage.ru_maxrss / 1024, line


def main(bench, out, commit, machine):
    bench = os.path.abspath(bench)
    rows = []
    with tempfile.TemporaryDirectory() as work:
        def file(name, data):
            path = os.path.join(work, name)
            with open(path, "wb") as f:
                f.write(data)
            return path
        many = file("many-20000.gif", one_pixel_gif(20000))
        still = file("still-10000.gif", still_on_a_screen(10000))
        canvas = file("canvas-10000x200.gif", frames_on_a_screen(10000, 200))
        # Made in a process of its own: a child inherits its parent's peak resident figure, and Pillow's 100 Mpx
        # image would be every row's floor.
        webp = os.path.join(work, "still-10000.webp")
        made = subprocess.run([sys.executable, "-c", "import sys; from PIL import Image; Image.new('RGB', (10000, "
                               "10000), (10, 200, 30)).save(sys.argv[1], lossless=True)", webp]).returncode == 0
        webp = webp if made else None
        cases = [
            ("run: 20,000 one-pixel frames", [bench, "run", "--gif", many, "--quick", "--repetitions", "1",
                                              "--warmup", "0", "--decoders", "windowed", "--timeout", "5",
                                              "--out", "o1"]),
            ("cache: one-pixel frame on a 10000×10000 GIF screen", [bench, "cache", "--gif", still,
                                                                     "--repetitions", "1", "--max-eager-bytes",
                                                                     "401MB", "--out", "o2"]),
            ("inspect --hashes: 200 frames on a 10000×10000 screen", [bench, "inspect", canvas, "--hashes",
                                                                       "--timeout", "5", "--max-eager-bytes",
                                                                       "1MiB"]),
            ("inspect --hashes: the same, no eager limit", [bench, "inspect", canvas, "--hashes", "--timeout", "5"]),
        ]
        if webp:
            cases.insert(2, ("cache: lossless 10000×10000 still WebP", [bench, "cache", "--gif", webp,
                                                                         "--repetitions", "1", "--max-eager-bytes",
                                                                         "401MB", "--out", "o3"]))
        for name, arguments in cases:
            print(f"limits: {name}", file=sys.stderr)
            status, wall, peak, line = measure(arguments, work)
            rows.append((name, " ".join(os.path.basename(a) if a.startswith(work) else a for a in arguments[1:]),
                         status, wall, peak, line.replace(work + "/", "")))
    lines = ["# Every command inside its limits", "",
             f"Made by `Benchmarks/Scripts/command_limits.sh` at commit {commit} on {machine}.", "",
             "The files a held-out script found three commands over their limits with (issue 68), made again by the "
             "script, each given to the command that was over. Peak is the largest process of the command's tree "
             "(`wait4`'s `ru_maxrss`, which counts a child); the line is the first on stderr that says why.", "",
             "| file | command | exit | wall (s) | peak resident (MiB) | line |", "|---|---|---:|---:|---:|---|"]
    for name, command, status, wall, peak, line in rows:
        lines.append(f"| {name} | `{command}` | {status} | {wall:.2f} | {peak:.0f} | {line.replace('|', '/')} |")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines[-len(rows) - 2:]))


if __name__ == "__main__":
    main(*sys.argv[1:5])
