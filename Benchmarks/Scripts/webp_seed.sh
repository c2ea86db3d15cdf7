#!/usr/bin/env bash
# The seed question for WebP (issue 51): the seed animation (kingfisher-720x720x150) as a GIF and as its two WebP twins
# (`bench corpus --webp`: lossless, and lossy at quality 75, encoded by libwebp's animation encoder as gif2webp does),
# each played eager, windowed (w=2, w=4) and by the WebP-capable libraries' models (Kingfisher, SDWebImage), 3 loops,
# 3 repetitions. Then the repository's real GIFs (`--corpus real`) and their twins made by Debian's gif2webp (lossless,
# and -lossy at its default quality 75), each played windowed w=2, 3 loops, 3 repetitions. Writes OUT (default
# Reports/webp/seed.md) and keeps the runs' results.csv beside it as seed.csv and real.csv. Needs gif2webp (webp).
#
#   Benchmarks/Scripts/webp_seed.sh [BENCH] [OUT]      BENCH default .build/release/bench
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
bench=$(realpath "${1:-$root/.build/release/bench}")
out=${2:-$root/Reports/webp/seed.md}
folder=$(dirname "$out")
mkdir -p "$folder"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seed=kingfisher-720x720x150

echo "webp_seed: writing the corpus and its WebP twins" >&2
"$bench" corpus --out "$work/corpus" --webp --only "$seed" >&2
echo "webp_seed: playing the GIF and its twins" >&2
"$bench" run --quiet --gif "$work/corpus/$seed.gif" --gif "$work/corpus/$seed.lossless.webp" \
  --gif "$work/corpus/$seed.lossy-q75.webp" --decoders eager,windowed --windows 2,4 --policies kingfisher,sdwebimage \
  --no-references --loops 3 --repetitions 3 --out "$work/run" >/dev/null
cp "$work/run/results.csv" "$folder/seed.csv"

echo "webp_seed: the real GIFs and their gif2webp twins" >&2
mkdir -p "$work/real"
real=()
for gif in "$root"/Tests/Fixtures/deb-firmware-microbit-micropython-doc__binary_count.gif \
           "$root"/Tests/Fixtures/deb-firmware-microbit-micropython-doc__scroll-hello.gif \
           "$root"/Tests/Fixtures/deb-python3-elgato-streamdeck__RGB_color_space_animated_view.gif \
           "$root"/Tests/Fixtures/deb-python3-enlighten-doc__demo.gif "$root"/Tests/Fixtures/src-giflib__fire.gif; do
  stem=$(basename "$gif" .gif)
  gif2webp -quiet "$gif" -o "$work/real/$stem.lossless.webp"
  gif2webp -quiet -lossy "$gif" -o "$work/real/$stem.lossy-q75.webp"
  real+=(--gif "$gif" --gif "$work/real/$stem.lossless.webp" --gif "$work/real/$stem.lossy-q75.webp")
done
"$bench" run --quiet "${real[@]}" --decoders windowed --windows 2 --no-references --loops 3 --repetitions 3 \
  --out "$work/real-run" >/dev/null
cp "$work/real-run/results.csv" "$folder/real.csv"
python3 "$root/Benchmarks/Scripts/webp_summary.py" "$folder/seed.csv" "$folder/real.csv" "$out" "$report_commit" "$report_machine" \
  "$(gif2webp -version | head -1)"
echo "webp_seed: wrote $out" >&2
