#!/usr/bin/env bash
# The pass-by-pass gate's sensitivity (issue 48): RUNS clean A/A gates and RUNS gates with the planted windowed
# slowdown `--slow-windowed X`, time alone (no instruction counts), on the quick suite's nine GIFs (its WebP twin is
# left out: the plant decodes LZW, which a WebP has none of) in every setting, with a second CPU-bound process beside
# every gate as on a shared CI machine. Each gate judges CPU time pass by pass in warm workers (the default) and
# memory against a baseline of these cases made here. Writes Reports/paired-gate/passes.md, and keeps each gate's
# gate.md, stderr and the exit/seconds table in Reports/paired-gate/passes-data.
#   pass_sensitivity.sh [RUNS] [X]   (10 0.01); about RUNS × 2 × 170 s.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
source "$(dirname "${BASH_SOURCE[0]}")/paired_study.sh"
runs=${1:-10} time_x=${2:-0.01}
cd "$(dirname "$0")/../.."
out=Reports/paired-gate
paired_study_start "$out/passes-data"
# The candidate is a copy too: a rebuild while the study runs cannot change either side.
mkdir -p "$work/candidate" && cp .build/release/bench .build/release/bench-case "$work/candidate/"
gifs=()
for name in kingfisher-720x720x150 feed-480x480x150 sticker-240x240x60 emoji-64x64x24 long-320x240x1000 short-320x240x100 \
            screencast-800x600x120 restore-previous-300x300x90 interlaced-400x300x40; do gifs+=(--gif "$name"); done
"$work/candidate/bench" run --quick "${gifs[@]}" --repetitions 3 --out "$work/baseline-run" --save-baseline "$work/baseline.json" >/dev/null 2>&1
paired_study_hog
gate() { # gate NAME [FLAGS...]: one pass-by-pass gate of these cases
  local name=$1 status=0 start=$SECONDS
  "$work/candidate/bench" gate --base-bench "$work/base/bench" --out "$work/$name" --quick "${gifs[@]}" --baseline "$work/baseline.json" \
    "${@:2}" >/dev/null 2>"$work/$name.err" || status=$?
  echo "$name $status $((SECONDS - start))" >>"$work/status.tsv"
}
for run in $(seq 1 "$runs"); do
  gate "clean-$run"
  gate "time-$run" --slow-windowed "$time_x"
  python3 Benchmarks/Scripts/pass_sensitivity.py "$work" "$report_commit" "$runs" "$time_x" "$report_machine" "$run" >"$out/passes.md"
done
cat "$out/passes.md"
