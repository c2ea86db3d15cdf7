#!/usr/bin/env bash
# How the harness's own cost grows with GIFs per run, feed players, windows swept and canvas pixels (issue 68):
# scaling_dimensions.py says how. About ten minutes; run it alone. Writes Reports/scaling/dimensions.{md,tsv}.
#
# Usage: Benchmarks/Scripts/scaling_dimensions.sh   (repository root)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
python3 "$(dirname "${BASH_SOURCE[0]}")/scaling_dimensions.py" .build/release/bench Reports/scaling "$report_commit" \
    "$report_machine"
