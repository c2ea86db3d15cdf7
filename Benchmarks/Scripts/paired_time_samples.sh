#!/usr/bin/env bash
# Paired time with several samples a side a round (issue 26's 3% target): RUNS clean A/A gates and RUNS gates with the
# planted windowed slowdown paired_sensitivity.sh picked for its time target, each of ROUNDS rounds with
# `bench gate --samples SAMPLES`, the windowed decoder on the quick suite's four GIFs long enough to time (against a
# baseline of those cases made here), with a second CPU-bound process
# beside every gate as on a shared CI machine. Writes Reports/paired-gate/time-samples.md and keeps each gate's
# rounds.csv, gate.md and stderr in Reports/paired-gate/time-samples-data.
#   paired_time_samples.sh [RUNS] [ROUNDS] [SAMPLES] [X]   (10 10 3 0.03); about RUNS × 2 × 110 s at the defaults.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
runs=${1:-10} rounds=${2:-10} samples=${3:-3} time_x=${4:-0.03}
cd "$(dirname "$0")/../.."
out=Reports/paired-gate
work=$(mktemp -d)
hog=
cleanup() {
  [ -n "$hog" ] && kill "$hog" 2>/dev/null
  rm -rf "$out/time-samples-data" && mkdir -p "$out/time-samples-data" && cp "$work"/status.tsv "$work"/*.err "$out/time-samples-data/" 2>/dev/null
  for folder in "$work"/*/; do
    name=$(basename "$folder"); case "$name" in base|corpus|baseline-run) continue ;; esac
    mkdir -p "$out/time-samples-data/$name" && cp "$folder"rounds.csv "$folder"gate.md "$out/time-samples-data/$name/" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT
swift build -c release >/dev/null
mkdir -p "$work/base" && cp .build/release/bench .build/release/bench-case "$work/base/"
.build/release/bench corpus --out "$work/corpus" 2>/dev/null
gifs=()
for name in kingfisher-720x720x150 feed-480x480x150 screencast-800x600x120 long-320x240x1000; do gifs+=(--gif "$work/corpus/$name.gif"); done
# Memory and frames are judged against a baseline of these cases, made here by the same build.
.build/release/bench run --quick "${gifs[@]}" --decoders windowed --repetitions 3 --out "$work/baseline-run" \
  --save-baseline "$work/baseline.json" >/dev/null 2>&1
sh -c 'while :; do :; done' & hog=$!
: >"$work/status.tsv"
gate() { # gate NAME [FLAGS...]: one paired gate against the A/A base; its verdicts stay in $work/NAME
  local name=$1; shift
  local status=0 start=$SECONDS
  .build/release/bench gate --quick "${gifs[@]}" --decoders windowed --baseline "$work/baseline.json" --base-bench "$work/base/bench" --rounds "$rounds" --samples "$samples" \
    --out "$work/$name" "$@" >/dev/null 2>"$work/$name.err" || status=$?
  echo "$name $status $((SECONDS - start))" >>"$work/status.tsv"
}
for run in $(seq 1 "$runs"); do
  gate "clean-$run"
  gate "time-$run" --slow-windowed "$time_x"
  python3 Benchmarks/Scripts/paired_sensitivity.py samples-summary "$work" "$report_commit" "$runs" "$rounds" "$samples" "$time_x" \
    "$report_machine" "$run" >"$out/time-samples.md"
done
cat "$out/time-samples.md"
