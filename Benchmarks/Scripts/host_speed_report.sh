#!/usr/bin/env bash
# Compares a fresh quick run on this host with the committed baseline, gating times as if the host were the same
# (--gate-times always), to show how far the host's speed alone moves CPU, wall and CPU-ratio figures.
# Writes Reports/host-speed/{gate.md,summary.md}; exits 0 whatever the gate said.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=Reports/host-speed
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
swift build -c release >/dev/null
.build/release/bench run --quick --gate Reports/baseline.json --gate-times always --out "$work/report" \
  --summary "$out/summary.md" >/dev/null || true
.build/release/bench compare --baseline Reports/baseline.json --current "$work/report/results.json" \
  --gate-times always >"$out/gate.md" || true
grep -m1 "model name" /proc/cpuinfo >"$out/host.txt"
