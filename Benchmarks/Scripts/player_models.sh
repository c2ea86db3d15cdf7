#!/usr/bin/env bash
# The library player models on the seed case and two real many-frame GIFs, in real time at speed 1, on a small and a
# large device, with frames kept at full size (Reports/player-models/<device>/) and, for the two GIFs larger than the
# view, at a 320×320-pixel view (--display 320x320: Reports/player-models/<device>-320x320/); Reports/player-models/summary.md.
# Usage: Benchmarks/Scripts/player_models.sh [REPETITIONS] [full|display|both|summary]   (repository root; release build;
# run it alone; 'summary' only rewrites summary.md from the reports there)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
repetitions="${1:-1}"
sizes="${2:-both}"
swift build -c release --product bench >/dev/null
bench=.build/release/bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" corpus --out "$work" >/dev/null
gifs=(--gif "$work/kingfisher-720x720x150.gif"
      --gif Tests/Fixtures/deb-python3-elgato-streamdeck__RGB_color_space_animated_view.gif
      --gif Tests/Fixtures/deb-python3-enlighten-doc__demo.gif)
# shellcheck disable=SC2054 # commas separate the values of one flag, not array elements
players=(--mode realtime --decoders eager,windowed --windows 4 --policies kingfisher,flanimatedimage,sdwebimage,ylgifimage
         --repetitions "$repetitions")
for device in iphone-se-2 iphone-15-pro; do
    if [ "$sizes" = full ] || [ "$sizes" = both ]; then
        "$bench" run "${gifs[@]}" "${players[@]}" --device "$device" --out "Reports/player-models/$device" >&2
    fi
    if [ "$sizes" = display ] || [ "$sizes" = both ]; then
        "$bench" run --gif "$work/kingfisher-720x720x150.gif" --gif Tests/Fixtures/deb-python3-enlighten-doc__demo.gif \
            "${players[@]}" --device "$device" --display 320x320 --out "Reports/player-models/$device-320x320" >&2
    fi
done
python3 - <<'PY' > Reports/player-models/summary.md
import csv, statistics
print("# Player models in real time at speed 1 (Benchmarks/Scripts/player_models.sh)\n")
print("Medians over repetitions. `held` is held_frames_max; peak is jemalloc_allocated_peak_bytes; CPU is cpu_per_animation_s")
print("(all threads, per second of animation); scaling is scaling_s, the time spent downscaling to the view.")
print("The view is 320×320 pixels (the 240×240 streamdeck GIF fits in it, so it is played at full size only).")
print("Each player's rule and source are in docs/prefetch-settings.md and in each device's results.md.\n")
print("| device | GIF | player | kept at | window | held | peak allocated | CPU per s of animation | scaling | stalls | dropped |")
print("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
best = []
for device in ["iphone-se-2", "iphone-15-pro"]:
    rows = [r for folder in (device, device + "-320x320")
            for r in csv.DictReader(open(f"Reports/player-models/{folder}/results.csv")) if r["status"] == "ok"]
    keys = []
    for r in rows:
        # Reports made before --display existed kept every frame at full size.
        r.setdefault("display_width", r["width"]); r.setdefault("display_height", r["height"]); r.setdefault("scaling_s", "")
        k = (r["gif"], r["display_width"], r["display_height"], r["decoder"], r["window"])
        if k not in keys: keys.append(k)
    groups = {}
    for k in keys:
        group = [r for r in rows if (r["gif"], r["display_width"], r["display_height"], r["decoder"], r["window"]) == k]
        med = lambda c: statistics.median(float(r[c] or 0) for r in group)
        kept = f"{k[1]}×{k[2]}"
        scaling = f"{med('scaling_s') * 1000:.0f} ms" if any(r["scaling_s"] for r in group) else "–"
        print(f"| {device} | {k[0]} | {k[3]} | {kept} | {k[4]} | {med('held_frames_max'):.0f} | {med('jemalloc_allocated_peak_bytes')/2**20:.1f} MiB "
              f"| {med('cpu_per_animation_s') * 1000:.1f} ms | {scaling} | {med('stalls'):.0f} | {med('dropped_frames'):.0f} |")
        groups.setdefault((device, k[0], kept), []).append((k[3], med('jemalloc_allocated_peak_bytes'), med('stalls') + med('dropped_frames')))
    for (dev, gif, kept), players in groups.items():
        smooth = [p for p in players if p[2] == 0]
        libraries = [p for p in smooth if p[0] not in ("eager", "windowed")]
        cheapest = min(smooth, key=lambda p: p[1]) if smooth else None
        library = min(libraries, key=lambda p: p[1]) if libraries else None
        best.append(f"| {dev} | {gif} | {kept} | " + (f"{cheapest[0]} ({cheapest[1]/2**20:.1f} MiB)" if cheapest else "none") + " | "
                    + (f"{library[0]} ({library[1]/2**20:.1f} MiB)" if library else "none") + " |")
print("\n## The cheapest player without a stall or a dropped frame, per GIF, device and size\n")
print("| device | GIF | kept at | cheapest of all | cheapest library |")
print("|---|---|---|---|---|")
print("\n".join(best))
PY
echo "wrote Reports/player-models/summary.md" >&2
