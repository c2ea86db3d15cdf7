#!/usr/bin/env bash
# Do the answer's margins hold in real time? (issue 67) margin_validation.py says how: each setting's replayed margin
# checked by real-time runs on one CPU with every decode slowed to 0.8x and 1.25x of it. About 15 minutes; run it
# alone. Writes Reports/margin-validation/ (its runs/ folder, which git ignores, keeps every run).
#
# Usage: Benchmarks/Scripts/margin_validation.sh   (repository root)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
python3 "$(dirname "${BASH_SOURCE[0]}")/margin_validation.py" .build/release/bench Reports/margin-validation \
    "$report_commit" "$report_machine"
