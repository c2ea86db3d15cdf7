#!/usr/bin/env python3
"""Compares `bench speed` throughput with Pillow's full-frame decode of the same GIFs.

Pillow is an independent reference here, never part of the product. For each GIF in DIR
(default: the synthetic corpus written by `bench corpus`), Pillow seeks through every
frame and loads it (Pillow composites each frame onto the full canvas while loading);
the rate is frames x width x height / wall seconds, median of 3 runs.

usage: Benchmarks/Scripts/speed_vs_pillow.py [DIR]     (from the package root, after swift build -c release)
"""
import csv
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time

from PIL import Image


def pillow_rate(path):
    rates = []
    for _ in range(3):
        start = time.perf_counter()
        with Image.open(path) as im:
            frames = getattr(im, "n_frames", 1)
            for index in range(frames):
                im.seek(index)
                im.load()
            pixels = frames * im.size[0] * im.size[1]
        rates.append(pixels / (time.perf_counter() - start) / 1e6)
    return statistics.median(rates)


def main():
    bench = os.path.join(".build", "release", "bench")
    directory = sys.argv[1] if len(sys.argv) > 1 else None
    if directory is None:
        directory = tempfile.mkdtemp()
        subprocess.run([bench, "corpus", "--out", directory], check=True, stderr=subprocess.DEVNULL)
    ours = subprocess.run([bench, "speed", "--csv", "--gif", directory], check=True, capture_output=True, text=True).stdout
    print("| gif | giflib C loop (Mpx/s) | compositor, giflib (Mpx/s) | compositor, fast (Mpx/s) | Pillow (Mpx/s) | "
          "giflib compositor ÷ C | fast compositor ÷ Pillow |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for row in csv.DictReader(io.StringIO(ours)):
        pillow = pillow_rate(os.path.join(directory, row["gif"] + ".gif"))
        fast, giflib = float(row["compositor_fast_mpx_s"]), float(row["compositor_giflib_mpx_s"])
        c_loop = float(row["giflib_c_loop_mpx_s"])
        print(f"| {row['gif']} | {c_loop:.1f} | {giflib:.1f} | {fast:.1f} | {pillow:.1f} | {giflib / c_loop:.2f}× | {fast / pillow:.1f}× |")


if __name__ == "__main__":
    main()
