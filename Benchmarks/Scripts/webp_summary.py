#!/usr/bin/env python3
"""Summarises webp_seed.sh's results.csv: one animation as a GIF and as WebP twins, each played by the same players.
Usage: webp_summary.py RESULTS_CSV OUT_MD COMMIT MACHINE"""
import csv
import statistics
import sys

csv_path, out, commit, machine = sys.argv[1:5]
rows = [r for r in csv.DictReader(open(csv_path, newline="")) if r["status"] == "ok"]
if not rows:
    sys.exit("webp_summary: no successful rows in " + csv_path)


def fmt_kind(gif):
    return "GIF" if not gif.endswith(".webp") else "WebP " + gif.rsplit(".", 2)[-2]


gifs = []
for r in rows:
    if r["gif"] not in gifs:
        gifs.append(r["gif"])
gifs.sort(key=lambda g: (g.endswith(".webp"), g))
settings = []
for r in rows:
    if r["setting"] not in settings:
        settings.append(r["setting"])


def median(gif, setting, column):
    values = [float(r[column]) for r in rows if r["gif"] == gif and r["setting"] == setting and r[column] != ""]
    return statistics.median(values) if values else None


def first(gif, column):
    return next(r[column] for r in rows if r["gif"] == gif)


base = gifs[0]
mib = 1 << 20
lines = [
    "# The seed animation as a GIF and as WebP",
    "",
    f"Made by `Benchmarks/Scripts/webp_seed.sh` at commit {commit}, release build, {machine}. The seed animation "
    "(`kingfisher-720x720x150`) as the synthetic GIF, and as its WebP twins written by `bench corpus --webp` "
    "(libwebp's animation encoder, as gif2webp: lossless, and lossy at quality 75). Each played eager, windowed "
    "(w=2, w=4) and by the models of the two libraries that play WebP (Kingfisher through KingfisherWebP, SDWebImage "
    "through SDWebImageWebPCoder), 3 loops in throughput mode, 3 repetitions; every figure is the median of the 3. "
    "FLAnimatedImage and YLGIFImage play GIF only and are not played on a WebP. The rows are in `seed.csv` beside this file.",
    "",
    "## The files",
    "",
    "| file | format | bytes | ÷ GIF | frames | frames hash (eager) |",
    "|---|---|---:|---:|---:|---|",
]
size = {g: int(first(g, "file_bytes")) for g in gifs}
for g in gifs:
    eager_hash = next((r["frames_hash"] for r in rows if r["gif"] == g and r["setting"] == "eager"), "")
    lines.append(f"| {g} | {fmt_kind(g)} | {size[g]:,} | {size[g] / size[base]:.2f}× | {first(g, 'frames')} | `{eager_hash}` |")
lines += [
    "",
    "A lossless twin shows the same frames as the GIF (the same frames hash); a lossy twin does not, by design.",
    "",
    "## Decoding: CPU per frame, and what each player costs",
    "",
    "Per-frame decode is `frame_decode_p50_s` of windowed w=2 (the decoding thread's CPU clock, first loop). Player "
    "CPU is `cpu_player_per_animation_s`: the player's threads' CPU per second of animation shown.",
    "",
    "| setting | " + " | ".join(fmt_kind(g) for g in gifs) + " | " + " | ".join(f"{fmt_kind(g)} ÷ GIF" for g in gifs[1:]) + " |",
    "|---|" + "---:|" * (2 * len(gifs) - 1),
]
decode = {g: median(g, "windowed w=2", "frame_decode_p50_s") for g in gifs}
lines.append("| decode per frame (ms) | " + " | ".join(f"{decode[g] * 1e3:.2f}" for g in gifs) + " | "
             + " | ".join(f"{decode[g] / decode[base]:.2f}×" for g in gifs[1:]) + " |")
for s in settings:
    cpu = {g: median(g, s, "cpu_player_per_animation_s") for g in gifs}
    if any(v is None for v in cpu.values()):
        continue
    lines.append(f"| {s}: player CPU per animation second (ms) | " + " | ".join(f"{cpu[g] * 1e3:.1f}" for g in gifs) + " | "
                 + " | ".join(f"{cpu[g] / cpu[base]:.2f}×" for g in gifs[1:]) + " |")
lines += [
    "",
    "## Memory: the decoded frames are the same size",
    "",
    "Peak of jemalloc's `stats.allocated` (MiB). A decoded frame is width × height × 4 bytes whatever the file held.",
    "",
    "| setting | " + " | ".join(fmt_kind(g) for g in gifs) + " |",
    "|---|" + "---:|" * len(gifs),
]
for s in settings:
    peak = {g: median(g, s, "jemalloc_allocated_peak_bytes") for g in gifs}
    if any(v is None for v in peak.values()):
        continue
    lines.append(f"| {s} | " + " | ".join(f"{peak[g] / mib:.1f}" for g in gifs) + " |")

eager = {g: median(g, "eager", "jemalloc_allocated_peak_bytes") for g in gifs}
w2 = {g: median(g, "windowed w=2", "jemalloc_allocated_peak_bytes") for g in gifs}
cpu2 = {g: median(g, "windowed w=2", "cpu_player_per_animation_s") for g in gifs}
lossy = next((g for g in gifs if "lossy" in g), gifs[-1])
lines += [
    "",
    "## The answer",
    "",
    f"- **Eager against windowed holds for WebP as for GIF.** On the lossy twin eager peaks at {eager[lossy] / mib:.0f} MiB "
    f"and windowed w=2 at {w2[lossy] / mib:.1f} MiB ({eager[lossy] / w2[lossy]:.0f}× less), the same frames held as "
    f"the GIF's ({eager[base] / mib:.0f} MiB against {w2[base] / mib:.1f} MiB).",
    f"- **Switching this animation from GIF to lossy WebP** saves {100 * (1 - size[lossy] / size[base]):.0f}% of its bytes "
    f"({size[base]:,} → {size[lossy]:,}) and costs {decode[lossy] / decode[base]:.2f}× the CPU per decoded frame; a "
    f"windowed player, which decodes every frame again each loop, spends {cpu2[lossy] / cpu2[base]:.2f}× the CPU per "
    "second of animation. An eager player pays that decode once, up front, and holds the same memory.",
]
lossless = next((g for g in gifs if "lossless" in g), None)
if lossless:
    lines.append(f"- **Lossless WebP** keeps the GIF's frames exactly; it is {size[lossless] / size[base]:.2f}× the GIF's "
                 f"bytes and {decode[lossless] / decode[base]:.2f}× its decode CPU per frame.")
lines.append("")
open(out, "w").write("\n".join(lines))
