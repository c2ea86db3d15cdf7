#!/usr/bin/env bash
# Does the replay predict a feed? (issue 46) Five feeds of every default model, each replayed on a virtual clock from
# traced decode costs and played for real once (`bench feed --replay`): six players of the seed case on every CPU;
# the same scrolling (a player released and replaced every second); on one CPU (a pool one wide); with a memory
# warning at 3 s; and eight players of two GIFs at speed 2 on one CPU. feed_replay.py sets each model's replay
# beside its measured feed and writes Reports/feed-replay/README.md and pairs.tsv.
# Usage: Benchmarks/Scripts/feed_replay.sh   (repository root; about 6 minutes; run it alone on the machine)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
bench=.build/release/bench
out=Reports/feed-replay
mkdir -p "$out"
run() {
    local name=$1
    shift
    echo "feed_replay.sh: $name: bench feed $*" >&2
    "$bench" feed --replay --repetitions 1 --quiet "$@" --out "$out/$name" >/dev/null
}
run six-players --players 6
run scrolling --players 6 --scroll 1
run one-cpu --players 6 --cpus 1
run warning --players 6 --memory-warning-at 3
run two-gifs-speed-2 --players 8 --gif short-320x240x100 --gif feed-480x480x150 --speed 2 --cpus 1
python3 "$(dirname "${BASH_SOURCE[0]}")/feed_replay.py" "$out" "$report_commit" "$report_machine"
