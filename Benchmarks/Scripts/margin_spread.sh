#!/usr/bin/env bash
# How much does a replayed margin move from run to run? (issue 67) margin_spread.py says how: the margin validation's
# throughput run played RUNS times (default 5) over, each setting's margins side by side. About 5 minutes; run it
# alone. Writes Reports/margin-spread/ (its runs/ folder, which git ignores, keeps every run).
#
# Usage: Benchmarks/Scripts/margin_spread.sh [RUNS]   (repository root)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
mkdir -p Reports/margin-spread
python3 "$(dirname "${BASH_SOURCE[0]}")/margin_spread.py" .build/release/bench Reports/margin-spread \
    "$report_commit" "$report_machine" "${1:-5}"
