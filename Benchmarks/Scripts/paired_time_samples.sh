#!/usr/bin/env bash
# Paired time with several samples a side a round (issue 26's 3% target): RUNS clean A/A gates and RUNS gates with the
# planted windowed slowdown paired_sensitivity.sh picked for its time target, each of ROUNDS rounds with
# `bench gate --samples SAMPLES`, the windowed decoder on the quick suite's four GIFs long enough to time (against a
# baseline of those cases made here), with a second CPU-bound process
# beside every gate as on a shared CI machine. Writes Reports/paired-gate/time-samples.md and keeps each gate's
# rounds.csv, gate.md and stderr in Reports/paired-gate/time-samples-data; with CPUS, every child is pinned to the first
# CPUS CPUs (`--cpus CPUS`, part of the cases, so the baseline is made so too), and the report is
# time-samples-cpusCPUS.md (data in time-samples-cpusCPUS-data); an X other than 0.03 adds -slowX to the name.
#   paired_time_samples.sh [RUNS] [ROUNDS] [SAMPLES] [X] [CPUS]   (10 10 3 0.03, not pinned); about RUNS × 2 × 110 s at
#   the defaults.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
source "$(dirname "${BASH_SOURCE[0]}")/paired_study.sh"
runs=${1:-10} rounds=${2:-10} samples=${3:-3} time_x=${4:-0.03} cpus=${5:-}
cd "$(dirname "$0")/../.."
out=Reports/paired-gate
report=time-samples${cpus:+-cpus$cpus}
[ "$time_x" = 0.03 ] || report=$report-slow$time_x
pin=()
if [ -n "$cpus" ]; then pin=(--cpus "$cpus"); fi
paired_study_start "$out/$report-data"
.build/release/bench corpus --out "$work/corpus" 2>/dev/null
gifs=()
for name in kingfisher-720x720x150 feed-480x480x150 screencast-800x600x120 long-320x240x1000; do gifs+=(--gif "$work/corpus/$name.gif"); done
# Memory and frames are judged against a baseline of these cases, made here by the same build.
.build/release/bench run --quick "${pin[@]}" "${gifs[@]}" --decoders windowed --repetitions 3 --out "$work/baseline-run" \
  --save-baseline "$work/baseline.json" >/dev/null 2>&1
paired_study_hog
gate() { # gate NAME [FLAGS...]: one gate of these cases, ROUNDS rounds of SAMPLES samples
  paired_gate "$1" --quick "${pin[@]}" "${gifs[@]}" --decoders windowed --baseline "$work/baseline.json" --rounds "$rounds" --samples "$samples" "${@:2}"
}
for run in $(seq 1 "$runs"); do
  gate "clean-$run"
  gate "time-$run" --slow-windowed "$time_x"
  python3 Benchmarks/Scripts/paired_sensitivity.py samples-summary "$work" "$report_commit" "$runs" "$rounds" "$samples" "$time_x" \
    "$report_machine" "$run" "$cpus" >"$out/$report.md"
done
cat "$out/$report.md"
