#!/usr/bin/env bash
# Do the margin validation's misses repeat? (issue 67) repeat_points.py says how: each setting that missed in
# Reports/margin-validation/pairs.tsv played COUNT more times at each point, every CPU kept from idling
# (keep_awake.sh), as the validation was. A few minutes; run it alone. Writes Reports/margin-validation/repeats/
# (its runs/ folder, which git ignores, keeps every run).
#
# Usage: Benchmarks/Scripts/repeat_points.sh [COUNT [OUT]]   (repository root; COUNT default 3)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
source "$(dirname "${BASH_SOURCE[0]}")/keep_awake.sh"
keep_awake_start all
count="${1:-3}"
out="${2:-Reports/margin-validation/repeats}"
mkdir -p "$out"
python3 "$(dirname "${BASH_SOURCE[0]}")/repeat_points.py" .build/release/bench Reports/margin-validation/pairs.tsv \
    "$out" "$report_commit" "$report_machine" "$count" "$keep_awake_note"
