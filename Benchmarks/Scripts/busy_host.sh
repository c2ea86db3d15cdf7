#!/usr/bin/env bash
# Does the answer hold on a busy host? (issue 67) The default command five times on a quiet machine, then five times
# with two CPU-bound processes beside it; busy_host.py sets the seed case's answer side by side, figure by figure.
# About 8 minutes; run it alone. Writes Reports/busy-host/ (runs/, which git ignores, keeps each run).
#
# Usage: Benchmarks/Scripts/busy_host.sh   (repository root)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
bench=.build/release/bench
out=Reports/busy-host
runs=$out/runs
rm -rf "$runs"
mkdir -p "$runs"
for n in 1 2 3 4 5; do
    echo "busy-host: quiet run $n" >&2
    "$bench" run --out "$runs/quiet-$n" >/dev/null 2>&1
done
# The same figures do not depend on --loops: the seed case at 1 loop and at 5, three times each, on the quiet host.
for n in 1 2 3; do
    for loops in 1 5; do
        echo "busy-host: the seed case at $loops loops, run $n" >&2
        "$bench" run --gif kingfisher-720x720x150 --loops "$loops" --out "$runs/loops$loops-$n" >/dev/null 2>&1
    done
done
hogs=()
trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT
for _ in 1 2; do
    sh -c 'while :; do :; done' &
    hogs+=($!)
done
for n in 1 2 3 4 5; do
    echo "busy-host: busy run $n" >&2
    "$bench" run --out "$runs/busy-$n" >/dev/null 2>&1
done
kill "${hogs[@]}"
python3 "$(dirname "${BASH_SOURCE[0]}")/busy_host.py" "$runs" "$out" "$report_commit" "$report_machine"
