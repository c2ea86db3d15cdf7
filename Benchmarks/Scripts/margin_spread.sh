#!/usr/bin/env bash
# How much does a replayed margin move from run to run? (issue 67) margin_spread.py says how: the margin validation's
# throughput run played RUNS times (default 5) over, each setting's margins side by side. About 5 minutes; run it
# alone. Writes OUT (default Reports/margin-spread/; its runs/ folder, which git ignores, keeps every run).
#
# Usage: Benchmarks/Scripts/margin_spread.sh [RUNS [OUT [BENCH-ARGS...]]]   (repository root)
#   e.g. margin_spread.sh 5 Reports/margin-spread/one-cpu --cpus 1   (each throughput run pinned to one CPU)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
runs="${1:-5}"
out="${2:-Reports/margin-spread}"
shift $(($# < 2 ? $# : 2))
mkdir -p "$out"
python3 "$(dirname "${BASH_SOURCE[0]}")/margin_spread.py" .build/release/bench "$out" \
    "$report_commit" "$report_machine" "$runs" "$@"
