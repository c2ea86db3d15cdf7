#!/usr/bin/env bash
# How the harness's own cost grows with a GIF's frames (issue 68): scaling_frames.py says how. A few minutes; run it
# alone. Writes Reports/scaling/frames.md and frames.tsv.
#
# Usage: Benchmarks/Scripts/scaling_frames.sh   (repository root)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
python3 "$(dirname "${BASH_SOURCE[0]}")/scaling_frames.py" .build/release/bench Reports/scaling "$report_commit" \
    "$report_machine"
