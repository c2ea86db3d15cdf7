#!/usr/bin/env bash
# Do the answer's margins hold in real time? (issue 67) margin_validation.py says how: each setting's replayed margin
# checked by real-time runs on one CPU with every decode slowed to 0.8x and 1.25x of it, every CPU kept from idling
# (keep_awake.sh); a new throughput run before each setting's pair, as the host's speed drifts over minutes. About 30
# minutes with one play at each point, an hour with three; run it alone. Writes Reports/margin-validation/ (its runs/
# folder, which git ignores, keeps every run); margin_startup.py sets the library players' first decodes beside their
# charge there (startup.md), margin_drift.py the throughput runs behind each prediction (drift.md), and
# margin_thresholds.py where each SDWebImage play would have stalled on its own decodes (thresholds.md).
#
# Usage: Benchmarks/Scripts/margin_validation.sh [RUNS [OUT [PLAYS]]]   (repository root)
#   RUNS: each setting's margin the median of the latest RUNS throughput runs' (default 1); OUT default
#   Reports/margin-validation; PLAYS: real-time plays at each point, a margin judged by most of them (default 1).
#   e.g. margin_validation.sh 3 Reports/margin-validation/three-throughput-runs
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
source "$(dirname "${BASH_SOURCE[0]}")/keep_awake.sh"
keep_awake_start all
runs="${1:-1}"
out="${2:-Reports/margin-validation}"
plays="${3:-1}"
mkdir -p "$out"
python3 "$(dirname "${BASH_SOURCE[0]}")/margin_validation.py" .build/release/bench "$out" \
    "$report_commit" "$report_machine" "$runs" "$keep_awake_note" "$plays"
python3 "$(dirname "${BASH_SOURCE[0]}")/margin_startup.py" "$out"
python3 "$(dirname "${BASH_SOURCE[0]}")/margin_drift.py" "$out" "$runs"
python3 "$(dirname "${BASH_SOURCE[0]}")/margin_thresholds.py" .build/release/bench "$out"
