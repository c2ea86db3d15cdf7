#!/usr/bin/env bash
# Does the replay predict real time for the browsers' and Android's players? (issue 69) The synthetic corpus and the
# real GIFs of Tests/Fixtures, each played by WebKit's, Chromium's, Firefox's, Glide's, Fresco's and Android's player
# at their defaults: once in throughput mode, its answer replaying every setting at speeds 1, 2 and 4 from the frames'
# traced costs; and in real time at those speeds, one loop, every child pinned to one CPU (--cpus 1), on a quiet
# machine. player_validation.py sets each real-time verdict beside its replay and writes Reports/player-validation/.
#
# Usage: Benchmarks/Scripts/player_validation.sh [all|report]   (repository root; run it alone: it takes about half an
# hour; 'report' only renders the report from the runs kept in Reports/player-validation/runs/, which git ignores)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
which="${1:-all}"
swift build -c release --product bench >/dev/null
bench=.build/release/bench
out=Reports/player-validation
runs=$out/runs
mkdir -p "$runs"
# shellcheck disable=SC2054 # commas separate the values of one flag, not array elements
settings=(--corpus all --no-references --policies webkit,chromium,firefox,glide,fresco,android --speed 1,2,4 --loops 1)
if [ "$which" = all ]; then
    "$bench" run "${settings[@]}" --repetitions 3 --out "$runs/throughput" >/dev/null
    "$bench" run "${settings[@]}" --mode realtime --cpus 1 --repetitions 1 --out "$runs/realtime-quiet" >/dev/null
fi
python3 "$(dirname "${BASH_SOURCE[0]}")/player_validation.py" "$runs" "$out" "$report_commit" "$report_machine"
