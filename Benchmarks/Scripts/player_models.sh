#!/usr/bin/env bash
# The library player models on the seed case and two real many-frame GIFs, in real time at speed 1, on a small and a
# large device: Reports/player-models/<device>/ and Reports/player-models/summary.md.
# Usage: Benchmarks/Scripts/player_models.sh [REPETITIONS]   (from the repository root; release build)
set -euo pipefail
repetitions="${1:-1}"
swift build -c release --product bench >/dev/null
bench=.build/release/bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" corpus --out "$work" >/dev/null
gifs=(--gif "$work/kingfisher-720x720x150.gif"
      --gif Tests/Fixtures/deb-python3-elgato-streamdeck__RGB_color_space_animated_view.gif
      --gif Tests/Fixtures/deb-python3-enlighten-doc__demo.gif)
for device in iphone-se-2 iphone-15-pro; do
    "$bench" run "${gifs[@]}" --mode realtime --device "$device" --decoders eager,windowed --windows 4 \
        --policies kingfisher,flanimatedimage,sdwebimage,ylgifimage --repetitions "$repetitions" \
        --out "Reports/player-models/$device" >&2
done
python3 - <<'PY' > Reports/player-models/summary.md
import csv
print("# Player models in real time at speed 1 (Benchmarks/Scripts/player_models.sh)\n")
print("Medians over repetitions. `held` is held_frames_max; peak is jemalloc_allocated_peak_bytes.\n")
print("CPU is in the CSVs; it is left out here because these runs shared the machine with other work.\n")
print("| device | GIF | player | window | held | peak allocated | stalls | dropped |")
print("|---|---|---|---:|---:|---:|---:|---:|")
import statistics
for device in ["iphone-se-2", "iphone-15-pro"]:
    rows = list(csv.DictReader(open(f"Reports/player-models/{device}/results.csv")))
    keys = []
    for r in rows:
        k = (r["gif"], r["decoder"], r["window"])
        if k not in keys: keys.append(k)
    for k in keys:
        group = [r for r in rows if (r["gif"], r["decoder"], r["window"]) == k and r["status"] == "ok"]
        if not group: continue
        med = lambda c: statistics.median(float(r[c]) for r in group)
        print(f"| {device} | {k[0]} | {k[1]} | {k[2]} | {med('held_frames_max'):.0f} | {med('jemalloc_allocated_peak_bytes')/2**20:.1f} MiB "
              f"| {med('stalls'):.0f} | {med('dropped_frames'):.0f} |")
PY
echo "wrote Reports/player-models/summary.md" >&2
