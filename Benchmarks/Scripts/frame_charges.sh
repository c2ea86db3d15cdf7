#!/usr/bin/env bash
# Each real-time decode beside the replay's charge for it, frame by frame (issue 67): frame_charges.py says how.
# About 3 minutes; run it alone. Writes Reports/frame-charges/ (its runs/ folder, which git ignores, keeps every run).
#
# Usage: Benchmarks/Scripts/frame_charges.sh [OUT]   (repository root; OUT default Reports/frame-charges)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
out="${1:-Reports/frame-charges}"
mkdir -p "$out"
python3 "$(dirname "${BASH_SOURCE[0]}")/frame_charges.py" .build/release/bench "$out" "$report_commit" \
    "$report_machine"
