#!/usr/bin/env bash
# A feed of six players of the seed case (720×720, 150 frames) for every model, on a small and a large device, with a
# 100 MiB budget; one player alone (the eager linearity target); a scrolling feed (players released and replaced every
# second); and a memory warning to six players. Reports/feed/<run>/ and Reports/feed/summary.md with the targets.
# Usage: Benchmarks/Scripts/feed.sh [REPETITIONS]   (repository root; release build; run it alone on the machine)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
repetitions="${1:-3}"
swift build -c release >/dev/null
bench=.build/release/bench
for device in iphone-se-2 iphone-15-pro; do
    "$bench" feed --players 6 --device "$device" --budget 100MiB --repetitions "$repetitions" --out "Reports/feed/$device-6-players" >/dev/null
    "$bench" feed --players 1 --device "$device" --policies eager,windowed --repetitions "$repetitions" \
        --out "Reports/feed/$device-1-player" >/dev/null
done
"$bench" feed --players 6 --device iphone-se-2 --scroll 1 --repetitions 1 --out Reports/feed/iphone-se-2-scrolling >/dev/null
"$bench" feed --players 6 --device iphone-se-2 --memory-warning-at 6 --repetitions 1 --out Reports/feed/iphone-se-2-warning >/dev/null
python3 Benchmarks/Scripts/feed_summary.py Reports/feed > Reports/feed/summary.md
cat Reports/feed/summary.md
