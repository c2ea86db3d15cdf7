#!/usr/bin/env bash
# What narrows paired time's interval on this machine (issue 26's 3% target): per lever, RUNS clean A/A gates and RUNS
# gates with the planted windowed slowdown (--slow-windowed X), each 10 rounds of the windowed decoder on the quick
# suite's four GIFs long enough to time, with a second CPU-bound process beside every gate as on a shared CI machine.
# The levers, taken in turn within each run so that the machine's slow spells fall on all of them:
#   ci        the quick suite (1 loop), 1 sample a side a round: as CI's gate times;
#   samples-5 5 child processes a side a round, the fastest kept (bench gate --samples 5);
#   loops-8   8 loops a case instead of 1, so each figure is about 8 times the CPU;
#   one-cpu   the child pinned to one CPU (--cpus 1): its prefetch thread and player share it.
# Writes Reports/paired-gate/time-levers.md and keeps each gate's rounds.csv, gate.md and stderr in
# Reports/paired-gate/time-levers-data.
#   paired_time_levers.sh [RUNS] [X]   (2 0.03); about RUNS × 10 min.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
source "$(dirname "${BASH_SOURCE[0]}")/paired_study.sh"
runs=${1:-2} time_x=${2:-0.03}
cd "$(dirname "$0")/../.."
out=Reports/paired-gate
paired_study_start "$out/time-levers-data"
.build/release/bench corpus --out "$work/corpus" 2>/dev/null
gifs=()
for name in kingfisher-720x720x150 feed-480x480x150 screencast-800x600x120 long-320x240x1000; do gifs+=(--gif "$work/corpus/$name.gif"); done
levers=(ci samples-5 loops-8 one-cpu)
suite() { # suite LEVER: the suite flags both sides play
  case $1 in
    loops-8) echo --loops 8 ;;
    one-cpu) echo --quick --cpus 1 ;;
    *) echo --quick ;;
  esac
}
samples() { if [ "$1" = samples-5 ]; then echo 5; else echo 1; fi; }
# Memory and frames are judged against a baseline of each lever's cases, made here by the same build, before the
# second process starts.
for lever in "${levers[@]}"; do
  # shellcheck disable=SC2046  # the suite flags are words
  .build/release/bench run $(suite "$lever") "${gifs[@]}" --decoders windowed --repetitions 3 --out "$work/$lever-baseline-run" \
    --save-baseline "$work/$lever-baseline.json" >/dev/null 2>&1
done
paired_study_hog
for run in $(seq 1 "$runs"); do
  for lever in "${levers[@]}"; do
    for kind in clean time; do
      planted=()
      [ "$kind" = time ] && planted=(--slow-windowed "$time_x")
      # shellcheck disable=SC2046
      paired_gate "$lever-$kind-$run" $(suite "$lever") "${gifs[@]}" --decoders windowed --baseline "$work/$lever-baseline.json" \
        --rounds 10 --samples "$(samples "$lever")" "${planted[@]}"
    done
  done
  python3 Benchmarks/Scripts/paired_levers.py "$work" "$report_commit" "$report_machine" "$time_x" "${levers[@]}" >"$out/time-levers.md"
done
cat "$out/time-levers.md"
