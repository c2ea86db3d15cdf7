#!/usr/bin/env bash
# How fast this host runs the same work from one moment to the next (issue 67): why a real-time run of the margin
# validation can cost more or less than the throughput run that set its margin, whatever the replay (docs/replay.md).
# Builds Benchmarks/Scripts/host_speed.c (gcc -O2) and times four pieces of work COUNT times each (default 60, about
# 2 minutes in all) on the first CPU, every CPU kept from idling as the validation keeps them (keep_awake.sh).
# Writes Reports/host-speed/README.md.
#
# Usage: Benchmarks/Scripts/host_speed.sh [COUNT]   (repository root)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
source "$(dirname "${BASH_SOURCE[0]}")/keep_awake.sh"
keep_awake_start all
gcc -O2 -o "$keep_awake_work/host_speed" "$(dirname "${BASH_SOURCE[0]}")/host_speed.c"
out=Reports/host-speed
mkdir -p "$out"
series=()
for kib in 0 256 4096 32768; do
  echo "host-speed: ${kib} KiB" >&2
  series+=("$kib:$(taskset -c 0 "$keep_awake_work/host_speed" "${1:-60}" "$kib")")
done
python3 - "$out/README.md" "$report_commit" "$report_machine" "$keep_awake_note" "${series[@]}" <<'PY'
import sys

out, commit, machine, note, *series = sys.argv[1:]
names = {"0": "arithmetic in registers", "256": "a chase through 256 KiB (a core's own cache)",
         "4096": "a chase through 4 MiB (the cache the host's cores share)",
         "32768": "a chase through 32 MiB (no cache holds it)"}


def name(kib):
    return names.get(kib, kib + " KiB")


lines = ["# How fast this host runs the same work from one moment to the next", "",
         f"Made by `Benchmarks/Scripts/host_speed.sh` at commit {commit} on {machine}.", "",
         "Each piece of work timed on the thread's own CPU clock, with 200 ms of sleep between, on the first CPU. "
         "A thread's clock counts only the time it ran, so the spread is the host's speed, not time spent waiting. "
         + note, "",
         "| work | times | fastest | median | slowest | slowest ÷ fastest | 9th decile ÷ 1st | largest step from one time to the next |",
         "|---|---:|---:|---:|---:|---:|---:|---:|"]
for entry in series:
    kib, values = entry.split(":", 1)
    times = [float(v) for v in values.split()]
    ordered = sorted(times)
    decile = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    steps = [max(a, b) / min(a, b) for a, b in zip(times, times[1:])]
    lines.append(f"| {name(kib)} | {len(times)} | {ordered[0]:.1f} ms | "
                 f"{ordered[len(ordered) // 2]:.1f} ms | {ordered[-1]:.1f} ms | {ordered[-1] / ordered[0]:.2f}× | "
                 f"{decile(0.9) / decile(0.1):.2f}× | {max(steps):.2f}× |")
lines += ["", "Each time in order, in ms:", ""]
lines += [f"- {name(k)}: {v}" for k, v in (e.split(':', 1) for e in series)]
lines.append("")
open(out, "w").write("\n".join(lines))
print("\n".join(lines[6:8 + len(series)]))
PY
