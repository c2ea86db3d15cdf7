#!/usr/bin/env python3
"""Summarises webp_seed.sh's results.csv: one animation as a GIF and as WebP twins, each played by the same players.
Then the real GIFs beside their gif2webp twins, each played windowed w=2.
Usage: webp_summary.py SEED_CSV REAL_CSV OUT_MD COMMIT MACHINE GIF2WEBP_VERSION"""
import csv
import statistics
import sys

csv_path, real_path, out, commit, machine, gif2webp = sys.argv[1:7]
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


def bytes_change(before, after):
    """`saves 58% of its bytes`, or `grows by 3%` when the new file is larger."""
    change = 100 * (after / before - 1)
    return f"saves {-change:.0f}% of its bytes" if change < 0 else f"makes it {change:.0f}% larger"


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
    "A lossless twin shows the same frames as the GIF (the same frames hash); a lossy twin does not, by design. "
    "The synthetic scenes are flat colours, which lossless coding suits: lossy is no smaller here.",
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
    "Peak of jemalloc's `stats.allocated` (MiB). A decoded frame is width × height × 4 bytes whatever the file held. "
    "A windowed WebP player holds a few MiB more than a GIF's: `WebPAnimDecoder` keeps a second canvas (the previous "
    "frame, disposed), and libwebp's frame decoder its own buffers while it decodes.",
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
    f"- **Switching this animation from GIF to lossy WebP** {bytes_change(size[base], size[lossy])} "
    f"({size[base]:,} → {size[lossy]:,}) and costs {decode[lossy] / decode[base]:.2f}× the CPU per decoded frame; a "
    f"windowed player, which decodes every frame again each loop, spends {cpu2[lossy] / cpu2[base]:.2f}× the CPU per "
    "second of animation. An eager player pays that decode once, up front, and holds the same memory.",
]
lossless = next((g for g in gifs if "lossless" in g), None)
if lossless:
    lines.append(f"- **Lossless WebP** keeps the GIF's frames exactly; it is {size[lossless] / size[base]:.2f}× the GIF's "
                 f"bytes and {decode[lossless] / decode[base]:.2f}× its decode CPU per frame.")

# The real GIFs and their gif2webp twins.
real = [r for r in csv.DictReader(open(real_path, newline="")) if r["status"] == "ok"]


def stem(name):
    for suffix in (".lossless.webp", ".lossy-q75.webp"):
        if name.endswith(suffix):
            return name[: -len(suffix)], suffix[1:-5]
    return name, "gif"


groups = {}
for r in real:
    key, kind = stem(r["gif"])
    groups.setdefault(key, {}).setdefault(kind, []).append(r)


def med(group, column):
    return statistics.median(float(r[column]) for r in group)


lines += [
    "",
    "## Real GIFs and their gif2webp twins",
    "",
    f"The repository's real GIFs (`--corpus real`, from Debian packages) and their twins made by Debian's `gif2webp` "
    f"({gif2webp}): lossless (its default) and `-lossy` (quality 75). Each played windowed w=2, 3 loops, 3 repetitions; "
    "medians. The rows are in `real.csv` beside this file.",
    "",
    "| GIF | frames | GIF bytes | lossless ÷ GIF | lossy ÷ GIF | decode per frame, GIF (µs) | lossless ÷ GIF | lossy ÷ GIF "
    "| windowed w=2 CPU per animation s, GIF (ms) | lossless ÷ GIF | lossy ÷ GIF |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
]
smaller = 0
cpu_ratios = []
for key in sorted(groups):
    g = groups[key]
    if not all(k in g for k in ("gif", "lossless", "lossy-q75")):
        continue
    b = {k: int(g[k][0]["file_bytes"]) for k in g}
    d = {k: med(g[k], "frame_decode_p50_s") for k in g}
    c = {k: med(g[k], "cpu_player_per_animation_s") for k in g}
    smaller += b["lossy-q75"] < b["gif"]
    cpu_ratios.append(c["lossy-q75"] / c["gif"])
    lines.append(f"| {key} | {g['gif'][0]['frames']} | {b['gif']:,} | {b['lossless'] / b['gif']:.2f}× | {b['lossy-q75'] / b['gif']:.2f}× "
                 f"| {d['gif'] * 1e6:.1f} | {d['lossless'] / d['gif']:.2f}× | {d['lossy-q75'] / d['gif']:.2f}× "
                 f"| {c['gif'] * 1e3:.1f} | {c['lossless'] / c['gif']:.2f}× | {c['lossy-q75'] / c['gif']:.2f}× |")
if cpu_ratios:
    lines += [
        "",
        f"- **Lossy WebP is not always smaller.** It was smaller than the GIF for {smaller} of {len(cpu_ratios)} real GIFs; "
        "screen recordings and flat-colour animations (what GIF's palette and LZW suit) often grow. Lossless WebP keeps the "
        "frames and is usually smaller than the GIF.",
        f"- **It always costs CPU in a windowed player:** lossy WebP took {min(cpu_ratios):.1f}× to {max(cpu_ratios):.1f}× the "
        "GIF's player CPU per second of animation, paid on every loop. Measure your own files with "
        "`bench run --gif x.gif --gif x.webp`.",
    ]
lines.append("")
open(out, "w").write("\n".join(lines))
