#!/usr/bin/env bash
# The player's CPU apart from the harness's (issue 46): the seed case (kingfisher-720x720x150) at window 4, one loop,
# played in throughput mode and in real time at speeds 1 and 4, by each thread's own clock: the playing thread, the
# prefetch thread and the memory sampler. Says what the player spends per loop in each mode, the sampler's cost in real
# time, and the share of the process's CPU that is the harness's.
#
# Then where real time's extra decoding CPU goes, step by step (frame_costs: LZW, drawing, the copy into the slot
# that keeps the frame), in throughput mode and in real time with the display link ticking at 60 Hz at speeds 1 and
# 4, at 960 Hz at speed 16 and at 1000 Hz at speed 200: the faster the playback, the sooner a slot the player freed is
# written again by the next decode.
#
# Writes Reports/player-cpu/README.md.
#
# Usage: Benchmarks/Scripts/player_cpu.sh [REPETITIONS]   (repository root; run it alone; default 5)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
repetitions="${1:-5}"
swift build -c release --product bench >/dev/null
bench=.build/release/bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case=(--gif kingfisher-720x720x150 --decoders windowed --windows 4 --loops 1 --repetitions "$repetitions")
echo "player_cpu: throughput, then real time at 1x and 4x, 16x at 960 Hz and 200x at 1000 Hz" >&2
"$bench" run "${case[@]}" --out "$work/throughput" >/dev/null 2>&1
"$bench" run "${case[@]}" --mode realtime --speed 1,4 --out "$work/realtime" >/dev/null 2>&1
"$bench" run "${case[@]}" --mode realtime --speed 16 --refresh 960 --out "$work/fast" >/dev/null 2>&1
"$bench" run "${case[@]}" --mode realtime --speed 200 --refresh 1000 --out "$work/fastest" >/dev/null 2>&1
mkdir -p Reports/player-cpu
python3 - "$work" "$report_commit" "$report_machine" "$repetitions" >Reports/player-cpu/README.md <<'PY'
import json, statistics, sys
work, commit, machine, repetitions = sys.argv[1:5]
def load(run):
    rows = []
    for result in json.load(open(f"{work}/{run}/results.json"))["results"]:
        case = result["bench_case"]
        mode = case.get("mode", "throughput")
        rows.append((mode, float(case.get("speed", 1)) if mode == "realtime" else 1.0, float(case.get("refresh_hz", 60)), result))
    return rows
def med(values): return statistics.median(values)
def ms(seconds): return f"{seconds * 1e3:.1f} ms"
print("# The player's CPU apart from the harness's\n")
print(f"Made by `Benchmarks/Scripts/player_cpu.sh {repetitions}` at commit {commit} on {machine}: kingfisher-720x720x150, the "
      f"windowed decoder at window 4, one loop, {repetitions} repetitions, medians. Each thread is read on its own clock "
      "(`pthread_getcpuclockid`, `CLOCK_THREAD_CPUTIME_ID`); the player is its playing thread (less the memory samples it "
      "takes) and its prefetch thread; the harness is the process's CPU less the player's.\n")
print("| mode | speed | animation | process CPU | player CPU per loop | playing thread | prefetch thread | sampler | harness share |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
groups = {}
for mode, speed, refresh, result in load("throughput") + load("realtime"):
    groups.setdefault((mode, speed), []).append(result)
def player(r): return r["cpu_playing_thread_s"] + r["cpu_decoding_thread_s"]
through = med([player(r) for r in groups[("throughput", 1.0)]])
for (mode, speed), results in sorted(groups.items()):
    total = med([r["cpu_total_s"] for r in results])
    harness = med([(r["cpu_total_s"] - player(r)) / r["cpu_total_s"] for r in results])
    print(f"| {mode} | {speed:g}× | {med([r['animation_s'] for r in results]):.2f} s | {ms(total)} | {ms(med([player(r) for r in results]))} | "
          f"{ms(med([r['cpu_playing_thread_s'] for r in results]))} | {ms(med([r['cpu_decoding_thread_s'] for r in results]))} | "
          f"{ms(med([r['cpu_sampler_s'] for r in results]))} | {harness * 100:.0f}% |")
print()
for (mode, speed), results in sorted(groups.items()):
    if mode != "realtime": continue
    sampler = med([r["cpu_sampler_s"] / r["animation_s"] for r in results])
    print(f"- Real time at {speed:g}×: the player's CPU per loop is {med([player(r) for r in results]) / through:.2f}× throughput's "
          f"(target: within 1.30×); the sampler costs {ms(sampler)} of CPU per second of animation.")

print("\n## Where real time's extra decoding goes\n")
print("Each decode's steps, from the trace (`frame_costs`: `lzw`, `copy`, the rest drawing), summed over the loop, medians "
      "over the repetitions. Window 4 decodes into 5 slots in turn, so a slot is written again 5 frames after it was "
      "last written: the slot reuse gap is 5 frames' time, of animation in real time (a frame's delay at that speed, "
      "or a display tick if longer) and of decoding in throughput mode (5 × the median decode), where the player takes "
      "each frame as soon as it is ready.\n")
print("| mode | speed | refresh | slot reuse gap | decode per loop | LZW | drawing | copy into the slot |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
steps = {}
for mode, speed, refresh, result in load("throughput") + load("realtime") + load("fast") + load("fastest"):
    costs = result["frame_costs"]
    passes, lzw, copy = costs["passes"][0], costs["lzw"][0], costs["copy"][0]
    steps.setdefault((mode, speed, refresh if mode == "realtime" else 0), []).append(
        (sum(passes) / 1e9, sum(lzw) / 1e9, (sum(passes) - sum(lzw) - sum(copy)) / 1e9, sum(copy) / 1e9,
         result["animation_s"] / result["frames"], result["frame_decode_p50_s"]))
rows = []
for key in sorted(steps, key=lambda k: (k[0] != "throughput", k[1])):
    mode, speed, refresh = key
    values = steps[key]
    total, lzw, draw, copy = (med([v[i] for v in values]) for i in range(4))
    # A slot comes back after window + 1 frames: their animation in real time, their decodes in throughput mode.
    gap = 5 * (med([v[5] for v in values]) if mode == "throughput" else max(med([v[4] for v in values]), 1 / refresh))
    rows.append((mode, speed, copy))
    print(f"| {mode} | {speed:g}× | {f'{refresh:g} Hz' if refresh else '–'} | {ms(gap)} | {ms(total)} | {ms(lzw)} | {ms(draw)} | {ms(copy)} |")
through_copy = rows[0][2]
slowest = max(rows, key=lambda row: row[2])
print(f"\nThe copy into the slot costs {slowest[2] / through_copy:.2f}× throughput's at {slowest[1]:g}×, and falls toward "
      "throughput's as the slot's reuse gap shrinks; drawing, which reads and writes the compositor's own canvas (written "
      "by every decode, so never long untouched), stays level. So real time's extra decoding CPU follows how long the "
      "memory a decode writes has gone untouched, as it would if that memory had left the caches: a cost of spreading "
      "decodes over time that any windowed player pays on this machine, not the harness's. This VM exposes no hardware "
      "cache counters (`perf stat` reports cache-misses as not supported), so the reuse gap is the measurement; the "
      "cache is the likeliest reading of it, not a count.")
PY
