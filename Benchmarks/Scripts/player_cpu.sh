#!/usr/bin/env bash
# The player's CPU apart from the harness's (issue 46): the seed case (kingfisher-720x720x150) at window 4, one loop,
# played in throughput mode and in real time at speeds 1 and 4, by each thread's own clock: the playing thread, the
# prefetch thread and the memory sampler. Says what the player spends per loop in each mode, the sampler's cost in real
# time, and the share of the process's CPU that is the harness's. Writes Reports/player-cpu/README.md.
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
"$bench" run "${case[@]}" --out "$work/throughput" >/dev/null 2>&1
"$bench" run "${case[@]}" --mode realtime --speed 1,4 --out "$work/realtime" >/dev/null 2>&1
mkdir -p Reports/player-cpu
python3 - "$work" "$report_commit" "$report_machine" "$repetitions" >Reports/player-cpu/README.md <<'PY'
import json, statistics, sys
work, commit, machine, repetitions = sys.argv[1:5]
rows = []
for run in ["throughput", "realtime"]:
    for result in json.load(open(f"{work}/{run}/results.json"))["results"]:
        case = result["bench_case"]
        rows.append((case.get("mode", "throughput"), float(case.get("speed", 1)), result))
def med(values): return statistics.median(values)
def ms(seconds): return f"{seconds * 1e3:.1f} ms"
print("# The player's CPU apart from the harness's\n")
print(f"Made by `Benchmarks/Scripts/player_cpu.sh {repetitions}` at commit {commit} on {machine}: kingfisher-720x720x150, the "
      f"windowed decoder at window 4, one loop, {repetitions} repetitions, medians. Each thread is read on its own clock "
      "(`pthread_getcpuclockid`, `CLOCK_THREAD_CPUTIME_ID`); the player is its playing thread (less the memory samples it "
      "takes) and its prefetch thread; the harness is the process's CPU less the player's.\n")
print("| mode | speed | animation | process CPU | player CPU per loop | playing thread | prefetch thread | sampler | harness share |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
through = None
groups = {}
for mode, speed, result in rows:
    groups.setdefault((mode, speed if mode == "realtime" else 1.0), []).append(result)
for (mode, speed), results in sorted(groups.items()):
    total = med([r["cpu_total_s"] for r in results])
    playing = med([r["cpu_playing_thread_s"] for r in results])
    decoding = med([r["cpu_decoding_thread_s"] for r in results])
    sampler = med([r["cpu_sampler_s"] for r in results])
    player = med([r["cpu_playing_thread_s"] + r["cpu_decoding_thread_s"] for r in results])
    harness = med([(r["cpu_total_s"] - r["cpu_playing_thread_s"] - r["cpu_decoding_thread_s"]) / r["cpu_total_s"] for r in results])
    animation = med([r["animation_s"] for r in results])
    if mode == "throughput": through = player
    print(f"| {mode} | {speed:g}× | {animation:.2f} s | {ms(total)} | {ms(player)} | {ms(playing)} | {ms(decoding)} | {ms(sampler)} | {harness * 100:.0f}% |")
print()
for (mode, speed), results in sorted(groups.items()):
    if mode != "realtime" or through is None: continue
    player = med([r["cpu_playing_thread_s"] + r["cpu_decoding_thread_s"] for r in results])
    sampler = med([r["cpu_sampler_s"] / r["animation_s"] for r in results])
    print(f"- Real time at {speed:g}×: the player's CPU per loop is {player / through:.2f}× throughput's "
          f"(target: within 1.30×); the sampler costs {ms(sampler)} of CPU per second of animation.")
PY
cat Reports/player-cpu/README.md
