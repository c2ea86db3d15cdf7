#!/usr/bin/env bash
# Does the replay predict real time? (issue 46) The synthetic corpus and the real GIFs of Tests/Fixtures, each played
# by the windowed decoder at windows 1, 2, 3, 4 and 8 and by the four libraries' defaults: once in throughput mode, its
# answer replaying every setting at speeds 1, 2 and 4 from the frames' traced costs; and in real time at those speeds,
# one loop, every child pinned to one CPU (--cpus 1): on a quiet machine, and with a CPU-bound process pinned to that
# same CPU. replay_validation.py sets each real-time verdict beside its replay and writes Reports/replay-validation/.
#
# Usage: Benchmarks/Scripts/replay_validation.sh [all|quiet|busy|cpus|report]   (repository root; run it alone: the
# quiet run takes about 40 minutes, the busy one as long, 'cpus' (SDWebImage on the seed case at 4x on one CPU and on
# two) a minute; 'report' only renders the report from the runs kept in Reports/replay-validation/runs/, which git
# ignores)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
which="${1:-all}"
swift build -c release --product bench >/dev/null
bench=.build/release/bench
out=Reports/replay-validation
runs=$out/runs
mkdir -p "$runs"
# shellcheck disable=SC2054 # commas separate the values of one flag, not array elements
settings=(--corpus all --decoders windowed --windows 1,2,3,4,8 --policies kingfisher,flanimatedimage,sdwebimage,ylgifimage
          --speed 1,2,4 --loops 1)
if [ "$which" = all ] || [ "$which" = quiet ]; then
    "$bench" run "${settings[@]}" --repetitions 3 --out "$runs/throughput" >/dev/null
    "$bench" run "${settings[@]}" --mode realtime --cpus 1 --repetitions 1 --out "$runs/realtime-quiet" >/dev/null
fi
if [ "$which" = all ] || [ "$which" = busy ]; then
    # The children are pinned to the first CPU this process may use; the hog shares it.
    cpu=$(python3 -c 'import os; print(min(os.sched_getaffinity(0)))')
    taskset -c "$cpu" sh -c 'while :; do :; done' &
    hog=$!
    trap 'kill "$hog" 2>/dev/null || true' EXIT
    "$bench" run "${settings[@]}" --mode realtime --cpus 1 --repetitions 1 --out "$runs/realtime-busy" >/dev/null
    kill "$hog"
fi
if [ "$which" = all ] || [ "$which" = cpus ]; then
    # The one setting the quiet run found apart (SDWebImage on the seed case at 4x): played on one CPU, as the
    # validation plays it, and on two, five times each, to see whether the shared CPU's scheduling is the difference.
    for cpus in 1 2; do
        "$bench" run --gif kingfisher-720x720x150 --policies sdwebimage --mode realtime --speed 4 --loops 1 --repetitions 5 \
            --cpus "$cpus" --out "$runs/sdwebimage-cpus$cpus" >/dev/null
    done
fi
python3 "$(dirname "${BASH_SOURCE[0]}")/replay_validation.py" "$runs" "$out" "$report_commit" "$report_machine"
